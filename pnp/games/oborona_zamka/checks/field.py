"""The field: cells on the grid, free start hexes for every figure, a fortress wall that
is one joined piece and closes the castle off from the attacker, every hex reachable, and
a mirror image that is a field of the same shape."""

from __future__ import annotations

from typing import Iterator

from pnp.components.board_graph import BoardGraph
from pnp.core.errors import Problem, error
from pnp.games.oborona_zamka.model import Game, cell_id, ids
from pnp.games.oborona_zamka.rules.field import Field

ID = "field"

CODES = {
    "field-cell": "A hex the field lists is not on the field's rows.",
    "field-starts": "A side's start hexes are not one free hex per figure.",
    "field-castle": "The castle is not two half-towers on neighbouring hexes, or stands outside the wall.",
    "field-siege": "The attacker cannot reach the castle even by breaking the wall: the game could not be won by capture.",
    "field-wall": "The fortress wall is not one joined piece, or it lets the attacker walk up to the castle.",
    "field-reach": "A hex no figure can ever reach.",
    "field-mirror": "The mirrored field is not a field of the same shape.",
    "field-names": "`ui.hex_rows` does not give every row of the field a letter of its own (hexes are named by them).",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    f = game.field
    on_grid = set(f.cells)
    listed = {"mountain": f.mountain, "castle": f.castle, "wall_around": f.wall_around}
    listed.update({f"starts.{side}": hexes for side, hexes in f.starts.items()})
    bad = False
    for name, hexes in listed.items():
        for i, cell in enumerate(hexes):
            if cell not in on_grid:
                bad = True
                path = ("field",) + tuple(name.split(".")) + (i,)
                yield error("field-cell", f"field.{name}[{i}]: [{cell[0]}, {cell[1]}] is not on the field "
                            f"({len(f.rows)} rows; row {cell[0]} has {f.rows[cell[0]] if 0 <= cell[0] < len(f.rows) else 0} hexes)",
                            game.mark(*path))
    if bad:
        return  # the rest needs every hex on the field
    yield from _names(game, (lang,) if lang else game.languages)
    yield from _starts(game)
    yield from _wall(game)
    if f.mirror:
        yield from _mirror(game)


def _names(game: Game, languages) -> Iterator[Problem]:
    rows = len(game.field.rows)
    for lang in languages:
        try:
            letters = game.ui("hex_rows", lang).split()
        except LookupError:  # no `hex_rows` in this language at all: the ui check reports that
            continue
        if len(letters) < rows or len(set(letters[:rows])) < rows:
            yield error("field-names", f"ui.hex_rows ({lang}): {rows} rows need {rows} different letters, "
                        f"found {' '.join(letters[:rows]) or 'none'}", game.mark("ui", "hex_rows"))


def _starts(game: Game) -> Iterator[Problem]:
    f = game.field
    blocked = set(f.mountain) | set(f.castle)
    taken: dict[tuple[int, int], str] = {}
    for side in game.sides:
        hexes = f.starts.get(side.id, ())
        where = game.mark("field", "starts", side.id)
        if len(hexes) != game.army:
            yield error("field-starts", f"the {side.id} has {game.army} figures but {len(hexes)} start hexes", where)
        for cell in hexes:
            if cell in blocked:
                yield error("field-starts", f"start hex [{cell[0]}, {cell[1]}] of the {side.id} is under the "
                            f"{'mountain' if cell in f.mountain else 'castle'}", where)
            elif cell in taken:
                yield error("field-starts", f"start hex [{cell[0]}, {cell[1]}] is listed twice "
                            f"({taken[cell]} and {side.id})", where)
            taken[cell] = side.id


def _wall(game: Game) -> Iterator[Problem]:
    f = game.field
    where = game.mark("field", "wall_around")
    if not f.castle:
        yield error("field-castle", "the field has no castle hex", game.mark("field", "castle"))
        return
    graph = game.board_spec.graph
    if len(f.castle) != 2 or not graph.linked(*ids(f.castle)):
        # «две полубашни ... скрепляет между собой при помощи стен»: the paper castle is two
        # half-towers on neighbouring hexes, joined by walls across their shared edge
        found = ", ".join(f"[{r}, {c}]" for r, c in f.castle)
        yield error("field-castle", f"the castle is two half-towers on two neighbouring hexes; found {found}"
                    + ("" if len(f.castle) != 2 else " (not neighbours)"), game.mark("field", "castle"))
    outside = [c for c in f.castle if c not in f.wall_around]
    if outside:
        yield error("field-castle", f"castle hex [{outside[0][0]}, {outside[0][1]}] is outside the wall "
                    "(list it in field.wall_around)", game.mark("field", "castle"))
    segments = Field(game.field_spec).joined  # which segments meet at a hex corner: the engine's rule
    if not segments:
        yield error("field-wall", "the wall has no segment: field.wall_around encloses nothing", where)
        return
    wall = BoardGraph("graph", {str(i): (i, 0) for i in range(len(segments))},
                      [(str(i), str(j)) for i, joined in enumerate(segments) for j in joined])
    pieces = wall.components()
    if len(pieces) > 1:
        yield error("field-wall", f"the wall falls apart into {len(pieces)} pieces that are not joined at a corner", where)
    blocked = ids(f.mountain + f.castle)
    starts = [ids(f.starts.get(side.id, ())) for side in game.sides]
    # the attacker, who cannot pass the wall, must not reach a hex beside the castle
    attacker_reach = graph.distances(starts[0], cross_walls=False, avoid=blocked)
    beside = {n for c in ids(f.castle) for n in graph.neighbours(c, gates=False) if n not in blocked}
    if beside & set(attacker_reach):
        yield error("field-wall", "the attacker can walk up to the castle without breaking the wall", where)
    # ... but must reach it once the wall is broken (walls fall; mountains and the castle stay)
    if starts[0] and not beside & set(graph.distances(starts[0], cross_walls=True, avoid=blocked)):
        yield error("field-siege", "the attacker cannot reach a hex beside the castle even through a broken "
                    "wall: the mountains close every way (every game would last until the turn cap)",
                    game.mark("field", "mountain"))
    everyone = graph.distances(starts[0] + starts[1], avoid=blocked)
    for row, col in f.cells:
        if cell_id((row, col)) not in blocked and cell_id((row, col)) not in everyone:
            yield error("field-reach", f"hex [{row}, {col}] cannot be reached from any start hex",
                        game.mark("field", "rows", row))


def _mirror(game: Game) -> Iterator[Problem]:
    """Left-right mirror: (row, col) -> (row, len(row) - 1 - col) must keep every pair of
    neighbours neighbours (the rows' lengths and offsets make that true or not)."""
    graph = game.board_spec.graph
    at = {cell_id(c): c for c in game.field.cells}
    for a, b in sorted((sorted((at[x], at[y])) for x, y in graph.pairs()), key=tuple):
        if not graph.linked(graph.image(cell_id(a)), graph.image(cell_id(b))):
            yield error("field-mirror", f"mirrored, the neighbours [{a[0]}, {a[1]}] and [{b[0]}, {b[1]}] are no "
                        "longer neighbours: odd rows must be one hex shorter than even rows",
                        game.mark("field", "mirror", "value"))
            return
