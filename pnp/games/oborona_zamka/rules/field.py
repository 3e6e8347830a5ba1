"""The field as the engine reads it: hex cells by index, their neighbours, the wall.

Cells are hexes in axial coordinates (q, r). Two cells are neighbours when their axial
difference is one of the six directions. A fortress-wall segment stands on the edge
between two neighbouring cells; two segments are joined when they meet at a hex corner
(the three hexes around that corner are pairwise neighbours), which is how the paper
pieces are clipped together. Everything here is computed once per game from plain data.
"""

from __future__ import annotations

from dataclasses import dataclass

#: the six axial directions, counter-clockwise from east (pointy-top hexes)
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

Hex = tuple[int, int]
Edge = tuple[int, int]  # two cell indices, smaller first


def neighbours_of(hex_: Hex) -> list[Hex]:
    q, r = hex_
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def are_neighbours(a: Hex, b: Hex) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in DIRECTIONS


def edge(a: int, b: int) -> Edge:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class FieldSpec:
    """The field in hex coordinates (what the game model hands the engine)."""

    cells: tuple[Hex, ...]
    mountain: frozenset[Hex]
    castle: frozenset[Hex]
    walls: tuple[tuple[Hex, Hex], ...]  # segments, each on the edge between two cells
    starts: tuple[tuple[Hex, ...], tuple[Hex, ...]]  # start hexes of the attacker, the defender


class Field:
    """The compiled field: small ints for cells and wall segments, tables for the engine."""

    def __init__(self, spec: FieldSpec) -> None:
        self.hexes: tuple[Hex, ...] = tuple(spec.cells)
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.index[n] for n in neighbours_of(h) if n in self.index) for h in self.hexes)
        self.mountain: frozenset[int] = frozenset(self.index[h] for h in spec.mountain)
        self.castle: frozenset[int] = frozenset(self.index[h] for h in spec.castle)
        #: cells no figure may enter
        self.blocked: frozenset[int] = self.mountain | self.castle
        self.segments: tuple[Edge, ...] = tuple(edge(self.index[a], self.index[b]) for a, b in spec.walls)
        self.segment_of: dict[Edge, int] = {e: i for i, e in enumerate(self.segments)}
        #: per cell, (neighbour, the wall segment on the edge between them or -1)
        self.links: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((n, self.segment_of.get(edge(c, n), -1)) for n in ns) for c, ns in enumerate(self.neighbours))
        #: segments each segment is joined to (they meet at a hex corner)
        self.joined: tuple[tuple[int, ...], ...] = tuple(
            tuple(j for j, other in enumerate(self.segments) if j != i and self._meet(seg, other))
            for i, seg in enumerate(self.segments))
        #: the segments on the edges of each cell (a warrior there may attack them)
        self.cell_segments: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i, seg in enumerate(self.segments) if c in seg) for c in range(len(self.hexes)))
        #: cells from which a warrior may roll for the castle: next to a castle hex
        self.castle_side: tuple[tuple[int, int], ...] = tuple(
            (c, k) for c in range(len(self.hexes)) if c not in self.blocked
            for k in self.neighbours[c] if k in self.castle)
        self.starts: tuple[tuple[int, ...], ...] = tuple(tuple(self.index[h] for h in side) for side in spec.starts)

    def _meet(self, a: Edge, b: Edge) -> bool:
        """Two edges meet at a corner: they share one cell and their other cells are neighbours."""
        shared = set(a) & set(b)
        if len(shared) != 1:
            return False
        (x,) = set(a) - shared
        (y,) = set(b) - shared
        return are_neighbours(self.hexes[x], self.hexes[y])

    def wall_between(self, a: int, b: int) -> int:
        """The segment on the edge between cells a and b, or -1."""
        return self.segment_of.get(edge(a, b), -1)
