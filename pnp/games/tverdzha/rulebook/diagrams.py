"""The board diagram, drawn from the board data: cells at their grid positions, links
between neighbours, both castles with their entrances and starting units, the fixed
centre lands and the cell names that the tile setup refers to.

Rows and columns are placed in the order the printed board places them (board_layout:
player A's castle at the bottom edge), so the diagram shows the lens the way the
players see it on the table; it is a map, not to scale.
"""

from __future__ import annotations

from reportlab.platypus import Flowable, Table, TableStyle

from pnp.games.tverdzha.render.board_layout import places
from pnp.core.geometry import Box, mm_to_pt
from pnp.rulebook.book import Book
from pnp.games.tverdzha.rulebook.book_facts import halves

CELL = 13.0  # mm
GAP = 2.6  # mm between cells: neighbour links are drawn across it
PAD = 1.0  # mm around the drawing


class BoardDiagram(Flowable):
    def __init__(self, book: Book, cell: float = CELL):
        super().__init__()
        self.book = book
        self.size = cell
        board = book.game.board
        self.col_at, self.row_at = _printed_order(book.game)
        cols, rows = len(self.col_at), len(self.row_at)
        self.halves = halves(board)
        self.entrance_of = {e: c.player for c in board.castles for e in c.entrances}
        self.w_mm = 2 * PAD + cols * cell + (cols - 1) * GAP
        self.h_mm = 2 * PAD + rows * cell + (rows - 1) * GAP

    def wrap(self, available_width, available_height):
        return mm_to_pt(self.w_mm), mm_to_pt(self.h_mm)

    # --- geometry ------------------------------------------------------------------
    def spot(self, col: int, row: int, span: int = 1) -> Box:
        """The box of content position (col, row), `span` columns wide from there."""
        step = self.size + GAP
        return Box(PAD + self.col_at[col] * step, PAD + self.row_at[row] * step,
                   span * self.size + (span - 1) * GAP, self.size)

    def castle_spot(self, castle) -> Box:
        cols = [self.book.game.board.cell(e).pos[0] for e in castle.entrances] or [castle.pos[0]]
        left = min(cols, key=self.col_at.get)
        return self.spot(left, castle.pos[1], abs(self.col_at[max(cols)] - self.col_at[min(cols)]) + 1)

    # --- drawing (canvas in points, y upwards; helpers take mm, y downwards) ----------
    def _rect(self, s: Box, fill, stroke, width: float, radius: float = 1.4) -> None:
        c = self.canv
        c.setFillColor(fill)
        c.setStrokeColor(stroke)
        c.setLineWidth(width)
        c.roundRect(mm_to_pt(s.x), mm_to_pt(self.h_mm - s.y - s.h), mm_to_pt(s.w), mm_to_pt(s.h),
                    mm_to_pt(radius), stroke=1, fill=1)

    def _text(self, text: str, x: float, y: float, size: float, font: str = "sans-bold", colour=None,
              align: str = "centre") -> None:
        c = self.canv
        c.setFont(font, size)
        c.setFillColor(colour or self.book.colour("ink"))
        draw = {"centre": c.drawCentredString, "left": c.drawString, "right": c.drawRightString}[align]
        draw(mm_to_pt(x), mm_to_pt(self.h_mm - y), text)

    def _icon(self, name: str, cx: float, cy: float, size: float) -> None:
        self.canv.draw_icon(name, mm_to_pt(cx - size / 2), mm_to_pt(self.h_mm - cy - size / 2), mm_to_pt(size))

    def _link(self, a: Box, b: Box) -> None:
        c = self.canv
        c.setStrokeColor(self.book.colour("muted"))
        c.setLineWidth(2.2)
        c.setLineCap(1)
        c.line(mm_to_pt(a.cx), mm_to_pt(self.h_mm - a.cy), mm_to_pt(b.cx), mm_to_pt(self.h_mm - b.cy))

    def draw(self) -> None:
        board = self.book.game.board
        spots = {c.id: self.spot(*c.pos) for c in board.cells}
        for cell in board.cells:  # links first: the cells cover all but the part in the gap
            for other in cell.neighbors:
                if other in spots and cell.id < other:
                    self._link(spots[cell.id], spots[other])
        for castle in board.castles:
            home = self.castle_spot(castle)
            for entrance in castle.entrances:
                s = spots[entrance]
                self._link(Box(s.x, home.y, s.w, home.h), s)
        for cell in board.cells:
            self._cell(cell, spots[cell.id])
        for castle in board.castles:
            self._castle(castle)

    def _cell(self, cell, s: Box) -> None:
        book = self.book
        if cell.land:
            land = book.facts.land(cell.land)
            self._rect(s, book.tint(land.icon if land.icon in ("citadel", "mine") else "panel", 0.45),
                       book.colour("ink"), 0.8)
            self._icon(land.icon, s.cx, s.cy - 1.2, self.size * 0.52)
            self._text(land.name.get(book.lang), s.cx, s.y + s.h - 1.5, 5.6, "narrow-bold")
            return
        half = self.halves.get(cell.id)
        fill = book.tint(f"player-{half.lower()}", 0.16) if half else book.colour("paper")
        player = self.entrance_of.get(cell.id)
        stroke = book.colour(f"player-{player.lower()}") if player else book.colour("ink")
        self._rect(s, fill, stroke, 1.8 if player else 0.8)
        self._text(cell.id.upper(), s.cx, s.cy + 1.3, 9.5)
        if player:
            self._icon("entrance", s.x + s.w - 2.6, s.y + 2.6, 3.6)

    def _castle(self, castle) -> None:
        book = self.book
        s = self.castle_spot(castle)
        colour = book.colour(f"player-{castle.player.lower()}")
        self._rect(s, book.tint(f"player-{castle.player.lower()}", 0.35), colour, 1.8, 2.5)
        self._icon("castle", s.x + 6.5, s.cy, 9.0)
        self._text(f"{book.facts.ui('castle')} {castle.player}", s.x + 12.5, s.cy - 0.4, 9.5, align="left")
        units = [strength for where, strength in book.game.setup.units if where == "castle"]
        for i, strength in enumerate(units):
            self._unit(s.x + s.w - 5.5 - i * 6.5, s.cy, strength, colour)

    def _unit(self, cx: float, cy: float, strength: int, colour) -> None:
        """A starting unit token: a square in the player's colour showing its strength."""
        size = 5.4
        self._rect(Box(cx - size / 2, cy - size / 2, size, size), colour, self.book.colour("ink"), 0.6, 0.8)
        self._text(str(strength), cx, cy + 1.3, 8.5, colour=self.book.colour("paper"))


