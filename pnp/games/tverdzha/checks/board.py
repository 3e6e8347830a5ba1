"""The board graph: 21 lands, symmetric and connected, fair to both players.

- exactly 21 lands (the rules' lens), ids and positions unique;
- the neighbour relation names existing cells and is symmetric;
- one castle per player with exactly 3 existing entrances;
- the lands form one piece and every land can be reached from both castles;
- the A<->B mirror map is an involution that preserves adjacency and reflects positions
  across the middle row; castles and entrances mirror onto each other;
- fixed lands (citadel, mine) sit on self-mirrored cells, equally far from both castles;
- the tile counts fill the tile cells exactly: 2 x pairs = mirrored cells, centre =
  self-mirrored cells.
"""

from __future__ import annotations

from collections import deque
from typing import Iterator

from pnp.checks._util import did_you_mean, key_mark
from pnp.games.tverdzha.model import Game
from pnp.core.errors import Problem, error
from pnp.games.tverdzha import reference

ID = "board"

CODES = {
    "board-size": "The board does not have the 21 lands of the rules.",
    "unknown-cell": "A neighbour, mirror or entrance names a cell that does not exist.",
    "board-self-neighbor": "A cell lists itself as its neighbour.",
    "board-asymmetric": "A cell lists a neighbour that does not list it back.",
    "board-overlap": "Two cells (or a cell and a castle) share a position.",
    "castle-player": "Not exactly one castle per player.",
    "castle-entrances": "A castle does not have exactly 3 entrances.",
    "board-disconnected": "A land is cut off from the rest of the board.",
    "board-unreachable": "A land cannot be reached from one of the castles.",
    "board-mirror": "The mirror map is not an involution (the mirror's mirror is not the cell).",
    "board-mirror-position": "A cell's mirror is not at its position reflected across the middle row.",
    "board-mirror-adjacency": "Two neighbours whose mirrors are not neighbours.",
    "board-mirror-castle": "The castles (or their entrances) do not mirror onto each other.",
    "board-mirror-fixed": "A fixed land (citadel, mine) on a cell that is not its own mirror.",
    "board-fixed-land": "A cell shows a land kind that is a tile, or a fixed kind is on no cell.",
    "board-unfair": "A fixed land is closer to one castle than to the other.",
    "tiles-count": "The tile counts do not fill the tile cells exactly.",
    "tile-fixed-land": "A tile of a land kind that is printed on the board (fixed).",
}

_CELLS = ("board", "cells")


class _Board:
    """Cells by id (first occurrence wins), the undirected graph of valid edges, and what
    several checks derive from them: land kinds by id, the mirror axis, castle distances."""

    def __init__(self, game: Game):
        self.game = game
        self.index: dict[str, int] = {}
        for i, cell in enumerate(game.board.cells):
            self.index.setdefault(cell.id, i)
        self.cells = game.board.cells
        self.edges: dict[str, set[str]] = {cid: set() for cid in self.index}
        for cell in self.cells:
            for n in cell.neighbors:
                if n in self.index and n != cell.id:
                    self.edges[cell.id].add(n)
                    self.edges[n].add(cell.id)
        self.kinds = {k.id: k for k in game.lands}
        rows = [c.pos[1] for c in self.cells]
        self.row_sum = min(rows) + max(rows) if rows else 0  # reflecting a row: row_sum - row
        #: steps from each castle (in castle order) to every land it reaches
        self.dists = [self.distances(c.entrances) for c in game.board.castles]

    def mark(self, i: int, *rest):
        return self.game.mark(*_CELLS, i, *rest)

    def unknown(self, name: str, mark, what: str) -> Problem:
        return error("unknown-cell", f"{what}: no cell {name!r}", mark, did_you_mean(name, self.index))

    def distances(self, start: tuple[str, ...]) -> dict[str, int]:
        """Steps from a castle: its entrances are 1 step away."""
        dist = {cid: 1 for cid in start if cid in self.index}
        queue = deque(dist)
        while queue:
            cid = queue.popleft()
            for n in sorted(self.edges[cid]):
                if n not in dist:
                    dist[n] = dist[cid] + 1
                    queue.append(n)
        return dist


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    b = _Board(game)
    yield from _size_and_ids(b)
    yield from _neighbors(b)
    yield from _castles(b)
    yield from _connected(b)
    yield from _mirror(b)
    yield from _fixed(b)
    yield from _tiles(b)


