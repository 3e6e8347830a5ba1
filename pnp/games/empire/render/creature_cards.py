"""The `creature-cards` and `hero-cards` renderers: every race's creature deck (content `creature_decks:`), through pnp's
card renderer, in ``empire-<lang>-creature-cards.pdf``: 3 x 3 card sheets, each run of a race's deck
followed by its duplex backs (the race's colour and the crossed swords: a player draws strike marks
from their own deck face down), crop marks and the scale bar (`pnp.components.cards.sheet_pages`);
and every race's tavern, its nine hero cards, in ``empire-<lang>-hero-cards.pdf`` the same way.

The faces are the travel-cards renderer's shared masters (every card family of the game, which the
print-shop, TTS and preview exports take whole); this renderer prints the creature families' sheets.
"""

from __future__ import annotations

from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.games.empire.model import Game
from pnp.games.empire.render import creature_rows, hero_rows
from pnp.games.empire.render.travel_cards import TravelCardsRenderer, only, sheets_pdf


@register
class CreatureCardsRenderer(Renderer):
    name = "creature-cards"
    kinds = ("cards",)
    needs = (TravelCardsRenderer.name,)
    cost = 1.0

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        return race_sheets(game, ctx, creature_rows.PREFIX, "creature-cards")


@register
class HeroCardsRenderer(Renderer):
    """Every race's tavern: its nine hero cards (`empire-<lang>-hero-cards.pdf`), as the creature decks."""
    name = "hero-cards"
    kinds = ("cards",)
    needs = (TravelCardsRenderer.name,)
    cost = 0.5

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        return race_sheets(game, ctx, hero_rows.PREFIX, "hero-cards")


def race_sheets(game: Game, ctx: RenderContext, prefix: str, stem: str) -> list[OutputFile]:
    """The sheets of the card families whose id starts with `prefix` (a family a race), from the shared masters."""
    families = tuple(f for f in game.card_families if f.id.startswith(prefix))
    if not families:
        return []
    return sheets_pdf(game, ctx, only(ctx.masters(game, TravelCardsRenderer.name), families), stem)
