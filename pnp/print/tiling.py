"""Large parts (board, mats) cut into overlapping A4/Letter tiles, plus an assembly map.

A part is one SVG drawing in millimetres. Each tile shows a window of it; neighbouring
windows overlap by `OVERLAP` mm, printed on both sheets. The seam runs through the middle
of the overlap: the left (or upper) sheet is cut along it and laid over the right (or
lower) sheet, whose half of the overlap is the glue strip. Registration marks sit on the
seam, so after cutting, the half-marks on the upper sheet must meet the other halves on
the lower sheet; then every line of the drawing continues across the join.

Every tile draws the same part SVG, only translated and clipped, so all tiles share
exactly the same geometry. Nothing is printed within NO_PRINT_MARGIN of the
paper edge: windows, cut lines, labels and the scale bar all stay in the printable area.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from pnp.typeset import fonts
from pnp.print import pdf
from pnp.print.geometry import Box, Paper, fmt, paper as get_paper
from pnp.print.sheetmarks import (GAP, SCALE_BAR_LENGTH, scale_bar_beside, scale_bar_blocks, scale_bar_svg, svg_page,
                                   text_svg)

OVERLAP = 20.0  # mm printed on both neighbours; half of it is the glue strip
BAND = 10.0  # below each window: tile label and scale bar
MARK_SPACING = 70.0  # registration marks along a seam, about this far apart
MARK_R = 2.6  # registration circle radius
MARK_ARM = 5.0  # crosshair arm, from the centre
MARK_INK = "#000000"  # nothing else on a tile is pure black: tests find marks by it
CUT_INK = "#1a1a1a"
LABEL_INK = "#6a6a6a"  # glue and cut words: lighter than the drawing's outlines
GLUE_FILL = "#9a9a9a"


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


# --- registration marks -----------------------------------------------------------------


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


def _mark(x: float, y: float) -> str:
    d = (f"M{fmt(x - MARK_ARM)} {fmt(y)}H{fmt(x + MARK_ARM)}M{fmt(x)} {fmt(y - MARK_ARM)}V{fmt(y + MARK_ARM)}")
    return (f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(MARK_R)}" fill="#ffffff" fill-opacity="0.85" '
            f'stroke="#ffffff" stroke-width="0.9"/>'
            f'<path d="{d}" stroke="#ffffff" stroke-width="0.9"/>'
            f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(MARK_R)}" fill="none" stroke="{MARK_INK}" '
            f'stroke-width="0.25"/><path d="{d}" stroke="{MARK_INK}" stroke-width="0.25"/>\n')


# --- one tile ---------------------------------------------------------------------------


def _strip(tile: Tile, side: str, depth: float) -> Box:
    """The band of the window `depth` mm deep along one side, in sheet coordinates."""
    p = tile.page
    return {"left": Box(p.x, p.y, depth, p.h), "right": Box(p.right - depth, p.y, depth, p.h),
            "top": Box(p.x, p.y, p.w, depth), "bottom": Box(p.x, p.bottom - depth, p.w, depth)}[side]


def _glue(box: Box, word: str, vertical: bool) -> str:
    out = (f'<rect x="{fmt(box.x)}" y="{fmt(box.y)}" width="{fmt(box.w)}" height="{fmt(box.h)}" '
           f'fill="{GLUE_FILL}" fill-opacity="0.35"/>\n')
    length = box.h if vertical else box.w
    for k in range(max(1, int(length // 60))):
        t = length * (k + 0.5) / max(1, int(length // 60))
        if vertical:
            x, y = box.cx + 1.2, box.y + t
            out += f'<g transform="translate({fmt(x)} {fmt(y)}) rotate(-90)">'
            out += text_svg(0, 0, word, "sans-bold", 8, anchor="middle", fill=LABEL_INK) + "</g>\n"
        else:
            out += text_svg(box.x + t, box.cy + 1.2, word, "sans-bold", 8, anchor="middle", fill=LABEL_INK)
    return out


def _cut(x1: float, y1: float, x2: float, y2: float) -> str:
    return (f'<path d="M{fmt(x1)} {fmt(y1)}L{fmt(x2)} {fmt(y2)}" stroke="{CUT_INK}" stroke-width="0.3" '
            f'stroke-dasharray="3 1.5"/>\n')


def _seams(plan: TilePlan, tile: Tile, text: TileText) -> str:
    """Glue strips where this tile lies under a neighbour, cut lines where it lies over one."""
    half, out = plan.overlap / 2, ""
    area, p = plan.paper.printable.inset(0.3), tile.page  # a stroke's half-width stays inside
    if tile.col > 0:
        out += _glue(_strip(tile, "left", half), text.glue, True)
    if tile.row > 0:
        out += _glue(_strip(tile, "top", half), text.glue, False)
    if tile.col < plan.cols - 1:
        x = p.right - half
        out += _cut(x, area.y, x, area.bottom)
        out += _cut_label(x + 1.5, p.y + 12, text.cut, vertical=True)
    if tile.row < plan.rows - 1:
        y = p.bottom - half
        out += _cut(area.x, y, area.right, y)
        out += _cut_label(p.x + 12, y + 4, text.cut, vertical=False)
    return out


def _cut_label(x: float, y: float, word: str, vertical: bool) -> str:
    if not vertical:
        return text_svg(x, y, word, "sans", 7, fill=LABEL_INK)
    return (f'<g transform="translate({fmt(x)} {fmt(y)}) rotate(90)">'
            + text_svg(0, 0, word, "sans", 7, fill=LABEL_INK) + "</g>\n")


def tile_label(text: TileText, tile: Tile, plan: TilePlan) -> str:
    return text.label.format(part=text.part, row=tile.row + 1, col=tile.col + 1,
                             page=tile.row * plan.cols + tile.col + 2, pages=len(plan.tiles) + 1)


def _band(plan: TilePlan, tile: Tile, text: TileText) -> str:
    """Label at the left, scale bar with its caption at the right, under the window.

    The band spans the printable width of the sheet (it lies outside the window), and
    the label shrinks if a narrow sheet would make it run into the caption.
    """
    area, p = plan.paper.printable, tile.page
    y = min(p.bottom + 6.0, area.bottom - 1.5)
    # the bar stays clear of this sheet's vertical cut line (and of the edge by its stroke)
    right = area.right - 0.2 if tile.col == plan.cols - 1 else p.right - plan.overlap / 2 - 3.0
    bar_x = right - SCALE_BAR_LENGTH
    caption_w = fonts.text_width_mm(text.scale_caption, "sans", 6)
    room = bar_x - 2 - caption_w - 3 - area.x
    label = tile_label(text, tile, plan)
    size = 8.0
    while size > 5.5 and fonts.text_width_mm(label, "sans-bold", size) > room:
        size -= 0.25
    out = text_svg(area.x, y, label, "sans-bold", size)
    out += scale_bar_svg(bar_x, y - 1.6)
    out += text_svg(bar_x - 2, y, text.scale_caption, "sans", 6, anchor="end")
    return out


def tile_page(plan: TilePlan, tile: Tile, part: Part, text: TileText,
              marks: Sequence[tuple[float, float]]) -> pdf.Page:
    """One sheet: the part's window (clipped, translated), seams, marks and the label band.

    The part is drawn into the sheet itself rather than placed as a shared form: cairo
    1.16 builds a recording-surface form from its first (clipped) use and reuses that
    truncated form everywhere else, which would blank most of every later tile.
    """
    dx, dy = tile.offset
    p = tile.page
    inside = [(x + dx, y + dy) for x, y in marks if tile.window.outset(0.01).contains(Box(x, y, 0, 0))]
    window = (f'<clipPath id="tile-window"><rect x="{fmt(p.x)}" y="{fmt(p.y)}" width="{fmt(p.w)}" '
              f'height="{fmt(p.h)}"/></clipPath>\n<g clip-path="url(#tile-window)">'
              f'<g transform="translate({fmt(dx)} {fmt(dy)})">\n{part.body}</g></g>\n')
    overlay = (part.defs + window + _seams(plan, tile, text) + "".join(_mark(x, y) for x, y in inside)
               + _band(plan, tile, text))
    sheet = plan.paper
    return pdf.Page.of_svg(svg_page(sheet.width, sheet.height, overlay), sheet.width, sheet.height)


# --- everything -------------------------------------------------------------------------


def large_page(part: Part, caption: str | None = None, paper: Paper | str = "a3") -> pdf.Page:
    """The whole part on one `paper` sheet (portrait or landscape, whichever holds it inside
    the printable area), or on a page of the part's own size plus the margin.

    With a `caption` the page carries the 50 mm scale bar in the margin: the part stays
    centred when the margin holds the bar, else it moves up (or down) to make room for it.
    """
    base = get_paper(paper)
    for sheet in (oriented(base, part.width > part.height), oriented(base, part.width <= part.height)):
        page = _on_sheet(part, sheet, caption)
        if page is not None:
            return page
    margin = base.printable.x + 1.0
    band = max(b.depth for b in scale_bar_blocks(caption)) + 2 * GAP if caption is not None else 0.0
    sheet = Paper("part", part.width + 2 * margin, part.height + 2 * margin + band)
    return _on_sheet(part, sheet, caption, centred=False)


def _on_sheet(part: Part, sheet: Paper, caption: str | None, centred: bool = True) -> pdf.Page | None:
    area = sheet.printable
    if part.width > area.w + 1e-9 or part.height > area.h + 1e-9:
        return None
    x = (sheet.width - part.width) / 2
    places = ([(sheet.height - part.height) / 2] if centred else []) + [area.y, area.bottom - part.height]
    for y in places:
        drawing = Box(x, y, part.width, part.height)
        bar = "" if caption is None else scale_bar_beside(drawing, area, caption)
        if bar is not None:
            body = f'<g transform="translate({fmt(x)} {fmt(y)})">\n{part.body}</g>\n{bar}'
            return pdf.Page.of_svg(svg_page(sheet.width, sheet.height, part.defs + body), sheet.width, sheet.height)
    return None


def tiled_pages(part: Part, paper: Paper | str, text: TileText, ink_saver: bool = False
                ) -> tuple[list[pdf.Page], TilePlan]:
    """The assembly map followed by one page per tile (row by row)."""
    from pnp.print.tile_map import map_page  # the map draws on this module's plan

    plan = plan_tiles(part.width, part.height, paper)
    marks = mark_positions(plan)
    pages = [map_page(plan, part, text, ink_saver)]
    pages += [tile_page(plan, tile, part, text, marks) for tile in plan.tiles]
    return pages, plan
