"""strings: every Text in every language, and only characters the bundled fonts have."""

from checkkit import changed, codes, from_text, index_of, line_of, run, shipped_loaded, shipped_text
from pnp.checks import strings
from pnp.checks._util import texts

DATA = shipped_loaded().data
MARKET = index_of(DATA["buildings"], id="market")


def test_missing_language_points_at_the_text():
    problems = run(strings, changed({("buildings", MARKET, "name"): {"en": "Market"}}))
    assert [(p.code, p.mark.line) for p in problems] == [("missing-text", line_of("name: {uk: Ринок}"))]
    assert "buildings[0].name" in problems[0].message and "(has: en)" in problems[0].message


def test_ui_strings_and_clarifications_are_included():
    g = changed({("ui", "castle"): {"en": "Castle"}, ("clarifications", 0, "topic"): {"en": "Board"}})
    problems = run(strings, g)
    assert codes(problems) == ["missing-text", "missing-text"]
    assert {p.mark.line for p in problems} == {line_of("castle: {uk: Замок}"), line_of("- topic: {uk: Ігрове поле й землі}")}


def test_every_language_of_the_game_when_no_lang_is_given(game):
    g = changed({("game", "languages"): ["uk", "en"]})
    problems = run(strings, g)
    assert len(problems) == len(list(texts(game))) > 100
    assert set(codes(problems)) == {"missing-text"}
    assert run(strings, g, "uk") == []


def test_an_unknown_language_is_one_problem():
    [p] = run(strings, changed({}), "en")
    assert p.code == "unknown-language" and p.mark.line == line_of("languages: [uk]")


def test_a_character_without_a_glyph_points_at_the_language_value():
    text = shipped_text().replace("name: {uk: Ринок}", "name: {uk: Ринок ☃}", 1)
    g = from_text(text)
    [p] = run(strings, g)
    line = line_of("name: {uk: Ринок}")
    assert (p.code, p.mark.line, p.mark.col) == ("missing-glyph", line, text.splitlines()[line - 1].index("Ринок") + 1)
    assert "U+2603" in p.message


def test_the_arrow_the_pt_fonts_lack_is_caught_in_a_clarification():
    g = changed({("clarifications", 1, "text", "uk"): "A1 → B1"})
    [p] = run(strings, g)
    assert p.code == "missing-glyph" and "U+2192" in p.message


def test_ukrainian_letters_and_typography_are_covered(game):
    sample = "ҐґЄєІіЇїʼ’«»—–−×№"
    g = changed({("clarifications", 1, "text", "uk"): sample})
    assert run(strings, g) == []


def test_texts_walk_finds_every_kind_of_text(game):
    paths = [p for _, p in texts(game)]
    assert ("game", "title") in paths
    assert ("battle", "thresholds", "rows", 0, "label") in paths
    assert ("round", "end", 0, "text") in paths
    assert any(p[:1] == ("ui",) for p in paths) and any(p[:1] == ("clarifications",) for p in paths)


def test_a_language_pnp_has_no_typography_for_is_a_content_error():
    game = changed({("game", "languages"): ["uk", "de"]})
    [p] = [p for p in run(strings, game) if p.code == "unsupported-language"]
    assert "'de'" in p.message and p.mark.line == game.mark("game", "languages").line
    assert "unsupported-language" not in codes(run(strings, changed({("game", "languages"): ["uk", "ru"]})))
