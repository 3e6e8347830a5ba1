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

from typing import Sequence

from pnp.art import svg
from pnp.typeset import fonts
from pnp.print import pdf
from pnp.core.geometry import Box, Paper, fmt, paper as get_paper
from pnp.print.sheetmarks import (GAP, SCALE_BAR_LENGTH, scale_bar_beside, scale_bar_blocks, scale_bar_svg, svg_page,
                                   text_svg)
from pnp.print.tile_map import map_page
from pnp.print.tile_plan import MARK_ARM, Part, Tile, TilePlan, TileText, mark_positions, oriented, plan_tiles

MARK_R = 2.6  # registration circle radius
MARK_INK = "#000000"  # nothing else on a tile is pure black: tests find marks by it
CUT_INK = "#1a1a1a"
LABEL_INK = "#6a6a6a"  # glue and cut words: lighter than the drawing's outlines
GLUE_FILL = "#9a9a9a"


# --- registration marks -----------------------------------------------------------------


def _mark(x: float, y: float) -> str:
    d = (f"M{fmt(x - MARK_ARM)} {fmt(y)}H{fmt(x + MARK_ARM)}M{fmt(x)} {fmt(y - MARK_ARM)}V{fmt(y + MARK_ARM)}")
    return (svg.circle(x, y, MARK_R, fill="#ffffff", fill_opacity=0.85, stroke="#ffffff", stroke_width=0.9)
            + svg.path(d, stroke="#ffffff", stroke_width=0.9)
            + svg.circle(x, y, MARK_R, fill="none", stroke=MARK_INK, stroke_width=0.25)
            + svg.path(d, stroke=MARK_INK, stroke_width=0.25))


# --- one tile ---------------------------------------------------------------------------


def _strip(tile: Tile, side: str, depth: float) -> Box:
    """The band of the window `depth` mm deep along one side, in sheet coordinates."""
    p = tile.page
    return {"left": Box(p.x, p.y, depth, p.h), "right": Box(p.right - depth, p.y, depth, p.h),
            "top": Box(p.x, p.y, p.w, depth), "bottom": Box(p.x, p.bottom - depth, p.w, depth)}[side]


def _glue(box: Box, word: str, vertical: bool) -> str:
    out = svg.rect(box.x, box.y, box.w, box.h, fill=GLUE_FILL, fill_opacity=0.35)
    length = box.h if vertical else box.w
    for k in range(max(1, int(length // 60))):
        t = length * (k + 0.5) / max(1, int(length // 60))
        if vertical:
            x, y = box.cx + 1.2, box.y + t
            out += svg.wrap(text_svg(0, 0, word, "sans-bold", 8, anchor="middle", fill=LABEL_INK),
                            transform=f"{svg.translate(x, y)} {svg.rotate(-90)}")
        else:
            out += text_svg(box.x + t, box.cy + 1.2, word, "sans-bold", 8, anchor="middle", fill=LABEL_INK)
    return out


def _cut(x1: float, y1: float, x2: float, y2: float) -> str:
    return svg.path(f"M{fmt(x1)} {fmt(y1)}L{fmt(x2)} {fmt(y2)}", stroke=CUT_INK, stroke_width=0.3,
                    stroke_dasharray="3 1.5")


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
    return svg.wrap(text_svg(0, 0, word, "sans", 7, fill=LABEL_INK),
                    transform=f"{svg.translate(x, y)} {svg.rotate(90)}")


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
    window = (svg.wrap(svg.rect(p.x, p.y, p.w, p.h), "clipPath", id="tile-window")
              + svg.wrap(svg.wrap(part.body, transform=svg.translate(dx, dy)), clip_path="url(#tile-window)"))
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
            body = svg.wrap(part.body, transform=svg.translate(x, y)) + bar
            return pdf.Page.of_svg(svg_page(sheet.width, sheet.height, part.defs + body), sheet.width, sheet.height)
    return None


def tiled_pages(part: Part, paper: Paper | str, text: TileText, ink_saver: bool = False
                ) -> tuple[list[pdf.Page], TilePlan]:
    """The assembly map followed by one page per tile (row by row)."""
    plan = plan_tiles(part.width, part.height, paper)
    marks = mark_positions(plan)
    pages = [map_page(plan, part, text, ink_saver)]
    pages += [tile_page(plan, tile, part, text, marks) for tile in plan.tiles]
    return pages, plan
