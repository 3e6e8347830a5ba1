"""Tables for the reference boards: a page's title and legend, columns by width, cells with fitted text.

A cell is outlined with a thin line (the write-in boxes keep BOX_STROKE, so tests tell them apart)
and its words are fitted into it, shrinking down to 7 pt (SPEC 3a: readable at arm's length).
"""

from __future__ import annotations

from typing import Sequence

from pnp.art import style
from pnp.art.draw import Pen, rect, rich, text
from pnp.core.geometry import Box

PAD = 1.6  # a cell's text from its outline
TITLE_H = 17.0  # the title and the legend above a table
MIN_SIZE = 7.0


def columns(box: Box, widths: Sequence[float]) -> list[Box]:
    """The columns of `box`, fixed widths in mm left to right, the one given as 0 taking what is left."""
    rest = box.w - sum(widths)
    out, x = [], box.x
    for w in widths:
        w = w or rest
        out.append(Box(x, box.y, w, box.h))
        x += w
    return out


def cell_of(column: Box, y: float, h: float) -> Box:
    return Box(column.x, y, column.w, h)


def span(first: Box, last: Box) -> Box:
    """The box from `first`'s top-left to `last`'s bottom-right (a merged cell)."""
    return Box(first.x, first.y, last.right - first.x, last.bottom - first.y)


def cell(pen: Pen, box: Box, markup: str, *, size: float = 9.0, face: str = "sans", fill: str | None = None,
         align: str = "left", valign: str = "middle", where: str = "") -> str:
    """An outlined cell, `fill` behind it, its words fitted inside."""
    out = rect(box, fill or pen.c("paper"), pen.c("ink"), style.STROKE["thin"])
    if not markup:
        return out
    inner = box.inset(PAD)
    return out + rich(pen, markup, inner, face=face, size=size, min_size=MIN_SIZE, leading=1.15, align=align,
                      valign=valign, where=where)


def titled(pen: Pen, frame: Box, title: str, legend: str, corner: str) -> str:
    """A board's title at the top left, the game's title at the right, the legend under both."""
    out = text(frame.x, frame.y + 7.0, title, "serif-bold", 17, pen.c("ink"))
    out += text(frame.right, frame.y + 5.5, corner, "serif-bold", 10, pen.c("muted"), anchor="end")
    return out + rich(pen, legend, Box(frame.x, frame.y + 9.5, frame.w, TITLE_H - 10.0), size=9.5, min_size=MIN_SIZE,
                      fill=pen.c("muted"), where="legend")


def body(frame: Box) -> Box:
    """Where a board's table goes, under its title."""
    return Box(frame.x, frame.y + TITLE_H, frame.w, frame.h - TITLE_H)
