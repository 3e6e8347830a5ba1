"""The `neutral-cards` and `chest-cards` renderers: the shared decks beside the travel cards, through pnp's card
renderer, each in its own PDF of 3 x 3 card sheets with duplex backs, crop marks and the scale bar
(`pnp.components.cards.sheet_pages`):

- ``empire-<lang>-neutral-cards.pdf``: the neutral armies' deck (content `neutral_armies:`), its own back;
- ``empire-<lang>-chest-cards.pdf``: the chests, the game's currency (content `chests:`), their own back.

Each draws its own family's faces and shares them with the print-shop, TTS and preview exports.
"""

from __future__ import annotations

from pnp.components.base import register
from pnp.games.empire import ui_keys
from pnp.games.empire.model import Game
from pnp.games.empire.render import chest_rows, neutral_rows
from pnp.games.empire.render.creature_cards import DeckRenderer


@register
class NeutralCardsRenderer(DeckRenderer):
    name = "neutral-cards"
    ui = ui_keys.NEUTRAL_CARDS
    prefix = neutral_rows.FAMILY
    cost = 0.5

    def applies(self, game: Game) -> bool:
        return game.neutral_deck is not None


@register
class ChestCardsRenderer(DeckRenderer):
    name = "chest-cards"
    ui = ui_keys.CHEST_CARDS
    prefix = chest_rows.FAMILY
    cost = 0.5

    def applies(self, game: Game) -> bool:
        return game.chests is not None
