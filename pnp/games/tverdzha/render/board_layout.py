"""Where everything on the lens board goes, in millimetres, computed from the board graph.

Cells are squares of `print.board_cell` mm on a grid with `print.board_gap` mm gaps, at
their `pos` [col, row]. The board is drawn with player A's castle at the bottom edge
(A sits there and reads the board upright) and B's at the top. A castle is a bastion:
its inner wall spans the columns of its entrance cells (one gate per entrance), its
outer wall the castle's own column. The lens is the convex hull of cells and castles,
pushed out by a margin and rounded. The score track is one loop around the lens, clockwise
from the middle of A's end, through the four free corners and along the long sides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from shapely.geometry import Point as ShapelyPoint, Polygon, box as shapely_box
from shapely.geometry.polygon import orient

from pnp.games.tverdzha.model import Game
from pnp.core.geometry import Box
from pnp.components.hull import (Point, box_dist, convex_hull, dist, distance_to_polygon, inside_depth, normal,
                             rounded_outline, unit)

PAD = (13.0, 20.0)  # part edge to the outermost cell: left/right, top/bottom
LENS_MARGIN = 6.0  # cells to the lens outline
LENS_MIN_CLEAR = 3.0  # the rounded outline never comes closer to a cell than this
LENS_ROUND = 70.0  # largest corner radius of the outline
TRACK_CLEAR = 2.5  # lens outline to a track space
TRACK_EDGE = 0.5  # a track space to the part's edge (the part fills A3's printable width)
TRACK_MIN_CLEAR = 2.5  # a track space to the nearest cell, beside the long sides
TRACK_ROUND = 20.0  # radius of the track loop's corners



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
    track_loop: tuple[Point, ...]  # the line through the track's centres, closed, clockwise
    compasses: tuple[tuple[str, float, float, float], ...]  # (player it faces, cx, cy, radius)

    def cell(self, cell_id: str) -> CellPlace:
        return next(c for c in self.cells if c.id == cell_id)

    def castle(self, player: str) -> CastlePlace:
        return next(c for c in self.castles if c.player == player)


def placement(game: Game) -> tuple[Callable[[tuple[int, int]], Box], float, float]:
    """Where the printed board puts a content position (its cell's box, mm) and the board's width
    and height: the cheap part of `layout`, for what needs only the cells' places."""
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
    return box, width, height


def places(game: Game) -> tuple[dict[str, Box], dict[str, Box]]:
    """The cells' boxes by id and the castles' by player, as `layout` prints them, without the
    costly rest (the lens, the track, the compasses' free spots)."""
    box, _, height = placement(game)
    board = game.board
    cells = {c.id: box(c.pos) for c in board.cells}
    castles = {c.player: _castle(c, box(c.pos), [box(board.cell(e).pos) for e in c.entrances], height / 2).box
               for c in board.castles}
    return cells, castles


def layout(game: Game) -> BoardLayout:
    board, spec = game.board, game.print
    a, b = game.players[0], game.players[1]
    box, width, height = placement(game)
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
    track, track_loop = _track(game, hull, width, height, spec.marker, faces)
    obstacles = [c.box for c in cells]
    compasses = tuple(_free_spot(p, hull, obstacles, castles, width, low) for p, low in ((a, True), (b, False)))
    return BoardLayout(width, height, cells, castles, tuple(hull), outline, track, track_loop, compasses)


def _free_spot(player: str, hull, boxes, castles, width: float, low: bool):
    """The largest free circle inside the lens on `player`'s left, near `player`'s end.

    `low`: the player sits at the bottom edge, so their left is the left of the page.
    A grid point's room is the least of its distances to the cells, to the castles and to the
    lens's edge; a point loses as soon as one of them is no more than the best room so far
    (`_room`), so most points cost a distance or two; the winner and its room are the same.
    """
    ys = [p[1] for p in hull]
    mid_y, mid_x = (min(ys) + max(ys)) / 2, width / 2
    best = (0.0, 0.0, 0.0)
    near = [0]  # the cell that last ruled a point out: the next point's neighbour too, most often
    for gx in range(0, int(width) + 1, 2):
        for gy in range(int(min(ys)), int(max(ys)) + 1, 2):
            if (gx < mid_x) != low or (gy > mid_y) != low:
                continue
            room = _room((gx, gy), hull, boxes, castles, best[0], near)
            if room is not None and room > best[0]:
                best = (room, gx, gy)
    room, x, y = best
    return player, float(x), float(y), room - 2.0


def _room(pt: Point, hull, boxes, castles, floor: float, near: list[int]) -> float | None:
    """min(the distances to the cells, to the castles, the depth in the lens plus its margin),
    or None when one of them is `floor` or less (the point cannot beat the best so far).

    Cheapest first: the cell that ruled out the last point, the lens's edge (most grid points
    lie outside it), then every cell, the first within `floor` ending the search (`near`
    remembers it), then the castles. A point that is not ruled out gets the least of all of
    them, the same value whatever order they were taken in.
    """
    if box_dist(pt, boxes[near[0]]) <= floor:
        return None
    lens = inside_depth(pt, hull) + LENS_MARGIN
    if lens <= floor:
        return None
    cells = None
    for k, b in enumerate(boxes):
        d = box_dist(pt, b)
        if d <= floor:
            near[0] = k
            return None
        cells = d if cells is None or d < cells else cells
    room = min([cells] + [distance_to_polygon(pt, list(c.polygon)) for c in castles])
    return None if room <= floor else min(room, lens)


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


def _track(game: Game, hull: list[Point], width: float, height: float, marker: float,
           faces) -> tuple[tuple[TrackSpace, ...], tuple[Point, ...]]:
    """One loop of spaces around the lens, clockwise on the page from the middle of A's end.

    The loop runs outside the lens where the corners leave room and along the part's edge
    beside the long sides, where the cells come within `min(PAD)` mm of the edge: a space is
    as large as that room allows (at most a marker's size), and the spaces are spread
    evenly over the whole loop, so a marker never hides its neighbours and every step is as
    long as the next. 0 sits at A's end, the middle value at B's.
    """
    total = game.components.score_track.top + 1  # 0 .. top (the content sizes it from the simulator)
    r = min(marker / 2 + 0.75, (min(PAD) - TRACK_EDGE - TRACK_MIN_CLEAR) / 2)
    room = Polygon(hull).buffer(LENS_MARGIN + TRACK_CLEAR + r, quad_segs=32)
    inside = shapely_box(TRACK_EDGE + r, TRACK_EDGE + r, width - TRACK_EDGE - r, height - TRACK_EDGE - r)
    # the loop of centres, its corners rounded so the steps keep an even length around them
    loop = orient(room.intersection(inside).buffer(-TRACK_ROUND).buffer(TRACK_ROUND, quad_segs=32))
    ring = loop.exterior  # counter-clockwise with y up: clockwise on the page, where y runs down
    length = ring.length
    start = ring.project(ShapelyPoint(width / 2, height))
    spaces = []
    for value in range(total):
        at = ring.interpolate((start + value * length / total) % length)
        spaces.append(TrackSpace(value, at.x, at.y, r, faces(at.y)))
    return tuple(spaces), tuple(ring.coords)
