"""The war-machine table and the battle types' victory points: what the reference boards print.

A machine prints its strength in a siege / in the field; one without either prints what it does
instead (the seed's first-aid tent, mystic stone and barrier), so it needs that `effect:` text.
"""

from __future__ import annotations

from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.games.empire.model import Game

ID = "machines"

CODES = {"machine-effect": "A war machine with no strength and no effect text: its row would say nothing.",
         "neutral-squads": "The neutral army's least squads exceed its most."}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    for i, m in enumerate(game.battle.machines):
        if m.siege is None and m.field is None and m.effect is None:
            yield error("machine-effect", f"battle.war_machines[{i}] ({m.id}): expected a strength (siege:, field:) "
                        "or an effect: text, found neither", game.mark("battle", "war_machines", i),
                        "add `effect: {ru: …, uk: …}` saying what it does")
    squads = game.battle.neutral_squads
    if squads is not None and squads[0] > squads[1]:
        yield error("neutral-squads", f"battle.neutral_squads: expected least ≤ most, found {squads[0]} > {squads[1]}",
                    game.mark("battle", "neutral_squads"))
