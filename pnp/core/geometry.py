"""Units, paper and rectangles: the only place where millimetres become points or pixels.

Everything in pnp speaks millimetres. Page coordinates follow SVG: origin at the top-left
corner of the page, x to the right, y downwards. PDF speaks points with the origin at the
bottom-left corner; `Box.to_pdf` is the one bridge between the two.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MM_PER_INCH = 25.4
PT_PER_INCH = 72.0
#: Text metrics divide by this (fonts); kept apart from `pt_to_mm`, whose rounding differs
#: in the last bit and would move some word positions in the SVG masters by 0.001 mm.
PT_PER_MM = PT_PER_INCH / MM_PER_INCH

#: Nothing is printed closer than this to a paper edge (1/4 inch: the usual worst-case
#: unprintable border of home printers).
NO_PRINT_MARGIN = 6.35


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_INCH / MM_PER_INCH


def pt_to_mm(pt: float) -> float:
    return pt * MM_PER_INCH / PT_PER_INCH


def mm_to_px(mm: float, dpi: float) -> float:
    return mm * dpi / MM_PER_INCH


def px_to_mm(px: float, dpi: float) -> float:
    return px * MM_PER_INCH / dpi


def px_size(mm: float, dpi: float) -> int:
    """Whole pixels for a length, rounded to nearest (63+6 mm at 300 dpi -> 815 px)."""
    return int(round(mm_to_px(mm, dpi)))


#: Millimetres per CSS/SVG unit (CSS fixes 96 px to the inch; a bare number is px).
CSS_UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, "pt": MM_PER_INCH / PT_PER_INCH,
               "pc": MM_PER_INCH / 6, "px": MM_PER_INCH / 96, "": MM_PER_INCH / 96}
_CSS_LENGTH = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([a-z]*)\s*")


def css_length_mm(text: str) -> float:
    """An absolute CSS/SVG length ("63mm", "1in", "72pt", "96") in mm."""
    match = _CSS_LENGTH.fullmatch(text)
    if match is None or match.group(2) not in CSS_UNIT_MM:
        raise ValueError(f"unsupported SVG length {text!r}")
    return float(match.group(1)) * CSS_UNIT_MM[match.group(2)]


def fmt(value: float) -> str:
    """A millimetre number for SVG text: short, exact to 1/10000 mm, no '-0'."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # mm, portrait
    height: float
    #: a kit is laid out for it (`pnp build --paper`); the others serve single large pages
    home: bool = False

    @property
    def box(self) -> "Box":
        return Box(0.0, 0.0, self.width, self.height)

    @property
    def printable(self) -> "Box":
        """The part of the sheet a home printer is trusted to print on."""
        return self.box.inset(NO_PRINT_MARGIN)


#: every paper pnp knows, declared once
PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", 210.0, 297.0, home=True),
    "letter": Paper("letter", 215.9, 279.4, home=True),
    "a3": Paper("a3", 297.0, 420.0),
}
#: the papers a home-print kit is laid out for: `pnp build --paper`'s choices
HOME_PAPERS: tuple[str, ...] = tuple(name for name, p in PAPERS.items() if p.home)

#: the duplex modes (`pnp build --duplex`), declared once, each with the PDF viewer preference
#: (/ViewerPreferences /Duplex) that asks the printer for it; `none` prints the backs apart, to glue
DUPLEX_MODES: dict[str, str] = {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge", "none": "/Simplex"}


def check_duplex(mode: str) -> str:
    """The mode, or ValueError naming the known ones."""
    if mode not in DUPLEX_MODES:
        raise ValueError(f"unknown duplex mode {mode!r}; known: {', '.join(DUPLEX_MODES)}")
    return mode


def paper(name: str | Paper) -> Paper:
    if isinstance(name, Paper):
        return name
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {name!r}; known: {', '.join(sorted(PAPERS))}") from None


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in mm, top-left origin, y down."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def inset(self, d: float) -> "Box":
        return Box(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def outset(self, left: float, top: float | None = None, right: float | None = None,
               bottom: float | None = None) -> "Box":
        """Grow by `left` on every side, or by four separate amounts (CSS-like order L,T,R,B)."""
        top = left if top is None else top
        right = left if right is None else right
        bottom = left if bottom is None else bottom
        return Box(self.x - left, self.y - top, self.w + left + right, self.h + top + bottom)

    def moved(self, dx: float, dy: float) -> "Box":
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def contains(self, other: "Box", tol: float = 1e-6) -> bool:
        return (other.x >= self.x - tol and other.y >= self.y - tol
                and other.right <= self.right + tol and other.bottom <= self.bottom + tol)

    def intersect(self, other: "Box") -> "Box | None":
        x0, y0 = max(self.x, other.x), max(self.y, other.y)
        x1, y1 = min(self.right, other.right), min(self.bottom, other.bottom)
        if x1 <= x0 or y1 <= y0:
            return None
        return Box(x0, y0, x1 - x0, y1 - y0)

    def to_pdf(self, page_height: float) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) in points with PDF's bottom-left origin, for a page `page_height` mm tall."""
        return (mm_to_pt(self.x), mm_to_pt(page_height - self.bottom),
                mm_to_pt(self.right), mm_to_pt(page_height - self.y))

    @classmethod
    def from_pdf(cls, rect: tuple[float, float, float, float], page_height: float) -> "Box":
        x0, y0, x1, y1 = (pt_to_mm(float(v)) for v in rect)
        return cls(x0, page_height - y1, x1 - x0, y1 - y0)

    def close_to(self, other: "Box", tol: float = 0.01) -> bool:
        return all(abs(a - b) <= tol for a, b in
                   ((self.x, other.x), (self.y, other.y), (self.w, other.w), (self.h, other.h)))
