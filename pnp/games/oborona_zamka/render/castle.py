"""The castle as a paper model: two half-towers on the castle's two hexes, joined by walls.

Each half-tower is a hexagonal tube turned like the field's hexes (its sides parallel to
its hex's sides), TOWER_SHARE of the hex across its flats, so its footprint lies inside
its hex with a margin all round; a hexagonal floor folded under it keeps it hexagonal.
The two towers stand on neighbouring hexes, so two of their sides face each other across
the shared edge, `across_flats - tower` apart: the joining walls (a П-shaped piece, two
crenellated walls on a floor) span exactly that gap over the shared edge, and their end
tabs are glued onto those two sides (marked grey on each tower).
"""

from __future__ import annotations

import math

from pnp.art import svg
from pnp.art.draw import Pen, centred_text
from pnp.games.oborona_zamka.model import Game, RowCol, cell_id
from pnp.games.oborona_zamka.render.papercraft import Net, cut, glue, merlons, mountain, stones

TOWER_SHARE = 0.7  # tower across flats, of the hex's
TOWER_HEIGHT_SHARE = 1.8  # of the hex's across-flats: 61 mm, above the standees
JOIN_HEIGHT_SHARE = 0.55  # the joining walls, of the tower's height
JOIN_WIDTH_SHARE = 0.75  # the joining piece's width, of a tower side (its tabs land on one side)
PANELS = 6
FACING = 4  # the tower side the joining walls are glued to
GATE = (FACING + PANELS // 2) % PANELS  # the side opposite
CRENEL_SHARE = 0.2  # crenel depth, of a tower side
SIDE_TAB_SHARE = 0.25
FLOOR_TAB_SHARE = 0.2


class Geometry:
    def __init__(self, game: Game) -> None:
        flats = game.field.across_flats
        self.tower = TOWER_SHARE * flats  # across flats
        self.side = self.tower / math.sqrt(3)
        self.height = TOWER_HEIGHT_SHARE * flats
        self.crenel = CRENEL_SHARE * self.side
        self.gap = flats - self.tower  # between the two towers' facing sides
        self.join_height = JOIN_HEIGHT_SHARE * self.height
        self.join_width = JOIN_WIDTH_SHARE * self.side
        self.join_tab = 0.4 * self.join_width  # the two walls' tabs, folded inwards, never overlap


def tower_net(game: Game, lang: str, pen: Pen, cell: RowCol) -> Net:
    """The half-tower on `cell`: six sides with merlons, a side tab, a floor under side 1 with tabs."""
    name = game.hex_name(cell, lang)
    g = Geometry(game)
    s, h, c = g.side, g.height, g.crenel
    tab, floor_tab = SIDE_TAB_SHARE * s, FLOOR_TAB_SHARE * s
    x0 = 0.0
    rise = s * math.sqrt(3) / 2
    out = ""
    for k in range(PANELS):
        x = x0 + k * s
        out += stones(pen, x, c, s, h - c, s / 4)
        out += svg.rect(x, 0, s, c, fill=pen.c("stone-light"))
        for slit in (0.3, 0.7):
            out += svg.rect(x + s / 2 - 0.5, h * slit - 2.5, 1.0, 5.0, fill=pen.c("dark"))
    landing = x0 + FACING * s + (s - g.join_width) / 2
    out += glue([(landing, h - g.join_height), (landing + g.join_width, h - g.join_height),
                 (landing + g.join_width, h), (landing, h)], "")
    right = x0 + PANELS * s
    side_tab = [(right, c), (right + tab, c + tab), (right + tab, h - tab), (right, h)]
    out += glue(side_tab, game.ui("tile_glue", lang), 4.5, turn=90)
    floor = [(x0 + s, h), (x0 + 2 * s, h), (x0 + 2.5 * s, h + rise), (x0 + 2 * s, h + 2 * rise),
             (x0 + s, h + 2 * rise), (x0 + 0.5 * s, h + rise)]
    out += svg.polygon(floor, fill=pen.c("castle"))
    tabs = []
    for a, b in zip(floor[1:], floor[2:] + floor[:1]):
        tabs.append(_tab(a, b, floor_tab))
        out += glue(tabs[-1], "")
    ink = pen.c("ink")
    out += centred_text(x0 + 2 * s + s / 2, h * 0.5, name, "sans-bold", 9, ink)
    out += centred_text(x0 + 2 * s + s / 2, h * 0.5 + 5.0, game.ui("castle", lang), "sans-bold", 6.5, ink)
    gate = x0 + GATE * s + s * 0.275  # the gate, on the side away from the joining walls
    out += svg.rect(gate, h * 0.6, s * 0.45, h * 0.4, rx=s * 0.2, fill=pen.c("dark"))
    out += svg.rect(gate, h * 0.6 + s * 0.2, s * 0.45, h * 0.4 - s * 0.2, fill=pen.c("dark"))
    top = [p for k in range(PANELS) for p in merlons(x0 + k * s, x0 + (k + 1) * s, 0, c, 3, True)]
    outline = top + side_tab + [(x0 + 2 * s, h)] + [p for t in tabs for p in t[1:]] + [(x0, h)]
    out += cut(outline, closed=True)
    for k in range(1, PANELS):
        out += mountain((x0 + k * s, c), (x0 + k * s, h))
    out += mountain((right, c), (right, h)) + mountain((x0 + s, h), (x0 + 2 * s, h))
    for a, b in zip(floor[1:], floor[2:] + floor[:1]):
        out += mountain(a, b)
    return Net(right + tab, h + 2 * rise + floor_tab, out, f"half-tower {name}", f"half-tower-{cell_id(cell)}")


def _tab(a: tuple[float, float], b: tuple[float, float], depth: float) -> list[tuple[float, float]]:
    """A glue tab on the edge a→b, outward to the right of that direction, its ends cut at 45°."""
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = uy, -ux  # the floor is walked clockwise on screen (y down): this points outwards
    return [a, (ax + ux * depth + nx * depth, ay + uy * depth + ny * depth),
            (bx - ux * depth + nx * depth, by - uy * depth + ny * depth), b]


def join_net(game: Game, lang: str, pen: Pen) -> Net:
    """The joining walls: front wall, floor, back wall (mountain folds), tabs on every wall end."""
    g = Geometry(game)
    L, hj, w, t, c = g.gap, g.join_height, g.join_width, g.join_tab, g.crenel
    x0 = t
    out = stones(pen, x0, c, L, hj - c, g.side / 4) + stones(pen, x0, hj + w, L, hj - c, g.side / 4, flip=True)
    out += svg.rect(x0, 0, L, c, fill=pen.c("stone-light")) + svg.rect(x0, 2 * hj + w - c, L, c, fill=pen.c("stone-light"))
    out += svg.rect(x0, hj, L, w, fill=pen.c("castle"))
    tabs = []
    for y0, y1 in ((c, hj), (hj + w, 2 * hj + w - c)):
        for x, sign in ((x0, -1), (x0 + L, 1)):
            k = min(t, (y1 - y0) / 4)
            tab = [(x, y0), (x + sign * t, y0 + k), (x + sign * t, y1 - k), (x, y1)]
            tabs.append(tab)
            out += glue(tab, game.ui("tile_glue", lang), 4.0, turn=-90 * sign)
    top = merlons(x0, x0 + L, 0, c, 3, True)
    bottom = merlons(x0 + L, x0, 2 * hj + w, c, 3, False)
    left_front, right_front, left_back, right_back = tabs
    outline = top + right_front + right_back + bottom + left_back[::-1] + left_front[::-1]
    out += cut(outline, closed=True)
    out += mountain((x0, hj), (x0 + L, hj)) + mountain((x0, hj + w), (x0 + L, hj + w))
    for tab in tabs:
        out += mountain(tab[0], tab[3])
    return Net(L + 2 * t, 2 * hj + w, out, "castle walls", "castle-walls")


def castle_nets(game: Game, lang: str, ink_saver: bool) -> list[Net]:
    """The two half-towers (each named by its hex) and the joining walls."""
    pen = Pen(ink_saver)
    return [tower_net(game, lang, pen, cell) for cell in game.field.castle] + [join_net(game, lang, pen)]
