"""Small SVG helpers shared by the board, the mats and the aids (all in millimetres).

Each helper returns an SVG fragment string, written by `pnp.art.svg`. Colours are palette
keys resolved through a `Pen`, so one switch turns a whole part into its ink-saver variant.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.typeset import fonts, richtext
from pnp.art import style, svg
from pnp.art.icons import use_icon
from pnp.core.geometry import Box, fmt, pt_to_mm


@dataclass
class Pen:
    """Palette access plus a record of every icon used, for the document's <defs>."""

    ink_saver: bool = False
    icons: set[str] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)  # text that had to shrink or overflowed

    def c(self, key: str) -> str:
        return style.colour(key, self.ink_saver)

    def player(self, player: str) -> str:
        return self.c(f"player-{player.lower()}")


def rect(box: Box, fill: str = "none", stroke: str = "none", width: float = 0.0, radius: float = 0.0,
         **attrs) -> str:
    return svg.rect(box.x, box.y, box.w, box.h, rx=radius or None, fill=fill, stroke=stroke,
                    stroke_width=width if stroke != "none" else None, **attrs)


def circle(cx: float, cy: float, r: float, fill: str, stroke: str = "none", width: float = 0.0) -> str:
    return svg.circle(cx, cy, r, fill=fill, stroke=stroke, stroke_width=width if stroke != "none" else None)


def polygon(points, fill: str, stroke: str = "none", width: float = 0.0, **attrs) -> str:
    if stroke != "none":
        attrs.update(stroke_width=width, stroke_linejoin="round")
    return svg.polygon(points, fill=fill, stroke=stroke, **attrs)


def line(x1: float, y1: float, x2: float, y2: float, stroke: str, width: float, **attrs) -> str:
    return svg.path(f"M{fmt(x1)} {fmt(y1)}L{fmt(x2)} {fmt(y2)}", stroke=stroke, stroke_width=width, fill="none",
                    **attrs)


def text(x: float, baseline: float, value: str, face: str, size: float, fill: str,
         anchor: str = "start", **attrs) -> str:
    """One line of plain text (no markup) with its baseline at y."""
    if anchor == "end":
        x, anchor = flush_right(x, value, face, size), "start"
    return svg.text(x, baseline, value, **fonts.face(face).svg_attrs(), font_size=pt_to_mm(size),
                    text_anchor=anchor, fill=fill, **attrs)


def flush_right(x: float, value: str, face: str, size: float) -> float:
    """Where a line must start to end exactly at x, by the font's own advances.

    The SVG renderer's text-anchor="end" measured 0.17 mm past x: enough to cross a card's
    safe line, so flush-right text is placed from its start instead."""
    return x - fonts.text_width_mm(value, face, size)


def centred_text(cx: float, cy: float, value: str, face: str, size: float, fill: str) -> str:
    """Plain text whose capitals are centred vertically on cy."""
    cap = richtext.cap_height_mm(face, size)
    return text(cx, cy + cap / 2, value, face, size, fill, anchor="middle")


def turned(markup: str, cx: float, cy: float, degrees: float) -> str:
    if not degrees:
        return markup
    return svg.wrap(markup, transform=svg.rotate(degrees, cx, cy))


def icon(pen: Pen, name: str, cx: float, cy: float, size: float) -> str:
    pen.icons.add(name)
    return use_icon(name, cx - size / 2, cy - size / 2, size)


def paragraph(pen: Pen, markup: str, box: Box, *, face: str = "sans", size: float = 8.5,
              min_size: float = 7.0, leading: float = 1.2, align: str = "left",
              valign: str = "top", fill: str | None = None, where: str = "") -> richtext.FitResult:
    """Fit rich text (with [icons]) into `box`; returns the fit (draw it with `paragraph_svg`)."""
    fit = richtext.fit(markup, box.w, box.h, face, size, min_size, align, leading)
    pen.icons.update(fit.icons)
    if not fit.fits:
        pen.notes.append(f"{where or 'text'}: {richtext.plain_text(markup)[:40]!r} overflows by "
                         f"{fit.overflow_mm:.1f} mm")
    return fit


def rich(pen: Pen, markup: str, box: Box, *, valign: str = "top", fill: str | None = None,
         **kwargs) -> str:
    fit = paragraph(pen, markup, box, **kwargs)
    return richtext.to_svg(fit, box.x, box.y, valign=valign, fill=fill or pen.c("ink"))


def rich_height(markup: str, width: float, face: str = "sans", size: float = 8.5,
                leading: float = 1.2) -> float:
    """Height the text needs at full size in a column `width` mm wide."""
    fit = richtext.fit(markup, width, 1e6, face, size, size, "left", leading)
    return fit.height_mm
