"""A value that differs from the seed: an error, or a warning when a `note:` records the departure."""

from __future__ import annotations

from typing import Any, Iterator

from pnp.checks._util import explained
from pnp.core.errors import Problem, error, warning
from pnp.games.empire.model import Game


def departure(game: Game, code: str, path: tuple, message: str, value: Any, seed: Any) -> Iterator[Problem]:
    """The problem of `value` at `path` differing from the seed's `seed` (`message` says both)."""
    if explained(game, path, value, seed):  # type: ignore[arg-type]  # reads only notes, which every model has
        yield warning(code, message + " (a recorded departure)", game.mark(*path))
    else:
        yield error(code, message, game.mark(*path),
                    "follow the seed, or keep the values and say why in a note: that cites the rules and names them")
