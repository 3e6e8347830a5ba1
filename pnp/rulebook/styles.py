"""The rulebook's page geometry and paragraph styles (colours and faces from render.style).

A book is read for longer than a card, so prose is set in PT Serif at 10 pt; headings,
tables and boxes use PT Sans like the rest of the kit. Sizes in points, margins in mm.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from pnp.art import style as kit_style
from pnp.typeset.reportlab_fonts import register_reportlab_fonts
from pnp.core.geometry import mm_to_pt
from pnp.rulebook.hyphenation import hyphenate


@dataclass(frozen=True)
class PageGeometry:
    width: float = 210.0
    height: float = 297.0
    left: float = 20.0
    right: float = 20.0
    top: float = 24.0  # room for the running header
    bottom: float = 20.0  # room for the page number
    summary_gap: float = 8.0  # between the two columns of the summary page

    @property
    def text_width(self) -> float:
        return self.width - self.left - self.right

    @property
    def text_height(self) -> float:
        return self.height - self.top - self.bottom

    @property
    def column_width(self) -> float:
        """One column of the two-column summary page."""
        return (self.text_width - self.summary_gap) / 2


def colour(key: str, ink_saver: bool = False) -> colors.Color:
    return colors.HexColor(kit_style.colour(key, ink_saver))


@lru_cache(maxsize=2)
def styles(ink_saver: bool = False) -> dict[str, ParagraphStyle]:
    register_reportlab_fonts()
    ink = colour("ink", ink_saver)
    muted = colour("muted", ink_saver)
    # bulletFontName: reportlab's default is Helvetica, which must never reach the PDF
    common = dict(textColor=ink, allowWidows=0, allowOrphans=0, hyphenationLang=hyphenate,
                  hyphenationMinWordLength=6, bulletFontName="sans")
    body = ParagraphStyle("body", fontName="serif", fontSize=10, leading=14, alignment=TA_JUSTIFY,
                          spaceAfter=5, **common)
    table = ParagraphStyle("table", fontName="sans", fontSize=8.8, leading=11, alignment=TA_LEFT, **common)
    out = {
        "body": body,
        "lead": ParagraphStyle("lead", parent=body, fontName="serif-italic", fontSize=11, leading=15.5,
                               spaceAfter=8),
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=mm_to_pt(5), bulletIndent=mm_to_pt(1.2),
                                 spaceAfter=2.5, bulletFontSize=body.fontSize),
        "number": ParagraphStyle("number", parent=body, leftIndent=mm_to_pt(6), bulletIndent=mm_to_pt(0.5),
                                 spaceAfter=2.5, bulletFontName="sans-bold", bulletFontSize=body.fontSize),
        "h1": ParagraphStyle("h1", fontName="sans-bold", fontSize=19, leading=23, spaceBefore=4, spaceAfter=7,
                             keepWithNext=1, textColor=ink, hyphenationLang=""),
        "h2": ParagraphStyle("h2", fontName="sans-bold", fontSize=12.5, leading=15.5, spaceBefore=9,
                             spaceAfter=4, keepWithNext=1, textColor=colour("heading", ink_saver)
                             if not ink_saver else ink, hyphenationLang=""),
        "h3": ParagraphStyle("h3", fontName="sans-bold", fontSize=10.5, leading=13, spaceBefore=6, spaceAfter=2,
                             keepWithNext=1, textColor=ink, hyphenationLang=""),
        "note": ParagraphStyle("note", parent=table, fontSize=9.3, leading=12.5, alignment=TA_JUSTIFY),
        "table": table,
        "table-head": ParagraphStyle("table-head", parent=table, fontName="sans-bold", textColor=ink,
                                     hyphenationLang=""),
        "table-num": ParagraphStyle("table-num", parent=table, alignment=TA_CENTER),
        "table-name": ParagraphStyle("table-name", parent=table, fontName="sans-bold"),
        "caption": ParagraphStyle("caption", parent=table, fontName="sans-italic", fontSize=8.5, leading=10.5,
                                  textColor=muted, alignment=TA_CENTER, spaceBefore=3, spaceAfter=6),
        "toc1": ParagraphStyle("toc1", fontName="sans-bold", fontSize=11, leading=17, textColor=ink),
        "toc2": ParagraphStyle("toc2", fontName="sans", fontSize=9.5, leading=13, leftIndent=mm_to_pt(6),
                               textColor=ink),
        "cover-title": ParagraphStyle("cover-title", fontName="serif-bold", fontSize=52, leading=60,
                                      alignment=TA_CENTER, textColor=ink),
        "cover-sub": ParagraphStyle("cover-sub", fontName="serif-italic", fontSize=15, leading=20,
                                    alignment=TA_CENTER, textColor=ink),
        "cover-meta": ParagraphStyle("cover-meta", fontName="sans", fontSize=11, leading=15,
                                     alignment=TA_CENTER, textColor=muted),
        "summary": ParagraphStyle("summary", parent=table, fontSize=8.6, leading=10.6, spaceAfter=2.5,
                                  alignment=TA_LEFT),
        "summary-h": ParagraphStyle("summary-h", fontName="sans-bold", fontSize=10.5, leading=13,
                                    spaceBefore=5, spaceAfter=2.5, keepWithNext=1,
                                    textColor=colour("heading", ink_saver) if not ink_saver else ink),
    }
    out["summary-bullet"] = ParagraphStyle("summary-bullet", parent=out["summary"], leftIndent=mm_to_pt(3.2),
                                           bulletIndent=0, spaceAfter=1.5, bulletFontSize=out["summary"].fontSize)
    # costs read best with icons a little larger than the text around them (about 4 mm)
    out["table-cost"] = ParagraphStyle("table-cost", parent=table, leading=13)
    out["table-cost"].iconScale = 1.85
    out["summary-number"] = ParagraphStyle("summary-number", parent=out["summary"], leftIndent=mm_to_pt(4),
                                           bulletIndent=0, spaceAfter=1.5, bulletFontName="sans-bold",
                                           bulletFontSize=out["summary"].fontSize)
    return out
