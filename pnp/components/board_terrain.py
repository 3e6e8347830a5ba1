"""Terrain drawn on a board's cells and on the ground around them: vector art in code.

A board may give its ground (the cells of no zone and, on a framed board, the land around
them) and each zone a terrain style (`Ground`, `Zone.terrain`, pnp.components.board_spec);
the general board renderer (board_sheet) then draws the place instead of flat colours.
Every style keeps the zone's own fill (the content's colour: the rules may say which
start hexes are dark) and draws over it in shades of that fill, so a style never changes
what a zone means, only how it looks:

- ``meadow``: tufts of grass scattered over the area;
- ``earth``: trampled ground, pebbles and tufts;
- ``paving``: flagstones in staggered rows;
- ``masonry``: large dressed stone blocks;
- ``mountain``: a peak with a shaded side and a snow cap, drawn in the cell.

The art is in proportion to the cell (a small rulebook diagram shows the same place) and
placed by a seeded generator, so a build is byte-identical every time. With the ink saver
the marks are thin and light (the fills are already tints): the place stays readable
without covering the sheet in ink. Shapes are cut to their cell with shapely, not with SVG
clip paths, so every SVG reader (cairosvg, svglib) draws them the same.
"""

from __future__ import annotations

import random
from typing import Callable, Iterable

from shapely.geometry import LineString, Point as ShapelyPoint, Polygon
from shapely.prepared import prep

from pnp.art import svg
from pnp.art.draw import Pen, line, polygon
from pnp.components.card_faces import mix
from pnp.core.geometry import fmt

Point = tuple[float, float]

#: how much of the fill a mark keeps against the ink: darker marks on the fill
MARK_KEEP, MARK_KEEP_SAVER = 0.62, 0.8
SEED = 20  # the generator's seed: the same art in every build


def _mark(fill: str, pen: Pen, keep: float | None = None) -> str:
    """A mark's colour on `fill`: a darker shade of it (a lighter one on a dark fill), keeping
    `keep` of the fill (MARK_KEEP by default; more with the ink saver)."""
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    dark = 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.45
    keep = keep if keep is not None else MARK_KEEP
    if pen.ink_saver:
        keep = max(keep, MARK_KEEP_SAVER)
    return mix(fill, keep, towards=pen.c("paper") if dark else pen.c("ink"))


def _stroke(cell: float, pen: Pen) -> float:
    """A mark's line width, mm: in proportion to the cell, thinner with the ink saver."""
    return cell * (0.012 if pen.ink_saver else 0.018)


def _scatter(area: Polygon, spacing: float, rng: random.Random, keep_out: Polygon | None = None) -> list[Point]:
    """Points on a jittered grid `spacing` mm apart, inside `area` and outside `keep_out`."""
    minx, miny, maxx, maxy = area.bounds
    inside, outside = prep(area), prep(keep_out) if keep_out is not None and not keep_out.is_empty else None
    found = []
    rows = int((maxy - miny) / spacing) + 1
    for row in range(rows):
        y0 = miny + (row + 0.5) * spacing
        offset = spacing / 2 if row % 2 else 0.0
        for col in range(int((maxx - minx) / spacing) + 1):
            x = minx + offset + (col + 0.25) * spacing + rng.uniform(-0.3, 0.3) * spacing
            y = y0 + rng.uniform(-0.3, 0.3) * spacing
            p = ShapelyPoint(x, y)
            if inside.contains(p) and (outside is None or not outside.intersects(p)):
                found.append((round(x, 3), round(y, 3)))
    return found


def _tuft(x: float, y: float, size: float, colour: str, width: float, lean: float) -> str:
    """A tuft of grass rooted at (x, y): three blades curving out, `lean` tilting it (-1..1)."""
    d = ""
    for dx, h in ((-0.75, 0.6), (0.1, 1.0), (0.8, 0.7)):
        tip_x, tip_y = x + (dx + lean * 0.3) * size, y - h * size
        ctrl_x, ctrl_y = x + dx * size * 0.15, y - h * size * 0.6
        d += f"M{fmt(x)} {fmt(y)}Q{fmt(ctrl_x)} {fmt(ctrl_y)} {fmt(tip_x)} {fmt(tip_y)}"
    return svg.path(d, stroke=colour, stroke_width=width, fill="none", stroke_linecap="round")


def meadow(area: Polygon, cell: float, fill: str, pen: Pen, rng: random.Random,
           keep_out: Polygon | None = None) -> str:
    colour, width, size = _mark(fill, pen, 0.78), _stroke(cell, pen), cell * 0.075
    room = area.buffer(-size)
    if room.is_empty:
        return ""
    return "".join(_tuft(x, y, size * rng.uniform(0.8, 1.2), colour, width, rng.uniform(-1, 1))
                   for x, y in _scatter(room, cell * 0.36, rng, keep_out))


