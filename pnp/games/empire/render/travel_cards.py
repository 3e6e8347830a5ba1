"""The `travel-cards` renderer: the travel cards of «Строительство империи», through pnp's card renderer.

Three home-print PDFs, each a 3 x 3 card sheet run with its duplex backs (the common back: the
cards are drawn face down), crop marks and the scale bar (`pnp.components.cards.sheet_pages`):

- ``empire-<lang>-travel-cards.pdf``: every card of the content, in the type's colour;
- ``empire-<lang>-travel-cards-colour-in.pdf``: the same cards as ink outlines on white, for
  colouring by hand («Распечатка карт путешествий и ручное разукрашивание»);
- ``empire-<lang>-travel-templates.pdf``: one blank card per type, its layout with write-in
  lines where the names and numbers go, for new cards written by hand.

With ``--duplex none`` the backs of each go to ``…-backs.pdf``. Its masters (the colour faces,
`pnp.components.cards.Masters`) are shared as `cards`, for the print-shop, TTS and preview.
"""

from __future__ import annotations

import dataclasses

from pnp.components import cards
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.components.card_family import CardFamily
from pnp.games.empire.model import Game
from pnp.games.empire.render.travel_rows import FAMILY, blank_family, colour_in_family
from pnp.print import pdf


def only(masters: cards.Masters, families: tuple[CardFamily, ...]) -> cards.Masters:
    """The shared masters (every card family of the game, for the exports) cut to `families`' sheets."""
    return dataclasses.replace(masters, families=families)


def sheets_pdf(game: Game, ctx: RenderContext, masters: cards.Masters, stem: str) -> list[OutputFile]:
    """One sheet run of `masters`, named and labelled by its families' components."""
    options, lang = ctx.options, ctx.options.lang
    ctx.notes += [n for n in (cards.shrink_note(masters, lang), cards.overflow_note(masters, lang)) if n]
    pages, back_pages, notes = cards.sheet_pages(game, masters, options)
    ctx.notes += [f"{stem}: {n}" for n in notes]
    parts = ", ".join(game.ui(f.component, lang) for f in masters.families)
    info = pdf.DocInfo(f"{game.title.get(lang)}: {parts}", duplex=options.duplex)
    backs = (pdf.render(back_pages, info), len(back_pages)) if back_pages else None
    return ctx.write_sheets(f"{game.id}-{lang}-{stem}", "cards", (pdf.render(pages, info), len(pages)), backs)


@register
class TravelCardsRenderer(Renderer):
    name = "travel-cards"
    shares = "cards"
    kinds = ("cards",)
    cost = 1.5

    def masters(self, game: Game, ctx: RenderContext) -> cards.Masters:
        """Every card family's faces (travel and creature cards): the exports and the preview take them all."""
        return cards.build_masters(game, ctx.options.lang, ctx.options.ink_saver)

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        lang, ink_saver = ctx.options.lang, ctx.options.ink_saver
        travel = tuple(f for f in game.card_families if f.id == FAMILY)
        colour_in = cards.build_masters(game, lang, ink_saver, colour_in=True, families=tuple(map(colour_in_family, travel)))
        blanks = cards.build_masters(game, lang, ink_saver, families=tuple(map(blank_family, travel)))
        return (sheets_pdf(game, ctx, only(ctx.masters(game, self.name), travel), "travel-cards")
                + sheets_pdf(game, ctx, colour_in, "travel-cards-colour-in")
                + sheets_pdf(game, ctx, blanks, "travel-templates"))
