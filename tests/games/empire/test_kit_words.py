"""The empire's printed words: the ui-strings check holds its `ui:` to what its renderers declare
(pnp/games/empire/ui_keys.py), the kit-words check (pnp/games/empire/checks/kit_words.py) sets the
catalogue strings they print against the fonts, and what both lean on: every bundled face printing
the same characters (so the strings check's one face speaks for all the kit sets), and the
characters the code itself adds to the printed words (separators, signs) in the fonts. The case
files tests/cases/empire/ui_word_missing and plural_form_glyph hold the checks' problems at their lines."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from pnp.checks import ui as ui_check
from pnp.core import catalogue
from pnp.games.empire.checks import kit_words
from pnp.typeset.fonts import FACES, _metrics, missing_glyphs

PACKAGE = Path(kit_words.__file__).resolve().parent.parent



def test_every_bundled_face_prints_the_same_characters():
    sans = set(_metrics("sans")[0])
    assert len(sans) > 600
    assert {key: set(_metrics(key)[0]) == sans for key in FACES} == {key: True for key in FACES}


def test_the_tool_strings_are_those_the_renderers_declare():
    from pnp.games.empire.model import Game

    keys = kit_words.tool_keys(Game)
    assert {"print_front", "align_title", "preview_title", "comp_rulebook"} <= set(keys)
    assert set(keys) <= set(catalogue.FIELDS)


@pytest.mark.parametrize("lang", ("ru", "uk"))
def test_every_key_the_kit_prints_is_in_the_content_or_the_catalogue(game, lang):
    printed = [*game.ui_keys.required_of(game), *kit_words.tool_keys(game)]
    assert len(printed) > 200
    for key in printed:
        assert (key in game.ui_strings and game.ui_strings[key].has(lang)) or catalogue.has(key, lang), key
    assert list(kit_words.check(game)) == [] and list(ui_check.check(game)) == []


def test_a_key_gone_from_the_content_is_one_problem_at_the_ui_section_naming_its_renderer(game):
    strings = {k: v for k, v in game.ui_strings.items() if k != "income_title"}
    problems = list(ui_check.check(dataclasses.replace(game, ui_strings=strings)))
    assert [(p.code, p.mark.line) for p in problems] == [("missing-ui", game.mark("ui").line)]
    assert "'income_title'" in problems[0].message and "renderer capital" in problems[0].message


def test_a_catalogue_string_the_fonts_cannot_print_is_a_problem(game, monkeypatch):
    real = catalogue.text
    monkeypatch.setattr(catalogue, "text", lambda key, lang: real(key, lang) + ("\u2603" if key == "align_title" else ""))
    problems = list(kit_words.check(game, "ru"))
    assert [(p.code, p.mark.line) for p in problems] == [("catalogue-glyph", game.mark("ui").line)]
    assert "'align_title'" in problems[0].message


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
