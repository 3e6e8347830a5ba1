"""The duplex alignment test: crosshairs on the front, mm rulers exactly behind them.

Print the pair duplex (the same way as the cards), hold the sheet against a light with
the back towards you and read, on each ruler grid, where the crosshair's centre falls.
The rulers count to the right (X) and downwards (Y) as seen on the back, with 0 where a
perfect printer puts the crosshair, so the numbers read are the correction itself: pass
`--back-offset X,Y`, or add them to the offset already applied (the page states it; a
corrected print reads 0,0). Why it is so: the back art is drawn `offset` away from its
nominal place; a printer that shifts backs by `e` puts the ruler zero at nominal+offset+e,
so the crosshair reads -(offset+e), and the offset that cancels e is offset + reading.

Strings (title, steps, labels) come from the content; `alignment_pages` lays them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.art import svg
from pnp.typeset import fonts
from pnp.print import pdf
from pnp.core.geometry import NO_PRINT_MARGIN, Box, Paper, check_duplex, fmt, paper as get_paper, pt_to_mm
from pnp.print.sheetmarks import Slot, label_blocks, put, scale_bar_blocks, svg_page, text_svg

TARGET_INSET = 30.0  # crosshair centres this far from the paper edges
ARM = 10.0  # crosshair arm length, mm from the centre
RULER = 6.0  # rulers span -RULER..+RULER mm
RULER_STEP = 0.5
LABEL_STEP = 2
TARGET_INK = "#000000"
ZERO_INK = "#d40000"
GRID_INK = "#9a9a9a"
TEXT_SIZES = (10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0)
TITLE_SIZES = (15.0, 14.0, 13.0, 12.0, 11.0, 10.0)


@dataclass(frozen=True)
class AlignmentText:
    """Player-facing strings from the content.

    `offset_note` may use {x}, {y} and {offset} (as typed: "1.5,-0.5") for the back
    offset this page was printed with.
    """

    title: str
    steps: tuple[str, ...]
    front_label: str
    back_label: str
    scale_caption: str
    offset_note: str


def target_positions(paper: Paper | str) -> list[tuple[float, float]]:
    """Front crosshair centres (mm): the four corners (inset) and the middle of the page."""
    p = get_paper(paper)
    left, right = TARGET_INSET, p.width - TARGET_INSET
    top, bottom = TARGET_INSET, p.height - TARGET_INSET
    return [(left, top), (right, top), (p.width / 2, p.height / 2), (left, bottom), (right, bottom)]


def ruler_positions(paper: Paper | str, duplex: str,
                    back_offset: tuple[float, float] = (0.0, 0.0)) -> list[tuple[float, float]]:
    """Back-page points of the rulers' zeros: behind each crosshair, moved by the offset."""
    p = get_paper(paper)
    dx, dy = back_offset
    if duplex == "short":
        return [(x + dx, p.height - y + dy) for x, y in target_positions(p)]
    return [(p.width - x + dx, y + dy) for x, y in target_positions(p)]  # long, none


def alignment_pages(paper: Paper | str, duplex: str, back_offset: tuple[float, float],
                    text: AlignmentText) -> list[pdf.Page]:
    """The front page and the back page of the test, for `pdf.render` (or a larger document)."""
    check_duplex(duplex)
    p = get_paper(paper)
    front = "".join(_crosshair(x, y) for x, y in target_positions(p))
    front += _front_text(p, back_offset, text) + _chrome(p, text.front_label, text.scale_caption)
    back = "".join(_ruler(x, y) for x, y in ruler_positions(p, duplex, back_offset))
    back += _chrome(p, text.back_label, text.scale_caption)
    return [pdf.Page.of_svg(svg_page(p.width, p.height, body), p.width, p.height) for body in (front, back)]


def alignment_pdf(paper: Paper | str, duplex: str, back_offset: tuple[float, float],
                  text: AlignmentText, title: str) -> bytes:
    return pdf.render(alignment_pages(paper, duplex, back_offset, text), pdf.DocInfo(title, duplex=duplex))


# --- front ------------------------------------------------------------------------------


def _crosshair(x: float, y: float) -> str:
    return (svg.path(f"M{fmt(x - ARM)} {fmt(y)}H{fmt(x + ARM)}M{fmt(x)} {fmt(y - ARM)}V{fmt(y + ARM)}",
                     fill="none", stroke=TARGET_INK, stroke_width=0.25)
            + svg.circle(x, y, 2.5, fill="none", stroke=TARGET_INK, stroke_width=0.2))


