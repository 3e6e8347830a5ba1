"""What a home sheet carries besides the art: crop marks, a 50 mm scale bar, a page label.

All of it is SVG in page millimetres. The margin around a card grid is cut into slots by
the crop marks (a mark runs from each cut line to the no-print margin, so text must sit
between marks); the scale bar and the label each take the first slot that holds them,
horizontal strips first, the side strips (rotated text) when the paper is tight.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from pnp.art import svg
from pnp.typeset import fonts
from pnp.core.geometry import Box, Paper, fmt, pt_to_mm

SCALE_BAR_LENGTH = 50.0  # mm
SCALE_BAR_HEIGHT = 1.6
SCALE_BAR_STEP = 10.0  # alternating segments
MARK_WIDTH = 0.2  # crop mark stroke, mm
MARK_HALO = 0.8  # white underlay so marks show over dark bleed
GAP = 0.6  # between the grid's bleed and margin text
CLEAR = 1.5  # between a crop mark and margin text
LABEL_SIZES = (7.5, 7.0, 6.5, 6.0, 5.5, 5.0)  # pt, tried in order
CAPTION_SIZES = (7.0, 6.5, 6.0, 5.5, 5.0)
INK = "#000000"
TEXT_INK = "#1a1a1a"


@dataclass(frozen=True)
class Outline:
    """Where a sheet's grid sits and how far its outer bleed reaches on each side."""

    paper: Paper
    grid: Box  # trim outline of the full grid on this page
    xs: tuple[float, ...]  # vertical cut lines
    ys: tuple[float, ...]  # horizontal cut lines
    bleed: tuple[float, float, float, float]  # outer bleed drawn: left, top, right, bottom


@dataclass(frozen=True)
class Chrome:
    label: str
    caption: str


def svg_page(width: float, height: float, body: str) -> str:
    return svg.document(width, height, body)


def text_svg(x: float, y: float, text: str, key: str, size_pt: float, *, anchor: str = "start",
             fill: str = TEXT_INK, transform: str = "") -> str:
    """One line of text with its baseline at (x, y) mm, in a bundled face."""
    return svg.text(x, y, text, **fonts.face(key).svg_attrs(), font_size=pt_to_mm(size_pt), text_anchor=anchor,
                    fill=fill, transform=transform or None)


# --- crop marks -------------------------------------------------------------------------


def crop_mark_segments(outline: Outline) -> list[tuple[float, float, float, float]]:
    """(x1, y1, x2, y2) of every mark: each cut line continued to the no-print margin."""
    grid, area = outline.grid, outline.paper.printable
    segments = []
    for x in outline.xs:
        if area.x <= x <= area.right:
            segments += [(x, grid.y, x, area.y), (x, grid.bottom, x, area.bottom)]
    for y in outline.ys:
        if area.y <= y <= area.bottom:
            segments += [(grid.x, y, area.x, y), (grid.right, y, area.right, y)]
    return [s for s in segments if (s[0], s[1]) != (s[2], s[3]) and _outward(s, grid)]


def _outward(segment, grid: Box) -> bool:
    """True if the mark runs away from the grid (a shifted grid may touch the margin)."""
    x1, y1, x2, y2 = segment
    return (y2 < y1 <= grid.y or y2 > y1 >= grid.bottom or x2 < x1 <= grid.x or x2 > x1 >= grid.right)


def crop_marks(outline: Outline) -> str:
    return mark_lines(crop_mark_segments(outline))


def mark_lines(segments: Iterable[tuple[float, float, float, float]]) -> str:
    """Crop-mark segments (x1, y1, x2, y2) drawn as marks, each over a white halo."""
    paths = "".join(f"M{fmt(x1)} {fmt(y1)}L{fmt(x2)} {fmt(y2)}" for x1, y1, x2, y2 in segments)
    if not paths:
        return ""
    # The halo first, under every mark, so no mark's halo hides another mark.
    return (svg.path(paths, fill="none", stroke="#ffffff", stroke_width=MARK_HALO)
            + svg.path(paths, fill="none", stroke=INK, stroke_width=MARK_WIDTH))


# --- margin slots and blocks ------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    box: Box
    vertical: bool  # text runs bottom to top
    strip: str  # top | bottom | left | right

    @property
    def length(self) -> float:
        return self.box.h if self.vertical else self.box.w

    @property
    def depth(self) -> float:
        return self.box.w if self.vertical else self.box.h


@dataclass(frozen=True)
class Block:
    """Something drawn in a local frame: x along the slot, y across it, origin top-left."""

    length: float
    depth: float
    svg: str


def slots(outline: Outline) -> list[Slot]:
    grid, area, (bl, bt, br, bb) = outline.grid, outline.paper.printable, outline.bleed
    found: list[Slot] = []
    bands = (("top", area.y, grid.y - bt - GAP), ("bottom", grid.bottom + bb + GAP, area.bottom))
    for strip, y0, y1 in bands:
        for a, b in zip(outline.xs, outline.xs[1:]):
            x0, x1 = max(a + CLEAR, area.x), min(b - CLEAR, area.right)
            if x1 > x0 and y1 > y0:
                found.append(Slot(Box(x0, y0, x1 - x0, y1 - y0), False, strip))
    bands = (("left", area.x, grid.x - bl - GAP), ("right", grid.right + br + GAP, area.right))
    for strip, x0, x1 in bands:
        for a, b in zip(outline.ys, outline.ys[1:]):
            y0, y1 = max(a + CLEAR, area.y), min(b - CLEAR, area.bottom)
            if x1 > x0 and y1 > y0:
                found.append(Slot(Box(x0, y0, x1 - x0, y1 - y0), True, strip))
    return found