def _printed_order(game) -> tuple[dict[int, int], dict[int, int]]:
    """Content column -> diagram column and content row -> diagram row, ordered as the
    printed board places them (left to right, top to bottom of the page)."""
    cells, castles = places(game)  # where the printed board puts them (its costly rest not needed)
    board = game.board
    xs: dict[int, float] = {}
    ys: dict[int, float] = {}
    for cell in board.cells:
        box = cells[cell.id]
        xs[cell.pos[0]], ys[cell.pos[1]] = box.cx, box.cy
    for castle in board.castles:
        box = castles[castle.player]
        xs.setdefault(castle.pos[0], box.cx)
        ys[castle.pos[1]] = box.cy
    return ({c: i for i, c in enumerate(sorted(xs, key=xs.get))},
            {r: i for i, r in enumerate(sorted(ys, key=ys.get))})


def board_figure(book: Book) -> list[Flowable]:
    """The diagram with its legend beside it."""
    diagram = BoardDiagram(book)
    lab = book.labels
    legend = [book.cell(lab(key), "table") for key in
              ("board.legend.castle", "board.legend.entrances", "board.legend.halves",
               "board.legend.centre", "board.legend.links")]
    diagram_w = mm_to_pt(diagram.w_mm) + 12
    table = Table([[diagram, legend]], colWidths=[diagram_w, book.width_pt - diagram_w])
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), "sans", 8.8),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
    ]))
    table.spaceBefore, table.spaceAfter = 6, 4
    return [table, book.cell(lab("board.caption"), "caption")]
