"""How a large part is cut into overlapping sheets: the plan (tiles, windows, seams, marks).

Only geometry, no drawing: the tile sheets (`tiling`) and the assembly map (`tile_map`)
both draw from this plan, so neither needs the other.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.core.geometry import Box, Paper, paper as get_paper
from pnp.print.sheetmarks import svg_page

OVERLAP = 20.0  # mm printed on both neighbours; half of it is the glue strip
BAND = 10.0  # below each window: tile label and scale bar
MARK_SPACING = 70.0  # registration marks along a seam, about this far apart
MARK_ARM = 5.0  # crosshair arm, from the centre


@dataclass(frozen=True)
class Part:
    """A drawing `width` x `height` mm; `body` is SVG in part millimetres (origin top-left)."""

    width: float
    height: float
    body: str
    defs: str = ""

    def svg(self) -> str:
        return svg_page(self.width, self.height, self.defs + self.body)


@dataclass(frozen=True)
class TileText:
    """Player-facing strings. `label` may use {part}, {row}, {col}, {page}, {pages}."""

    part: str
    label: str
    glue: str
    cut: str
    map_title: str
    map_steps: tuple[str, ...]
    scale_caption: str


def tile_text(game, lang: str, part: str) -> TileText:
    """The tiling strings of a game (anything with `ui(key, lang, **fields)`) for a part
    called `part` (already in the build language)."""
    steps = tuple(game.ui(f"tile_step_{k}", lang) for k in range(1, 5))
    return TileText(part, game.ui("tile_label", lang), game.ui("tile_glue", lang), game.ui("tile_cut", lang),
                    game.ui("tile_map_title", lang, part=part), steps, game.ui("print_scale", lang))


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    window: Box  # part coordinates
    page: Box  # the same window on the sheet

    @property
    def offset(self) -> tuple[float, float]:
        """Add to a part point to get the sheet point."""
        return self.page.x - self.window.x, self.page.y - self.window.y


@dataclass(frozen=True)
class TilePlan:
    paper: Paper  # oriented as printed
    rows: int
    cols: int
    tiles: tuple[Tile, ...]
    overlap: float
    seams_x: tuple[float, ...]  # part x of each vertical seam (cut line), left to right
    seams_y: tuple[float, ...]

    def tile(self, row: int, col: int) -> Tile:
        return self.tiles[row * self.cols + col]


def oriented(p: Paper, landscape: bool) -> Paper:
    if not landscape:
        return p
    return Paper(f"{p.name}-landscape", p.height, p.width)


def _count(length: float, room: float, overlap: float) -> int:
    if length <= room + 1e-9:
        return 1
    if room <= overlap:
        raise ValueError(f"a tile window of {room:.1f} mm cannot hold a {overlap:g} mm overlap")
    return math.ceil((length - overlap) / (room - overlap) - 1e-9)


def _windows(length: float, n: int, overlap: float) -> list[tuple[float, float]]:
    """(start, size) of n equal windows covering `length` with `overlap` between them."""
    size = length if n == 1 else (length + (n - 1) * overlap) / n
    return [(k * (size - overlap), size) for k in range(n)]


def plan_tiles(width: float, height: float, paper: Paper | str, overlap: float = OVERLAP,
               band: float = BAND) -> TilePlan:
    """The fewest tiles (portrait or landscape sheets) that cover a `width` x `height` part."""
    base = get_paper(paper)
    best = None
    for landscape in (False, True):
        sheet = oriented(base, landscape)
        area = sheet.printable
        cols = _count(width, area.w, overlap)
        rows = _count(height, area.h - band, overlap)
        if best is None or rows * cols < best[0]:
            best = (rows * cols, sheet, rows, cols)
    _, sheet, rows, cols = best
    area = sheet.printable
    xs, ys = _windows(width, cols, overlap), _windows(height, rows, overlap)
    w, h = xs[0][1], ys[0][1]
    left = area.x + (area.w - w) / 2
    top = area.y + (area.h - band - h) / 2
    tiles = tuple(Tile(r, c, Box(x, y, w, h), Box(left, top, w, h))
                  for r, (y, _) in enumerate(ys) for c, (x, _) in enumerate(xs))
    seams_x = tuple(xs[c + 1][0] + overlap / 2 for c in range(cols - 1))
    seams_y = tuple(ys[r + 1][0] + overlap / 2 for r in range(rows - 1))
    return TilePlan(sheet, rows, cols, tiles, overlap, seams_x, seams_y)


def mark_positions(plan: TilePlan) -> list[tuple[float, float]]:
    """Part coordinates of every registration mark: along each seam, clear of crossings."""
    marks = []
    for c, x in enumerate(plan.seams_x):
        for r in range(plan.rows):
            win = plan.tile(r, c).window
            marks += [(x, y) for y in _along(win.y, win.bottom, plan.overlap)]
    for r, y in enumerate(plan.seams_y):
        for c in range(plan.cols):
            win = plan.tile(r, c).window
            marks += [(x, y) for x in _along(win.x, win.right, plan.overlap)]
    return marks


def _along(start: float, end: float, overlap: float) -> list[float]:
    lo, hi = start + overlap + MARK_ARM, end - overlap - MARK_ARM
    n = max(2, round((hi - lo) / MARK_SPACING) + 1)
    return [lo + (hi - lo) * k / (n - 1) for k in range(n)]
