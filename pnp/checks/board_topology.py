"""The board's topology, for any game with a `board:` section (`pnp.components.board_spec`).

- cell ids unique, one cell per position, every cell on the grid;
- the grid fits the topology (a hex radius only on a hex grid);
- links: a graph board lists them; a grid board's listed links join grid neighbours;
  no link of a cell to itself, every named cell exists;
- walls stand on links; zones name existing cells; a space beside the board (a zone
  with `pos`) is not drawn on a cell;
- the symmetry pairs cells (each cell in one pair at most) and maps links onto links,
  walls onto walls and every zone onto a zone of the same kind;
- the cells form one piece.

What a board means for one game (how many cells, which zones) is that game's own check.
"""

from __future__ import annotations

from typing import Iterator

from pnp.components.board_graph import grid_adjacent
from pnp.components.board_spec import BoardSpec, Pair
from pnp.core.errors import Mark, Problem, error
from pnp.content.schema import did_you_mean

ID = "board-topology"

CODES = {
    "unknown-cell": "A link, wall, zone or symmetry pair names a cell that does not exist.",
    "board-overlap": "Two cells (or a cell and a space beside the board) share a position.",
    "board-off-grid": "A cell lies outside the grid the topology declares.",
    "board-grid": "The grid's extent does not fit the topology (a radius on a square grid, a grid on a graph).",
    "board-no-edges": "A graph board lists no edges: nothing links its cells.",
    "board-edge-not-adjacent": "A listed link joins two cells that are not neighbours on the grid.",
    "board-self-edge": "A link or a wall joins a cell to itself.",
    "board-wall-not-edge": "A wall stands between two cells that are not linked.",
    "board-symmetry": "The symmetry pairs a cell twice: it is not its own inverse.",
    "board-symmetry-links": "The symmetry maps a link onto two cells that are not linked (or a wall onto no wall).",
    "board-symmetry-zone": "The symmetry maps a zone onto cells that are no zone of the same kind.",
    "board-disconnected": "A cell is cut off from the rest of the board.",
}


def check(game, lang: str | None = None) -> Iterator[Problem]:
    spec = getattr(getattr(game, "board", None), "spec", None)
    if not isinstance(spec, BoardSpec):
        return
    yield from _cells(spec)
    yield from _grid(spec)
    yield from _links(spec)
    yield from _zones(spec)
    yield from _symmetry(spec)
    yield from _connected(spec)


def _unknown(spec: BoardSpec, name: str, mark: Mark, what: str) -> Problem:
    return error("unknown-cell", f"{what}: no cell {name!r}", mark, did_you_mean(name, spec.graph.cells))


def _cells(spec: BoardSpec) -> Iterator[Problem]:
    first: dict[str, Mark] = {}
    at: dict[tuple[int, int], str] = {}
    for cell in spec.cells:
        if cell.id in first:
            yield error("duplicate-id", f"board cell id {cell.id!r} is already used at line {first[cell.id].line}", cell.mark)
        first.setdefault(cell.id, cell.mark)
        if cell.pos in at:
            yield error("board-overlap", f"cell {cell.id!r} is at {list(cell.pos)}, where cell {at[cell.pos]!r} already is", cell.mark)
        at.setdefault(cell.pos, cell.id)
        if spec.topology != "graph" and not spec.grid.holds(spec.topology, cell.pos):
            yield error("board-off-grid", f"cell {cell.id!r} at {list(cell.pos)} is off the {_extent(spec)} grid",
                        cell.mark, "move it onto the grid, or make the grid larger")
    for zone in spec.zones:
        if zone.pos is not None and zone.pos in at:
            yield error("board-overlap", f"zone {zone.id!r} is drawn at {list(zone.pos)}, where cell {at[zone.pos]!r} is", zone.mark)


def _extent(spec: BoardSpec) -> str:
    g = spec.grid
    return f"radius {g.radius}" if g.radius is not None else f"{g.cols} x {g.rows}"


def _grid(spec: BoardSpec) -> Iterator[Problem]:
    g = spec.grid
    bounded = (g.cols, g.rows, g.radius) != (None, None, None)
    if spec.topology == "graph" and bounded:
        yield error("board-grid", "a graph board has no grid: cols, rows and radius are for square and hex boards", g.mark)
    elif spec.topology == "square" and g.radius is not None:
        yield error("board-grid", "a square grid has cols and rows, not a radius", g.mark)
    elif g.radius is not None and (g.cols is not None or g.rows is not None):
        yield error("board-grid", "a hex grid has either a radius or cols and rows, not both", g.mark)
    elif (g.cols is None) != (g.rows is None):
        yield error("board-grid", f"the grid has {'cols' if g.rows is None else 'rows'} but not "
                    f"{'rows' if g.rows is None else 'cols'}", g.mark)
    if spec.topology == "graph" and not spec.edges:
        yield error("board-no-edges", "a graph board links its cells by `edges`, and lists none", spec.mark,
                    "list the links as pairs: edges: [[a, b], [b, c]]")


