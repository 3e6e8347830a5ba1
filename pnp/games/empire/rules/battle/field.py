"""The army as a battle type fields it: the squads that fight, the runs of one type side by side
(a line takes one damage card, 3.2.2), the squads a hero's ability boosts (3.2.5) and the war machine
that acts here (3.2.4). The bonus lines and the card groups both read the army through these."""

from __future__ import annotations

from typing import Sequence

from pnp.games.empire.rules.army import Army, Squad
from pnp.games.empire.rules.battle_rules import BattleRules, BattleType, HeroAbility, WarMachine


def runs(squads: Sequence[Squad], flanks: bool) -> list[tuple[int, int]]:
    """Maximal runs of squads of one type side by side, as (first, last) indices; where flank
    attacks count, a flank squad stands alone."""
    runs: list[tuple[int, int]] = []
    for i, s in enumerate(squads):
        prev = squads[runs[-1][1]] if runs else None
        if prev is not None and prev.type == s.type and not (flanks and (s.flank or prev.flank)):
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def fighting(army: Army, kind: BattleType) -> tuple[Squad, ...]:
    """The squads in the battle: the first row, and the second echelon where it may step in."""
    return army.fighters if kind.second_echelon else army.squads


def boosts(ability: HeroAbility, s: Squad) -> bool:
    return (ability.level is not None and s.level == ability.level) or (ability.kind is not None
                                                                        and s.kind == ability.kind)


def working(rules: BattleRules, own: str | None, other: str | None, kind: BattleType) -> WarMachine | None:
    """A side's war machine as it acts in this battle: None where machines count nothing (a dungeon),
    or between players when the other side's machine blocks machines (the barrier)."""
    machine = rules.machine(own) if own is not None else None
    if machine is None or kind.machines == "none":
        return None
    blocker = rules.machine(other) if other is not None else None
    if kind.against == "player" and blocker is not None and blocker.blocks_machines:
        return None
    return machine
