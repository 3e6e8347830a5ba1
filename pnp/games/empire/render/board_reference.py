"""The `boards` renderer: the reference boards of «Строительство империи», one landscape page each of
A4 (or Letter, re-flowed from the page's own size): the battle types, the war machines and the
week track. They lie on the table beside the capital sheets and, in a sleeve, take the marker
(the forge's machine choice, the days, the week's effects), so they keep the capital sheet's
clear margin (capital_layout.SEAM) and write-in sizes. The magic schools' boards are their own
renderer (render/magic_board.py).

A player aid in the manifest (`aids`): tables the players consult, not a part of the board.
"""

from __future__ import annotations

from pnp.art.draw import Pen
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.games.empire.model import Game
from pnp.games.empire.render import board_battles, board_machines, board_weeks
from pnp.games.empire.render.capital_layout import page_frame
from pnp.art import svg
from pnp.print import pdf

#: the boards in print order
BOARDS = (board_battles, board_machines, board_weeks)


@register
class BoardsRenderer(Renderer):
    name = "boards"
    kinds = ("aids",)
    cost = 0.2

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        opts = ctx.options
        width, height, _ = page_frame(opts.paper, landscape=True)
        pages, notes = [], []
        for board in BOARDS:
            pen = Pen(opts.ink_saver)
            markup = board.page(game, opts.lang, opts.paper, pen)
            pages.append(pdf.Page.of_svg(svg.document(width, height, markup), width, height))
            notes += pen.notes
        ctx.notes.extend(f"boards: {n}" for n in notes)
        name = f"{game.id}-{opts.lang}-boards.pdf"
        title = f"{game.title.get(opts.lang)}: {game.ui('boards_file', opts.lang)}"
        ctx.path(name).write_bytes(pdf.render(pages, pdf.DocInfo(title)))
        return [OutputFile(name, "aids", len(pages))]
