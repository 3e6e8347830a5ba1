"""The chest cards as rows for pnp's card renderer (content `chests:`, seed 3.4.1): one family with its own back,
one face printed as many times as the bank holds chests. The face says the chest's worth taken as gold or as
experience («взять золото/ взять опыт»), what it pays for and how many a player may hold; every number comes
from the model, the words from the content's `ui:`.
"""

from __future__ import annotations

from types import MappingProxyType

from pnp.components.card_family import CardFamily, CardRow
from pnp.core.errors import Mark
from pnp.games.empire.model import Game
from pnp.games.empire.render.travel_emblems import CHESTS_BACK, emblem

FAMILY = "chests"
FIELDS = ("name", "type_name", "emblem", "gold", "xp", "rule")


def rows(game: Game, family: CardFamily, lang: str) -> tuple[CardRow, ...]:
    """The one chest face, `chests.count` copies."""
    c = game.chests
    if c is None:
        return ()
    fields = {"name": game.ui("chest_card", lang), "type_name": game.ui("chest_bank", lang),
              "emblem": emblem("treasure"), "gold": game.ui("chest_gold", lang, n=c.gold, gold=game.gold_short.get(lang)),
              "xp": game.ui("chest_xp", lang, n=c.experience), "rule": game.ui("chest_rule", lang, n=c.keep)}
    return (CardRow("chest", c.count, c.mark, MappingProxyType(fields)),)


def family(colour: str, mark: Mark) -> CardFamily:
    """The chest cards: the `chest` layout, the bank's colour on the face and the back."""
    return CardFamily(FAMILY, "chest", colour, CHESTS_BACK, "back", "chest_card", "chest_cards", "chests", FIELDS,
                      mark, rows)
