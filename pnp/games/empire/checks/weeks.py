"""The week track: the neutral armies' luck week by week, as the seed prints it (0 on week 1 … 6 on week 7)."""

from __future__ import annotations

from typing import Iterator

from pnp.checks._util import explained
from pnp.core.errors import Problem, error, warning
from pnp.games.empire import reference
from pnp.games.empire.model import Game

ID = "weeks"

CODES = {"week-track": "The neutral armies' luck by week differs from the seed's."}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    path = ("weeks", "neutral_luck")
    if game.neutral_luck == reference.NEUTRAL_LUCK:
        return
    message = (f"weeks.neutral_luck: the seed gives {list(reference.NEUTRAL_LUCK)} ({reference.LUCK_QUOTE}), "
               f"found {list(game.neutral_luck)}")
    if explained(game, path, list(game.neutral_luck), list(reference.NEUTRAL_LUCK)):
        yield warning("week-track", message + " (a recorded departure)", game.mark(*path))
    else:
        yield error("week-track", message, game.mark(*path),
                    "follow the seed, or keep the values and say why in a note: that cites the rules and names them")