def _size_and_ids(b: _Board) -> Iterator[Problem]:
    n = len(b.cells)
    if n != reference.BOARD_LANDS:
        yield error("board-size", f"the board has {n} lands, the rules need {reference.BOARD_LANDS}", b.game.mark(*_CELLS))
    seen_pos: dict[tuple, str] = {}
    for i, cell in enumerate(b.cells):
        if b.index[cell.id] != i:
            first = b.mark(b.index[cell.id], "id").line
            yield error("duplicate-id", f"board cell id {cell.id!r} is already used at line {first}", b.mark(i, "id"))
        if cell.pos in seen_pos:
            yield error("board-overlap", f"cell {cell.id!r} is at {list(cell.pos)}, where cell {seen_pos[cell.pos]!r} already is", b.mark(i, "pos"))
        seen_pos.setdefault(cell.pos, cell.id)
    for k, castle in enumerate(b.game.board.castles):
        if castle.pos in seen_pos:
            yield error("board-overlap", f"castle {castle.player} is at {list(castle.pos)}, where cell {seen_pos[castle.pos]!r} is",
                        b.game.mark("board", "castles", k, "pos"))


def _neighbors(b: _Board) -> Iterator[Problem]:
    for i, cell in enumerate(b.cells):
        for j, n in enumerate(cell.neighbors):
            mark = b.mark(i, "neighbors", j)
            if n == cell.id:
                yield error("board-self-neighbor", f"cell {cell.id!r} lists itself as a neighbour", mark)
            elif n not in b.index:
                yield b.unknown(n, mark, f"neighbours of {cell.id!r}")
            elif cell.id not in b.cells[b.index[n]].neighbors:
                yield error("board-asymmetric", f"{cell.id!r} lists {n!r} as a neighbour, but {n!r} does not list {cell.id!r}", mark,
                            f"add {cell.id!r} to the neighbours of {n!r} (line {b.mark(b.index[n], 'neighbors').line}) or remove {n!r} here")


def _castles(b: _Board) -> Iterator[Problem]:
    castles = b.game.board.castles
    players = [c.player for c in castles]
    for player in b.game.players:
        if player not in players:
            yield error("castle-player", f"player {player} has no castle", b.game.mark("board", "castles"))
    for k, castle in enumerate(castles):
        if players.index(castle.player) != k:
            yield error("castle-player", f"player {castle.player} has a second castle", b.game.mark("board", "castles", k, "player"))
        path = ("board", "castles", k, "entrances")
        if len(castle.entrances) != reference.CASTLE_ENTRANCES:
            yield error("castle-entrances", f"castle {castle.player} has {len(castle.entrances)} entrances, the rules need {reference.CASTLE_ENTRANCES}",
                        b.game.mark(*path))
        for j, cid in enumerate(castle.entrances):
            if cid not in b.index:
                yield b.unknown(cid, b.game.mark(*path, j), f"entrances of castle {castle.player}")


def _components(b: _Board) -> list[set[str]]:
    left, parts = set(b.index), []
    for cid in b.index:  # file order, so the result is deterministic
        if cid not in left:
            continue
        part, queue = {cid}, deque([cid])
        while queue:
            for n in b.edges[queue.popleft()]:
                if n not in part:
                    part.add(n)
                    queue.append(n)
        left -= part
        parts.append(part)
    return parts


def _connected(b: _Board) -> Iterator[Problem]:
    parts = _components(b)
    main = max(parts, key=len) if parts else set()
    for i, cell in enumerate(b.cells):
        if b.index[cell.id] == i and cell.id not in main:
            part = next(p for p in parts if cell.id in p)
            yield error("board-disconnected", f"land {cell.id!r} is cut off from the rest of the board "
                        f"(its piece: {', '.join(sorted(part))})", b.mark(i, "id"), "check its neighbours and theirs")
    for castle, dist in zip(b.game.board.castles, b.dists):
        for i, cell in enumerate(b.cells):
            if b.index[cell.id] == i and cell.id in main and cell.id not in dist:
                yield error("board-unreachable", f"land {cell.id!r} cannot be reached from castle {castle.player}", b.mark(i, "id"))


def _reflect(b: _Board, pos: tuple[int, int]) -> tuple[int, int]:
    return (pos[0], b.row_sum - pos[1])


