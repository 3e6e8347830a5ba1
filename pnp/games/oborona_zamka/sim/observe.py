"""What one game of «Оборона Замка» leaves for the statistics: how it ended, how long it
took, walls destroyed and fallen, potion returns, and the component peaks."""

from __future__ import annotations

from pnp.games.oborona_zamka.rules.numbers import ATTACKER
from pnp.games.oborona_zamka.rules.state import State


class Observer:
    def __init__(self, game, state: State) -> None:
        self.dice = 0  # the most dice rolled at once (a reroll throws two)
        self.step(state)

    def step(self, s: State) -> None:
        if s.phase == "roll" and self.dice < 2 and s.rerolls():
            self.dice = 2
        elif s.phase in ("roll", "potion") and self.dice < 1:
            self.dice = 1

    def record(self, s: State, capped: bool) -> dict:
        capped = capped or s.victory == "cap"
        t = s.tally
        record = {
            "victory": "cap" if capped else s.victory, "rounds": s.turn,
            "first": "attacker" if t["first_player"] == ATTACKER else "defender",
            "walls_destroyed": t["walls_destroyed"], "walls_fallen": t["walls_fallen"],
            "potion_returns": t["potion_returns"], "potion_no_room": t["potion_no_room"],
            "fights": t["fights"], "kills": t["kills"], "wall_attacks": t["wall_attacks"],
            "capture_rolls": t["capture_rolls"],
            "peaks": {"dice": self.dice},
        }
        if capped:
            record["cap_reason"] = "armies_standing"
        return record
