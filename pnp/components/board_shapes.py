"""Where a board's cells, walls and zones lie on the page, in millimetres (y down), for any topology.

A square cell is a `cell` mm square; a hex cell (pointy-top, axial [q, r]) is `cell` mm
across its flats; a graph cell is a circle `cell` mm across at its position times the
pitch. Neighbouring cells are `gap` mm apart. A wall lies on the side two neighbouring
cells share (on the middle line of the gap); a zone's outline is the union of its cells
(shapely does the union and the shared sides), and a space beside the board (a zone
with a `pos`) is a cell-sized circle there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import Point as ShapelyPoint, Polygon
from shapely.ops import unary_union

from pnp.components.board_graph import Pos
from pnp.components.board_spec import BoardSpec, Zone

Point = tuple[float, float]
ROUND = 6  # decimals kept from shapely's arithmetic, so the drawing does not carry float noise
CIRCLE_STEPS = 48


@dataclass(frozen=True)
class Shapes:
    """Cell outlines and centres in page mm, `width` x `height` with `margin` mm all round."""

    spec: BoardSpec
    cell: float
    gap: float
    margin: float
    outlines: dict[str, tuple[Point, ...]]
    centres: dict[str, Point]
    spaces: dict[str, Point]  # zones drawn beside the board: their centres
    width: float
    height: float

    def wall(self, a: str, b: str) -> tuple[Point, Point]:
        """The side cells `a` and `b` share, on the middle line of the gap between them.

        Grown by half the gap, neighbouring grid cells share two corners: the wall's ends.
        Circles (graph boards) share none: the wall then crosses the link at its middle,
        half a cell long."""
        ca, cb = self.centres[a], self.centres[b]
        full = self.cell + self.gap
        theirs = _outline(self.spec.topology, cb, full)
        shared = [p for p in _outline(self.spec.topology, ca, full) if any(math.dist(p, q) < 1e-6 for q in theirs)]
        if len(shared) == 2:
            (x1, y1), (x2, y2) = shared
        else:
            mx, my = (ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2
            n = math.dist(ca, cb) or 1.0
            ux, uy = (ca[1] - cb[1]) / n * self.cell / 4, (cb[0] - ca[0]) / n * self.cell / 4
            (x1, y1), (x2, y2) = (mx - ux, my - uy), (mx + ux, my + uy)
        return (round(x1, ROUND), round(y1, ROUND)), (round(x2, ROUND), round(y2, ROUND))

    def zone_outline(self, zone: Zone) -> list[tuple[Point, ...]]:
        """The outline rings of a zone's cells, merged across the gaps between them."""
        cells = [Polygon(self.outlines[c]).buffer(self.gap / 2 + 1e-6, join_style="mitre")
                 for c in zone.cells if c in self.outlines]
        if not cells:
            return []
        union = unary_union(cells).buffer(-self.gap / 2, join_style="mitre")
        parts = getattr(union, "geoms", [union])
        return [tuple((round(x, ROUND), round(y, ROUND)) for x, y in p.exterior.coords[:-1]) for p in parts if not p.is_empty]


def _centre(topology: str, pos: Pos, pitch: float) -> Point:
    q, r = pos
    if topology == "hex":
        return pitch * (q + r / 2), pitch * r * math.sqrt(3) / 2
    return pitch * q, pitch * r


def _outline(topology: str, centre: Point, cell: float) -> tuple[Point, ...]:
    x, y = centre
    if topology == "hex":
        radius = cell / math.sqrt(3)  # pointy-top: `cell` across the flats
        return tuple((x + radius * math.cos(math.radians(a)), y + radius * math.sin(math.radians(a)))
                     for a in (-90, -30, 30, 90, 150, 210))
    if topology == "square":
        h = cell / 2
        return (x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)
    return circle(centre, cell)


def circle(centre: Point, diameter: float) -> tuple[Point, ...]:
    """A circle as a polygon of CIRCLE_STEPS corners."""
    ring = ShapelyPoint(*centre).buffer(diameter / 2, CIRCLE_STEPS // 4).exterior.coords[:-1]
    return tuple((round(x, ROUND), round(y, ROUND)) for x, y in ring)


def shapes(spec: BoardSpec, cell: float, gap: float, margin: float) -> Shapes:
    """Every cell and space beside the board, placed so the drawing starts `margin` mm in."""
    pitch = cell + gap
    graph = spec.graph
    centres = {cid: _centre(spec.topology, pos, pitch) for cid, pos in graph.pos.items()}
    spaces = {z.id: _centre(spec.topology, z.pos, pitch) for z in spec.zones if z.pos is not None}
    outlines = {cid: _outline(spec.topology, c, cell) for cid, c in centres.items()}
    rings = list(outlines.values()) + [_outline("graph", c, cell) for c in spaces.values()]
    xs = [p[0] for ring in rings for p in ring] or [0.0]
    ys = [p[1] for ring in rings for p in ring] or [0.0]
    dx, dy = margin - min(xs), margin - min(ys)

    def moved(p: Point) -> Point:
        return round(p[0] + dx, ROUND), round(p[1] + dy, ROUND)

    return Shapes(spec, cell, gap, margin,
                  {c: tuple(moved(p) for p in ring) for c, ring in outlines.items()},
                  {c: moved(p) for c, p in centres.items()}, {z: moved(p) for z, p in spaces.items()},
                  round(max(xs) - min(xs) + 2 * margin, ROUND), round(max(ys) - min(ys) + 2 * margin, ROUND))
