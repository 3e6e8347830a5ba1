"""Each race's creature deck as rows for pnp's card renderer: one family a race (its own back and
colour, since every player draws strike marks from their own deck), one row per creature and strike
mark, counted as the content lists the printed cards (`Creature.strikes`).

Every printed word and number comes from the model; the fixed words are the content's `ui:`.
"""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType

from pnp.components.card_family import CardFamily, CardRow
from pnp.core.errors import Mark
from pnp.games.empire.model import Creature, CreatureDeck, Game
from pnp.games.empire.render.battle_words import kind_name
from pnp.games.empire.render.forms import roman
from pnp.games.empire.render.travel_emblems import CREATURES_BACK

#: a race's family id: the prefix keeps them apart from the travel cards'
PREFIX = "creatures_"
FIELDS = ("name", "level", "kind_name", "strike", "strike_caption", "traits")


def family_id(race: str) -> str:
    return PREFIX + race


def _deck(game: Game, family: CardFamily) -> CreatureDeck:
    return next(d for d in game.creature_decks if family_id(d.race) == family.id)


def _traits(game: Game, c: Creature, lang: str) -> str:
    said = ([game.ui("creature_large", lang)] if c.large else []) + ([game.ui("creature_immune", lang)] if c.immune else [])
    return " · ".join(said)


def _row(game: Game, race: str, c: Creature, strike: int, count: int, lang: str) -> CardRow:
    fields = {"name": c.name.get(lang), "level": roman(c.level),
              "kind_name": game.ui("creature_kind", lang, race=race, kind=kind_name(game, c.kind, lang)),
              "strike": str(strike) if strike else "",
              "strike_caption": game.ui("creature_strike" if strike else "creature_no_strike", lang),
              "traits": _traits(game, c, lang)}
    return CardRow(f"{c.id}_{strike}", count, c.mark, MappingProxyType(fields))


def rows(game: Game, family: CardFamily, lang: str) -> tuple[CardRow, ...]:
    """One row per creature and strike mark, in the content's order, as many copies as cards printed."""
    deck = _deck(game, family)
    race = next((r.name.get(lang) for r in game.races if r.id == deck.race), None)
    if race is None:  # a deck of a race the content lacks: `deck-race` says so, and nothing is printed
        return ()
    return tuple(_row(game, race, c, strike, n, lang)
                 for c in deck.creatures for strike, n in Counter(c.strikes).items())


def title(game: Game, family: CardFamily, lang: str) -> str:
    """The deck's name with its race's («Карты существ: Люди»): on its sheets, so that four races' sheets sort apart."""
    race = next((r.name.get(lang) for r in game.races if family_id(r.id) == family.id), None)
    return game.ui("creature_cards", lang) if race is None else game.ui("kit_creature_cards", lang, race=race)


def family(race: str, colour: str, mark: Mark) -> CardFamily:
    """A race's creature cards: the `creature` layout, the deck's colour on the face and the back."""
    return CardFamily(family_id(race), "creature", colour, CREATURES_BACK, "back", "creature_card", "creature_cards",
                      "creature_decks", FIELDS, mark, rows, title)
