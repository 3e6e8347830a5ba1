"""The armies as printed: each race once, and standees enough for a whole army of any
race (a player fields one race's figures, so every race needs `army.size` standees)."""

from __future__ import annotations

from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.games.oborona_zamka.model import Game

ID = "army"

CODES = {
    "race-duplicate": "Two races have the same id.",
    "kit-standees": "Fewer standees per race than figures in an army.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    seen: dict[str, int] = {}
    for i, race in enumerate(game.races):
        if race.id in seen:
            yield error("race-duplicate", f"races[{i}]: the id '{race.id}' is already races[{seen[race.id]}]'s",
                        game.mark("races", i, "id"), "give every race its own id")
        else:
            seen[race.id] = i
    per_race = game.components.standees_per_race
    if per_race < game.army:
        yield error("kit-standees", f"the kit prints {per_race} standees per race, but an army has {game.army} figures",
                    game.mark("components", "standees", "per_race"))
