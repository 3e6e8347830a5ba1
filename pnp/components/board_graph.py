"""A board as a graph: distances, connectivity and symmetry for every check, engine and renderer.

Cells sit at integer positions on a topology. On a `square` grid a cell links to the
cells on its four sides, on a `hex` grid (axial coordinates [q, r], pointy-top) to the
six around it; a `graph` board (or a grid board that lists its `edges`) links exactly
the pairs it is given. Walls stand on links: a link with a wall is still a link (a
defender may step through it), but `distances(cross_walls=False)` does not use it.
Gates are spaces beyond the cells, such as a castle beside the board, linked to their
entrance cells. A symmetry pairs cells; a gate's image is the gate whose entrances are
the images of its own.

The graph takes the content as it is: links to cells that do not exist, or a cell
linked to itself, are left out, so the checks can run on any board and say what is
wrong with it (`pnp.checks.board_topology`).
"""

from __future__ import annotations

from typing import Iterable, Mapping

Pos = tuple[int, int]

TOPOLOGIES = ("square", "hex", "graph")

#: the grid steps to the neighbouring positions; a graph board has none
STEPS: dict[str, tuple[Pos, ...]] = {
    "square": ((0, -1), (-1, 0), (1, 0), (0, 1)),
    "hex": ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)),
    "graph": (),
}


def grid_adjacent(topology: str, a: Pos, b: Pos) -> bool:
    """Do positions `a` and `b` share a side on the topology's grid?"""
    return (b[0] - a[0], b[1] - a[1]) in STEPS[topology]


def hex_distance(a: Pos, b: Pos) -> int:
    """Steps between two axial positions on an unbounded hex grid."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def link(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


class BoardGraph:
    """Cells (in content order) and gates, their links, walls and symmetry; read-only."""

    def __init__(self, topology: str, cells: Mapping[str, Pos], links: Iterable[tuple[str, str]] | None = None,
                 walls: Iterable[tuple[str, str]] = (), gates: Mapping[str, Iterable[str]] | None = None,
                 symmetry: Iterable[tuple[str, str]] = ()):
        self.topology = topology
        self.pos: dict[str, Pos] = dict(cells)
        self.cells: tuple[str, ...] = tuple(self.pos)
        self.gates: dict[str, tuple[str, ...]] = {g: tuple(e for e in es if e in self.pos) for g, es in (gates or {}).items()}
        self.spaces: tuple[str, ...] = self.cells + tuple(g for g in self.gates if g not in self.pos)
        pairs = self._grid_links() if links is None else links
        self.links: frozenset[frozenset[str]] = frozenset(
            link(a, b) for a, b in pairs if a != b and a in self.pos and b in self.pos)
        self.walls: frozenset[frozenset[str]] = frozenset(link(a, b) for a, b in walls) & self.links
        near: dict[str, set[str]] = {s: set() for s in self.spaces}
        for pair in self.links:
            a, b = sorted(pair)
            near[a].add(b)
            near[b].add(a)
        for gate, entrances in self.gates.items():
            for e in entrances:
                near[gate].add(e)
                near[e].add(gate)
        #: neighbours sorted by id, so every walk over the board is in one fixed order
        self._near: dict[str, tuple[str, ...]] = {s: tuple(sorted(n)) for s, n in near.items()}
        self._image = self._images(symmetry)

    def _grid_links(self) -> list[tuple[str, str]]:
        at = {p: cid for cid, p in reversed(list(self.pos.items()))}  # first cell at a position wins
        return [(cid, at[(p[0] + dx, p[1] + dy)]) for cid, p in self.pos.items()
                for dx, dy in STEPS[self.topology] if (p[0] + dx, p[1] + dy) in at]

    def _images(self, symmetry: Iterable[tuple[str, str]]) -> dict[str, str]:
        image = {s: s for s in self.spaces}
        for a, b in symmetry:
            if a in image and b in image:
                image[a], image[b] = b, a
        entrances = {frozenset(es): g for g, es in self.gates.items()}
        for gate, es in self.gates.items():
            image[gate] = entrances.get(frozenset(image[e] for e in es), gate)
        return image

    # --- the links --------------------------------------------------------------------

    def neighbours(self, space: str, gates: bool = True) -> tuple[str, ...]:
        """The spaces linked to `space`, sorted by id; `gates=False`: only cells."""
        out = self._near.get(space, ())
        return out if gates else tuple(n for n in out if n in self.pos)

    def pairs(self) -> list[tuple[str, str]]:
        """Every link as a sorted pair, in sorted order."""
        return sorted((min(p), max(p)) for p in self.links)

    def linked(self, a: str, b: str) -> bool:
        return b in self._near.get(a, ())

    def walled(self, a: str, b: str) -> bool:
        return link(a, b) in self.walls

    # --- distances and connectivity -----------------------------------------------------

    def distances(self, starts: Iterable[str], cross_walls: bool = True, avoid: Iterable[str] = ()) -> dict[str, int]:
        """Steps from the nearest of `starts` to every space it reaches (breadth-first), never
        stepping onto a space of `avoid` (a mountain, a building: what no piece enters)."""
        dist = {s: 0 for s in starts if s in self._near}
        barred = set(avoid)
        frontier = list(dist)
        while frontier:
            nxt = []
            for s in frontier:
                for n in self._near[s]:
                    if n not in dist and n not in barred and (cross_walls or not self.walled(s, n)):
                        dist[n] = dist[s] + 1
                        nxt.append(n)
            frontier = nxt
        return dist

    def components(self) -> list[frozenset[str]]:
        """The connected pieces, each found from its first space in content order."""
        left, parts = set(self.spaces), []
        for s in self.spaces:
            if s in left:
                part = frozenset(self.distances((s,)))
                left -= part
                parts.append(part)
        return parts

    # --- symmetry ---------------------------------------------------------------------------

    def image(self, space: str) -> str:
        """The space that plays `space`'s role under the symmetry (itself if unpaired)."""
        return self._image.get(space, space)

    def broken_links(self) -> list[tuple[str, str]]:
        """Links (sorted pairs, in sorted order) whose images are not links: the symmetry
        does not preserve the board's adjacency. Walls must map onto walls likewise."""
        out: list[tuple[str, str]] = []
        for a, b in self.pairs():
            ia, ib = self.image(a), self.image(b)
            if not self.linked(ia, ib) or self.walled(a, b) != self.walled(ia, ib):
                out.append((a, b))
        return out
