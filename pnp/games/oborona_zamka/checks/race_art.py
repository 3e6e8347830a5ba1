"""Every race the content lists has standee art: what `pnp check` accepts, `pnp build` builds.

The races differ in name and colour in the content, but their figures are drawn in code
(pnp/games/oborona_zamka/render/race_art.py); a race added to the content without art
would otherwise pass the checks and fail the build.
"""

from __future__ import annotations

from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.games.oborona_zamka.model import Game
from pnp.games.oborona_zamka.render.race_art import FIGURES

ID = "race-art"

CODES = {"race-art": "A race has no standee figure drawn for it."}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    for i, race in enumerate(game.races):
        if race.id not in FIGURES:
            yield error("race-art", f"race {race.id!r} has no standee art; drawn: {', '.join(FIGURES)}",
                        game.mark("races", i, "id"), "use one of the drawn races, or draw its figure in race_art.py")