def _front_text(p: Paper, back_offset: tuple[float, float], text: AlignmentText) -> str:
    """Title between the top crosshairs, steps between them and the middle one, the offset below."""
    free = p.width - 2 * (TARGET_INSET + ARM + 4)
    title_size = _fitting_size(text.title, "sans-bold", TITLE_SIZES, free)
    out = text_svg(p.width / 2, TARGET_INSET + pt_to_mm(title_size) * 0.35, text.title, "sans-bold",
                   title_size, anchor="middle")
    top, bottom = TARGET_INSET + ARM + 6, p.height / 2 - ARM - 6
    out += _paragraphs(text.steps, Box(25.0, top, p.width - 50.0, bottom - top))
    dx, dy = back_offset
    note = (text.offset_note.replace("{x}", fmt(dx)).replace("{y}", fmt(dy))
            .replace("{offset}", f"{fmt(dx)},{fmt(dy)}"))
    size = _fitting_size(note, "sans", TEXT_SIZES, p.width - 50.0)
    return out + text_svg(p.width / 2, p.height / 2 + ARM + 10, note, "sans", size, anchor="middle")


def _fitting_size(line: str, key: str, sizes: tuple[float, ...], width: float) -> float:
    for size in sizes:
        if fonts.text_width_mm(line, key, size) <= width:
            return size
    raise ValueError(f"{line!r} does not fit in {width:.0f} mm on the alignment page")


def _paragraphs(steps: tuple[str, ...], box: Box) -> str:
    """The steps wrapped into `box`, at the largest size that fits."""
    for size in TEXT_SIZES:
        leading = pt_to_mm(size) * 1.3
        lines: list[str] = []
        for step in steps:
            lines += wrap(step, "sans", size, box.w) + [""]
        lines = lines[:-1]
        if len(lines) * leading <= box.h:
            y = box.y + fonts.ascent_mm("sans", size)
            return "".join(text_svg(box.x, y + k * leading, line, "sans", size)
                           for k, line in enumerate(lines) if line)
    raise ValueError("the alignment instructions do not fit on the page")


def wrap(text: str, key: str, size_pt: float, width: float) -> list[str]:
    """Greedy word wrap by measured width (no hyphenation)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and fonts.text_width_mm(candidate, key, size_pt) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return lines + [current] if current else lines


# --- back -------------------------------------------------------------------------------


def _ruler(x: float, y: float) -> str:
    """A fine grid of +-RULER mm around (x, y), red zero lines, X labels above, Y labels left."""
    lo, hi = -RULER, RULER
    steps = int(round((hi - lo) / RULER_STEP))
    thin, bold = [], []
    for k in range(steps + 1):
        v = lo + k * RULER_STEP
        target = bold if abs(v - round(v)) < 1e-9 else thin
        target.append(f"M{fmt(x + v)} {fmt(y + lo)}V{fmt(y + hi)}M{fmt(x + lo)} {fmt(y + v)}H{fmt(x + hi)}")
    out = (svg.path("".join(thin), fill="none", stroke=GRID_INK, stroke_width=0.05)
           + svg.path("".join(bold), fill="none", stroke=GRID_INK, stroke_width=0.12)
           + svg.path(f"M{fmt(x + lo)} {fmt(y)}H{fmt(x + hi)}M{fmt(x)} {fmt(y + lo)}V{fmt(y + hi)}",
                      fill="none", stroke=ZERO_INK, stroke_width=0.15))
    size = 5.0
    for v in range(int(lo), int(hi) + 1, LABEL_STEP):
        label = _signed(v)
        out += text_svg(x + v, y + lo - 0.8, label, "narrow", size, anchor="middle")
        out += text_svg(x + lo - 0.8, y + v + fonts.ascent_mm("narrow", size) * 0.35, label, "narrow",
                        size, anchor="end")
    out += text_svg(x + hi + 1.0, y + lo - 0.8, "X", "sans-bold", 6.0)
    out += text_svg(x + lo - 0.8, y + hi + 3.0, "Y", "sans-bold", 6.0, anchor="end")
    return out


def _signed(value: int) -> str:
    return "0" if value == 0 else (f"+{value}" if value > 0 else f"\u2212{-value}")


# --- both -------------------------------------------------------------------------------


def _chrome(p: Paper, label: str, caption: str) -> str:
    """Page label above the top crosshairs' band, scale bar below the bottom ones."""
    band = TARGET_INSET - ARM - 1.0 - NO_PRINT_MARGIN
    inner = p.width - 2 * (TARGET_INSET + ARM + 2)
    top = Slot(Box(TARGET_INSET + ARM + 2, NO_PRINT_MARGIN, inner, band), False, "top")
    bottom = Slot(Box(TARGET_INSET + ARM + 2, p.height - NO_PRINT_MARGIN - band, inner, band), False, "bottom")
    out = ""
    for slot, blocks, what in ((top, label_blocks(label), "page label"),
                               (bottom, scale_bar_blocks(caption), "scale bar")):
        block = next((b for b in blocks if b.length <= slot.length and b.depth <= slot.depth), None)
        if block is None:
            raise ValueError(f"the {what} does not fit on the alignment page")
        out += put(slot, block)
    return out
