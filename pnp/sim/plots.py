"""Small plots for the simulation report, drawn once and written as SVG or as reportlab drawings.

A Figure is a list of primitives in points with y pointing down (SVG convention); the
PDF writer flips it. No plotting library is needed, and the HTML stays self-contained.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib.colors import HexColor

from pnp.art import svg

from pnp.core import i18n

#: the report's language: it is for the designer (pnp/sim/report.py)
LANG = "en"


def percent(share: float, decimals: int = 1) -> str:
    """A rate as the report prints it: "12.5%" (Babel, in the report's language)."""
    return i18n.percent(share, LANG, decimals)

INK, GRID, BAR, BAR2, WARN = "#222222", "#cccccc", "#4c78a8", "#f58518", "#c0392b"


@dataclass
class Figure:
    width: float
    height: float
    items: list[tuple] = field(default_factory=list)

    def rect(self, x, y, w, h, fill=BAR):
        self.items.append(("rect", x, y, w, h, fill))

    def line(self, x1, y1, x2, y2, stroke=INK, width=1.0, dash=False):
        self.items.append(("line", x1, y1, x2, y2, stroke, width, dash))

    def text(self, x, y, s, size=9.0, anchor="start", fill=INK, bold=False):
        self.items.append(("text", x, y, str(s), size, anchor, fill, bold))


# ---- the plots -----------------------------------------------------------------

def interval_plot(rows: list[tuple[str, float, float, float]], title: str, width=480.0,
                  label_width: float = 150.0) -> Figure:
    """Horizontal bars for proportions with 95 % interval whiskers and a 50 % line.

    rows: (label, rate, low, high), all in 0..1; `label_width`: the points left of the bars.
    """
    left, right, top, row_h = label_width, 130.0, 28.0, 26.0
    fig = Figure(width, top + row_h * len(rows) + 30)
    span = width - left - right
    fig.text(4, 16, title, 11, bold=True)
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        x = left + span * tick
        fig.line(x, top - 4, x, top + row_h * len(rows), GRID if tick != 0.5 else INK, 1.0, dash=tick != 0.5)
        fig.text(x, top + row_h * len(rows) + 14, percent(tick, 0), 8, "middle")
    for i, (label, p, lo, hi) in enumerate(rows):
        y = top + i * row_h
        fig.text(left - 6, y + row_h * 0.62, label, 9, "end")
        fig.rect(left, y + 6, span * p, row_h - 12, BAR)
        mid = y + row_h / 2
        fig.line(left + span * lo, mid, left + span * hi, mid, INK, 1.6)
        for v in (lo, hi):
            fig.line(left + span * v, mid - 5, left + span * v, mid + 5, INK, 1.6)
        fig.text(width - right + 8, y + row_h * 0.62, f"{percent(p)} [{percent(lo)}, {percent(hi)}]", 8)
    return fig


def histogram(counts: dict[int, int], title: str, xlabel: str, width=460.0, height=200.0,
              marks: dict[str, float] | None = None) -> Figure:
    """Bars for integer values (e.g. rounds per game); optional vertical marks (mean, p90...)."""
    fig = Figure(width, height)
    left, right, top, bottom = 40.0, 14.0, 26.0, 34.0
    fig.text(4, 16, title, 11, bold=True)
    if not counts:
        return fig
    lo, hi = min(counts), max(counts)
    span_x, span_y = width - left - right, height - top - bottom
    peak = max(counts.values())
    bar_w = span_x / (hi - lo + 1)
    for tick in _ticks(peak):
        y = top + span_y * (1 - tick / peak)
        fig.line(left, y, width - right, y, GRID, 0.6)
        fig.text(left - 4, y + 3, tick, 7, "end")
    for value, n in sorted(counts.items()):
        h = span_y * n / peak
        fig.rect(left + (value - lo) * bar_w, top + span_y - h, max(bar_w - 0.6, 0.4), h, BAR)
    step = max(1, round((hi - lo + 1) / 10))
    for value in range(lo, hi + 1, step):
        fig.text(left + (value - lo + 0.5) * bar_w, height - bottom + 12, value, 7, "middle")
    fig.text(left + span_x / 2, height - 6, xlabel, 8, "middle")
    for i, (name, value) in enumerate(sorted((marks or {}).items(), key=lambda kv: kv[1])):
        x = left + (value - lo + 0.5) * bar_w
        fig.line(x, top, x, top + span_y, BAR2, 1.2, dash=True)
        if x > width - right - 40:  # near the right edge: label to the left of the line
            fig.text(x - 3, top + 10 + 10 * i, name, 7, "end", fill=BAR2)
        else:
            fig.text(x + 3, top + 10 + 10 * i, name, 7, fill=BAR2)
    return fig


def _ticks(peak: int) -> list[int]:
    step = max(1, peak // 4)
    return list(range(0, peak + 1, step))


# ---- writers --------------------------------------------------------------------

def to_svg(fig: Figure) -> str:
    """The figure as an SVG document in points (no unit), numbers to 0.1 pt."""
    out = []
    for item in fig.items:
        kind = item[0]
        if kind == "rect":
            _, x, y, w, h, fill = item
            out.append(svg.rect(x, y, w, h, places=1, fill=fill))
        elif kind == "line":
            _, x1, y1, x2, y2, stroke, width, dash = item
            out.append(svg.line(x1, y1, x2, y2, places=1, stroke=stroke, stroke_width=width,
                                stroke_dasharray="3 3" if dash else None))
        else:
            _, x, y, s, size, anchor, fill, bold = item
            out.append(svg.text(x, y, s, places=1, font_size=size, text_anchor=anchor, fill=fill,
                                font_weight="bold" if bold else None))
    view_box = f"0 0 {svg.num(fig.width, 1)} {svg.num(fig.height, 1)}"
    return svg.document(fig.width, fig.height, "".join(out), unit="", view_box=view_box, places=0,
                        font_family="PT Sans, sans-serif")


def to_drawing(fig: Figure, font: str = "Helvetica", bold_font: str = "Helvetica-Bold"):
    """The figure as a reportlab Drawing (y flipped to reportlab's upward axis)."""
    d = Drawing(fig.width, fig.height)
    flip = fig.height
    for item in fig.items:
        kind = item[0]
        if kind == "rect":
            _, x, y, w, h, fill = item
            d.add(Rect(x, flip - y - h, w, h, fillColor=HexColor(fill), strokeColor=None))
        elif kind == "line":
            _, x1, y1, x2, y2, stroke, width, dash = item
            d.add(Line(x1, flip - y1, x2, flip - y2, strokeColor=HexColor(stroke), strokeWidth=width,
                       strokeDashArray=[3, 3] if dash else None))
        else:
            _, x, y, s, size, anchor, fill, bold = item
            d.add(String(x, flip - y, s, fontName=bold_font if bold else font, fontSize=size,
                         fillColor=HexColor(fill), textAnchor=anchor))
    return d
