"""The kit's text rules: the glossary, one form of address, a reason for every change to
the original rules, icon words, and the battle steps in the engine's order."""

from checkkit import DELETE, changed, codes, index_of, line_of, run, shipped_loaded
from pnp.checks import address, changes, glossary, icon_words
from pnp.games.tverdzha.checks import battle_steps
from pnp.checks._printed import printed

DATA = shipped_loaded().data
FORT = index_of(DATA["buildings"], id="fort")


def test_the_shipped_kit_passes(game):
    for module in (address, battle_steps, changes, glossary, icon_words):
        assert run(module, game) == [], module.ID


def test_printed_strings_include_content_and_rulebook_templates(game):
    from pnp.checks._printed import rulebook_templates
    from pnp.rulebook.prose import folder

    assert rulebook_templates(game) == folder(game)
    whats = {item.what for item in printed(game, "uk")}
    assert "templates/tverdzha/rulebook/battle.j2" in whats and "ui.mat_reserve.uk" in whats


def test_an_avoided_word_is_reported_at_its_line():
    g = changed({("buildings", FORT, "effects", 0, "text"): {"uk": "До {limit} загонів; запас загонів — на доріжці."}})
    problems = run(glossary, g)
    assert codes(problems) == ["glossary-term", "glossary-term"]
    assert {p.mark.line for p in problems} == {line_of("text: {uk: \"До {limit} загонів на одній землі й у замку.\"}")}
    assert {"Резерв", "Трек"} <= {m for p in problems for m in ("Резерв", "Трек") if f"«{m}»" in p.message}


def test_capitalised_entries_match_only_the_capital(game):
    assert glossary.pattern("Поле").search("Ігрове поле") is None  # the board's full name is fine
    assert glossary.pattern("Поле").search("Поле й землі")
    assert glossary.pattern("доріж*").search("на Доріжці")  # lowercase entries ignore case
    assert glossary.pattern("склад ресурсів").search("Склад ресурсів")


def test_the_plural_address_is_refused():
    g = changed({("ui", "aid_ratio"): {"uk": "Друкуйте в масштабі 100 %"}})
    problems = run(address, g)
    assert codes(problems) == ["form-of-address"] and problems[0].mark.line == line_of("aid_ratio:")
    assert "«Друкуйте»" in problems[0].message


def test_words_ending_like_a_plural_imperative_are_not_address(game):
    g = changed({("ui", "aid_ratio"): {"uk": "Навіть у масштабі 100 %"}})
    assert run(address, g) == []


def test_a_change_needs_a_reason():
    g = changed({("changes", 0, "reason"): DELETE})
    problems = run(changes, g)
    assert codes(problems) == ["change-without-reason"]
    assert problems[0].mark.line == line_of("- topic: {uk: Порядок бою}")


def test_icon_words_name_known_icons_and_plural_forms():
    g = changed({("icon_words", "gould"): {"forms": {"uk": "{n|золото|золота}"}}})
    problems = run(icon_words, g)
    assert codes(problems) == ["icon-words", "icon-words"]
    assert "gold" in (problems[0].hint or "")


def test_battle_steps_must_follow_the_engine():
    steps = DATA["battle"]["timing"]
    g = changed({("battle", "timing"): [steps[1], steps[0]] + steps[2:]})
    problems = run(battle_steps, g)
    assert codes(problems) == ["battle-step-order"] and "cards, strength" in problems[0].message
