"""Small SVG helpers shared by the board, the mats and the aids (all in millimetres).

Each helper returns an SVG fragment string. Colours are palette keys resolved through a
`Pen`, so one switch turns a whole part into its ink-saver variant.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from pnp.typeset import fonts, richtext
from pnp.art import style
from pnp.print.geometry import Box, fmt, pt_to_mm


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
         extra: str = "") -> str:
    r = f' rx="{fmt(radius)}"' if radius else ""
    sw = f' stroke-width="{fmt(width)}"' if stroke != "none" else ""
    return (f'<rect x="{fmt(box.x)}" y="{fmt(box.y)}" width="{fmt(box.w)}" height="{fmt(box.h)}"{r} '
            f'fill="{fill}" stroke="{stroke}"{sw}{extra}/>\n')


def polygon(points, fill: str, stroke: str = "none", width: float = 0.0, extra: str = "") -> str:
    pts = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)
    sw = f' stroke-width="{fmt(width)}" stroke-linejoin="round"' if stroke != "none" else ""
    return f'<polygon points="{pts}" fill="{fill}" stroke="{stroke}"{sw}{extra}/>\n'


def line(x1: float, y1: float, x2: float, y2: float, stroke: str, width: float, extra: str = "") -> str:
    return (f'<path d="M{fmt(x1)} {fmt(y1)}L{fmt(x2)} {fmt(y2)}" stroke="{stroke}" '
            f'stroke-width="{fmt(width)}" fill="none"{extra}/>\n')


def text(x: float, baseline: float, value: str, face: str, size: float, fill: str,
         anchor: str = "start", extra: str = "") -> str:
    """One line of plain text (no markup) with its baseline at y."""
    if anchor == "end":
        x, anchor = flush_right(x, value, face, size), "start"
    attrs = " ".join(f'{k}="{v}"' for k, v in fonts.face(face).svg_attrs().items())
    return (f'<text x="{fmt(x)}" y="{fmt(baseline)}" {attrs} font-size="{fmt(pt_to_mm(size))}" '
            f'text-anchor="{anchor}" fill="{fill}"{extra}>{escape(value)}</text>\n')


def flush_right(x: float, value: str, face: str, size: float) -> float:
    """Where a line must start to end exactly at x, by the font's own advances.

    The SVG renderer's text-anchor="end" measured 0.17 mm past x: enough to cross a card's
    safe line, so flush-right text is placed from its start instead."""
    return x - fonts.text_width_mm(value, face, size)


def centred_text(cx: float, cy: float, value: str, face: str, size: float, fill: str) -> str:
    """Plain text whose capitals are centred vertically on cy."""
    cap = richtext.cap_height_mm(face, size)
    return text(cx, cy + cap / 2, value, face, size, fill, anchor="middle")


def turned(svg: str, cx: float, cy: float, degrees: float) -> str:
    if not degrees:
        return svg
    return f'<g transform="rotate({fmt(degrees)} {fmt(cx)} {fmt(cy)})">\n{svg}</g>\n'


def icon(pen: Pen, name: str, cx: float, cy: float, size: float) -> str:
    from pnp.art.icons import use_icon

    pen.icons.add(name)
    return use_icon(name, cx - size / 2, cy - size / 2, size) + "\n"


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
