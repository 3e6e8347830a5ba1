"""The `creature-cards` renderer: every race's creature deck (content `creature_decks:`), through pnp's
card renderer, in ``empire-<lang>-creature-cards.pdf``: 3 x 3 card sheets, each run of a race's deck
followed by its duplex backs (the race's colour and the crossed swords: a player draws strike marks
from their own deck face down), crop marks and the scale bar (`pnp.components.cards.sheet_pages`).

The faces are the travel-cards renderer's shared masters (every card family of the game, which the
print-shop, TTS and preview exports take whole); this renderer prints the creature families' sheets.
"""

from __future__ import annotations

from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.games.empire.model import Game
from pnp.games.empire.render.creature_rows import PREFIX
from pnp.games.empire.render.travel_cards import TravelCardsRenderer, only, sheets_pdf


@register
class CreatureCardsRenderer(Renderer):
    name = "creature-cards"
    kinds = ("cards",)
    needs = (TravelCardsRenderer.name,)
    cost = 1.0

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        families = tuple(f for f in game.card_families if f.id.startswith(PREFIX))
        if not families:
            return []
        return sheets_pdf(game, ctx, only(ctx.masters(game, TravelCardsRenderer.name), families), "creature-cards")
