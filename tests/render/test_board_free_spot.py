"""The compass's free spot on the lens board: the pruned search finds what the exhaustive one does."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from pnp.components.hull import box_dist, convex_hull, distance_to_polygon, inside_depth
from pnp.core.geometry import Box
from pnp.games.tverdzha.render import board_layout
from pnp.games.tverdzha.render.board_layout import LENS_MARGIN, _free_spot, layout


def _exhaustive(player, hull, boxes, castles, width, low):
    """Every grid point's room in full (the search as first written), the first best kept."""
    ys = [p[1] for p in hull]
    mid_y, mid_x = (min(ys) + max(ys)) / 2, width / 2
    best = (0.0, 0.0, 0.0)
    for gx in range(0, int(width) + 1, 2):
        for gy in range(int(min(ys)), int(max(ys)) + 1, 2):
            if (gx < mid_x) != low or (gy > mid_y) != low:
                continue
            room = min([box_dist((gx, gy), b) for b in boxes]
                       + [distance_to_polygon((gx, gy), list(c.polygon)) for c in castles]
                       + [inside_depth((gx, gy), hull) + LENS_MARGIN])
            if room > best[0]:
                best = (room, gx, gy)
    room, x, y = best
    return player, float(x), float(y), room - 2.0


def test_the_shipped_boards_spots_are_the_exhaustive_searchs(game, monkeypatch):
    calls = []
    monkeypatch.setattr(board_layout, "_free_spot", lambda *args: calls.append(args) or _free_spot(*args))
    compasses = layout(game).compasses
    assert len(calls) == 2
    assert compasses == tuple(_exhaustive(*args) for args in calls)


def _scattered(seed: int):
    """Cells on a jittered grid, two castle bastions at the ends, the hull of them all."""
    rng = random.Random(seed)
    width, height = rng.uniform(120, 200), rng.uniform(160, 260)
    boxes = [Box(x + rng.uniform(-4, 4), y + rng.uniform(-4, 4), 18, 18)
             for x in range(20, int(width) - 40, rng.choice((24, 30, 36)))
             for y in range(40, int(height) - 60, rng.choice((24, 30))) if rng.random() < 0.8]
    castles = [SimpleNamespace(polygon=((width / 2 - 20, y0), (width / 2 + 20, y0), (width / 2 + 10, y1), (width / 2 - 10, y1)))
               for y0, y1 in ((height - 40, height - 20), (40, 20))]
    points = [(b.x, b.y) for b in boxes] + [(b.right, b.bottom) for b in boxes] + [p for c in castles for p in c.polygon]
    return convex_hull(points), boxes, castles, width


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("low", [True, False])
def test_scattered_boards_spots_are_the_exhaustive_searchs(seed, low):
    hull, boxes, castles, width = _scattered(seed)
    assert _free_spot("A", hull, boxes, castles, width, low) == _exhaustive("A", hull, boxes, castles, width, low)
