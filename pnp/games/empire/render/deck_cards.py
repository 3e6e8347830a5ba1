"""The `neutral-cards` and `chest-cards` renderers: the shared decks beside the travel cards, through pnp's card
renderer, each in its own PDF of 3 x 3 card sheets with duplex backs, crop marks and the scale bar
(`pnp.components.cards.sheet_pages`):

- ``empire-<lang>-neutral-cards.pdf``: the neutral armies' deck (content `neutral_armies:`), its own back;
- ``empire-<lang>-chest-cards.pdf``: the chests, the game's currency (content `chests:`), their own back.

The faces are the travel-cards renderer's shared masters (every card family of the game, which the
print-shop, TTS and preview exports take whole); each renderer prints its family's sheets.
"""

from __future__ import annotations

from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.games.empire.model import Game
from pnp.games.empire.render import chest_rows, neutral_rows
from pnp.games.empire.render.creature_cards import race_sheets
from pnp.games.empire.render.travel_cards import TravelCardsRenderer


@register
class NeutralCardsRenderer(Renderer):
    name = "neutral-cards"
    kinds = ("cards",)
    needs = (TravelCardsRenderer.name,)
    cost = 0.5

    def applies(self, game: Game) -> bool:
        return game.neutral_deck is not None

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        return race_sheets(game, ctx, neutral_rows.FAMILY, "neutral-cards")


@register
class ChestCardsRenderer(Renderer):
    name = "chest-cards"
    kinds = ("cards",)
    needs = (TravelCardsRenderer.name,)
    cost = 0.5

    def applies(self, game: Game) -> bool:
        return game.chests is not None

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        return race_sheets(game, ctx, chest_rows.FAMILY, "chest-cards")
