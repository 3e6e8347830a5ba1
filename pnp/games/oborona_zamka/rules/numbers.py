"""The numbers of the rules as the engine reads them (every one comes from the content)."""

from __future__ import annotations

from dataclasses import dataclass

ATTACKER, DEFENDER = 0, 1


@dataclass(frozen=True)
class Numbers:
    army: int  # figures per side, the commander included
    moves: tuple[int, int]  # warriors a side may move in one turn (attacker, defender)
    fight: int  # a fight kills on this or more
    fight_over_wall: int  # a defender striking across a wall segment
    wall: int  # a wall attack destroys the segment on this or more
    capture: int  # the roll for the castle
    potion: int  # the potion returns a defeated warrior on this or more
    commander_target: int  # added to the opponent's die when the commander is attacked
    commander_bonus: int  # added to the attacker's warriors' dice while the commander stands
    defender_reroll: bool  # the defender's warriors roll twice and keep the higher
    own_bonus: bool  # whether the commander's bonus and reroll also count for himself
    bonus_on_capture: bool  # whether the commander's bonus also counts on the castle roll
    natural_six: bool  # a rolled 6 succeeds whatever the modifiers
    max_turns: int  # the simulator's safety cap: the game then ends unfinished
    faces: int  # of each die, numbered 1..faces; `natural_six` means the highest face
