"""The check registry: discovery, the module contract, sorting, a crashed check reported as a bug."""

import re
import tempfile

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


def _crash_board(monkeypatch):
    board = next(m for m in checks.modules(PACK.checks) if m.ID == "board")
    ran = []

    def boom(game, lang=None):
        yield from ()
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(board, "check", boom)
    deck = next(m for m in checks.modules(PACK.checks) if m.ID == "deck")
    monkeypatch.setattr(deck, "check", lambda game, lang=None: ran.append("deck") or iter(()))
    return ran


def test_a_crashing_check_is_a_bug_not_a_content_problem(monkeypatch, game):
    ran = _crash_board(monkeypatch)
    with pytest.raises(checks.CheckCrashed, match=r"^the 'board' check failed on this content: ZeroDivisionError: oops$") as caught:
        checks.run_all(game)
    assert isinstance(caught.value.__cause__, ZeroDivisionError)  # the traceback goes into the crash file
    assert ran == ["deck"]  # the checks after it still ran


def test_pnp_check_reports_a_crashed_check_as_an_internal_error(monkeypatch, tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    _crash_board(monkeypatch)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code == 70, result.output
    [line] = result.stderr.splitlines()
    assert re.fullmatch(r"pnp: internal error: CheckCrashed: the 'board' check failed on this content: "
                        r"ZeroDivisionError: oops \(details in .*pnp-crash-.*\.txt\)", line), line
    assert result.stdout == ""  # no problem at a made-up position
    [crash] = tmp_path.glob("pnp-crash-*.txt")
    assert "ZeroDivisionError: oops" in crash.read_text() and "def boom" not in result.output


def test_codes_cover_loader_and_checks():
    all_codes = checks.codes(PACK.checks)
    assert "deck-size" in all_codes
    with pytest.raises(KeyError):
        all_codes["no-such-code"]
