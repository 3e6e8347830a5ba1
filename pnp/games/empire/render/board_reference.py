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
from pnp.components.base import register
from pnp.components.sheet_set import NamedSheet, SheetSet
from pnp.games.empire import ui_keys
from pnp.games.empire.model import Game
from pnp.games.empire.render import board_battles, board_machines, board_weeks
from pnp.games.empire.render.capital_layout import page_frame
from pnp.games.empire.render.sheet_pages import SheetPages
from pnp.print.tile_plan import Part

#: the boards in print order: (its module, its id in the exports' file names, the ui key of its title)
BOARDS = ((board_battles, "battles", "types_title"), (board_machines, "machines", "machines_title"),
          (board_weeks, "weeks", "weeks_title"))


def sheets(game: Game, lang: str, paper_name: str, ink_saver: bool) -> tuple[SheetSet, list[str]]:
    """(the boards, the drawing's notes): what the page prints and the exporters take."""
    width, height, _ = page_frame(paper_name, landscape=True)
    drawn, notes = [], []
    for board, board_id, title in BOARDS:
        pen = Pen(ink_saver)
        drawn.append(NamedSheet(board_id, game.ui(title, lang), Part(width, height, board.page(game, lang, paper_name, pen))))
        notes += pen.notes
    return SheetSet(game.ui("boards_file", lang), tuple(drawn)), notes


@register
class BoardsRenderer(SheetPages):
    name = "boards"
    ui = ui_keys.BOARDS
    kinds = ("aids",)
    cost = 0.2
    draw = staticmethod(sheets)
