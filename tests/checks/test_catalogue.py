"""pnp's own strings (pnp/core/catalogue): complete in uk, ru and en, printable, held to
their contract, and answered by the game's model unless the game overrides them."""

from __future__ import annotations

import unicodedata

import pytest

from checkkit import changed, codes, run
from pnp.checks import ui as ui_check
from pnp.checks.address import VY
from pnp.content.yamlload import parse_yaml
from pnp.core import catalogue, plural
from pnp.core import templating as tpl
from pnp.typeset.fonts import missing_glyphs

LANGUAGES = ("en", "ru", "uk")


def test_the_file_and_the_contract_list_the_same_keys():
    assert sorted(catalogue.strings()) == sorted(catalogue.FIELDS)
    assert len(catalogue.FIELDS) >= 40


def test_it_reads_cleanly_with_the_contents_strict_loader():
    """No duplicate key (PyYAML alone would keep the last one), nothing but strings."""
    text = (catalogue.resources.files("pnp.core.catalogue") / "strings.yaml").read_text(encoding="utf-8")
    loaded, problems = parse_yaml(text, "strings.yaml")
    assert problems == [] and loaded is not None
    assert all(isinstance(v, str) for texts in loaded.data.values() for v in texts.values())


def test_every_string_is_in_every_language_printable_and_nfc():
    assert catalogue.languages() == LANGUAGES
    for key, texts in catalogue.strings().items():
        assert set(texts) == set(LANGUAGES), key
        for lang, value in texts.items():
            assert value.strip() and unicodedata.is_normalized("NFC", value), (key, lang)
            assert not missing_glyphs(value, "sans") and not missing_glyphs(value, "sans-bold"), (key, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_uses_only_its_fields_and_the_languages_plural_forms(lang):
    for key, fields in catalogue.FIELDS.items():
        value = catalogue.text(key, lang)
        assert tpl.placeholders(value) <= set(fields), (key, lang)
        for name, forms in tpl.fields(value):
            if forms:
                assert fields[name] == catalogue.NUMBER and len(forms) == len(plural.forms(lang)), (key, lang)
        sample = {name: 3 if kind == catalogue.NUMBER else "X" for name, kind in fields.items()}
        assert "{" not in tpl.fill(value, sample, lang), (key, lang)


def test_the_model_answers_from_the_catalogue_unless_the_game_overrides(game):
    assert "print_front" not in game.ui_strings
    assert game.ui("print_front", "uk") == "лице"
    assert game.ui("preview_pages", "uk", n=22) == "22 сторінки"
    own = changed({("ui", "print_front"): {"uk": "лицьовий бік"}})
    assert own.ui("print_front", "uk") == "лицьовий бік"
    assert run(ui_check, own) == []


def test_a_language_the_catalogue_lacks_needs_the_tool_strings_in_the_content():
    german = changed({("game", "languages"): ["uk", "de"]})
    [p] = [p for p in run(ui_check, german) if p.code == "missing-ui"]
    assert "no 'de' strings" in p.message and "print_page" in p.message
    assert p.mark.line == german.mark("ui").line
    overridden = changed({("game", "languages"): ["uk", "de"],
                          **{("ui", key): {"uk": catalogue.text(key, "uk"), "de": "x"} for key in catalogue.FIELDS}})
    assert "missing-ui" not in codes(run(ui_check, overridden))


def test_an_override_is_held_to_the_tools_fields():
    [p] = run(ui_check, changed({("ui", "preview_pages"): {"uk": "{n} {n|сторінка|сторінки}"}}))
    assert p.code == "ui-plural" and "(one|few|many), found 2" in p.message
    [p] = run(ui_check, changed({("ui", "print_page"): {"uk": "аркуш {page} з {pgaes}"}}))
    assert p.code == "unknown-ui-field" and "did you mean 'pages'?" == p.hint


def test_the_tool_speaks_to_the_player_as_the_kit_does():
    """«ти», never «ви» (pnp/checks/address.py checks the game's own strings the same way)."""
    for key in catalogue.FIELDS:
        assert not VY["uk"].search(catalogue.text(key, "uk")), key
