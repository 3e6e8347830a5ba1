"""Small immutable records the engine appends to `State.events` for statistics.

Players are 0 (first seat, "A") and 1; spaces, buildings and cards are content ids.
Peaks that are levels rather than happenings (units on the table, cards in a hand,
resources held) are read from the state after each step instead (see State).
"""

from __future__ import annotations

from typing import NamedTuple


class Built(NamedTuple):
    round: int
    player: int
    building: str
    discarded: str | None   # own building sent to the bottom of the market deck


class Upgraded(NamedTuple):
    round: int
    player: int
    building: str           # base id
    upgrade: str            # upgrade id


class Hired(NamedTuple):
    round: int
    player: int
    space: str
    strength: int


class Mustered(NamedTuple):
    round: int
    player: int
    strengths: tuple    # units placed in the castle by the round-start muster


class Healed(NamedTuple):
    round: int
    player: int
    strength: int


class BattleFought(NamedTuple):
    round: int
    attacker: int
    space: str                     # the attacked space
    att_units: tuple[int, ...]     # strengths before the battle
    def_units: tuple[int, ...]
    att_card: str | None           # card played (even if cancelled)
    def_card: str | None
    att_dice: tuple[int, ...]      # faces rolled, rerolls included
    def_dice: tuple[int, ...]
    att_lost: int                  # units lost, net of units returned by cards
    def_lost: int
    winner: int | None             # player who won the battle; None when both sides were wiped
    captured: bool                 # the attacker entered the space


class Reshuffled(NamedTuple):
    round: int
    cards: int                     # cards shuffled from the discard into the battle deck


class MarketShort(NamedTuple):
    round: int
    size: int                      # market size after the building deck ran out


class RoundEnded(NamedTuple):
    round: int
    scores: tuple[int, int]
    resources: tuple[tuple[int, ...], tuple[int, ...]]   # per player, after the storage cap


class GameOver(NamedTuple):
    round: int
    winner: int | None
    victory_type: str              # "castle" | "points" | "tie" | "cap"
    scores: tuple[int, int]
