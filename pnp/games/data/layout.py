"""Where every text of a data-only game's mats, sheets and aids is set: boxes in mm, type sizes
and the markup, worked out once from the content for the renderer that draws them and for the
check that holds them (an area outside its mat, a table taller than its sheet, a text that does
not fit at 7 pt is a problem at its line, never a clipped word on paper).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from pnp.core.geometry import Box
from pnp.core.texts import Text
from pnp.games.data.parts import Aid, Mat, Sheet, aid_trim
from pnp.typeset import richtext

#: every text these parts print is set no smaller than this (as the cards' rules text)
MIN_PT = 7.0

# --- mats ----------------------------------------------------------------------------------------

EDGE = 4.0  # mm from the mat's edge to its title band and areas
BAND = 12.0  # the title band's height
MAT_TOP = EDGE + BAND + 2.0  # an area starts no higher than this
AREA_TITLE = 8.0  # an area's title line
AREA_PAD = 2.5


@dataclass(frozen=True)
class Slot:
    """A text set in a box: its markup, face, largest and smallest size, alignment, vertical
    alignment, and what the problem or the build's note calls it."""

    markup: str
    box: Box
    face: str
    size: float
    min_size: float = MIN_PT
    align: str = "left"
    valign: str = "top"
    where: str = ""
    leading: float = 1.2


def said(text: Text, lang: str) -> str:
    """The text in `lang`; nothing where it lacks the language (the strings check says so, and a
    build never gets there), so one missing word is one problem."""
    return text.values.get(lang, "")


def fit(slot: Slot) -> richtext.FitResult:
    """The slot's text set at the largest size that fits its box (at its smallest, when none does)."""
    return richtext.fit(slot.markup, slot.box.w, slot.box.h, slot.face, slot.size, slot.min_size, slot.align,
                        slot.leading)


def mat_band(mat: Mat) -> Box:
    return Box(EDGE, EDGE, mat.width - 2 * EDGE, BAND)


def mat_room(mat: Mat) -> Box:
    """Where the areas may lie: inside the edge, below the title band."""
    return Box(EDGE, MAT_TOP, mat.width - 2 * EDGE, mat.height - EDGE - MAT_TOP)


def mat_slots(mat: Mat, lang: str) -> list[tuple[Slot, Any]]:
    """(slot, the Text it sets) of the mat's title and each area's title and text."""
    band = mat_band(mat)
    out = [(Slot(f"**{said(mat.name, lang)}**", Box(band.x + 4, band.y, band.w - 8, band.h), "serif", 16, 9,
                 valign="middle", where=f"mat {mat.id} title", leading=1.05), mat.name)]
    for k, area in enumerate(mat.areas):
        box = area.box.box()
        out.append((Slot(f"**{said(area.title, lang)}**", Box(box.x + AREA_PAD, box.y + 1, box.w - 2 * AREA_PAD, AREA_TITLE),
                         "sans", 10, valign="middle", where=f"mat {mat.id} area {k + 1} title", leading=1.05), area.title))
        if area.text is not None:
            inner = Box(box.x + AREA_PAD, box.y + 1 + AREA_TITLE, box.w - 2 * AREA_PAD, box.h - AREA_TITLE - 1 - AREA_PAD)
            out.append((Slot(said(area.text, lang), inner, "sans", 9, where=f"mat {mat.id} area {k + 1}"), area.text))
    return out


# --- sheets --------------------------------------------------------------------------------------

MARGIN = 8.0  # mm round a sheet's title and table
TITLE_H = 12.0
HEAD_H = 12.0  # the table's row of column headings
CELL_PAD = 1.5


def table_box(sheet: Sheet) -> Box:
    top = MARGIN + TITLE_H + 4
    return Box(MARGIN, top, sheet.width - 2 * MARGIN, HEAD_H + sheet.rows * sheet.row_height)


def room_below(sheet: Sheet) -> float:
    """mm the table leaves at the sheet's bottom margin (negative: it does not fit)."""
    return sheet.height - MARGIN - table_box(sheet).bottom


def columns(sheet: Sheet) -> list[Box]:
    """Each column's box over the whole table: the first column, when it names the rows, is twice as wide."""
    table = table_box(sheet)
    shares = [2.0 if k == 0 and sheet.row_names else 1.0 for k in range(len(sheet.columns))]
    x, out = table.x, []
    for share in shares:
        w = table.w * share / sum(shares)
        out.append(Box(x, table.y, w, table.h))
        x += w
    return out


