"""Where everything on the lens board goes, in millimetres, computed from the board graph.

Cells are squares of `print.board_cell` mm on a grid with `print.board_gap` mm gaps, at
their `pos` [col, row]. The board is drawn with player A's castle at the bottom edge
(A sits there and reads the board upright) and B's at the top. A castle is a bastion:
its inner wall spans the columns of its entrance cells (one gate per entrance), its
outer wall the castle's own column. The lens is the convex hull of cells and castles,
pushed out by a margin and rounded. The score track runs around the lens through the
four free corners of the rectangle, clockwise from A's left.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.games.tverdzha.model import Game
from pnp.core.geometry import Box
from pnp.components.hull import (Point, box_dist, convex_hull, dist, distance_to_polygon, inside_depth, normal,
                             rounded_outline, unit)

PAD = (12.0, 20.0)  # part edge to the outermost cell: left/right, top/bottom
LENS_MARGIN = 6.0  # cells to the lens outline
LENS_MIN_CLEAR = 3.0  # the rounded outline never comes closer to a cell than this
LENS_ROUND = 70.0  # largest corner radius of the outline
TRACK_CLEAR = 2.5  # lens outline to a track space
TRACK_GAP = 1.2  # between neighbouring track spaces



@dataclass(frozen=True)
class CellPlace:
    id: str
    box: Box
    land: str | None  # fixed land printed on the cell
    faces: str  # player whose end the cell's text faces
    entrance_of: str | None


@dataclass(frozen=True)
class CastlePlace:
    player: str
    polygon: tuple[Point, ...]
    inner_y: float  # y of the wall facing the entrances
    outer_y: float
    gates: tuple[tuple[str, float], ...]  # (entrance id, x of the gate centre)
    at_bottom: bool

    @property
    def box(self) -> Box:
        xs, ys = [p[0] for p in self.polygon], [p[1] for p in self.polygon]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@dataclass(frozen=True)
class TrackSpace:
    value: int
    x: float
    y: float
    r: float
    faces: str  # player who reads this number upright


@dataclass(frozen=True)
class BoardLayout:
    width: float
    height: float
    cells: tuple[CellPlace, ...]
    castles: tuple[CastlePlace, ...]
    hull: tuple[Point, ...]  # clockwise on the page
    outline: str  # SVG path of the lens
    track: tuple[TrackSpace, ...]
    compasses: tuple[tuple[str, float, float, float], ...]  # (player it faces, cx, cy, radius)

    def cell(self, cell_id: str) -> CellPlace:
        return next(c for c in self.cells if c.id == cell_id)

    def castle(self, player: str) -> CastlePlace:
        return next(c for c in self.castles if c.player == player)


def layout(game: Game) -> BoardLayout:
    board, spec = game.board, game.print
    size, pitch = spec.board_cell, spec.board_cell + spec.board_gap
    a, b = game.players[0], game.players[1]
    flip = board.castle(a).pos[1] < board.castle(b).pos[1]  # A's end goes to the bottom
    spots = [c.pos for c in board.cells] + [c.pos for c in board.castles]
    cols = [p[0] for p in spots]
    rows = [-p[1] if flip else p[1] for p in spots]
    c0, r0 = min(cols), min(rows)

    def box(pos) -> Box:
        row = -pos[1] if flip else pos[1]
        return Box(PAD[0] + (pos[0] - c0) * pitch, PAD[1] + (row - r0) * pitch, size, size)

    width = 2 * PAD[0] + (max(cols) - c0) * pitch + size
    height = 2 * PAD[1] + (max(rows) - r0) * pitch + size
    mid_y = height / 2
    ends = {p: box(board.castle(p).pos).cy for p in (a, b)}

    def faces(y: float) -> str:
        return a if abs(y - ends[a]) <= abs(y - ends[b]) + 1e-6 else b

    entrances = {e: c.player for c in board.castles for e in c.entrances}
    cells = tuple(CellPlace(c.id, box(c.pos), c.land, faces(box(c.pos).cy), entrances.get(c.id))
                  for c in board.cells)
    castles = tuple(_castle(c, box(c.pos), [box(board.cell(e).pos) for e in c.entrances], mid_y)
                    for c in board.castles)
    points = [pt for c in cells for pt in _corners(c.box)] + [pt for c in castles for pt in c.polygon]
    hull = convex_hull(points)
    outline = rounded_outline(hull, LENS_MARGIN, LENS_MIN_CLEAR, LENS_ROUND)
    track = _track(game, hull, width, height, spec.marker, faces)
    obstacles = [c.box for c in cells]
    compasses = tuple(_free_spot(p, hull, obstacles, castles, width, low) for p, low in ((a, True), (b, False)))
    return BoardLayout(width, height, cells, castles, tuple(hull), outline, track, compasses)


def _free_spot(player: str, hull, boxes, castles, width: float, low: bool):
    """The largest free circle inside the lens on `player`'s left, near `player`'s end.

    `low`: the player sits at the bottom edge, so their left is the left of the page.
    """
    ys = [p[1] for p in hull]
    mid_y, mid_x = (min(ys) + max(ys)) / 2, width / 2
    best = (0.0, 0.0, 0.0)
    for gx in range(0, int(width) + 1, 2):
        for gy in range(int(min(ys)), int(max(ys)) + 1, 2):
            if (gx < mid_x) != low or (gy > mid_y) != low:
                continue
            # cheapest distances first: most points lose to the best so far on the cells alone
            room = min(box_dist((gx, gy), b) for b in boxes)
            if room <= best[0]:
                continue
            room = min([room] + [distance_to_polygon((gx, gy), list(c.polygon)) for c in castles])
            if room <= best[0]:
                continue
            room = min(room, inside_depth((gx, gy), hull) + LENS_MARGIN)
            if room > best[0]:
                best = (room, gx, gy)
    room, x, y = best
    return player, float(x), float(y), room - 2.0


def _corners(b: Box) -> list[Point]:
    return [(b.x, b.y), (b.right, b.y), (b.right, b.bottom), (b.x, b.bottom)]


def _castle(castle, own: Box, gates: list[Box], mid_y: float) -> CastlePlace:
    at_bottom = own.cy > mid_y
    inner_y, outer_y = (own.y, own.bottom) if at_bottom else (own.bottom, own.y)
    left, right = min(g.x for g in gates), max(g.right for g in gates)
    poly = ((left, inner_y), (right, inner_y), (own.right, outer_y), (own.x, outer_y))
    gate_x = tuple((e, g.cx) for e, g in zip(castle.entrances, gates))
    return CastlePlace(castle.player, poly, inner_y, outer_y, gate_x, at_bottom)


# --- the score track --------------------------------------------------------------------

# Corners in clockwise order on the page, starting at the bottom-left (A's left hand).
CORNERS = ((-1, 1), (-1, -1), (1, -1), (1, 1))


def _track(game: Game, hull: list[Point], width: float, height: float, marker: float,
           faces) -> tuple[TrackSpace, ...]:
    total = game.components.score_track.top + 1  # 0 .. top (the content sizes it from the simulator)
    counts = [total // 4 + (1 if k < total % 4 else 0) for k in range(4)]
    r = marker / 2 + 0.75  # a marker sits on a space
    spaces, value = [], 0
    for (sx, sy), count in zip(CORNERS, counts):
        centres = _corner_spaces(hull, sx, sy, count, r, width, height)
        spaces += [TrackSpace(value + k, x, y, r, faces(y)) for k, (x, y) in enumerate(centres)]
        value += count
    return tuple(spaces)


def _corner_spaces(hull, sx, sy, count, r, width, height) -> list[Point]:
    """`count` centres zig-zagging in two rows along the hull's corner edge, clockwise.

    Two staggered rows (hexagonal packing) need half the length of one row, so the
    track fits the corners of an A3 board.
    """
    n = len(hull)
    edges = [(hull[k], hull[(k + 1) % n]) for k in range(n)]
    facing = [e for e in edges if normal(*e)[0] * sx > 0.1 and normal(*e)[1] * sy > 0.1]
    if not facing:
        raise ValueError(f"the lens has no corner edge towards ({sx}, {sy}) for the score track")
    p, q = max(facing, key=lambda e: dist(*e))
    nx, ny = normal(p, q)
    d = unit(p, q)  # clockwise direction along the hull
    pitch = 2 * r + TRACK_GAP
    offs = (LENS_MARGIN + TRACK_CLEAR + r, LENS_MARGIN + TRACK_CLEAR + r + pitch * math.sqrt(3) / 2)
    limit = Box(r + 0.5, r + 0.5, width - 2 * r - 1, height - 2 * r - 1)

    def centre(k: int, first: float) -> Point:
        t, off = first + k * pitch / 2, offs[k % 2]
        return p[0] + nx * off + d[0] * t, p[1] + ny * off + d[1] * t

    def ok(c: Point) -> bool:
        return (limit.x <= c[0] <= limit.right and limit.y <= c[1] <= limit.bottom
                and distance_to_polygon(c, hull) >= offs[0] - 1e-6)

    length = (count - 1) * pitch / 2
    def fits(quarter: int) -> bool:
        return all(ok(centre(k, quarter / 4)) for k in range(count))

    # The fitting offsets form one interval: find it on a 1 mm grid, then refine its ends
    # to 1/4 mm (the same result as trying every 1/4 mm, at a sixteenth of the work).
    coarse = [q for q in range(-2000, 2000, 4) if fits(q)]
    if not coarse:
        raise ValueError(f"no room for {count} score track spaces in a corner of the board")
    low = next(q for q in range(coarse[0] - 3, coarse[0] + 1) if fits(q))
    high = next(q for q in range(coarse[-1] + 3, coarse[-1] - 1, -1) if fits(q))
    first = (low / 4 + high / 4) / 2
    return [centre(k, first) for k in range(count)] if length >= 0 else []
