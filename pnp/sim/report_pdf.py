"""The simulation report as PDF: the same blocks as the HTML, set with reportlab platypus.

Bundled PT Sans (Cyrillic names of cards and buildings), fixed metadata (a TimelessCanvas),
so the same result gives the same bytes whatever SOURCE_DATE_EPOCH says.
"""

from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from pnp.sim import plots
from pnp.print.timeless import TimelessCanvas
from pnp.typeset.reportlab_fonts import register_reportlab_fonts


def to_pdf(blocks: list[tuple], title: str) -> bytes:
    register_reportlab_fonts()
    body = ParagraphStyle("body", fontName="sans", fontSize=9, leading=12, spaceAfter=6)
    head = ParagraphStyle("head", parent=body, fontName="sans-bold", fontSize=13, leading=16, spaceBefore=8)
    warn = ParagraphStyle("warn", parent=body, textColor=colors.HexColor(plots.WARN), fontName="sans-bold")
    table_style = TableStyle([
        ("FONT", (0, 0), (-1, -1), "sans", 8), ("FONT", (0, 0), (-1, 0), "sans-bold", 8),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor(plots.GRID)),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")),
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ])
    story = [Paragraph(_esc(title), ParagraphStyle("title", parent=head, fontSize=16, leading=20))]
    for block in blocks:
        kind = block[0]
        if kind in ("h", "p", "warn"):
            story.append(Paragraph(_esc(block[1]), {"h": head, "p": body, "warn": warn}[kind]))
        elif kind == "fig":
            story += [plots.to_drawing(block[1], "sans", "sans-bold"), Spacer(1, 4 * mm)]
        elif kind == "table":
            data = [list(map(str, block[1]))] + [[str(c) for c in row] for row in block[2]]
            story += [Table(data, style=table_style, repeatRows=1, hAlign="LEFT"), Spacer(1, 4 * mm)]
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=16 * mm,
                            bottomMargin=16 * mm, title=title, author="pnp sim", creator="pnp",
                            invariant=1, initialFontName="sans")
    doc.build(story, canvasmaker=TimelessCanvas)
    return buf.getvalue()


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