def _mirror(b: _Board) -> Iterator[Problem]:
    mirror: dict[str, str] = {}
    for i, cell in enumerate(b.cells):
        if b.index[cell.id] != i:
            continue
        if cell.mirror not in b.index:
            yield b.unknown(cell.mirror, b.mark(i, "mirror"), f"mirror of {cell.id!r}")
            continue
        back = b.cells[b.index[cell.mirror]].mirror
        if back != cell.id:
            yield error("board-mirror", f"{cell.id!r} mirrors to {cell.mirror!r}, but {cell.mirror!r} mirrors to {back!r}",
                        b.mark(i, "mirror"), "the mirror of a cell's mirror must be the cell itself")
            continue
        mirror[cell.id] = cell.mirror
        other = b.cells[b.index[cell.mirror]]
        if b.index[cell.mirror] >= i and other.pos != _reflect(b, cell.pos):
            yield error("board-mirror-position", f"{cell.id!r} is at {list(cell.pos)}, so its mirror {other.id!r} belongs at "
                        f"{list(_reflect(b, cell.pos))}, not {list(other.pos)}", b.mark(i, "mirror"))
    for i, cell in enumerate(b.cells):
        if cell.id not in mirror or b.index[cell.id] != i:
            continue
        for j, n in enumerate(cell.neighbors):
            if n in mirror and b.index[n] > i and mirror[n] not in b.edges[mirror[cell.id]]:
                yield error("board-mirror-adjacency", f"{cell.id!r} and {n!r} are neighbours, but their mirrors "
                            f"{mirror[cell.id]!r} and {mirror[n]!r} are not", b.mark(i, "neighbors", j))
    yield from _mirror_castles(b, mirror)


def _mirror_castles(b: _Board, mirror: dict[str, str]) -> Iterator[Problem]:
    castles = b.game.board.castles
    if len(castles) != 2 or not b.cells:
        return
    first, second = castles
    if second.pos != _reflect(b, first.pos):
        yield error("board-mirror-castle", f"castle {second.player} is at {list(second.pos)}; the mirror of castle {first.player} "
                    f"is {list(_reflect(b, first.pos))}", b.game.mark("board", "castles", 1, "pos"))
    mirrored = {mirror.get(c) for c in first.entrances}
    if all(c in mirror for c in first.entrances) and mirrored != set(second.entrances):
        yield error("board-mirror-castle", f"the entrances of castle {second.player} ({', '.join(second.entrances)}) are not the "
                    f"mirrors of castle {first.player}'s ({', '.join(sorted(mirrored))})", b.game.mark("board", "castles", 1, "entrances"))


def _fixed(b: _Board) -> Iterator[Problem]:
    shown = {cell.land for cell in b.cells}
    for i, land in enumerate(b.game.lands):
        if land.fixed and land.id not in shown:
            yield error("board-fixed-land", f"land kind {land.id!r} is fixed (printed on the board) but no cell shows it",
                        b.game.mark("lands", i, "id"), "give a cell `land: " + land.id + "`, or make the kind a tile (fixed: false)")
    for i, cell in enumerate(b.cells):
        if cell.land is None or cell.land not in b.kinds:
            continue
        if not b.kinds[cell.land].fixed:
            yield error("board-fixed-land", f"cell {cell.id!r} shows {cell.land!r}, a tile kind (not fixed)", b.mark(i, "land"),
                        "tile kinds are dealt in the mirrored shuffle; list them under board.tiles")
        if cell.mirror != cell.id:
            yield error("board-mirror-fixed", f"cell {cell.id!r} with fixed land {cell.land!r} mirrors to {cell.mirror!r}; "
                        "a fixed land must be its own mirror", b.mark(i, "mirror"))
        if len(b.dists) == 2 and all(cell.id in d for d in b.dists) and b.dists[0][cell.id] != b.dists[1][cell.id]:
            (pa, pb), (da, db) = [c.player for c in b.game.board.castles], (b.dists[0][cell.id], b.dists[1][cell.id])
            yield error("board-unfair", f"{cell.land} ({cell.id!r}) is {da} steps from castle {pa} but {db} from castle {pb}",
                        b.mark(i, "id"), "the citadel and the mine must be equally far from both castles")


def _tiles(b: _Board) -> Iterator[Problem]:
    tiles = b.game.board.tiles
    mirrored = sum(1 for c in b.cells if c.land is None and c.mirror != c.id)
    centre = sum(1 for c in b.cells if c.land is None and c.mirror == c.id)
    pairs = sum(n for _, n in tiles.pairs)
    singles = sum(n for _, n in tiles.centre)
    if 2 * pairs != mirrored:
        yield error("tiles-count", f"{pairs} tile pairs cover {2 * pairs} cells, but the board has {mirrored} mirrored tile cells",
                    b.game.mark("board", "tiles", "pairs"))
    if singles != centre:
        yield error("tiles-count", f"{singles} centre tiles, but the board has {centre} self-mirrored tile cells",
                    b.game.mark("board", "tiles", "centre"))
    for part, counts in (("pairs", tiles.pairs), ("centre", tiles.centre)):
        for kind, _ in counts:
            if kind in b.kinds and b.kinds[kind].fixed:
                yield error("tile-fixed-land", f"board.tiles.{part}: {kind!r} is printed on the board (fixed), not a tile",
                            key_mark(b.game, "board", "tiles", part, kind))
