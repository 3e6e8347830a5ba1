"""Home sheets for small pieces (unit tokens, markers, land tiles): a compact butted grid.

Cards fill every sheet, so `imposition` always lays out the largest grid the paper
holds. Tokens come in groups of a few dozen, and a full 13x20 grid of 14 mm cells would
put crop marks down the whole page for four used rows; here the grid is exactly as big
as the rows given (each group starts a new row, so pieces are sorted when cut out).
Cut lines, crop marks, the scale bar and the label come from `sheetmarks`, backs lie
behind their fronts after the duplex flip (`imposition.Grid.behind`), as for cards.
"""

from __future__ import annotations

from typing import Sequence

from pnp.render import pdf, sheetmarks
from pnp.render.geometry import Box, fmt
from pnp.render.imposition import Grid, SheetPages, SheetText, art_reach, fill_label, fit_grid, sheet_outline
from pnp.render.sheetmarks import (Block, Chrome, Outline, Slot, crop_marks, first_fit, place_chrome, put,
                                   svg_page)

Piece = tuple[str, str]  # (front master, back master), both (trim + 2 bleed) square


def arrange(groups: Sequence[Sequence[Piece]], cols: int) -> list[list[Piece]]:
    """Rows of at most `cols` pieces; every group starts on a new row."""
    rows: list[list[Piece]] = []
    for group in groups:
        rows += [list(group[k:k + cols]) for k in range(0, len(group), cols)]
    return rows


def max_cols(paper: str, trim: tuple[float, float]) -> int:
    return fit_grid(paper, trim).cols


def token_pages(rows: Sequence[Sequence[Piece]], *, trim: tuple[float, float], bleed: float,
                text: SheetText, paper: str = "a4", duplex: str = "long",
                back_offset: tuple[float, float] = (0.0, 0.0)) -> SheetPages:
    """Front and back pages for `rows` of pieces (split over sheets when they do not fit)."""
    full = fit_grid(paper, trim)
    cols = max(len(r) for r in rows)
    if cols > full.cols:
        raise ValueError(f"a row of {cols} pieces of {trim[0]:g} mm does not fit on {full.paper.name} paper")
    per_sheet = _rows_per_sheet(full, cols, min(full.rows, len(rows)), bleed, text, back_offset)
    chunks = [rows[k:k + per_sheet] for k in range(0, len(rows), per_sheet)]
    fronts, backs = [], []
    for number, chunk in enumerate(chunks, start=1):
        grid = Grid(full.paper, trim[0], trim[1], cols, len(chunk))
        cells = {(r, c): piece for r, row in enumerate(chunk) for c, piece in enumerate(row)}
        front = {rc: piece[0] for rc, piece in cells.items()}
        back = {grid.behind(*rc, duplex): piece[1] for rc, piece in cells.items()}
        fronts.append(_page(grid, front, bleed, (0.0, 0.0), fill_label(text.front_label, number, len(chunks)), text))
        backs.append(_page(grid, back, bleed, back_offset, fill_label(text.back_label, number, len(chunks)), text))
    return SheetPages(tuple(fronts), tuple(backs), len(chunks), ())


def _rows_per_sheet(full: Grid, cols: int, rows: int, bleed: float, text: SheetText, back_offset) -> int:
    """The most rows (up to `rows`) whose margins still hold the scale bar and label."""
    for n in range(rows, 0, -1):
        grid = Grid(full.paper, full.card_w, full.card_h, cols, n)
        try:
            for offset, label in (((0.0, 0.0), text.front_label), (back_offset, text.back_label)):
                chrome(sheet_outline(grid, bleed, offset), Chrome(fill_label(label, 9, 9), text.scale_caption))
        except ValueError:
            continue
        return n
    raise ValueError(f"no room on {full.paper.name} for the scale bar and label around a row of tokens")


def _page(grid: Grid, cells: dict[tuple[int, int], str], bleed: float, offset: tuple[float, float],
          label: str, text: SheetText) -> pdf.Page:
    out = sheet_outline(grid, bleed, offset)
    area = grid.paper.printable
    placements = []
    for (row, col), svg in sorted(cells.items()):
        trim = grid.cell(row, col, offset)
        reach = [art_reach(grid, cells, row, col, side, bleed, out.bleed[side]) for side in range(4)]
        clip = trim.outset(*reach).intersect(area)
        if clip is not None:
            placements.append(pdf.Placement(svg, trim.x - bleed, trim.y - bleed, clip))
    body = chrome(out, Chrome(label, text.scale_caption))
    return pdf.Page(grid.paper.width, grid.paper.height, tuple(placements), svg_page(grid.paper.width,
                                                                                      grid.paper.height, body))


# --- marks and margin text ---------------------------------------------------------------


def chrome(out: Outline, words: Chrome) -> str:
    """Crop marks, scale bar and label: between the marks when a slot holds them (cards do).

    Pieces narrower than the 50 mm bar leave no such slot (every cut line has its mark),
    so the bar goes in the widest free margin band and the marks it crosses stop 1.5 mm
    short of it and go on beyond it: each still runs from its cut line to the page edge.
    """
    try:
        return crop_marks(out) + place_chrome(out, words)
    except ValueError:
        pass
    bands = _bands(out)
    bar = first_fit(bands, sheetmarks.scale_bar_blocks(words.caption))
    if bar is None:
        raise ValueError("no margin band holds the 50 mm scale bar")
    rest = [b for b in bands if b is not bar[0]] + _beside(bar)
    label = first_fit(rest, sheetmarks.label_blocks(words.label))
    if label is None:
        raise ValueError(f"no margin band holds the page label {words.label!r}")
    holes = [_placed(*bar).outset(sheetmarks.CLEAR), _placed(*label).outset(sheetmarks.CLEAR)]
    segments = [piece for seg in sheetmarks.crop_mark_segments(out) for piece in _cut_out(seg, holes)]
    return _draw_marks(segments) + put(*_exact(*bar)) + put(*_exact(*label))


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


def _draw_marks(segments) -> str:
    if not segments:
        return ""
    d = "".join(f"M{fmt(x1)} {fmt(y1)}L{fmt(x2)} {fmt(y2)}" for x1, y1, x2, y2 in segments)
    return (f'<path d="{d}" fill="none" stroke="#ffffff" stroke-width="{fmt(sheetmarks.MARK_HALO)}"/>\n'
            f'<path d="{d}" fill="none" stroke="{sheetmarks.INK}" stroke-width="{fmt(sheetmarks.MARK_WIDTH)}"/>\n')
