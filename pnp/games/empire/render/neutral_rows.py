"""The neutral armies' deck as rows for pnp's card renderer (content `neutral_armies:`): one family with its own
back (the deck is drawn face down, «выкладывает в открытую нейтральную армию из колоды нейтралов»), one row an
army kind, as many copies as the content counts.

A card prints what a battle against it needs: the squads it adds to the guarded card's guards, how the army's
strength is counted, a squad's strength by week and the week track's neutral luck under it. Every word and
number comes from the model; the fixed words are the content's `ui:`.
"""

from __future__ import annotations

from types import MappingProxyType

from pnp.components.card_family import CardFamily, CardRow
from pnp.core.errors import Mark
from pnp.games.empire.model import Game, NeutralArmy
from pnp.games.empire.render.battle_words import kind_name
from pnp.games.empire.render.travel_emblems import NEUTRAL_FACE, NEUTRALS_BACK

FAMILY = "neutrals"
FIELDS = ("name", "type_name", "emblem", "corner", "traits", "army", "strength", "luck")


def _traits(game: Game, army: NeutralArmy, lang: str) -> str:
    said = ([kind_name(game, "flying", lang)] if army.flying else []) + ([game.ui("creature_immune", lang)] if army.immune else [])
    return " · ".join(said)


def _row(game: Game, army: NeutralArmy, lang: str) -> CardRow:
    army_words = (game.ui("neutral_army_more", lang, n=army.extra) if army.extra
                  else game.ui("neutral_army_same", lang))
    fields = {"name": army.name.get(lang), "type_name": game.ui("neutral_type", lang), "emblem": NEUTRAL_FACE,
              "corner": game.ui("neutral_extra", lang, n=army.extra), "traits": _traits(game, army, lang),
              "army": army_words, "strength": army.strength, "luck": game.neutral_luck}
    return CardRow(army.id, army.count, army.mark, MappingProxyType(fields))


def rows(game: Game, family: CardFamily, lang: str) -> tuple[CardRow, ...]:
    """One row an army kind, in the content's order."""
    deck = game.neutral_deck
    return () if deck is None else tuple(_row(game, a, lang) for a in deck.armies)


def family(colour: str, mark: Mark) -> CardFamily:
    """The neutral deck: the `neutral` layout, the deck's colour on the face and the back."""
    return CardFamily(FAMILY, "neutral", colour, NEUTRALS_BACK, "back", "neutral_card", "neutral_cards",
                      "neutral_armies", FIELDS, mark, rows)
