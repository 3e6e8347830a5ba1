"""The travel cards as rows for pnp's card renderer: the fields each type's layout shows.

One family, `travel`: one deck, one back (the cards are drawn face down), and each card its
type's layout (templates/empire/cards/<type>.yaml) and colour (the content's `travel_types`).
Every printed word and number comes from the model; the fixed words are the content's `ui:`.

The blank template of a type (`blank_rows`) has the same fields with write-in lines where the
numbers and names go, and empty cells in its strength scale, so a designer or a player can
write a new card by hand on the type's own layout.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any, Callable

from pnp.components.card_family import CardFamily, CardRow
from pnp.core.errors import Mark
from pnp.core.texts import Text
from pnp.games.empire.model import Game, TravelCard
from pnp.games.empire.render.travel_emblems import emblem

FAMILY = "travel"
#: write-in lines of a blank card: a number, a name, a line of text
NUMBER, NAME, LINE = "_" * 4, "_" * 14, "_" * 22
#: how many week ranges and lines of effect a blank card leaves to write in
BLANK_RANGES, BLANK_LINES = 3, 3

Fields = dict[str, Any]


def _value(card: TravelCard | None, attr: str) -> Any:
    """The card's number, or a write-in line on a blank card."""
    return NUMBER if card is None else getattr(card, attr)


def _required(text: Text | None, lang: str) -> str:
    """A text the card's type requires (its schema part), so present."""
    assert text is not None
    return text.get(lang)


def _gold(game: Game, lang: str) -> str:
    return game.gold_short.get(lang)


def _corner(game: Game, card: TravelCard | None, attr: str, lang: str, plus: bool = False) -> Fields:
    """The number in parentheses the seed prints first: guards, a dungeon's chests («(+3)»)."""
    n = _value(card, attr)
    return {"corner": game.ui("travel_paren", lang, n=game.ui("travel_plus", lang, n=n) if plus else n)}


def _mine(game: Game, card: TravelCard | None, lang: str) -> Fields:
    resource = NAME if card is None else next(r for r in game.resources if r.id == card.resource).name.get(lang)
    return {**_corner(game, card, "guards", lang), "gold": game.ui("travel_gold", lang, n=_value(card, "gold"), gold=_gold(game, lang)),
            "resource": resource[:1].upper() + resource[1:]}


def _reserve(game: Game, card: TravelCard | None, lang: str) -> Fields:
    return {**_corner(game, card, "guards", lang), "points": game.ui("travel_points", lang, n=_value(card, "points"))}


def _strength(game: Game, card: TravelCard | None) -> tuple:
    return (None,) * game.weeks if card is None else card.strength


def _town(game: Game, card: TravelCard | None, lang: str) -> Fields:
    short = NUMBER if card is None else next(r for r in game.resources if r.id == card.resource).short.get(lang)
    return {"gold": game.ui("travel_gold", lang, n=_value(card, "gold"), gold=_gold(game, lang)),
            "resource": game.ui("travel_resource", lang, short=short), "strength": _strength(game, card)}


def _garrison(game: Game, card: TravelCard | None, lang: str) -> Fields:
    """Its kind, its strength in a siege (the engine's: the card's own, nothing added to it) and the week
    from which it may be played, in words («с 5-й недели»): not the seed's «(5)» where guards stand."""
    kind = NAME if card is None else _required(card.kind, lang)
    return {"kind": game.ui("travel_paren", lang, n=kind), "bonus": str(_value(card, "bonus")),
            "week": game.ui("travel_from_week", lang, n=_value(card, "week"))}


def _trap(game: Game, card: TravelCard | None, lang: str) -> Fields:
    if card is None:
        return {"penalty": LINE}
    (key, n), = card.penalty.items()
    return {"penalty": game.ui(f"travel_penalty_{key}", lang, n=n, gold=_gold(game, lang))}


