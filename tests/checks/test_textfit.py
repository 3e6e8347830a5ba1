"""text-fit: every card text fits its zone at no less than the minimum size."""

from __future__ import annotations

import re

from checkkit import changed, codes, index_of, line_of, shipped_loaded
from pnp.checks import textfit
from pnp.components import card_text

LONG = ("Якщо тобі завдали 2 або більше влучань, скасуй 1 з них, а потім ще раз перевір, "
        "чи не лишилося влучань, і так доти, доки суперник не погодиться, що бій закінчено. ") * 3


def _battle(game_data, card_id):
    return index_of(game_data["battle_cards"], id=card_id)


def _fitted(game, family_id, card_id, element="effect_text"):
    """How the renderer sets one text element of one card."""
    family = next(f for f in game.card_families if f.id == family_id)
    row = next(r for r in family.cards(game, "uk") if r.id == card_id)
    return card_text.fit_card(game, family, card_text.family_layout(game, family), row, "uk").fits[element]


def test_shipped_content_fits(game):
    assert list(textfit.check(game, "uk")) == []
    assert list(textfit.check(game)) == []


def test_overflowing_effect_names_card_language_and_missing_mm():
    data = shipped_loaded().data
    k = _battle(data, "retreat")
    game = changed({("battle_cards", k, "effects", 0, "text", "uk"): LONG})
    problems = list(textfit.check(game, "uk"))
    assert codes(problems) == ["text-overflow"]
    p = problems[0]
    assert "Відступ" in p.message and "retreat" in p.message and ", uk:" in p.message
    assert "effect_text text" in p.message
    missing = float(re.search(r"([\d.]+) mm missing", p.message).group(1))
    # the text set at 7 pt really is taller than the zone by that much
    fitted = _fitted(game, "battle", "retreat")
    assert fitted.size == game.print.card.min_text_pt
    assert missing > 1.0 and abs(missing - (fitted.height_mm - fitted.box_h)) < 0.06
    # at the card's mark: the line of "- id: retreat"
    assert p.mark.line == line_of("id: retreat")
    assert p.level.value == "error"


def test_text_that_fits_only_when_shrunk_is_no_error_but_is_shrunk():
    data = shipped_loaded().data
    k = _battle(data, "retreat")
    medium = "Якщо тобі завдали 2 або більше влучань, скасуй 1 з них. " * 3
    game = changed({("battle_cards", k, "effects", 0, "text", "uk"): medium})
    assert list(textfit.check(game, "uk")) == []
    fitted = _fitted(game, "battle", "retreat")
    assert game.print.card.min_text_pt <= fitted.size < 10.0  # the effect style's size (card.yaml)


def test_upgrade_and_building_texts_are_checked_too():
    data = shipped_loaded().data
    k = index_of(data["buildings"], id="market")
    game = changed({("buildings", k, "upgrade", "effects", 0, "text", "uk"): LONG})
    problems = list(textfit.check(game, "uk"))
    assert len(problems) == 1 and "Біржа" in problems[0].message and "upgrade card" in problems[0].message
    assert problems[0].mark.line == line_of("id: exchange")


def test_overlong_title_is_reported():
    data = shipped_loaded().data
    k = _battle(data, "loot")
    game = changed({("battle_cards", k, "name", "uk"): "Надзвичайно довга назва бойової карти здобичі, що не влазить і у два рядки"})
    problems = list(textfit.check(game, "uk"))
    assert codes(problems) == ["text-overflow"] and "title" in problems[0].message


def test_larger_minimum_size_turns_a_shrunk_text_into_an_error():
    data = shipped_loaded().data
    k = _battle(data, "retreat")
    medium = "Якщо тобі завдали 2 або більше влучань, скасуй 1 з них. " * 3
    game = changed({("battle_cards", k, "effects", 0, "text", "uk"): medium,
                    ("print", "card", "min_text_pt"): 9.75})
    problems = list(textfit.check(game, "uk"))
    assert codes(problems) == ["text-overflow"] and "at 9.75 pt" in problems[0].message


def test_a_card_too_small_for_its_layout_is_the_layout_checks_not_a_text_overflow():
    game = changed({("print", "card", "height"): 40})
    assert list(textfit.check(game, "uk")) == []


def test_one_line_texts_are_measured_too():
    data = shipped_loaded().data
    game = changed({("ui", "copies", "uk"): "×{count} — стільки копій цієї карти лежить у бойовій колоді, і кожну з них треба вирізати"})
    problems = list(textfit.check(game, "uk"))
    assert problems and {p.code for p in problems} == {"text-overflow"}
    assert all("foot_copies line does not fit" in p.message for p in problems)
    assert len(problems) == len(data["battle_cards"])


def test_unknown_language_is_left_to_the_strings_check(game):
    assert list(textfit.check(game, "xx")) == []


def test_registered_with_the_other_checks():
    from pnp.checks import ids
    from pnp.games.tverdzha.pack import PACK

    assert textfit.ID in ids(PACK.checks)
