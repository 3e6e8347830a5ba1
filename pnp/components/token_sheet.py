"""Home sheets for small pieces (unit tokens, markers, land tiles): a compact grid.

Cards fill every sheet, so `imposition` always lays out the largest grid the paper
holds. Tokens come in groups of a few dozen, and a full 13x20 grid of 14 mm cells would
put crop marks down the whole page for four used rows; here the grid is exactly as big
as the rows given (each group starts a new row, so pieces are sorted when cut out).

Pieces of one colour butt and share their cut line. Where pieces of different colours
would meet (a player's tokens beside the other's, a forest tile beside a field), the
grid opens a gutter and each piece's art runs half of it past its own cut line: a cut
that drifts by less than that shows the piece's own colour, never a sliver of the
neighbour's. The gutter is the card bleed on both sides where the row still fits the
paper, else the largest of GUTTER_REACH that does. Cut lines, crop marks, the scale bar
and the label come from `sheetmarks`; backs lie behind their fronts after the duplex
flip (positions mirrored through the paper), as for cards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from pnp.art import svg
from pnp.print import pdf, sheetmarks
from pnp.core.geometry import NO_PRINT_MARGIN, Box, Paper, paper as get_paper
from pnp.print.imposition import MIN_MARK_LENGTH, SheetPages, SheetText, fill_label, fit_grid
from pnp.print.sheetmarks import (Block, Chrome, Outline, Slot, crop_marks, first_fit, place_chrome, put,
                                   svg_page)

#: (front master, back master, colours): masters are (trim + 2 bleed) square; `colours`
#: names the ground of front and back, equal for pieces that may butt (ink saver: all equal)
Piece = tuple[str, str, str]

#: art reach into a gutter, per side (mm), tried after the full bleed when a row is too wide
GUTTER_REACH = (2.0, 1.5, 1.0)


def arrange(groups: Sequence[Sequence[Piece]], cols: int) -> list[list[Piece]]:
    """Rows of at most `cols` pieces; every group starts on a new row."""
    rows: list[list[Piece]] = []
    for group in groups:
        rows += [list(group[k:k + cols]) for k in range(0, len(group), cols)]
    return rows


def max_cols(paper: str, trim: tuple[float, float]) -> int:
    return fit_grid(paper, trim).cols


@dataclass(frozen=True)
class Layout:
    """Where the pieces of one front page lie: column and row origins (mm), gutters open."""

    paper: Paper
    size: float
    xs: tuple[float, ...]  # left edge of each column
    ys: tuple[float, ...]  # top edge of each row
    reach: float  # art past the cut line into a gutter

    @property
    def box(self) -> Box:
        """The trim outline of all cells (a mirrored layout lists its columns or rows right to left)."""
        x0, y0 = min(self.xs), min(self.ys)
        return Box(x0, y0, max(self.xs) + self.size - x0, max(self.ys) + self.size - y0)

    def cell(self, row: int, col: int) -> Box:
        return Box(self.xs[col], self.ys[row], self.size, self.size)

    def mirrored(self, duplex: str) -> "Layout":
        """The same cells seen from the back after the flip (long/none: columns, short: rows)."""
        if duplex == "short":
            ys = tuple(self.paper.height - y - self.size for y in self.ys)
            return Layout(self.paper, self.size, self.xs, ys, self.reach)
        xs = tuple(self.paper.width - x - self.size for x in self.xs)
        return Layout(self.paper, self.size, xs, self.ys, self.reach)

    def cut_lines(self, offset: tuple[float, float]) -> tuple[tuple[float, ...], tuple[float, ...]]:
        xs = sorted({round(v + offset[0], 6) for x in self.xs for v in (x, x + self.size)})
        ys = sorted({round(v + offset[1], 6) for y in self.ys for v in (y, y + self.size)})
        return tuple(xs), tuple(ys)


def _colour(rows, r: int, c: int) -> str | None:
    return rows[r][c][2] if 0 <= r < len(rows) and 0 <= c < len(rows[r]) else None


def _differs(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and a != b


def _gutters(rows: Sequence[Sequence[Piece]], cols: int) -> tuple[list[bool], list[bool]]:
    """Which column and row boundaries separate pieces of different colours."""
    col_gaps = [any(_differs(_colour(rows, r, c), _colour(rows, r, c + 1)) for r in range(len(rows)))
                for c in range(cols - 1)]
    row_gaps = [any(_differs(_colour(rows, r, c), _colour(rows, r + 1, c)) for c in range(cols))
                for r in range(len(rows) - 1)]
    return col_gaps, row_gaps


def _positions(start: float, size: float, gaps: Sequence[bool], gutter: float) -> tuple[float, ...]:
    out, pos = [start], start
    for gap in gaps:
        pos += size + (gutter if gap else 0.0)
        out.append(pos)
    return tuple(out)


def layout(rows: Sequence[Sequence[Piece]], paper: Paper, size: float, bleed: float) -> Layout:
    """Rows centred on the paper, with gutters as wide as the paper allows (ValueError: none)."""
    cols = max(len(r) for r in rows)
    col_gaps, row_gaps = _gutters(rows, cols)
    room = paper.width - 2 * (paper.printable.x + MIN_MARK_LENGTH)
    for reach in (bleed,) + tuple(g for g in GUTTER_REACH if g < bleed):
        width = cols * size + 2 * reach * sum(col_gaps)
        if width <= room + 1e-9:
            break
    else:
        raise ValueError(f"a row of {cols} pieces of {size:g} mm does not fit on {paper.name} paper")
    height = len(rows) * size + 2 * reach * sum(row_gaps)
    xs = _positions((paper.width - width) / 2, size, col_gaps, 2 * reach)
    ys = _positions((paper.height - height) / 2, size, row_gaps, 2 * reach)
    return Layout(paper, size, xs, ys, reach)


def token_pages(rows: Sequence[Sequence[Piece]], *, trim: tuple[float, float], bleed: float,
                text: SheetText, paper: str = "a4", duplex: str = "long",
                back_offset: tuple[float, float] = (0.0, 0.0)) -> SheetPages:
    """Front and back pages for `rows` of pieces (split over sheets when they do not fit)."""
    sheet = get_paper(paper)
    size = trim[0]
    layout(rows, sheet, size, bleed)  # a row too wide for the paper fails here (height is split below)
    per_sheet = _rows_per_sheet(rows, sheet, size, bleed, text, back_offset)
    chunks = [rows[k:k + per_sheet] for k in range(0, len(rows), per_sheet)]
    fronts, backs = [], []
    for number, chunk in enumerate(chunks, start=1):
        lay = layout(chunk, sheet, size, bleed)
        back = lay.mirrored(duplex)
        front_cells = {(r, c): (lay.cell(r, c), piece[0]) for r, row in enumerate(chunk) for c, piece in enumerate(row)}
        back_cells = {(r, c): (back.cell(r, c), piece[1]) for r, row in enumerate(chunk) for c, piece in enumerate(row)}
        fronts.append(_page(lay, front_cells, bleed, (0.0, 0.0),
                            fill_label(text.front_label, number, len(chunks)), text))
        backs.append(_page(back, back_cells, bleed, back_offset,
                           fill_label(text.back_label, number, len(chunks)), text))
    return SheetPages(tuple(fronts), tuple(backs), len(chunks), ())


def _outline(lay: Layout, bleed: float, offset: tuple[float, float]) -> Outline:
    box = lay.box.moved(*offset)
    area = lay.paper.printable
    room = (box.x - area.x, box.y - area.y, area.right - box.right, area.bottom - box.bottom)
    xs, ys = lay.cut_lines(offset)
    return Outline(lay.paper, box, xs, ys, tuple(max(0.0, min(bleed, r)) for r in room))


def _rows_per_sheet(rows, paper: Paper, size: float, bleed: float, text: SheetText, back_offset) -> int:
    """The most rows a sheet takes so that every sheet's margins hold the scale bar and label,
    front and back (sheets differ in their gutters, so each is tried)."""
    for n in range(len(rows), 0, -1):
        if all(_fits(layout(rows[k:k + n], paper, size, bleed), bleed, text, back_offset)
               for k in range(0, len(rows), n)):
            return n
    raise ValueError(f"no room on {paper.name} for the scale bar and label around a row of tokens")


def _fits(lay: Layout, bleed: float, text: SheetText, back_offset, bar: bool = True) -> bool:
    if lay.box.y < lay.paper.printable.y + MIN_MARK_LENGTH:
        return False
    try:
        for offset, label in (((0.0, 0.0), text.front_label), (back_offset, text.back_label)):
            chrome(_outline(lay, bleed, offset), Chrome(fill_label(label, 9, 9), text.scale_caption), bar)
    except ValueError:
        return False
    return True


def _reach(lay: Layout, taken: set[tuple[float, float]], here: Box, side: int, bleed: float,
           outer: float) -> float:
    """How far a piece's art runs past its cut on one side (left, top, right, bottom): 0 against
    a butting piece, half the gutter into a gutter, the bleed towards an empty cell, the
    sheet's outer bleed at the grid's edge."""
    grid = lay.box
    if (here.x, here.y, here.right, here.bottom)[side] == (grid.x, grid.y, grid.right, grid.bottom)[side]:
        return outer
    dx, dy = ((-1, 0), (0, -1), (1, 0), (0, 1))[side]
    for gap, reach in ((0.0, 0.0), (2 * lay.reach, lay.reach)):
        step = lay.size + gap
        if (round(here.x + dx * step, 6), round(here.y + dy * step, 6)) in taken:
            return reach
    return bleed


def _page(lay: Layout, cells: dict[tuple[int, int], tuple[Box, str]], bleed: float,
          offset: tuple[float, float], label: str, text: SheetText) -> pdf.Page:
    placements, body = _page_parts(lay, cells, bleed, offset, label, text)
    return pdf.Page(lay.paper.width, lay.paper.height, placements, svg_page(lay.paper.width, lay.paper.height, body))


def _page_parts(lay: Layout, cells: dict[tuple[int, int], tuple[Box, str]], bleed: float,
                offset: tuple[float, float], label: str, text: SheetText,
                bar: bool = True) -> tuple[tuple[pdf.Placement, ...], str]:
    """The pieces placed on `lay.paper` and the SVG of its marks and margin text (with the
    scale bar unless `bar` is False)."""
    out = _outline(lay, bleed, offset)
    area = lay.paper.printable
    taken = {(round(cell.x, 6), round(cell.y, 6)) for cell, _ in cells.values()}
    placements = []
    for _, (cell, svg) in sorted(cells.items()):
        trim = cell.moved(*offset)
        reach = [_reach(lay, taken, cell, side, bleed, out.bleed[side]) for side in range(4)]
        clip = trim.outset(*reach).intersect(area)
        if clip is not None:
            placements.append(pdf.Placement(svg, trim.x - bleed, trim.y - bleed, clip))
    return tuple(placements), chrome(out, Chrome(label, text.scale_caption), bar)


# --- several kinds of piece on one sheet --------------------------------------------------

#: the line across the sheet between stacked blocks: cut there first
FIRST_CUT_DASH = "3 2"
FIRST_CUT_WIDTH = 0.25


@dataclass(frozen=True)
class Block:
    """One kind of piece for `stacked_pages`: its rows, its trim size and its sheet text."""

    rows: Sequence[Sequence[Piece]]
    size: float
    text: SheetText


def stacked_pages(blocks: Sequence[Block], *, bleed: float, paper: str = "a4", duplex: str = "long",
                  back_offset: tuple[float, float] = (0.0, 0.0)) -> SheetPages | None:
    """Blocks of pieces of different sizes one above the other on a single sheet, or None
    when they do not all fit on one.

    Each block lies on its own band of the sheet as if that band were a sheet of its own:
    its crop marks run to the band's printable edge, it has its label (the first block also
    the sheet's one scale bar), and a dashed line between the bands is the first cut. After it every band is an ordinary
    sheet, and no mark of one block ever crosses a piece of another. Backs follow the
    duplex flip: on a short-edge flip the bands change places on the back.
    """
    sheet = get_paper(paper)
    heights = [_least_height(b, sheet, bleed, back_offset, k == 0) for k, b in enumerate(blocks)]
    if any(h is None for h in heights) or sum(heights) > sheet.height + 1e-9:
        return None
    spare = (sheet.height - sum(heights)) / len(blocks)
    front_parts, back_parts, cuts, top = [], [], [], 0.0
    for k, (block, height) in enumerate(zip(blocks, heights)):
        band = Paper(sheet.name, sheet.width, height + spare)
        lay = layout(block.rows, band, block.size, bleed)
        back = lay.mirrored(duplex)
        back_top = sheet.height - top - band.height if duplex == "short" else top
        rows = block.rows
        front_cells = {(r, c): (lay.cell(r, c), piece[0]) for r, row in enumerate(rows) for c, piece in enumerate(row)}
        back_cells = {(r, c): (back.cell(r, c), piece[1]) for r, row in enumerate(rows) for c, piece in enumerate(row)}
        front_parts.append((top, _page_parts(lay, front_cells, bleed, (0.0, 0.0),
                                             fill_label(block.text.front_label, 1, 1), block.text, k == 0)))
        back_parts.append((back_top, _page_parts(back, back_cells, bleed, back_offset,
                                                 fill_label(block.text.back_label, 1, 1), block.text, k == 0)))
        top += band.height
        cuts.append(top)
    cuts = cuts[:-1]
    front = _stack(sheet, front_parts, cuts)
    back = _stack(sheet, back_parts, [sheet.height - y for y in cuts] if duplex == "short" else cuts)
    return SheetPages((front,), (back,), 1, ())


def _least_height(block: Block, sheet: Paper, bleed: float, back_offset, bar: bool) -> float | None:
    """The lowest band (whole mm) of `sheet`'s width that holds the block with its marks,
    label and (with `bar`) scale bar, front and back; None if the sheet itself does not."""
    start = math.ceil(len(block.rows) * block.size + 2 * NO_PRINT_MARGIN)
    for height in range(start, math.floor(sheet.height) + 1):
        band = Paper(sheet.name, sheet.width, float(height))
        if _fits(layout(block.rows, band, block.size, bleed), bleed, block.text, back_offset, bar):
            return float(height)
    return None


def _stack(sheet: Paper, parts, cuts: Sequence[float]) -> pdf.Page:
    placements, body = [], []
    for top, (placed, marks) in parts:
        placements += [pdf.Placement(p.svg, p.x, p.y + top, p.clip.moved(0.0, top) if p.clip else None)
                       for p in placed]
        body.append(svg.wrap(marks, transform=svg.translate(0.0, top)))
    area = sheet.printable
    body += [svg.line(area.x, y, area.right, y, stroke="#000000", stroke_width=FIRST_CUT_WIDTH,
                      stroke_dasharray=FIRST_CUT_DASH) for y in cuts]
    return pdf.Page(sheet.width, sheet.height, tuple(placements), svg_page(sheet.width, sheet.height, "".join(body)))


# --- marks and margin text ---------------------------------------------------------------


def chrome(out: Outline, words: Chrome, bar: bool = True) -> str:
    """Crop marks, scale bar and label: between the marks when a slot holds them (cards do).

    Pieces narrower than the 50 mm bar leave no such slot (every cut line has its mark),
    so the bar goes in the widest free margin band and the marks it crosses stop 1.5 mm
    short of it and go on beyond it: each still runs from its cut line to the page edge.
    Without `bar` (a second block on a sheet that has its bar) only the label is placed.
    """
    if bar:
        try:
            return crop_marks(out) + place_chrome(out, words)
        except ValueError:
            pass
    bands = _bands(out)
    placed = []
    if bar:
        found = first_fit(bands, sheetmarks.scale_bar_blocks(words.caption))
        if found is None:
            raise ValueError("no margin band holds the 50 mm scale bar")
        placed.append(found)
        bands = [b for b in bands if b is not found[0]] + _beside(found)
    label = first_fit(bands, sheetmarks.label_blocks(words.label))
    if label is None:
        raise ValueError(f"no margin band holds the page label {words.label!r}")
    placed.append(label)
    holes = [_placed(*p).outset(sheetmarks.CLEAR) for p in placed]
    segments = [piece for seg in sheetmarks.crop_mark_segments(out) for piece in _cut_out(seg, holes)]
    return sheetmarks.mark_lines(segments) + "".join(put(*_exact(*p)) for p in placed)


def _bands(out: Outline) -> list[Slot]:
    """The free margins around the grid's bleed, bottom and top first, full printable width."""
    grid, area, (bl, bt, br, bb) = out.grid, out.paper.printable, out.bleed
    gap = sheetmarks.GAP
    found = [
        Slot(Box(area.x, grid.bottom + bb + gap, area.w, area.bottom - grid.bottom - bb - gap), False, "bottom"),
        Slot(Box(area.x, area.y, area.w, grid.y - bt - gap - area.y), False, "top"),
        Slot(Box(area.x, area.y, grid.x - bl - gap - area.x, area.h), True, "left"),
        Slot(Box(grid.right + br + gap, area.y, area.right - grid.right - br - gap, area.h), True, "right"),
    ]
    return [s for s in found if s.box.w > 0 and s.box.h > 0]


