"""The field: cells on the grid, free start hexes for every figure, a fortress wall that
is one joined piece and closes the castle off from the attacker, every hex reachable, and
a mirror image that is a field of the same shape."""

from __future__ import annotations

from collections import deque
from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.games.oborona_zamka.model import Game, axial
from pnp.games.oborona_zamka.rules.field import Field, are_neighbours

ID = "field"

CODES = {
    "field-cell": "A hex the field lists is not on the field's rows.",
    "field-starts": "A side's start hexes are not one free hex per figure.",
    "field-castle": "The castle is missing or stands outside the wall.",
    "field-wall": "The fortress wall is not one joined piece, or it lets the attacker walk up to the castle.",
    "field-reach": "A hex no figure can ever reach.",
    "field-mirror": "The mirrored field is not a field of the same shape.",
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
    yield from _starts(game)
    yield from _wall(game)
    if f.mirror:
        yield from _mirror(game)


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
    outside = [c for c in f.castle if c not in f.wall_around]
    if outside:
        yield error("field-castle", f"castle hex [{outside[0][0]}, {outside[0][1]}] is outside the wall "
                    "(list it in field.wall_around)", game.mark("field", "castle"))
    field = Field(game.field_spec)
    if not field.segments:
        yield error("field-wall", "the wall has no segment: field.wall_around encloses nothing", where)
        return
    pieces = _groups(len(field.segments), field.joined)
    if len(pieces) > 1:
        yield error("field-wall", f"the wall falls apart into {len(pieces)} pieces that are not joined at a corner", where)
    # the attacker, who cannot pass the wall, must not reach a hex beside the castle
    attacker_reach = _reach(field, field.starts[0], through_walls=False)
    beside = {cell for cell, _ in field.castle_side}
    if attacker_reach & beside:
        yield error("field-wall", "the attacker can walk up to the castle without breaking the wall", where)
    everyone = _reach(field, field.starts[0] + field.starts[1], through_walls=True)
    for i, hex_ in enumerate(field.hexes):
        if i not in field.blocked and i not in everyone:
            row, col = game.field.cells[i]
            yield error("field-reach", f"hex [{row}, {col}] cannot be reached from any start hex",
                        game.mark("field", "rows", row))


def _groups(count: int, joined: tuple[tuple[int, ...], ...]) -> list[set[int]]:
    seen: set[int] = set()
    groups = []
    for first in range(count):
        if first in seen:
            continue
        group, todo = {first}, deque([first])
        while todo:
            for nxt in joined[todo.popleft()]:
                if nxt not in group:
                    group.add(nxt)
                    todo.append(nxt)
        seen |= group
        groups.append(group)
    return groups


def _reach(field: Field, starts: tuple[int, ...], through_walls: bool) -> set[int]:
    seen = set(starts)
    todo = deque(starts)
    while todo:
        cell = todo.popleft()
        for nxt, seg in field.links[cell]:
            if nxt in seen or nxt in field.blocked or (seg >= 0 and not through_walls):
                continue
            seen.add(nxt)
            todo.append(nxt)
    return seen


def _mirror(game: Game) -> Iterator[Problem]:
    """Left-right mirror: (row, col) -> (row, len(row) - 1 - col) must keep every pair of
    neighbours neighbours (the rows' lengths and offsets make that true or not)."""
    f = game.field
    image = {(r, c): (r, f.rows[r] - 1 - c) for r, c in f.cells}
    for a in f.cells:
        for b in f.cells:
            if a < b and are_neighbours(axial(a), axial(b)) and not are_neighbours(axial(image[a]), axial(image[b])):
                yield error("field-mirror", f"mirrored, the neighbours [{a[0]}, {a[1]}] and [{b[0]}, {b[1]}] are no "
                            "longer neighbours: odd rows must be one hex shorter than even rows",
                            game.mark("field", "mirror", "value"))
                return