def _dungeon(game: Game, card: TravelCard | None, lang: str) -> Fields:
    return {**_corner(game, card, "chests", lang, plus=True), "points": game.ui("travel_points", lang, n=_value(card, "points")),
            "strength": _strength(game, card)}


def _terrain(game: Game, card: TravelCard | None, lang: str) -> Fields:
    return {"gold": game.ui("travel_cost", lang, n=_value(card, "gold"), gold=_gold(game, lang))}


def _treasure(game: Game, card: TravelCard | None, lang: str) -> Fields:
    ranges = ([(NUMBER, NUMBER, NUMBER)] * BLANK_RANGES if card is None
              else [(r.first, r.last, r.chests) for r in card.chest_ranges])
    return {"chests": "\n".join(game.ui("travel_chest_range", lang, first=a, last=b, chests=n) for a, b, n in ranges)}


def _effect(game: Game, card: TravelCard | None, lang: str) -> Fields:
    return {"effect": "\n".join([LINE] * BLANK_LINES) if card is None else _required(card.effect, lang)}


def _other(game: Game, card: TravelCard | None, lang: str) -> Fields:
    """What the engine does with an object («Камень опыта»): every hired hero of the player gains a chest's
    experience in courage, up to courage's most; its content `effect:` is the rulebook's words for it."""
    if card is None or game.chests is None:
        return _effect(game, card, lang)
    return {"effect": game.ui("travel_experience", lang, n=game.chests.experience, most=game.battle.courage_max)}


#: each type's own fields (beside name, type and emblem), from a card or (None) blank
BY_TYPE: dict[str, Callable[[Game, TravelCard | None, str], Fields]] = {
    "treasure": _treasure, "mine": _mine, "reserve": _reserve, "town": _town, "garrison": _garrison,
    "trap": _trap, "dungeon": _dungeon, "terrain": _terrain, "diplomacy": _effect, "other": _other,
}
#: every field some type's layout shows, for the family's declaration
FIELDS = ("name", "type_name", "emblem", "corner", "gold", "resource", "points", "strength", "kind", "bonus",
          "week", "penalty", "chests", "effect")


def _row(game: Game, type_id: str, card_id: str, mark: Mark, name: str, own: Fields, lang: str,
         count: int = 1) -> CardRow:
    kind = game.travel_type(type_id)
    fields = {"name": name, "type_name": kind.label.get(lang), "emblem": emblem(type_id), **own}
    return CardRow(card_id, count, mark, MappingProxyType(fields), layout=type_id, colour=kind.colour)


def rows(game: Game, family: CardFamily, lang: str) -> tuple[CardRow, ...]:
    """One row per travel card, in content order, as many copies as the content counts."""
    return tuple(_row(game, c.type, c.id, c.mark, c.name.get(lang), BY_TYPE[c.type](game, c, lang), lang, c.count)
                 for c in game.travel_cards)


def blank_rows(game: Game, family: CardFamily, lang: str) -> tuple[CardRow, ...]:
    """One blank card per type, in the order of `travel_types`."""
    return tuple(_row(game, t.id, f"blank_{t.id}", t.mark, NAME, BY_TYPE[t.id](game, None, lang), lang)
                 for t in game.travel_types)


def family(back_colour: str, mark: Mark) -> CardFamily:
    """The travel cards' family: its layout is the frame the types' layouts extend; the back is common."""
    return CardFamily(FAMILY, "travel", back_colour, emblem("back"), "back", "travel_card", "travel_cards",
                      "travel_cards", FIELDS, mark, rows)


def blank_family(travel: CardFamily) -> CardFamily:
    """The blank templates: a card of each type, labelled as templates on their sheets."""
    return dataclasses.replace(travel, id=f"{FAMILY}_blank", component="travel_templates", source=blank_rows)


def colour_in_family(travel: CardFamily) -> CardFamily:
    """The same cards, labelled on their sheets as the ones to colour in."""
    return dataclasses.replace(travel, component="travel_colour_in")