def _beside(placed: tuple[Slot, Block]) -> list[Slot]:
    """The rest of a band after a centred block: what lies to either side of it."""
    band, block = placed
    box = _placed(band, block)
    if band.vertical:
        return [Slot(Box(band.box.x, band.box.y, band.box.w, box.y - band.box.y - 2 * sheetmarks.CLEAR), True, band.strip),
                Slot(Box(band.box.x, box.bottom + 2 * sheetmarks.CLEAR, band.box.w,
                         band.box.bottom - box.bottom - 2 * sheetmarks.CLEAR), True, band.strip)]
    return [Slot(Box(band.box.x, band.box.y, box.x - band.box.x - 2 * sheetmarks.CLEAR, band.box.h), False, band.strip),
            Slot(Box(box.right + 2 * sheetmarks.CLEAR, band.box.y, band.box.right - box.right - 2 * sheetmarks.CLEAR,
                     band.box.h), False, band.strip)]


def _placed(band: Slot, block: Block) -> Box:
    """Where `put` draws `block` in `band` (centred), as a page box."""
    b = band.box
    if band.vertical:
        return Box(b.x + (b.w - block.depth) / 2, b.y + (b.h - block.length) / 2, block.depth, block.length)
    return Box(b.x + (b.w - block.length) / 2, b.y + (b.h - block.depth) / 2, block.length, block.depth)


def _exact(band: Slot, block: Block) -> tuple[Slot, Block]:
    return Slot(_placed(band, block), band.vertical, band.strip), block


def _cut_out(seg, holes: list[Box]) -> list[tuple[float, float, float, float]]:
    """A straight mark minus the parts inside any hole."""
    pieces = [seg]
    for hole in holes:
        kept = []
        for x1, y1, x2, y2 in pieces:
            if x1 == x2 and hole.x <= x1 <= hole.right:  # vertical mark
                lo, hi = sorted((y1, y2))
                kept += [(x1, a, x1, b) for a, b in ((lo, min(hi, hole.y)), (max(lo, hole.bottom), hi)) if b - a > 0.3]
            elif y1 == y2 and hole.y <= y1 <= hole.bottom:  # horizontal mark
                lo, hi = sorted((x1, x2))
                kept += [(a, y1, b, y1) for a, b in ((lo, min(hi, hole.x)), (max(lo, hole.right), hi)) if b - a > 0.3]
            else:
                kept.append((x1, y1, x2, y2))
        pieces = kept
    return pieces
