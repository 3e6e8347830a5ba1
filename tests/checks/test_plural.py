"""Plural forms follow CLDR's rules (through Babel) for every language pnp prints.

The example numbers are CLDR's own (common/supplemental/plurals.xml, the `@integer` and
`@decimal` samples of each rule), so a rule that drifts from CLDR, or a table that
swaps two forms, fails here.
"""

from decimal import Decimal

import pytest

from checkkit import changed, codes, index_of, run, shipped_loaded
from pnp.core import plural
from pnp.core import templating as tpl
from pnp.games.tverdzha.checks import effect_texts

# CLDR's samples for Ukrainian and Russian (the same rules): one, few, many whole numbers;
# `other` only for fractions
_EAST_SLAVIC = {
    "one": (1, 21, 31, 41, 51, 61, 71, 81, 101, 1001),
    "few": (2, 3, 4, 22, 23, 24, 32, 33, 34, 42, 43, 44, 52, 53, 54, 62, 102, 1002),
    "many": (0, *range(5, 20), 100, 1000, 10000, 100000, 1000000, 25, 111, 112, 114),
    "other": (Decimal("0.0"), Decimal("0.5"), Decimal("1.5"), Decimal("10.0"), Decimal("1000000.0")),
}
CLDR_EXAMPLES = {
    "uk": _EAST_SLAVIC,
    "ru": _EAST_SLAVIC,
    "en": {
        "one": (1,),
        "other": (0, *range(2, 17), 100, 1000, 10000, 100000, 1000000, 21, 22, 25, 111,
                  Decimal("0.0"), Decimal("1.5"), Decimal("10.0")),
    },
}


@pytest.mark.parametrize("lang", sorted(CLDR_EXAMPLES))
def test_every_cldr_example_gets_its_category(lang):
    for expected, numbers in CLDR_EXAMPLES[lang].items():
        for n in numbers:
            assert plural.category(lang, n) == expected, (lang, n)


def test_a_field_lists_the_categories_whole_numbers_take():
    assert plural.forms("uk") == plural.forms("ru") == ("one", "few", "many")
    assert plural.forms("en") == ("one", "other")


@pytest.mark.parametrize("lang, template, expected", [
    ("uk", "{n} {n|загін|загони|загонів}",
     {1: "загін", 2: "загони", 5: "загонів", 11: "загонів", 21: "загін", 22: "загони", 25: "загонів",
      111: "загонів", 0: "загонів"}),
    # Russian has its own forms: before Babel it silently got the English rule ("2 отрядов")
    ("ru", "{n} {n|отряд|отряда|отрядов}",
     {1: "отряд", 2: "отряда", 5: "отрядов", 11: "отрядов", 21: "отряд", 22: "отряда", 25: "отрядов",
      111: "отрядов", 0: "отрядов"}),
    ("en", "{n} {n|unit|units}", {1: "unit", 2: "units", 5: "units", 11: "units", 21: "units", 0: "units"}),
])
def test_fill_picks_the_form(lang, template, expected):
    for n, word in expected.items():
        assert tpl.fill(template, {"n": n}, lang) == f"{n} {word}"


def test_a_field_needs_the_languages_own_number_of_forms():
    with pytest.raises(tpl.TemplateError, match=r"needs exactly 2 plural forms \(one\|other\), found 3"):
        tpl.fill("{n|unit|units|units}", {"n": 2}, "en")
    with pytest.raises(tpl.TemplateError, match=r"needs exactly 3 plural forms \(one\|few\|many\), found 2"):
        tpl.fill("{n|отряд|отряды}", {"n": 2}, "ru")
    with pytest.raises(tpl.TemplateError, match="whole number"):
        tpl.fill("{n|a|b|c}", {"n": 1.5}, "uk")
    with pytest.raises(tpl.TemplateError, match="no plural rules"):
        tpl.fill("{n|a|b}", {"n": 1}, "zz")


def test_bad_plural_counts_the_forms_of_the_texts_language():
    """Three forms are right in Ukrainian and wrong in English; two the other way round."""
    data = shipped_loaded().data
    tower = next(i for i, b in enumerate(data["buildings"]) if b["id"] == "watchtower")
    path = ("buildings", tower, "effects", 0, "text")
    uk = data["buildings"][tower]["effects"][0]["text"]["uk"]
    english = {**data["buildings"][tower]["effects"][0]["text"],
               "en": "+{bonus} {bonus|battle card|battle cards|battle cards} to your hand limit."}
    [p] = run(effect_texts, changed({path: english}), "en")
    assert p.code == "bad-plural" and "(one|other), found 3" in p.message
    assert p.hint == "e.g. {n|resource|resources}"
    english["en"] = "+{bonus} {bonus|battle card|battle cards} to your hand limit."
    assert run(effect_texts, changed({path: english}), "en") == []
    assert "{bonus|" in uk and run(effect_texts, changed({path: english}), "uk") == []
    loot = index_of(data["battle_cards"], id="loot")
    two = ("battle_cards", loot, "effects", 0, "text", "uk")
    assert codes(run(effect_texts, changed({two: "Візьми {amount} {amount|карту|карти}. {resource}"}))) == ["bad-plural"]


def _fresh(monkeypatch, tmp_path):
    """The user cache on, in a new folder, and nothing remembered in this process."""
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    for cached in (plural._known, plural._rule, plural.forms):
        cached.cache_clear()


@pytest.mark.parametrize("lang", ["uk", "ru", "en", "fr", "ar"])
def test_a_rule_kept_in_the_user_cache_is_babels(monkeypatch, tmp_path, lang):
    """The rules' text and the forms are kept between runs (Babel loads a language's whole CLDR data
    for them); the rule made again from the text answers as Babel's own for every number."""
    from babel import Locale
    _fresh(monkeypatch, tmp_path)
    try:
        first = plural.forms(lang)
        (entry,) = (tmp_path / plural.CACHE_KIND).iterdir()
        for cached in (plural._known, plural._rule, plural.forms):
            cached.cache_clear()
        monkeypatch.setattr(plural.Locale, "parse", lambda *a, **k: pytest.fail("read Babel's data again"))
        assert plural.forms(lang) == first
        monkeypatch.undo()  # Babel's own rule, to compare with
        babels = Locale.parse(lang).plural_form
        kept = plural._rule(lang)
        assert kept is not babels
        numbers = (*range(2000), *(10 ** k for k in range(3, 10)), *(Decimal(n) / 10 for n in range(200)))
        assert [kept(n) for n in numbers] == [babels(n) for n in numbers]
        assert entry.exists()
    finally:
        for cached in (plural._known, plural._rule, plural.forms):
            cached.cache_clear()


@pytest.mark.parametrize("damage", [b"", b"{}", b'{"rules": {"one": "n in"}, "forms": ["one", "other"]}',
                                    b'{"rules": {"one": "n is 1"}, "forms": ["sometimes"]}'])
def test_a_damaged_kept_rule_is_found_again(monkeypatch, tmp_path, damage):
    _fresh(monkeypatch, tmp_path)
    try:
        plural.forms("uk")
        (entry,) = (tmp_path / plural.CACHE_KIND).iterdir()
        entry.write_bytes(damage)
        for cached in (plural._known, plural._rule, plural.forms):
            cached.cache_clear()
        assert plural.forms("uk") == ("one", "few", "many")
        assert [plural.category("uk", n) for n in (1, 2, 5, 11, 21)] == ["one", "few", "many", "many", "one"]
    finally:
        for cached in (plural._known, plural._rule, plural.forms):
            cached.cache_clear()
