"""The battle steps the kit prints (battle.timing) are the engine's steps, in its order.

The rulebook's battle section, the player aid and the strip on every battle card are
generated from battle.timing; the engine (pnp/games/tverdzha/rules/battle.py) plays a fixed order.
"""

from __future__ import annotations

from typing import Iterator

from pnp.games.tverdzha.model import Game
from pnp.core.errors import Problem, error
from pnp.games.tverdzha.rules.battle import STEPS

ID = "battle-steps"

CODES = {
    "battle-step-order": "battle.timing does not list the engine's battle steps in the order the engine plays them.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    keys = tuple(t.key for t in game.battle.timing)
    if keys != STEPS:
        yield error("battle-step-order", f"battle.timing lists {', '.join(keys)}; the engine plays {', '.join(STEPS)}",
                    game.mark("battle", "timing"), f"list the steps as: {', '.join(STEPS)}")
