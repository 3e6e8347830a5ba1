"""The `travel-cards` and `travel-prints` renderers: the travel cards of «Строительство империи», through
pnp's card renderer.

Three home-print PDFs, each a 3 x 3 card sheet run with its duplex backs (the common back: the
cards are drawn face down), crop marks and the scale bar (`pnp.components.cards.sheet_pages`):

- ``empire-<lang>-travel-cards.pdf`` (`travel-cards`): every card of the content, in the type's colour;
- ``empire-<lang>-travel-cards-colour-in.pdf`` (`travel-prints`, as the next): the same cards as ink outlines on white, for
  colouring by hand («Распечатка карт путешествий и ручное разукрашивание»);
- ``empire-<lang>-travel-templates.pdf``: one blank card per type, its layout with write-in
  lines where the names and numbers go, for new cards written by hand.

With ``--duplex none`` the backs of each go to ``…-backs.pdf``. The deck's masters (the colour faces,
`pnp.components.cards.Masters`) are shared as `cards`, for the print-shop, TTS and preview.
"""

from __future__ import annotations

from pnp.components import cards
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.games.empire import ui_keys
from pnp.games.empire.model import Game
from pnp.games.empire.render.travel_rows import FAMILY, blank_family, colour_in_family
from pnp.print import pdf


def family_masters(game: Game, ctx: RenderContext, prefix: str) -> cards.Masters:
    """The faces and backs of the card families whose id starts with `prefix`: each deck is drawn,
    cached and shared with the exports by its own renderer, so an edit to one deck redraws that deck
    alone, and the decks are drawn side by side."""
    families = tuple(f for f in game.card_families if f.id.startswith(prefix))
    return cards.build_masters(game, ctx.options.lang, ctx.options.ink_saver, families=families)


def sheets_pdf(game: Game, ctx: RenderContext, masters: cards.Masters, stem: str) -> list[OutputFile]:
    """One sheet run of `masters`, named and labelled by its families' components."""
    options, lang = ctx.options, ctx.options.lang
    ctx.notes += [n for n in (cards.shrink_note(masters, lang), cards.overflow_note(masters, lang)) if n]
    pages, back_pages, notes = cards.sheet_pages(game, masters, options)
    ctx.notes += [f"{stem}: {n}" for n in notes]
    parts = ", ".join(dict.fromkeys(game.ui(f.component, lang) for f in masters.families))
    info = pdf.DocInfo(f"{game.title.get(lang)}: {parts}", duplex=options.duplex)
    backs = (pdf.render(back_pages, info), len(back_pages)) if back_pages else None
    return ctx.write_sheets(f"{game.id}-{lang}-{stem}", "cards", (pdf.render(pages, info), len(pages)), backs)


@register
class TravelCardsRenderer(Renderer):
    name = "travel-cards"
    ui = ui_keys.TRAVEL_CARDS
    shares = "cards"
    kinds = ("cards",)
    cost = 1.5

    def masters(self, game: Game, ctx: RenderContext) -> cards.Masters:
        """The travel deck's faces (the print-shop, TTS and preview exports take them with the other decks')."""
        return family_masters(game, ctx, FAMILY)

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        return sheets_pdf(game, ctx, ctx.masters(game, self.name), "travel-cards")


@register
class TravelPrintsRenderer(Renderer):
    """The travel deck's two other prints: its outlines to colour in by hand, and blank templates
    of each type for the players' own cards. Apart from the deck, so the three are drawn side by side."""

    name = "travel-prints"
    ui = ui_keys.TRAVEL_PRINTS
    kinds = ("cards",)
    cost = 1.0

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        lang, ink_saver = ctx.options.lang, ctx.options.ink_saver
        travel = tuple(f for f in game.card_families if f.id == FAMILY)
        colour_in = cards.build_masters(game, lang, ink_saver, colour_in=True, families=tuple(map(colour_in_family, travel)))
        blanks = cards.build_masters(game, lang, ink_saver, families=tuple(map(blank_family, travel)))
        return (sheets_pdf(game, ctx, colour_in, "travel-cards-colour-in")
                + sheets_pdf(game, ctx, blanks, "travel-templates"))
