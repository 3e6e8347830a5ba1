"""The check registry: discovery, the module contract, sorting, crash containment."""

import re

import pytest

import pnp.checks as checks
from checkkit import changed
from pnp.core.errors import Level
from pnp.games.tverdzha.pack import PACK

#: the checks of the foundation; other modules (text-fit, ...) may join the registry
EXPECTED = {"board", "buildings", "deck", "references", "rules", "strings", "templates", "thresholds"}


def test_every_check_module_is_found_with_a_kebab_case_id():
    ids = checks.ids(PACK.checks)
    assert EXPECTED <= set(ids)
    assert list(ids) == sorted(ids, key=lambda i: next(m.__name__ for m in checks.modules(PACK.checks) if m.ID == i))
    assert len(ids) == len(set(ids))
    for module in checks.modules(PACK.checks):
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", module.ID)
        assert module.CODES, module.__name__
        assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", code) for code in module.CODES)


def test_problem_codes_are_documented_once():
    seen = {}
    for module in checks.modules(PACK.checks):
        for code in module.CODES:
            assert code not in seen or code == "duplicate-id", f"{code} in {module.ID} and {seen[code]}"
            seen.setdefault(code, module.ID)


def test_shipped_content_has_no_problem_in_any_check(game):
    for module in checks.modules(PACK.checks):
        assert list(module.check(game, None)) == [], module.ID
        assert list(module.check(game, "uk")) == [], module.ID


def test_run_all_sorts_by_position_and_collects_every_check():
    g = changed({("victory", "points"): 25, ("battle_deck", "size"): 41, ("limits", "storage", "cap"): 7})
    problems = checks.run_all(g)
    assert problems == sorted(problems, key=lambda p: p.sort_key())
    assert {"rules-value", "deck-size"} <= {p.code for p in problems}
    assert [p.mark.line for p in problems] == sorted(p.mark.line for p in problems)


def test_run_all_only_runs_the_named_checks():
    g = changed({("victory", "points"): 25, ("battle_deck", "size"): 41})
    assert {p.code for p in checks.run_all(g, only=("deck",))} == {"deck-size"}


def test_a_crashing_check_becomes_one_problem_not_a_traceback(monkeypatch, game):
    board = next(m for m in checks.modules(PACK.checks) if m.ID == "board")

    def boom(game, lang=None):
        yield from ()
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(board, "check", boom)
    problems = checks.run_all(game)
    assert [(p.code, p.level) for p in problems] == [("check-crashed", Level.ERROR)]
    assert "'board'" in problems[0].message and "ZeroDivisionError" in problems[0].message


def test_codes_cover_loader_and_checks():
    all_codes = checks.codes(PACK.checks)
    assert "check-crashed" in all_codes and "deck-size" in all_codes
    with pytest.raises(KeyError):
        all_codes["no-such-code"]
