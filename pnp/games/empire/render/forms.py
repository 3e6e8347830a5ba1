"""The parts of a form the players write on with a dry-erase marker in a sleeve, shared by the
capital sheet, the reference boards and the battle worksheet: write-in and tick boxes, labels
shrunk to fit, light tints. Their sizes (TICK, WRITE_MIN) and why: capital_layout."""

from __future__ import annotations

from pnp.art import style, svg
from pnp.art.draw import Pen, rect, text
from pnp.games.empire.render.capital_layout import TICK
from pnp.core.geometry import Box
from pnp.typeset import fonts

#: the outline of every write-in and tick box (tests find the boxes by it)
BOX_STROKE = style.STROKE["regular"]
TINT, INK_SAVER_TINT = 0.3, 0.5  # of the palette's colour; the ink-saver palette is already pale
_ROMAN = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def roman(n: int) -> str:
    """A barracks level as the seed writes it: «VII.»."""
    out = ""
    for value, letters in _ROMAN:
        while n >= value:
            out, n = out + letters, n - value
    return out


def light(pen: Pen, key: str) -> str:
    return style.tint(pen.c(key), INK_SAVER_TINT if pen.ink_saver else TINT)


def write_box(box: Box, pen: Pen) -> str:
    """A blank box for the marker, square-cornered (so a PDF draws it as one rectangle)."""
    return rect(box, pen.c("paper"), pen.c("ink"), BOX_STROKE)


def tick_box(x: float, y: float, pen: Pen, ticked: bool = False) -> str:
    out = write_box(Box(x, y, TICK, TICK), pen)
    if ticked:
        d = (f"M{svg.num(x + 1.8)} {svg.num(y + 4.3)}L{svg.num(x + 3.5)} {svg.num(y + 6.1)}"
             f"L{svg.num(x + 6.4)} {svg.num(y + 1.9)}")
        out += svg.path(d, fill="none", stroke=pen.c("ink"), stroke_width=0.7, stroke_linecap="round",
                        stroke_linejoin="round")
    return out


def fitted(value: str, width: float, face: str, size: float, least: float = 6.5) -> float:
    """The largest size (down to `least`, in 0.25 pt steps) at which a line of `value` is `width` mm wide at most."""
    while size > least and fonts.text_width_mm(value, face, size) > width:
        size -= 0.25
    return size


def labelled_tick(x: float, y: float, label: str, pen: Pen, ticked: bool = False, width: float = 60.0) -> str:
    """A tick box and its label to the right, the label shrunk to keep within `width` mm of x."""
    size = fitted(label, width - TICK - 2.2, "sans", 7.5, 6.0)
    return tick_box(x, y, pen, ticked) + text(x + TICK + 1.2, y + TICK / 2 + 1.1, label, "sans", size, pen.c("ink"))


def heading(box: Box, words: str, pen: Pen) -> str:
    return text(box.x, box.y + 5.0, words, "sans-bold", 9.5, pen.c("ink"))


def labelled_box(box: Box, label: str, pen: Pen) -> str:
    """A write-in box with its name small in the top-left corner."""
    return write_box(box, pen) + text(box.x + 1.0, box.y + 2.9, label, "sans", 6.5, pen.c("muted"))
