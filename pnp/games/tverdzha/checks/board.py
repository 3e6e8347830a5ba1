"""ТВЕРДЖА's board: 21 lands, two castles, fair to both players (the topology itself,
links, symmetry and connectivity, is `pnp.checks.board_topology`'s).

- exactly 21 lands (the rules' lens);
- one castle per player with exactly 3 existing entrances;
- every land can be reached from both castles;
- the A<->B symmetry reflects positions across the middle row; the castles sit at each
  other's reflection;
- fixed lands (citadel, mine) sit on self-mirrored cells, equally far from both castles;
- the tile counts fill the tile cells exactly: 2 x pairs = mirrored cells, centre =
  self-mirrored cells.
"""

from __future__ import annotations

from typing import Iterator

from pnp.checks._util import key_mark
from pnp.games.tverdzha.model import Game
from pnp.core.errors import Problem, error
from pnp.games.tverdzha import reference

ID = "board"

CODES = {
    "board-size": "The board does not have the 21 lands of the rules.",
    "castle-player": "Not exactly one castle per player.",
    "castle-entrances": "A castle does not have exactly 3 entrances.",
    "board-unreachable": "A land cannot be reached from one of the castles.",
    "board-mirror-position": "A cell's mirror is not at its position reflected across the middle row.",
    "board-mirror-castle": "The castles do not sit at each other's reflection across the middle row.",
    "board-mirror-fixed": "A fixed land (citadel, mine) on a cell that is not its own mirror.",
    "board-fixed-land": "A cell shows a land kind that is a tile, or a fixed kind is on no cell.",
    "board-unfair": "A fixed land is closer to one castle than to the other.",
    "tiles-count": "The tile counts do not fill the tile cells exactly.",
    "tile-fixed-land": "A tile of a land kind that is printed on the board (fixed).",
}

_CELLS = ("board", "cells")


class _Board:
    """The cells (first occurrence of an id), the board graph, land kinds by id, the
    mirror axis and the steps from each castle, which several checks share."""

    def __init__(self, game: Game):
        self.game = game
        self.graph = game.board.graph
        self.index: dict[str, int] = {}
        for i, cell in enumerate(game.board.cells):
            self.index.setdefault(cell.id, i)
        self.cells = game.board.cells
        self.kinds = {k.id: k for k in game.lands}
        rows = [c.pos[1] for c in self.cells]
        self.row_sum = min(rows) + max(rows) if rows else 0  # reflecting a row: row_sum - row
        #: steps from each castle (in castle order) to every land it reaches; entrances are 1 step away
        self.dists = [self.graph.distances((c.zone,)) for c in game.board.castles]

    def mark(self, i: int, *rest):
        return self.game.mark(*_CELLS, i, *rest)

    def pair_mark(self, i: int):
        """Where the symmetry pairs cell `i` (its own line when unpaired)."""
        cid = self.cells[i].id
        return next((p.mark for p in self.game.board.spec.symmetry if cid in (p.a, p.b)), self.mark(i, "id"))


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    b = _Board(game)
    yield from _size(b)
    yield from _castles(b)
    yield from _reachable(b)
    yield from _mirror(b)
    yield from _fixed(b)
    yield from _tiles(b)


def _size(b: _Board) -> Iterator[Problem]:
    n = len(b.cells)
    if n != reference.BOARD_LANDS:
        yield error("board-size", f"the board has {n} lands, the rules need {reference.BOARD_LANDS}", b.game.mark(*_CELLS))


def _castles(b: _Board) -> Iterator[Problem]:
    castles = b.game.board.castles
    players = [c.player for c in castles]
    for player in b.game.players:
        if player not in players:
            yield error("castle-player", f"player {player} has no castle", b.game.mark("board", "zones"),
                        f"add a zone of kind castle with player: {player}")
    for k, castle in enumerate(castles):
        if players.index(castle.player) != k:
            yield error("castle-player", f"player {castle.player} has a second castle", castle.mark)
        if len(castle.entrances) != reference.CASTLE_ENTRANCES:
            yield error("castle-entrances", f"castle {castle.player} has {len(castle.entrances)} entrances, the rules need {reference.CASTLE_ENTRANCES}",
                        castle.mark)


def _reachable(b: _Board) -> Iterator[Problem]:
    """Lands a castle cannot reach although they belong to the main piece (the topology
    check reports the pieces cut off from it)."""
    parts = b.graph.components()
    main = max(parts, key=len) if parts else frozenset()
    for castle, dist in zip(b.game.board.castles, b.dists):
        for i, cell in enumerate(b.cells):
            if b.index[cell.id] == i and cell.id in main and cell.id not in dist:
                yield error("board-unreachable", f"land {cell.id!r} cannot be reached from castle {castle.player}", b.mark(i, "id"))


def _reflect(b: _Board, pos: tuple[int, int]) -> tuple[int, int]:
    return (pos[0], b.row_sum - pos[1])


def _mirror(b: _Board) -> Iterator[Problem]:
    for i, cell in enumerate(b.cells):
        if b.index[cell.id] != i or cell.mirror not in b.index:
            continue
        other = b.cells[b.index[cell.mirror]]
        if b.index[cell.mirror] >= i and other.pos != _reflect(b, cell.pos):
            yield error("board-mirror-position", f"{cell.id!r} is at {list(cell.pos)}, so its mirror {other.id!r} belongs at "
                        f"{list(_reflect(b, cell.pos))}, not {list(other.pos)}", b.pair_mark(i))
    castles = b.game.board.castles
    if len(castles) == 2 and b.cells:
        first, second = castles
        if second.pos != _reflect(b, first.pos):
            yield error("board-mirror-castle", f"castle {second.player} is at {list(second.pos)}; the mirror of castle {first.player} "
                        f"is {list(_reflect(b, first.pos))}", second.mark)


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
                        "a fixed land must be its own mirror", b.pair_mark(i))
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
