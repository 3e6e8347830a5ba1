"""The content's `board:` section as a frozen model: topology, cells, links, walls, zones, symmetry.

Every part keeps the `Mark` it came from, so the board checks can point at the line.
`BoardSpec.graph` is the `BoardGraph` built from it once; games read distances,
neighbours and images there, never from the lists here.

A zone is a named set of cells (a start area, a mountain, a castle on the board) or a
space beside the board reached through `entrances` (a castle off the grid); zones with
entrances are the graph's gates. `player`, `pos` (where a space beside the board is
drawn), `colour` and `terrain` are optional, and so is the board's `ground` (both drawn by
pnp.components.board_terrain).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from pnp.components.board_graph import BoardGraph, Pos
from pnp.core.errors import Mark

if TYPE_CHECKING:  # the content package builds game models from this module: types only
    from pnp.content.yamlload import Loaded

NO_MARK = Mark("?")


@dataclass(frozen=True)
class Space:
    """A board cell: its id, grid (or graph) position and a label to print instead of the id."""

    id: str
    pos: Pos
    label: str | None = None
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Pair:
    """Two cell ids: a link of a graph board, a wall, or a symmetry pair."""

    a: str
    b: str
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Zone:
    id: str
    kind: str
    cells: tuple[str, ...] = ()
    entrances: tuple[str, ...] = ()
    player: str | None = None
    pos: Pos | None = None
    colour: str | None = None
    mark: Mark = field(default=NO_MARK, compare=False)
    terrain: str | None = None  # how its cells are drawn (pnp.components.board_terrain.STYLES); None: flat


@dataclass(frozen=True)
class Ground:
    """The land the board lies on: the terrain of the cells of no zone and, on a framed board,
    of the ground around them (pnp.components.board_terrain), in `colour`."""

    terrain: str
    colour: str


@dataclass(frozen=True)
class Grid:
    """The grid's extent: `cols` x `rows` (square, or a hex grid of offset rows) or a hex `radius`."""

    cols: int | None = None
    rows: int | None = None
    radius: int | None = None
    mark: Mark = field(default=NO_MARK, compare=False)

    def holds(self, topology: str, pos: Pos) -> bool:
        q, r = pos
        if self.radius is not None:
            return max(abs(q), abs(r), abs(q + r)) <= self.radius
        if self.cols is None or self.rows is None:
            return True
        col = q + (r - (r & 1)) // 2 if topology == "hex" else q  # hex rows: odd rows pushed half a cell right
        return 0 <= col < self.cols and 0 <= r < self.rows


@dataclass(frozen=True)
class BoardSpec:
    topology: str
    cells: tuple[Space, ...]
    zones: tuple[Zone, ...] = ()
    walls: tuple[Pair, ...] = ()
    symmetry: tuple[Pair, ...] = ()
    edges: tuple[Pair, ...] | None = None  # None: derived from the grid positions
    grid: Grid = Grid()
    mark: Mark = field(default=NO_MARK, compare=False)
    ground: Ground | None = None  # None: the cells of no zone are plain paper, no frame
    graph: BoardGraph = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        first: dict[str, Pos] = {}
        for c in self.cells:  # a repeated id is an error the checks report; the first one counts
            first.setdefault(c.id, c.pos)
        graph = BoardGraph(
            self.topology, first,
            None if self.edges is None else [(e.a, e.b) for e in self.edges],
            [(w.a, w.b) for w in self.walls],
            {z.id: z.entrances for z in self.zones if z.entrances},
            [(s.a, s.b) for s in self.symmetry])
        object.__setattr__(self, "graph", graph)

    def zone(self, zone_id: str) -> Zone:
        return next(z for z in self.zones if z.id == zone_id)

    def zones_of(self, kind: str) -> tuple[Zone, ...]:
        return tuple(z for z in self.zones if z.kind == kind)


@dataclass(frozen=True)
class BoardLabels:
    """What a printed board says in one language, as the game's model gives it
    (`board_labels(lang)`, pnp.components.board_sheet)."""

    cells: Mapping[str, str] = field(default_factory=dict)  # cell id -> its name as printed; none: id and position
    zones: Mapping[str, str] = field(default_factory=dict)  # zone id -> its name in the legend; none: no legend
    wall: str = ""  # the walls' name in the legend; "": not in the legend


def _pos(value: Any) -> Pos:
    return (value[0], value[1])


def read_board(loaded: Loaded, path: tuple = ("board",)) -> BoardSpec:
    """The board at `path` of schema-valid content."""
    data = loaded.data
    for key in path:
        data = data[key]

    def m(*rest) -> Mark:
        return loaded.mark(path + rest)

    def pairs(key: str) -> tuple[Pair, ...]:
        return tuple(Pair(a, b, m(key, i)) for i, (a, b) in enumerate(data.get(key, ())))

    cells = tuple(Space(c["id"], _pos(c["pos"]), c.get("label"), m("cells", i)) for i, c in enumerate(data["cells"]))
    zones = tuple(Zone(z["id"], z["kind"], tuple(z.get("cells", ())), tuple(z.get("entrances", ())), z.get("player"),
                       _pos(z["pos"]) if "pos" in z else None, z.get("colour"), m("zones", i), z.get("terrain"))
                  for i, z in enumerate(data.get("zones", ())))
    symmetry = tuple(Pair(a, b, loaded.mark(path + ("symmetry", a, "__key__")))
                     for a, b in data.get("symmetry", {}).items())
    t = data["topology"]
    grid = Grid(t.get("cols"), t.get("rows"), t.get("radius"), m("topology"))
    ground = Ground(data["ground"]["terrain"], data["ground"]["colour"]) if "ground" in data else None
    return BoardSpec(t["kind"], cells, zones, pairs("walls"), symmetry,
                     pairs("edges") if "edges" in data else None, grid, m(), ground)
