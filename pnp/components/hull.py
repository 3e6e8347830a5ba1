"""Plane geometry for the board: convex hulls, a rounded outline, distances (mm, y down).

Polygons are lists of (x, y) points, clockwise as seen on the page.
"""

from __future__ import annotations

import math
from functools import lru_cache

from shapely.geometry import MultiPoint, Point as ShapelyPoint, Polygon

from pnp.core.geometry import Box

Point = tuple[float, float]


def inside_depth(pt: Point, poly) -> float:
    """How far a point lies inside a convex page-clockwise polygon (negative outside)."""
    return min(-((pt[0] - p[0]) * n[0] + (pt[1] - p[1]) * n[1]) for p, n in _edges(tuple(poly)))


@lru_cache(maxsize=64)
def _edges(poly: tuple[Point, ...]) -> tuple[tuple[Point, Point], ...]:
    """Each edge's start and outward normal: the board's layout asks about one lens thousands of times."""
    return tuple((p, normal(p, q)) for p, q in zip(poly, poly[1:] + poly[:1]))


def box_dist(pt: Point, b: Box) -> float:
    dx = max(b.x - pt[0], 0.0, pt[0] - b.right)
    dy = max(b.y - pt[1], 0.0, pt[1] - b.bottom)
    return math.hypot(dx, dy)


def convex_hull(points: list[Point]) -> list[Point]:
    """Clockwise as seen on the page (y down), from the lowest (x, y) corner; shapely finds
    the corners (collinear points dropped) and this fixes where the ring starts and turns."""
    hull = [tuple(p) for p in MultiPoint(sorted(set((round(x, 6), round(y, 6)) for x, y in points))).convex_hull.exterior.coords[:-1]]
    hull = hull if area(hull) > 0 else hull[::-1]
    start = hull.index(min(hull))
    return hull[start:] + hull[:start]


def area(poly: list[Point]) -> float:
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1])) / 2


def normal(p: Point, q: Point) -> Point:
    """Outward unit normal of edge p->q of a page-clockwise polygon."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy)
    return dy / n, -dx / n


def rounded_outline(hull: list[Point], margin: float, min_clear: float, max_radius: float) -> str:
    """The hull pushed out by `margin`, each corner rounded as much as the clearance allows.

    A corner's arc (radius up to `max_radius`) never comes closer than `min_clear` to the
    hull vertex it rounds; neighbouring arcs never overlap on a shared edge.
    """
    n = len(hull)
    edges = []
    for k in range(n):
        p, q = hull[k], hull[(k + 1) % n]
        nx, ny = normal(p, q)
        edges.append(((p[0] + nx * margin, p[1] + ny * margin), (q[0] + nx * margin, q[1] + ny * margin)))
    corners = []  # (miter point, incoming dir, outgoing dir, radius)
    for k in range(n):
        (_, a1), (b0, b1) = edges[k - 1], edges[k]
        d_in, d_out = unit(edges[k - 1][0], a1), unit(b0, b1)
        turn = math.acos(max(-1.0, min(1.0, d_in[0] * d_out[0] + d_in[1] * d_out[1])))
        miter = _intersect(edges[k - 1][0], d_in, b0, d_out)
        half = turn / 2
        reach = margin / math.cos(half) - min_clear  # miter-side room before the clearance
        radius = max_radius if half < 1e-9 else min(max_radius, reach / (1 / math.cos(half) - 1))
        corners.append([miter, d_in, d_out, radius, math.tan(half)])
    for k in range(n):  # neighbouring roundings must not overlap on a shared edge
        here, nxt = corners[k], corners[(k + 1) % n]
        length = dist(here[0], nxt[0])
        need = here[3] * here[4] + nxt[3] * nxt[4]
        if need > length:
            shrink = length / need
            here[3] *= shrink
            nxt[3] *= shrink
    parts = []
    for k, (m, d_in, d_out, r, tan_half) in enumerate(corners):
        t = r * tan_half
        start = (m[0] - d_in[0] * t, m[1] - d_in[1] * t)
        end = (m[0] + d_out[0] * t, m[1] + d_out[1] * t)
        parts.append(("M" if k == 0 else "L") + _pt(start))
        parts.append(f"A{r:.3f} {r:.3f} 0 0 1 {_pt(end)}")
    return "".join(parts) + "Z"


def unit(p: Point, q: Point) -> Point:
    d = dist(p, q)
    return (q[0] - p[0]) / d, (q[1] - p[1]) / d


def dist(p: Point, q: Point) -> float:
    return math.hypot(q[0] - p[0], q[1] - p[1])


def _intersect(p: Point, d: Point, q: Point, e: Point) -> Point:
    den = d[0] * e[1] - d[1] * e[0]
    if abs(den) < 1e-12:
        return q
    t = ((q[0] - p[0]) * e[1] - (q[1] - p[1]) * e[0]) / den
    return p[0] + d[0] * t, p[1] + d[1] * t


def _pt(p: Point) -> str:
    return f"{p[0]:.3f} {p[1]:.3f}"


def distance_to_polygon(pt: Point, poly: list[Point]) -> float:
    """Distance from a point outside a polygon to it (0 inside)."""
    return _shape(tuple(poly)).distance(ShapelyPoint(pt))


@lru_cache(maxsize=64)
def _shape(poly: tuple[Point, ...]) -> Polygon:
    """The layout asks about the same few polygons (the lens, the castles) thousands of times."""
    return Polygon(poly)
