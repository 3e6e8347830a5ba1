"""A static value of a position for one role: what the greedy agent maximises.

Material (a commander counts double: he carries the bonus and the potion) and the
attacker's way to the castle: the fewest steps any attacker needs to reach a hex beside a
half-tower, where stepping through a standing wall segment costs WALL_STEPS (it has to
be broken first: about two attacks at 5-6, or three steps' worth of turns) and a hex a
defender holds costs DEFENDER_STEPS (he has to be beaten first). The defender's
value is the attacker's with the sign turned.
"""

from __future__ import annotations

import heapq
import weakref

from pnp.games.oborona_zamka.rules.numbers import ATTACKER
from pnp.games.oborona_zamka.rules.state import State

WIN = 100.0
WALL_STEPS = 3
DEFENDER_STEPS = 3  # a defender standing in the way has to be beaten first
MATERIAL = 3.0  # one warrior is worth this many steps of the attacker's way
LEADER = 2.0  # a commander counts as this many warriors


#: the way depends only on the standing walls and the defenders' hexes, which most of the
#: actions an agent weighs (every attacker's step) leave alone: computed once per field
_WAYS: "weakref.WeakKeyDictionary[object, dict[tuple, list[int]]]" = weakref.WeakKeyDictionary()
_WAYS_KEPT = 4096


def _way(state: State) -> list[int]:
    guarded = frozenset(state.pos[f] for f in state.army(1 - ATTACKER))
    cache = _WAYS.setdefault(state.field, {})
    key = (tuple(state.standing), guarded)
    way = cache.get(key)
    if way is None:
        if len(cache) >= _WAYS_KEPT:
            cache.clear()
        way = cache[key] = _compute_way(state, guarded)
    return way


class _Paths:
    """A field's tables for the way, built once per field: the links into cells a figure may
    enter, and the castle-side cells with the segment (or -1) on their edge to the castle."""

    def __init__(self, field) -> None:
        self.size = len(field.hexes)
        self.links = tuple(tuple((n, seg) for n, seg in links if n not in field.blocked) for links in field.links)
        self.goals = tuple((cell, field.wall_between(cell, tower)) for cell, tower in field.castle_side)


_PATHS: "weakref.WeakKeyDictionary[object, _Paths]" = weakref.WeakKeyDictionary()


def _compute_way(state: State, guarded: frozenset[int]) -> list[int]:
    """Weighted steps from every cell to the nearest hex beside the castle (attacker's moves)."""
    paths = _PATHS.get(state.field)
    if paths is None:
        paths = _PATHS[state.field] = _Paths(state.field)
    # the extra steps of crossing each segment, and a last 0 that the -1 of "no segment" reads
    wall = [WALL_STEPS if up else 0 for up in state.standing] + [0]
    inf = 10 ** 6
    dist = [inf] * paths.size
    heap = []
    for cell, seg in paths.goals:
        if not (seg >= 0 and state.standing[seg]) and dist[cell] > 0:
            dist[cell] = 0
            heap.append((0, cell))
    heapq.heapify(heap)
    links = paths.links
    while heap:
        d, cell = heapq.heappop(heap)
        if d > dist[cell]:
            continue
        base = d + 1 + (DEFENDER_STEPS if cell in guarded else 0)
        for nxt, seg in links[cell]:
            step = base + wall[seg]
            if step < dist[nxt]:
                dist[nxt] = step
                heapq.heappush(heap, (step, nxt))
    return dist


def _material(state: State, side: int) -> float:
    leader = state.commander(side)
    return sum(LEADER if f == leader else 1.0 for f in state.army(side))


def value(state: State, player: int) -> float:
    if state.is_terminal():
        if state.winner is None:
            return 0.0
        return WIN if state.winner == player else -WIN
    way = _way(state)
    steps = sorted(way[state.pos[f]] for f in state.army(ATTACKER))
    nearest = steps[0] if steps else 0
    spread = sum(steps[:2]) / 2 if steps else 0  # two warriors move a turn: the second-nearest matters too
    attacker = MATERIAL * (_material(state, ATTACKER) - _material(state, 1 - ATTACKER)) - nearest - 0.5 * spread
    return attacker if player == ATTACKER else -attacker
