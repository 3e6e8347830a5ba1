"""The week track: the neutral armies' luck week by week, as the seed prints it (0 on week 1 … 6 on week 7)."""

from __future__ import annotations

from typing import Iterator

from pnp.core.errors import Problem
from pnp.games.empire import reference
from pnp.games.empire.checks._seed import departure
from pnp.games.empire.model import Game

ID = "weeks"

CODES = {"week-track": "The neutral armies' luck by week differs from the seed's."}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    path = ("weeks", "neutral_luck")
    if game.neutral_luck == reference.NEUTRAL_LUCK:
        return
    yield from departure(game, "week-track", path, f"weeks.neutral_luck: the seed gives {list(reference.NEUTRAL_LUCK)} "
                         f"({reference.LUCK_QUOTE}), found {list(game.neutral_luck)}",
                         list(game.neutral_luck), list(reference.NEUTRAL_LUCK))
