"""The field's lists of hexes as a designer writes them: no hex twice in one list (a
second start hex the same as the first would seat two figures on it), and the mountain
and the castle on hexes of their own."""

from __future__ import annotations

from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.games.oborona_zamka.model import Game

ID = "hexlists"

CODES = {
    "field-twice": "A hex is listed twice in one of the field's lists.",
    "field-overlap": "The mountain stands on a castle hex.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    f = game.field
    lists: dict[tuple[str, ...], tuple[tuple[int, int], ...]] = {
        ("mountain",): f.mountain, ("castle",): f.castle, ("wall_around",): f.wall_around}
    lists.update({("starts", side): hexes for side, hexes in f.starts.items()})
    for path, hexes in lists.items():
        first: dict[tuple[int, int], int] = {}
        for i, cell in enumerate(hexes):
            if cell in first:
                yield error("field-twice", f"field.{'.'.join(path)}[{i}]: [{cell[0]}, {cell[1]}] is already "
                            f"item {first[cell]} of the list", game.mark("field", *path, i))
            else:
                first[cell] = i
    for i, cell in enumerate(f.mountain):
        if cell in f.castle:
            yield error("field-overlap", f"field.mountain[{i}]: [{cell[0]}, {cell[1]}] is a castle hex",
                        game.mark("field", "mountain", i), "put the mountain on a hex outside the castle")