def sheet_slots(sheet: Sheet, lang: str) -> list[tuple[Slot, Text]]:
    """(slot, the Text it sets) of the sheet's title, its column headings and its rows' names."""
    out = [(Slot(f"**{said(sheet.name, lang)}**", Box(MARGIN, MARGIN, sheet.width - 2 * MARGIN, TITLE_H), "serif", 18, 10,
                 align="center", valign="middle", where=f"sheet {sheet.id} title", leading=1.05), sheet.name)]
    cols = columns(sheet)
    for k, (col, heading) in enumerate(zip(cols, sheet.columns)):
        out.append((Slot(f"**{said(heading, lang)}**", Box(col.x + CELL_PAD, col.y, col.w - 2 * CELL_PAD, HEAD_H), "sans", 9,
                         align="center", valign="middle", where=f"sheet {sheet.id} column {k + 1}", leading=1.05), heading))
    first = cols[0]
    for k, name in enumerate(sheet.row_names):
        y = first.y + HEAD_H + k * sheet.row_height
        out.append((Slot(said(name, lang), Box(first.x + CELL_PAD, y, first.w - 2 * CELL_PAD, sheet.row_height), "sans", 9,
                         valign="middle", where=f"sheet {sheet.id} row {k + 1}", leading=1.05), name))
    return out


# --- aids ----------------------------------------------------------------------------------------

GUTTER = 6.0  # between a half-page aid's two columns


@dataclass(frozen=True)
class AidFrame:
    width: float  # trim
    height: float
    bleed: float
    safe: float
    header: float  # the title band below the trim's top edge
    title_pt: float
    body_pt: float

    @property
    def full(self) -> tuple[float, float]:
        return self.width + 2 * self.bleed, self.height + 2 * self.bleed

    def title_box(self) -> Box:
        b = self.bleed
        return Box(b + self.safe, b + self.safe * 0.5, self.width - 2 * self.safe, self.header - self.safe * 0.5)

    def body(self) -> Box:
        b, top = self.bleed, self.bleed + self.header + 2.0
        return Box(b + self.safe, top, self.width - 2 * self.safe, b + self.height - self.safe - top)


def aid_frame(aid: Aid, card: Any) -> AidFrame:
    width, height = aid_trim(aid, card)
    if aid.size == "card":
        return AidFrame(width, height, card.bleed, card.safe, 10.0 + card.safe * 0.5, 11, 10)
    return AidFrame(width, height, card.bleed, 6.0, 16.0, 16, 12)


def _sections(aid: Aid, lang: str, chosen: range) -> str:
    """The sections `chosen`, each its title in bold over its text, a blank line apart."""
    return "\n\n".join(f"**{said(aid.sections[k].title, lang)}**\n{said(aid.sections[k].text, lang)}" for k in chosen)


def aid_columns(aid: Aid, frame: AidFrame, lang: str) -> list[tuple[str, Box]]:
    """The body's columns: one on a card, two on half a page (the first sections on the left)."""
    body = frame.body()
    n = len(aid.sections)
    if aid.size == "card" or n == 1:
        return [(_sections(aid, lang, range(n)), body)]
    half, w = math.ceil(n / 2), (body.w - GUTTER) / 2
    return [(_sections(aid, lang, range(half)), Box(body.x, body.y, w, body.h)),
            (_sections(aid, lang, range(half, n)), Box(body.x + w + GUTTER, body.y, w, body.h))]


def aid_slots(aid: Aid, card: Any, lang: str) -> list[tuple[Slot, Any]]:
    """(slot, what it sets) of the aid's title and its columns of sections."""
    frame = aid_frame(aid, card)
    out = [(Slot(f"**{said(aid.name, lang)}**", frame.title_box(), "serif", frame.title_pt, 8, valign="middle",
                 where=f"aid {aid.id} title", leading=1.05), aid.name)]
    out += [(Slot(markup, box, "sans", frame.body_pt, where=f"aid {aid.id} column {k + 1}"), aid)
            for k, (markup, box) in enumerate(aid_columns(aid, frame, lang))]
    return out