def earth(area: Polygon, cell: float, fill: str, pen: Pen, rng: random.Random,
          keep_out: Polygon | None = None) -> str:
    """Trampled ground: scattered pebbles, a few with a tuft beside them."""
    colour, width = _mark(fill, pen, 0.7), _stroke(cell, pen)
    room = area.buffer(-cell * 0.08)
    if room.is_empty:
        return ""
    out = ""
    for k, (x, y) in enumerate(_scatter(room, cell * 0.17, rng, keep_out)):
        if k % 4 == 0:
            out += _tuft(x, y, cell * 0.06, colour, width, rng.uniform(-1, 1))
            continue
        rx, ry = cell * rng.uniform(0.02, 0.035), cell * rng.uniform(0.012, 0.022)
        out += svg.wrap(f'<ellipse cx="{fmt(x)}" cy="{fmt(y)}" rx="{fmt(rx)}" ry="{fmt(ry)}" fill="{colour}"/>')
    return out


def _clipped_lines(area: Polygon, segments: Iterable[tuple[Point, Point]], colour: str, width: float) -> str:
    """Each segment cut to `area` (a segment may leave it in pieces, or not meet it)."""
    out = ""
    for a, b in segments:
        cut = LineString([a, b]).intersection(area)
        for piece in getattr(cut, "geoms", [cut]):
            if piece.is_empty or piece.geom_type != "LineString":
                continue
            (x1, y1), (x2, y2) = piece.coords[0], piece.coords[-1]
            out += line(round(x1, 3), round(y1, 3), round(x2, 3), round(y2, 3), colour, width)
    return out


def _courses(area: Polygon, height: float, length: float, colour: str, width: float) -> str:
    """Stone courses: horizontal joints `height` apart, the vertical joints of each course
    `length` apart and half a stone off the course above."""
    minx, miny, maxx, maxy = area.bounds
    segments = []
    y, row = miny + height * 0.5, 0
    while y < maxy:
        segments.append(((minx, y), (maxx, y)))
        x = minx + (length / 2 if row % 2 else 0.0)
        while x < maxx:
            segments.append(((x, y), (x, min(y + height, maxy))))
            x += length
        y, row = y + height, row + 1
    return _clipped_lines(area, segments, colour, width)


def paving(area: Polygon, cell: float, fill: str, pen: Pen, rng: random.Random,
           keep_out: Polygon | None = None) -> str:
    return _courses(area.buffer(-cell * 0.04), cell * 0.17, cell * 0.24, _mark(fill, pen), _stroke(cell, pen))


def masonry(area: Polygon, cell: float, fill: str, pen: Pen, rng: random.Random,
            keep_out: Polygon | None = None) -> str:
    return _courses(area.buffer(-cell * 0.04), cell * 0.26, cell * 0.42, _mark(fill, pen), _stroke(cell, pen) * 1.3)


def mountain(area: Polygon, cell: float, fill: str, pen: Pen, rng: random.Random,
             keep_out: Polygon | None = None) -> str:
    """Three peaks on the cell's lower two thirds (the top stays free for its name): each lit on
    its left, shaded on its right, capped with jagged snow; the far ones first."""
    c = area.centroid
    cx, cy = c.x, c.y
    body = mix(fill, 0.55, towards=pen.c("paper"))
    shade = mix(fill, 0.85 if pen.ink_saver else 0.7, towards=pen.c("ink"))
    snow = pen.c("paper")
    edge, width = _mark(fill, pen, 0.45), _stroke(cell, pen) * 1.2
    out = ""
    # (centre x, apex y, half width) in cells from the cell's centre; all stand on one base line
    base = cy + cell * 0.34
    for dx, top, half in ((-0.22, -0.02, 0.2), (0.24, 0.0, 0.2), (0.0, -0.16, 0.3)):
        ax, ay = cx + dx * cell, cy + top * cell
        left, right = (ax - half * cell, base), (ax + half * cell, base)
        ridge = (ax + half * cell * 0.12, base)
        out += polygon([left, (ax, ay), right], body, edge, width)
        out += polygon([(ax, ay), right, ridge], "none" if pen.ink_saver else shade, edge, width * 0.7)
        t = 0.32  # the snow: the top third of the peak, its lower edge jagged
        lx, ly = ax + (left[0] - ax) * t, ay + (base - ay) * t
        rx = ax + (right[0] - ax) * t
        cap = [(ax, ay), (rx, ly), (ax + (rx - ax) * 0.4, ly - (ly - ay) * 0.25), (ax, ly + (ly - ay) * 0.1),
               (ax + (lx - ax) * 0.45, ly - (ly - ay) * 0.3), (lx, ly)]
        out += polygon(cap, snow, edge, width * 0.7)
    return out


#: every terrain style by name (the content's `terrain:` values; a schema lists the same names)
STYLES: dict[str, Callable[..., str]] = {
    "meadow": meadow, "earth": earth, "paving": paving, "masonry": masonry, "mountain": mountain,
}


def draw(style: str, area: Polygon, cell: float, fill: str, pen: Pen, keep_out: Polygon | None = None,
         salt: int = 0) -> str:
    """The art of `style` on `area` (a cell, or the ground), in shades of `fill`; nothing where
    `keep_out` lies. `salt` varies the scatter from one cell to the next, the same every build."""
    return STYLES[style](area, cell, fill, pen, random.Random(SEED * 7919 + salt), keep_out)