def _centre_out(items: Sequence[Slot]) -> list[Slot]:
    middle = (len(items) - 1) / 2
    order = sorted(range(len(items)), key=lambda k: (abs(k - middle), k))
    return [items[k] for k in order]


def _by_strip(found: Sequence[Slot], order: Iterable[str], centred: bool) -> list[Slot]:
    result: list[Slot] = []
    for strip in order:
        group = [s for s in found if s.strip == strip]
        result += _centre_out(group) if centred else group
    return result


def _text_height(size_pt: float) -> float:
    return fonts.ascent_mm("sans", size_pt) + fonts.descent_mm("sans", size_pt)


@lru_cache(maxsize=64)
def scale_bar_blocks(caption: str) -> tuple[Block, ...]:
    """The scale bar with its caption, best first: caption above the bar, then beside it."""
    blocks = []
    for size in CAPTION_SIZES:
        text_h, width = _text_height(size), fonts.text_width_mm(caption, "sans", size) * 1.02
        ascent = fonts.ascent_mm("sans", size)
        length = max(SCALE_BAR_LENGTH, width)
        bar_x = (length - SCALE_BAR_LENGTH) / 2
        blocks.append(Block(length, text_h + 0.4 + SCALE_BAR_HEIGHT,
                            text_svg(length / 2, ascent, caption, "sans", size, anchor="middle")
                            + scale_bar_svg(bar_x, text_h + 0.4)))
    for size in CAPTION_SIZES:
        text_h, width = _text_height(size), fonts.text_width_mm(caption, "sans", size) * 1.02
        depth = max(text_h, SCALE_BAR_HEIGHT)
        baseline = (depth - text_h) / 2 + fonts.ascent_mm("sans", size)
        blocks.append(Block(SCALE_BAR_LENGTH + 2.0 + width, depth,
                            scale_bar_svg(0.0, (depth - SCALE_BAR_HEIGHT) / 2)
                            + text_svg(SCALE_BAR_LENGTH + 2.0, baseline, caption, "sans", size)))
    return tuple(blocks)


def scale_bar_svg(x: float, y: float) -> str:
    """A 50 mm bar of alternating 10 mm segments, outlined, top-left corner at (x, y)."""
    parts = []
    for k in range(int(SCALE_BAR_LENGTH / SCALE_BAR_STEP)):
        fill = INK if k % 2 == 0 else "#ffffff"
        parts.append(svg.rect(x + k * SCALE_BAR_STEP, y, SCALE_BAR_STEP, SCALE_BAR_HEIGHT, fill=fill))
    parts.append(svg.rect(x, y, SCALE_BAR_LENGTH, SCALE_BAR_HEIGHT, fill="none", stroke=INK, stroke_width=0.15))
    return "".join(parts)


def label_blocks(label: str) -> tuple[Block, ...]:
    """The page label as one bold line, largest size first."""
    blocks = []
    for size in LABEL_SIZES:
        width = fonts.text_width_mm(label, "sans-bold", size) * 1.02
        baseline = fonts.ascent_mm("sans-bold", size)
        blocks.append(Block(width, _text_height(size),
                            text_svg(width / 2, baseline, label, "sans-bold", size, anchor="middle")))
    return tuple(blocks)


def first_fit(candidates: Sequence[Slot], blocks: Sequence[Block]) -> tuple[Slot, Block] | None:
    """The best block (earliest) in the earliest slot that holds it."""
    for block in blocks:
        for slot in candidates:
            if block.length <= slot.length and block.depth <= slot.depth:
                return slot, block
    return None


def put(slot: Slot, block: Block) -> str:
    """`block` centred in `slot`; in a side slot it is turned to read bottom to top."""
    box = slot.box
    if not slot.vertical:
        x, y = box.x + (box.w - block.length) / 2, box.y + (box.h - block.depth) / 2
        return svg.wrap(block.svg, transform=svg.translate(x, y))
    # rotate(-90): local x runs up the page, local y runs to the right.
    x, y = box.x + (box.w - block.depth) / 2, box.bottom - (box.h - block.length) / 2
    return svg.wrap(block.svg, transform=f"{svg.translate(x, y)} {svg.rotate(-90)}")


def scale_bar_beside(drawing: Box, area: Box, caption: str) -> str | None:
    """The scale bar in the free margin of `area` around `drawing` (a large part's page), or None.

    Below the drawing first, then above, then beside it (turned); the caption as large as fits.
    """
    bands = [Slot(Box(area.x, drawing.bottom + GAP, area.w, area.bottom - drawing.bottom - GAP), False, "bottom"),
             Slot(Box(area.x, area.y, area.w, drawing.y - GAP - area.y), False, "top"),
             Slot(Box(area.x, area.y, drawing.x - GAP - area.x, area.h), True, "left"),
             Slot(Box(drawing.right + GAP, area.y, area.right - drawing.right - GAP, area.h), True, "right")]
    found = first_fit([b for b in bands if b.box.w > 0 and b.box.h > 0], scale_bar_blocks(caption))
    return None if found is None else put(*found)


def place_chrome(outline: Outline, chrome: Chrome) -> str:
    """SVG for the scale bar and the label in the margin; ValueError if there is no room."""
    free = slots(outline)
    bar = first_fit(_by_strip(free, ("bottom", "top", "left", "right"), False), scale_bar_blocks(chrome.caption))
    if bar is None:
        raise ValueError("no margin slot holds the 50 mm scale bar")
    rest = [s for s in free if s != bar[0]]
    label = first_fit(_by_strip(rest, ("top", "bottom", "right", "left"), True), label_blocks(chrome.label))
    if label is None:
        raise ValueError(f"no margin slot holds the page label {chrome.label!r}")
    return put(*bar) + put(*label)