def _pair_cells(spec: BoardSpec, pair: Pair, what: str) -> Iterator[Problem]:
    for name in (pair.a, pair.b):
        if name not in spec.graph.pos:
            yield _unknown(spec, name, pair.mark, what)
    if pair.a == pair.b:
        yield error("board-self-edge", f"{what} [{pair.a}, {pair.b}] joins a cell to itself", pair.mark)


def _links(spec: BoardSpec) -> Iterator[Problem]:
    graph = spec.graph
    for edge in spec.edges or ():
        yield from _pair_cells(spec, edge, "edge")
        if (spec.topology != "graph" and edge.a in graph.pos and edge.b in graph.pos and edge.a != edge.b
                and not grid_adjacent(spec.topology, graph.pos[edge.a], graph.pos[edge.b])):
            yield error("board-edge-not-adjacent", f"edge [{edge.a}, {edge.b}]: {edge.a!r} at {list(graph.pos[edge.a])} and "
                        f"{edge.b!r} at {list(graph.pos[edge.b])} are not neighbours on the {spec.topology} grid", edge.mark)
    for wall in spec.walls:
        problems = list(_pair_cells(spec, wall, "wall"))
        yield from problems
        if not problems and not graph.linked(wall.a, wall.b):
            yield error("board-wall-not-edge", f"wall [{wall.a}, {wall.b}] stands on no link: {wall.a!r} and {wall.b!r} "
                        "are not neighbours", wall.mark, "a wall stands on the side two linked cells share")


def _zones(spec: BoardSpec) -> Iterator[Problem]:
    for zone in spec.zones:
        for part in ("cells", "entrances"):
            for name in getattr(zone, part):
                if name not in spec.graph.pos:
                    yield _unknown(spec, name, zone.mark, f"{part} of zone {zone.id!r}")


def _symmetry(spec: BoardSpec) -> Iterator[Problem]:
    graph = spec.graph
    paired: dict[str, Pair] = {}
    for pair in spec.symmetry:
        for name in (pair.a, pair.b):
            if name not in graph.pos:
                yield _unknown(spec, name, pair.mark, "symmetry")
        for name, other in ((pair.a, pair.b), (pair.b, pair.a)):
            before = paired.get(name)
            if before is not None and {before.a, before.b} != {pair.a, pair.b}:
                yield error("board-symmetry", f"{name!r} is paired with {other!r} here and with "
                            f"{(before.b if before.a == name else before.a)!r} at line {before.mark.line}", pair.mark,
                            "a symmetry pairs each cell with one other (or leaves it as its own image)")
            paired.setdefault(name, pair)
    if not spec.symmetry:
        return
    for a, b in graph.broken_links():
        ia, ib = graph.image(a), graph.image(b)
        what = "a wall" if graph.walled(a, b) or graph.walled(ia, ib) else "a link"
        mark = (paired.get(a) or paired.get(b) or spec.symmetry[0]).mark
        yield error("board-symmetry-links", f"{a!r} and {b!r} share {what}, but their images {ia!r} and {ib!r} do not",
                    mark, "the symmetry must map the board onto itself")
    def known(cells) -> frozenset[str]:  # unknown cells are reported once, above
        return frozenset(c for c in cells if c in graph.pos)

    zones = {(z.kind, known(z.cells), known(z.entrances)) for z in spec.zones}
    for zone in spec.zones:
        image = (zone.kind, frozenset(map(graph.image, known(zone.cells))), frozenset(map(graph.image, known(zone.entrances))))
        if image not in zones:
            yield error("board-symmetry-zone", f"the symmetry maps zone {zone.id!r} onto cells that are no {zone.kind} zone",
                        zone.mark, "mirror the zone's cells and entrances in another zone of the same kind")


def _connected(spec: BoardSpec) -> Iterator[Problem]:
    parts = spec.graph.components()
    main = max(parts, key=len) if parts else frozenset()
    reported: set[str] = set()
    for cell in spec.cells:
        if cell.id not in main and cell.id not in reported:
            reported.add(cell.id)
            part = next(p for p in parts if cell.id in p)
            yield error("board-disconnected", f"cell {cell.id!r} is cut off from the rest of the board "
                        f"(its piece: {', '.join(sorted(part))})", cell.mark, "check its position and its links")
