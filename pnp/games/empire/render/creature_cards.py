"""The `creature-cards` and `hero-cards` renderers: every race's creature deck (content `creature_decks:`), through pnp's
card renderer, in ``empire-<lang>-creature-cards.pdf``: 3 x 3 card sheets, each run of a race's deck
followed by its duplex backs (the race's colour and the crossed swords: a player draws strike marks
from their own deck face down), crop marks and the scale bar (`pnp.components.cards.sheet_pages`);
and every race's tavern, its nine hero cards, in ``empire-<lang>-hero-cards.pdf`` the same way.

Each renderer draws its own families' faces and shares them with the print-shop, TTS and preview
exports (`DeckRenderer`), so a change to one deck redraws that deck alone.
"""

from __future__ import annotations

from typing import ClassVar

from pnp.components import cards
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.games.empire import ui_keys
from pnp.games.empire.model import Game
from pnp.games.empire.render import creature_rows, hero_rows
from pnp.games.empire.render.travel_cards import family_masters, sheets_pdf


class DeckRenderer(Renderer):
    """A deck of its own: the card families whose id starts with `prefix`, drawn into their masters
    (shared with the exports as every deck's are) and printed as `<game>-<lang>-<name>.pdf`."""

    kinds = ("cards",)
    shares = "cards"
    prefix: ClassVar[str] = ""

    def masters(self, game: Game, ctx: RenderContext) -> cards.Masters:
        return family_masters(game, ctx, self.prefix)

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        masters = ctx.masters(game, self.name)
        return sheets_pdf(game, ctx, masters, self.name) if masters.families else []


@register
class CreatureCardsRenderer(DeckRenderer):
    name = "creature-cards"
    ui = ui_keys.CREATURE_CARDS
    prefix = creature_rows.PREFIX
    cost = 1.0


@register
class HeroCardsRenderer(DeckRenderer):
    """Every race's tavern: its nine hero cards (`empire-<lang>-hero-cards.pdf`), as the creature decks."""
    name = "hero-cards"
    ui = ui_keys.HERO_CARDS
    prefix = hero_rows.PREFIX
    cost = 0.5
