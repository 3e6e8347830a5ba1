"""Card families for games that list their cards in the content (no model of their own)."""

from __future__ import annotations

import pickle

import dataclasses

from pnp.components.card_family import CardFamily, ListedRows, deck, family_title, field_value
from pnp.core.errors import Mark


class _Game:
    languages = ("uk", "ru")

    def ui(self, key, lang, **values):
        return {"card_hero": {"uk": "Герой", "ru": "Герой"}, "comp_heroes": {"uk": "Карти героїв", "ru": "Карты героев"}}[key][lang]


ITEMS = [{"id": "archer", "count": 3, "name": {"uk": "Лучник", "ru": "Лучник"}, "power": 2},
         {"id": "knight", "name": {"uk": "Лицар", "ru": "Рыцарь"}, "power": 4}]


def _family():
    rows = ListedRows.from_data(ITEMS, [Mark("g.yaml", 7, 5), Mark("g.yaml", 8, 5)])
    return CardFamily("hero", "hero", "battle", "unit", "back", "card_hero", "comp_heroes", "cards",
                      rows.fields(), Mark("g.yaml", 5, 3), rows)


def test_listed_cards_become_rows_per_language_with_their_counts_and_marks():
    family = _family()
    assert family.fields == ("name", "power")
    uk, ru = family.cards(_Game(), "uk"), family.cards(_Game(), "ru")
    assert [(r.id, r.count, r.fields["name"], r.fields["power"]) for r in ru] == [("archer", 3, "Лучник", 2),
                                                                                  ("knight", 1, "Рыцарь", 4)]
    assert uk[1].fields["name"] == "Лицар" and uk[1].mark.line == 8
    assert deck(uk) == ["archer"] * 3 + ["knight"]
    assert field_value(_Game(), family, uk[0], "family.name", "ru") == "Герой"
    assert field_value(_Game(), family, uk[0], "count", "ru") == 3


def test_a_family_with_listed_cards_pickles_for_the_forked_build():
    family = _family()
    again = pickle.loads(pickle.dumps(family))
    assert again == family and again.cards(_Game(), "uk") == family.cards(_Game(), "uk")


def _red_title(game, family, lang):
    return f"{game.ui(family.component, lang)}: {'червоні' if lang == 'uk' else 'красные'}"


def test_a_family_is_titled_by_its_component_unless_it_gives_its_own_title():
    """Several families of one component (a deck a player colour) tell their sheets apart by their own title."""
    family = _family()
    assert family_title(_Game(), family, "ru") == "Карты героев"
    red = dataclasses.replace(family, title=_red_title)
    assert family_title(_Game(), red, "uk") == "Карти героїв: червоні"
    assert pickle.loads(pickle.dumps(red)).title is _red_title
