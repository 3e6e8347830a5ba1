"""The assembly diagrams: numbered steps, each a small drawing over a few words.

The words are the content's (`ui:` models_wall_step_*, models_castle_step_*), the
drawings are made here from the same measures as the nets (a step that shows a net
shows the real one, scaled down), so a diagram never disagrees with its piece.
"""

from __future__ import annotations

import math
from typing import Callable

from pnp.art import svg
from pnp.art.draw import Pen, centred_text, circle, line, polygon, rich
from pnp.games.oborona_zamka.model import Game
from pnp.games.oborona_zamka.render import walls
from pnp.games.oborona_zamka.render.castle import TOWER_SHARE
from pnp.games.oborona_zamka.render.papercraft import GLUE_OPACITY, MOUNTAIN_INK, Net, mountain, valley
from pnp.core.geometry import Box, fmt
from pnp.print.tiling import GLUE_FILL

DRAW_H = 24.0  # mm: each step's drawing
TEXT_H = 17.0  # its words, up to five lines
TEXT_PT, MIN_PT = 7.0, 6.0
GAP = 3.0
WALL_STEPS = 5
CASTLE_STEPS = 5

Drawing = Callable[[Pen, float, float], str]  # (pen, width, height) -> SVG in a box at (0, 0)


def hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A pointy-top hexagon (as the field's), `r` from centre to corner."""
    return [(cx + r * math.cos(math.radians(-90 + 60 * k)), cy + r * math.sin(math.radians(-90 + 60 * k)))
            for k in range(6)]


def scaled(net: Net, w: float, h: float) -> str:
    """A net scaled down to fit a w x h box, centred."""
    k = min(w / net.width, h / net.height)
    x, y = (w - net.width * k) / 2, (h - net.height * k) / 2
    return svg.wrap(net.svg, transform=f"{svg.translate(x, y)} {svg.scale(k)}")


def steps(pen: Pen, words: list[str], drawings: list[Drawing], width: float) -> Net:
    """A row of numbered steps across `width` mm."""
    n = len(words)
    w = (width - GAP * (n - 1)) / n
    out = ""
    for k, (said, draw) in enumerate(zip(words, drawings)):
        x = k * (w + GAP)
        out += svg.wrap(draw(pen, w, DRAW_H), transform=svg.translate(x, 0))
        out += circle(x + 3.0, 3.0, 3.0, pen.c("ink"))
        out += centred_text(x + 3.0, 3.0, str(k + 1), "sans-bold", 8, pen.c("on-colour"))
        out += rich(pen, said, Box(x, DRAW_H + 1.5, w, TEXT_H), size=TEXT_PT, min_size=MIN_PT, leading=1.15,
                    where="assembly step")
    return Net(width, DRAW_H + 1.5 + TEXT_H, out)


# --- the wall's steps ---------------------------------------------------------------------


def wall_steps(game: Game, lang: str, pen: Pen, width: float, sample: Net) -> Net:
    words = [game.ui(f"models_wall_step_{k}", lang) for k in range(1, WALL_STEPS + 1)]
    return steps(pen, words, [lambda p, w, h: scaled(sample, w - 8, h), _ridge, _end_tab, _feet,
                                   lambda p, w, h: _corner(p, w, h, game)], width)


def _ridge(pen: Pen, w: float, h: float) -> str:
    """Folded at the ridge, the two halves glued back to back."""
    cx, top, foot = w / 2, 3.0, h - 3.0
    out = mountain((cx - 10, top + 4), (cx - 10, foot))
    out += polygon([(cx - 1.2, top), (cx + 1.2, top), (cx + 1.2, foot), (cx - 1.2, foot)], GLUE_FILL,
                   fill_opacity=GLUE_OPACITY)
    out += line(cx - 1.2, top, cx - 1.2, foot, pen.c("ink"), 0.5) + line(cx + 1.2, top, cx + 1.2, foot, pen.c("ink"), 0.5)
    out += svg.path(f"M{fmt(cx - 1.2)} {fmt(top)}Q{fmt(cx)} {fmt(top - 2.4)} {fmt(cx + 1.2)} {fmt(top)}", fill="none",
                    stroke=MOUNTAIN_INK, stroke_width=0.5)
    out += _arrow(pen, cx - 7, (top + foot) / 2, cx - 2.5, (top + foot) / 2)
    out += _arrow(pen, cx + 7, (top + foot) / 2, cx + 2.5, (top + foot) / 2)
    return out


def _end_tab(pen: Pen, w: float, h: float) -> str:
    """Seen from above: the end tab wrapped round the wall's end onto the other face."""
    y, x1 = h / 2, w * 0.75
    out = line(4, y - 1, x1, y - 1, pen.c("ink"), 0.6) + line(4, y + 1, x1, y + 1, pen.c("ink"), 0.6)
    out += polygon([(x1 - 7, y + 1.3), (x1 + 0.5, y + 1.3), (x1 + 0.5, y - 1.3), (x1 - 7, y - 1.3),
                    (x1 - 7, y - 2.2), (x1 + 1.4, y - 2.2), (x1 + 1.4, y + 2.2), (x1 - 7, y + 2.2)],
                   GLUE_FILL, pen.c("ink"), 0.3)
    out += _arrow(pen, x1 + 5, y - 6, x1 + 2, y - 2.5)
    return out


def _feet(pen: Pen, w: float, h: float) -> str:
    """The wall standing on the edge between two hexes, a foot in each."""
    cx, ground = w / 2, h - 4
    out = line(2, ground, w - 2, ground, pen.c("muted"), 0.4)
    out += line(cx, ground, cx, 4, pen.c("ink"), 0.9)
    out += line(cx - 5, ground - 0.4, cx + 5, ground - 0.4, pen.c("ink"), 0.6)
    out += valley((cx - 8, ground + 2), (cx - 5, ground + 2)) + valley((cx + 5, ground + 2), (cx + 8, ground + 2))
    out += line(cx, ground - 1, cx, ground + 3.5, pen.c("muted"), 0.3, stroke_dasharray="0.8 0.6")
    return out


def _corner(pen: Pen, w: float, h: float, game: Game) -> str:
    """Three hexes meeting at a corner: two segments butt there, their feet (drawn to scale) meet
    on the corner's bisector."""
    r = h / 3.6  # three hexes round a corner are 3.5 corner radii tall
    cx, cy = w / 2, 1.5 * r + 0.5
    out = ""
    for dx, dy in ((-r * math.sqrt(3) / 2, -r / 2), (r * math.sqrt(3) / 2, -r / 2), (0, r)):
        out += polygon(hexagon(cx + dx, cy + dy, r), pen.c("paper"), pen.c("line"), 0.3)
    g = walls.Geometry(game)
    foot, chamfer = g.foot * r / g.length, g.chamfer * r / g.length
    for ex, ey in ((cx, cy - r), (cx - r * math.sqrt(3) / 2, cy + r / 2)):  # two of the corner's edges
        ux, uy = (ex - cx) / r, (ey - cy) / r
        for side in (1, -1):
            nx, ny = -uy * side, ux * side
            out += polygon([(cx, cy), (ex, ey), (ex + nx * foot - ux * chamfer, ey + ny * foot - uy * chamfer),
                            (cx + nx * foot + ux * chamfer, cy + ny * foot + uy * chamfer)],
                           pen.c("castle"), pen.c("ink"), 0.2)
        out += line(cx, cy, ex, ey, pen.c("ink"), 0.8)
    return out


def _arrow(pen: Pen, x1: float, y1: float, x2: float, y2: float) -> str:
    angle = math.atan2(y2 - y1, x2 - x1)
    head = [(x2, y2), (x2 - 1.6 * math.cos(angle - 0.45), y2 - 1.6 * math.sin(angle - 0.45)),
            (x2 - 1.6 * math.cos(angle + 0.45), y2 - 1.6 * math.sin(angle + 0.45))]
    return line(x1, y1, x2, y2, pen.c("ink"), 0.35) + polygon(head, pen.c("ink"))


# --- the castle's steps -------------------------------------------------------------------


def castle_steps(game: Game, lang: str, pen: Pen, width: float, tower: Net, names: tuple[str, str]) -> Net:
    words = [game.ui(f"models_castle_step_{k}", lang, **({"a": names[0], "b": names[1]} if k == CASTLE_STEPS else {}))
             for k in range(1, CASTLE_STEPS + 1)]
    return steps(pen, words, [lambda p, w, h: scaled(tower, w - 8, h), _folds, _tube, _joined,
                              lambda p, w, h: _placed(p, w, h, names)], width)


def _folds(pen: Pen, w: float, h: float) -> str:
    """A valley fold (towards you) and a mountain fold (away), in profile."""
    y = h / 2
    out = valley((4, y - 5), (w / 2 - 3, y - 5)) + mountain((w / 2 + 3, y - 5), (w - 4, y - 5))
    a, b = w / 4 + 1, 3 * w / 4 - 1
    for x, dip in ((a, 6.0), (b, -6.0)):  # V then Λ
        points = ((x - 6, y + 2 - dip / 2), (x, y + 2 + dip / 2), (x + 6, y + 2 - dip / 2))
        out += svg.path("M" + "L".join(f"{fmt(px)} {fmt(py)}" for px, py in points), fill="none",
                        stroke=pen.c("ink"), stroke_width=0.6)
    return out


def _tube(pen: Pen, w: float, h: float) -> str:
    """Seen from above: the six sides closed into a hexagon, the side tab glued inside."""
    cx, cy, r = w / 2, h / 2, h * 0.38
    corners = hexagon(cx, cy, r)
    out = polygon(corners, pen.c("stone-light"), pen.c("ink"), 0.6)
    (ax, ay), (bx, by) = corners[0], corners[1]
    inner = [(ax, ay), (ax + (bx - ax) * 0.35, ay + (by - ay) * 0.35)]
    out += polygon([inner[0], inner[1], (inner[1][0] - 1.0, inner[1][1] + 1.6), (ax - 0.2, ay + 1.8)], GLUE_FILL,
                   pen.c("ink"), 0.2)
    return out


def _joined(pen: Pen, w: float, h: float) -> str:
    """Seen from above: the П-shaped joining walls glued between the two towers' facing sides."""
    cy, r = h / 2, h * 0.33
    left, right = w / 2 - r * 1.35, w / 2 + r * 1.35
    out = polygon(hexagon(left, cy, r), pen.c("stone-light"), pen.c("ink"), 0.5)
    out += polygon(hexagon(right, cy, r), pen.c("stone-light"), pen.c("ink"), 0.5)
    x0, x1 = left + r * math.sqrt(3) / 2, right - r * math.sqrt(3) / 2
    half = r * 0.35
    out += polygon([(x0, cy - half), (x1, cy - half), (x1, cy + half), (x0, cy + half)], pen.c("castle"))
    out += line(x0, cy - half, x1, cy - half, pen.c("ink"), 0.6) + line(x0, cy + half, x1, cy + half, pen.c("ink"), 0.6)
    return out


def _placed(pen: Pen, w: float, h: float, names: tuple[str, str]) -> str:
    """The castle on its two hexes, each half-tower inside its own hex."""
    r = h * 0.3
    cy = h * 0.42
    centres = (w / 2 - r * math.sqrt(3) / 2, w / 2 + r * math.sqrt(3) / 2)
    out = ""
    for cx, name in zip(centres, names):
        out += polygon(hexagon(cx, cy, r), pen.c("paper"), pen.c("line"), 0.4)
        out += polygon(hexagon(cx, cy, r * TOWER_SHARE), pen.c("stone-light"), pen.c("ink"), 0.4)
        out += centred_text(cx, cy + r + 3.0, name, "sans-bold", 6, pen.c("ink"))
    return out
