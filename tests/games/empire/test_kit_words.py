"""The kit-words check of «Строительство империи» (pnp/games/empire/checks/kit_words.py) and what it
leans on: the keys it finds in the pack's code, every bundled face printing the same characters (so
the strings check's one face speaks for all the kit sets), and the characters the code itself adds
to the printed words (separators, signs) in the fonts. The case files tests/cases/empire/
ui_word_missing and plural_form_glyph hold the check's problems at their lines."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from pnp.core import catalogue
from pnp.games.empire.checks import kit_words
from pnp.typeset.fonts import FACES, _metrics, missing_glyphs

PACKAGE = Path(kit_words.__file__).resolve().parent.parent



def test_every_bundled_face_prints_the_same_characters():
    sans = set(_metrics("sans")[0])
    assert len(sans) > 600
    assert {key: set(_metrics(key)[0]) == sans for key in FACES} == {key: True for key in FACES}


def test_the_check_finds_the_keys_the_capital_sheet_prints_directly_and_in_a_loop():
    keys = kit_words.code_keys()
    assert {"plot_cost", "capital_sheet", "income_step", "effects_heroes", "effects_other", "kit_travel_cards"} <= set(keys)
    assert keys["plot_cost"].startswith("pnp/games/empire/render/capital_sheet.py:")
    line = int(keys["plot_cost"].rsplit(":", 1)[1])
    assert '"plot_cost"' in (PACKAGE / "render" / "capital_sheet.py").read_text(encoding="utf-8").splitlines()[line - 1]


@pytest.mark.parametrize("lang", ("ru", "uk"))
def test_every_key_the_kit_prints_is_in_the_content_or_the_catalogue(game, lang):
    for key in [*kit_words.code_keys(), *kit_words.EXPORTER_KEYS]:
        assert (key in game.ui_strings and game.ui_strings[key].has(lang)) or catalogue.has(key, lang), key
    assert list(kit_words.check(game)) == []


def test_a_key_gone_from_both_is_one_problem_per_language_at_the_ui_section(game):
    strings = {k: v for k, v in game.ui_strings.items() if k != "income_title"}
    problems = list(kit_words.check(dataclasses.replace(game, ui_strings=strings)))
    assert [(p.code, p.mark.line) for p in problems] == [("missing-ui-word", game.mark("ui").line)] * 2
    assert "'income_title'" in problems[0].message and "capital_sheet.py:" in problems[0].message


def code_strings(path: Path) -> list[str]:
    """The string literals of a module, its docstrings aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def test_the_characters_the_pack_s_renderers_add_to_printed_words_are_in_the_fonts():
    """«План столицы · Люди»: a separator written in the code, not the content, is printed too."""
    modules = sorted([*(PACKAGE / "render").glob("*.py"), *(PACKAGE / "rulebook").glob("*.py")])
    added = {c for path in modules for s in code_strings(path) for c in s if ord(c) > 0x7F}
    assert "·" in added
    assert missing_glyphs("".join(sorted(added)), "sans") == []
