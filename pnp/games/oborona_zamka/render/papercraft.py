"""The marks of a paper model's net: cut, valley and mountain folds, glue tabs, stone, merlons.

A net is drawn in its own millimetres, printed side up. The line conventions are the
usual ones of paper models, told apart by dash pattern as well as colour (a greyscale
printer and colour-blind players still read them): a cut is solid, a valley fold (bend
the paper towards you, the printed side inside the crease) is dashed, a mountain fold
(bend it away, the crease points at you) is dash-dotted. Glue tabs are tinted grey and
carry the word "клей". The legend that explains all of it is drawn here too, from the
content's strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pnp.art import svg
from pnp.art.draw import Pen, centred_text, line, polygon, text
from pnp.core.geometry import fmt
from pnp.print.tiling import CUT_INK, GLUE_FILL
from pnp.typeset import fonts

Point = tuple[float, float]

CUT_WIDTH = 0.3  # mm: the darkest, widest line of a net
FOLD_WIDTH = 0.25
VALLEY_INK = "#2d6cb0"  # blue, dashed
MOUNTAIN_INK = "#b8412f"  # red, dash-dotted
VALLEY_DASH = "2.4 1.2"
MOUNTAIN_DASH = "2.4 0.8 0.5 0.8"
GLUE_OPACITY = 0.45
TEXTURE_WIDTH = 0.15  # the joints between the stones


@dataclass(frozen=True)
class Net:
    """A flat piece (or a drawing) `width` x `height` mm; its `svg` is drawn from (0, 0)."""

    width: float
    height: float
    svg: str
    name: str = ""  # what the piece is, for its SVG master's title
    slug: str = ""  # its SVG master's file name ('wall-6-2-7-2'); empty: a drawing, no master


def cut(points: Sequence[Point], closed: bool = False) -> str:
    """A cut line through `points` (closed: back to the first)."""
    d = "M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in points) + ("Z" if closed else "")
    return svg.path(d, fill="none", stroke=CUT_INK, stroke_width=CUT_WIDTH, stroke_linejoin="miter",
                    stroke_linecap="butt")


def valley(a: Point, b: Point) -> str:
    return line(*a, *b, VALLEY_INK, FOLD_WIDTH, stroke_dasharray=VALLEY_DASH)


def mountain(a: Point, b: Point) -> str:
    return line(*a, *b, MOUNTAIN_INK, FOLD_WIDTH, stroke_dasharray=MOUNTAIN_DASH)


def glue(points: Sequence[Point], word: str, size: float = 5.0, turn: float = 0.0) -> str:
    """A tinted glue area with its word in the middle (turned `turn` degrees); no word: where a
    tab lands."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    word_svg = centred_text(cx, cy, word, "sans-bold", size, CUT_INK) if word else ""
    if turn and word:
        word_svg = svg.wrap(word_svg, transform=svg.rotate(turn, cx, cy))
    return polygon(points, GLUE_FILL, fill_opacity=GLUE_OPACITY) + word_svg


def stones(pen: Pen, x: float, y: float, w: float, h: float, course: float, flip: bool = False) -> str:
    """A face of dressed stone: the fill and the joints, in courses `course` mm high.

    Courses are counted from the face's foot (the bottom, or the top when `flip`: a face
    printed upside down in its net), so the walls' joints line up when they stand."""
    out = svg.rect(x, y, w, h, fill=pen.c("stone-light"))
    joints = pen.c("stone")
    rows = int(h / course)
    for k in range(1, rows + 1):
        yy = y + k * course if flip else y + h - k * course
        if y < yy < y + h:
            out += line(x, yy, x + w, yy, joints, TEXTURE_WIDTH)
    for k in range(rows + 1):
        top = y + k * course if flip else y + h - (k + 1) * course
        bottom = top + course
        top, bottom = max(top, y), min(bottom, y + h)
        if bottom - top <= 0.1:
            continue
        stone = course * 1.8
        shift = stone / 2 if k % 2 else 0.0
        xx = x + shift + stone
        while xx < x + w - 0.3:
            out += line(xx, top, xx, bottom, joints, TEXTURE_WIDTH)
            xx += stone
    return out


def merlons(x0: float, x1: float, y: float, depth: float, parts: int, up: bool) -> list[Point]:
    """A crenellated edge from (x0, y) to (x1, y): `parts` equal parts, merlons at both ends
    (parts is odd), the crenels `depth` deep, cut towards +y (`up`: the edge is a top) or -y."""
    step, sign = (x1 - x0) / parts, 1 if up else -1
    points: list[Point] = [(x0, y)]
    for k in range(1, parts):
        x = x0 + k * step
        inner = y + sign * depth
        points += [(x, y), (x, inner)] if k % 2 else [(x, inner), (x, y)]
    return points + [(x1, y)]


def legend(game, lang: str, width: float) -> Net:
    """The key to the marks: cut, valley fold, mountain fold, glue, in one row (or two)."""
    pen = Pen()
    entries = (("cut", game.ui("models_cut", lang)), ("valley", game.ui("models_valley", lang)),
               ("mountain", game.ui("models_mountain", lang)), ("glue", game.ui("models_glue", lang)))
    sample, gap, row_h, size = 9.0, 4.0, 5.0, 7.0
    out, x, y = "", 0.0, 0.0
    for kind, words in entries:
        w = sample + 1.5 + fonts.text_width_mm(words, "sans", size)
        if x and x + w > width:
            x, y = 0.0, y + row_h
        mid = y + row_h / 2
        if kind == "cut":
            out += cut([(x, mid), (x + sample, mid)])
        elif kind == "valley":
            out += valley((x, mid), (x + sample, mid))
        elif kind == "mountain":
            out += mountain((x, mid), (x + sample, mid))
        else:
            out += polygon([(x, mid - 1.6), (x + sample, mid - 1.6), (x + sample, mid + 1.6), (x, mid + 1.6)],
                           GLUE_FILL, fill_opacity=GLUE_OPACITY)
        out += text(x + sample + 1.5, mid + 1.2, words, "sans", size, pen.c("ink"))
        x += w + gap
    return Net(width, y + row_h, out)
