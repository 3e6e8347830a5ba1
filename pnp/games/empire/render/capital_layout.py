"""Where everything sits on the capital sheet: boxes in mm on a landscape page, from the paper's size.

Decided (the seed says only «лист А4 … в протектор»):
- Landscape: four plot columns with the resource stores beside them fit the long side, and the
  strategic-effects panel runs under both, as the seed places it («под планом столиц»).
- Nothing is printed within SEAM (10 mm) of any edge: a sleeve («папка-уголок») is welded along
  two edges with a seam about 5-8 mm wide, and which two depends on how the sheet goes in, so all
  four edges stay clear; 10 mm also keeps off every home printer's unprintable margin (6.35 mm).
- Letter re-flows rather than scales: the same frame from the page's own size, the columns a
  little narrower and the rows a little taller, so every write-in box keeps its height in mm.
- Write-in boxes are at least WRITE_MIN (8 mm) high: a dry-erase marker's line is 2-3 mm wide.
- The strategic-effects panel grows with its rows: a courage track a hero the hand can hold and a
  machine a level of the forge (`effect_rows`, the larger), each a row of WRITE_MIN, under a line of
  column names; the plots give up what it takes.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.core.geometry import Box, paper

SEAM = 10.0  # clear margin on every edge, mm
WRITE_MIN = 8.0  # the lowest write-in or tick box
TICK = 8.0  # a tick box's side
GAP = 3.0  # between plots
HEADER_H = 13.0
INCOME_H = 11.0  # the income track's row, and the fortifications' row under it
VERTICAL_H = 10.0  # the «vertical completed» row under the columns
EFFECTS_H = 31.0  # the strategic-effects panel with no rows of its own (its boxes as tall as three rows)
EFFECT_LABEL_H = 3.6  # a column's name over its rows
SIDE_W = 62.0  # the resource stores and the victory points, right of the plots
SIDE_GAP = 5.0
HEADING_H = 7.0  # a panel's heading above its boxes
STORES_NOTE_H = 10.5  # under the stores: what to write in them and the resources' discount, three lines of 7 pt
ROW_H, ROW_GAP = 9.5, 2.0  # a store's or a week's write-in row


@dataclass(frozen=True)
class SheetLayout:
    width: float
    height: float
    frame: Box  # everything printed lies inside
    header: Box
    income: Box
    fortifications: Box  # under the income track, step under step: the capital's siege strength
    plots: Box  # the plot grid
    verticals: Box  # the row under the columns
    stores: Box
    points: Box
    effects: Box  # under the plots
    treasury: Box  # beside the effects, under the points: «проигравший теряет всю свою казну»

    def cell(self, at: tuple[int, int], columns: int, rows: int) -> Box:
        """The box of the plot at (row, column)."""
        row, col = at
        w = (self.plots.w - GAP * (columns - 1)) / columns
        h = (self.plots.h - GAP * (rows - 1)) / rows
        return Box(self.plots.x + col * (w + GAP), self.plots.y + row * (h + GAP), w, h)

    def column(self, col: int, columns: int) -> Box:
        """Column `col`'s share of the «vertical completed» row."""
        w = (self.verticals.w - GAP * (columns - 1)) / columns
        return Box(self.verticals.x + col * (w + GAP), self.verticals.y, w, self.verticals.h)


def rows_in(box: Box, count: int, columns: int = 1) -> list[Box]:
    """`count` write-in rows of ROW_H under a panel's heading, filled row by row over `columns`."""
    w = (box.w - ROW_GAP * (columns - 1)) / columns
    return [Box(box.x + (k % columns) * (w + ROW_GAP), box.y + HEADING_H + (k // columns) * (ROW_H + ROW_GAP), w, ROW_H)
            for k in range(count)]


def panel_height(count: int, columns: int = 1) -> float:
    rows = -(-count // columns)
    return HEADING_H + rows * ROW_H + (rows - 1) * ROW_GAP


def page_frame(paper_name: str, landscape: bool) -> tuple[float, float, Box]:
    """A page of `paper_name` turned as asked (width, height) and its frame, SEAM inside every edge: the
    boards and the worksheet go into the sleeve too."""
    p = paper(paper_name)
    long, short = max(p.width, p.height), min(p.width, p.height)
    width, height = (long, short) if landscape else (short, long)
    return width, height, Box(SEAM, SEAM, width - 2 * SEAM, height - 2 * SEAM)


def effects_height(rows: int) -> float:
    """The strategic-effects panel's height: its heading, the columns' names and `rows` rows of WRITE_MIN."""
    return max(EFFECTS_H, HEADING_H + EFFECT_LABEL_H + rows * WRITE_MIN)


def sheet_layout(paper_name: str, stores: int, point_rows: int, effect_rows: int = 0) -> SheetLayout:
    """The frame of a landscape sheet of `paper_name` with `stores` resource rows, `point_rows`
    victory-point boxes (in two columns) and `effect_rows` rows in the strategic-effects panel."""
    width, height, frame = page_frame(paper_name, landscape=True)
    body_top = frame.y + HEADER_H
    main_w = frame.w - SIDE_W - SIDE_GAP
    effects_h = effects_height(effect_rows)
    effects = Box(frame.x, frame.bottom - effects_h, main_w, effects_h)
    verticals = Box(frame.x, effects.y - 4.0 - VERTICAL_H, main_w, VERTICAL_H)
    plots_top = body_top + 2 * INCOME_H + 3.0
    side_x = frame.x + main_w + SIDE_GAP
    stores_box = Box(side_x, body_top, SIDE_W, panel_height(stores) + STORES_NOTE_H)
    points_top = stores_box.bottom + 5.0
    return SheetLayout(
        width, height, frame, Box(frame.x, frame.y, frame.w, HEADER_H), Box(frame.x, body_top, main_w, INCOME_H),
        Box(frame.x, body_top + INCOME_H, main_w, INCOME_H),
        Box(frame.x, plots_top, main_w, verticals.y - 2.0 - plots_top), verticals, stores_box,
        Box(side_x, points_top, SIDE_W, panel_height(point_rows, 2)), effects,
        Box(side_x, effects.y, SIDE_W, effects_h))
