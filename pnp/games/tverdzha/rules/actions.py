"""Player actions: small hashable, printable tuples (the lists of legal ones are in legal.py).

Every action names things by their content ids (space "a1", building "wall",
resource "grain"), so a log line or an agent can read it without the engine. The
last field `kind` keeps actions of different types from ever comparing equal.
Chance outcomes are bare ids (a tile kind, a card id, a building id) or die faces;
the secret card step takes a pair (card id of A or None, card id of B or None).
"""

from __future__ import annotations

from typing import Final, NamedTuple, Union


class Pass(NamedTuple):
    kind: str = "pass"

    def __str__(self):
        return "pass"


class Heal(NamedTuple):
    kind: str = "heal"

    def __str__(self):
        return "heal (a wounded unit returns to the castle)"


class EndTurn(NamedTuple):
    kind: str = "end"

    def __str__(self):
        return "end turn"


class Build(NamedTuple):
    slot: int                  # market position, 1 = newest
    building: str
    waive: tuple[str, ...]     # resources the build discount waives (chosen by the player)
    discard: str | None        # own building discarded when every slot is full
    kind: str = "build"

    def __str__(self):
        text = f"build {self.building} (market {self.slot})"
        if self.waive:
            text += f", discount waives {'+'.join(self.waive)}"
        if self.discard:
            text += f", discarding {self.discard}"
        return text


class Upgrade(NamedTuple):
    building: str              # the base building id
    waive: tuple[str, ...]
    kind: str = "upgrade"

    def __str__(self):
        text = f"upgrade {self.building}"
        return text + (f", discount waives {'+'.join(self.waive)}" if self.waive else "")


class Hire(NamedTuple):
    space: str
    kind: str = "hire"

    def __str__(self):
        return f"hire at {self.space}"


class Move(NamedTuple):
    src: str
    dst: str
    units: tuple[int, ...]     # strengths of the moving units, sorted
    kind: str = "move"

    def __str__(self):
        return f"move {','.join(map(str, self.units))} {self.src} -> {self.dst}"


class Train(NamedTuple):
    space: str
    strength: int              # the strength of the unit trained (before training)
    kind: str = "train"

    def __str__(self):
        return f"train a {self.strength} at {self.space}"


class Trade(NamedTuple):
    give: str
    count: int  # type: ignore[assignment]  # the field shadows tuple.count, by design of the API
    get: tuple[str, ...]
    kind: str = "trade"

    def __str__(self):
        return f"trade {self.count} {self.give} for {'+'.join(self.get)}"


class Choose(NamedTuple):
    resource: str              # income_choice: the resource taken
    kind: str = "choose"

    def __str__(self):
        return f"income choice: {self.resource}"


PASS: Final = Pass()
HEAL: Final = Heal()
END_TURN: Final = EndTurn()

#: What the action step offers (legal.main_actions).
MainAction = Union[Pass, Heal, Build, Upgrade, Hire, Move, Train, Trade]
