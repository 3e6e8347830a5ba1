"""The breakdown's lines before a damage card is opened (3.2.2-3.2.5), in the seed's order:
formations, flank attacks and the second echelon, weapons, the war machine and spells, heroes. Each
line says what it counts, its value and the rule that gave it, for `pnp odds`, the worksheet and the
rulebook's worked battle."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pnp.games.empire.rules.army import Army, Hero, Opponent, Squad
from pnp.games.empire.rules.battle.damage import cast_spells
from pnp.games.empire.rules.battle.field import boosts, fighting, runs, working
from pnp.games.empire.rules.battle.validation import battle_type, validate
from pnp.games.empire.rules.battle_rules import BattleRules, BattleType, WarMachine


@dataclass(frozen=True)
class Line:
    """One step of the breakdown: what it counts, its value, the rule that gave it."""
    step: str  # the seed's section
    what: str
    value: int
    rule: str


def _ranked(army: Army, kind: BattleType) -> list[Squad]:
    """The first row as the formations see it: without the squads turned to a flank."""
    return [s for s in army.squads if not (kind.flank and s.flank)]


def _straight(levels: Sequence[int]) -> int:
    """The longest run of squads side by side whose levels rise or fall by one each (`levels`: a
    line counts once, whatever its place in the run)."""
    best = 1 if levels else 0
    for step in (1, -1):
        length = 1
        for a, b in zip(levels, levels[1:]):
            length = length + 1 if b - a == step else 1
            best = max(best, length)
    return best


def formation_lines(rules: BattleRules, army: Army, kind: BattleType) -> list[Line]:
    f = rules.formations
    if not kind.formations:
        return [Line("3.2.2", "formations", 0, f"no battle formations in a {kind.id} battle")]
    lines = []
    row = _ranked(army, kind)
    for first, last in runs(row, False):
        n = last - first + 1
        if n >= f.line_least:
            lines.append(Line("3.2.2", f"line of {n} {row[first].type}", n * f.line_per_squad,
                              f"a line of {f.line_least}+ squads of one type: +{f.line_per_squad} a squad"))
    levels = [s.level for s in row]
    distinct = len(set(levels))
    # «для однотипных существ в линии … выставляется одна карта урона на всю группу»: a line is one
    # step of a royal straight, so I, II, II, III is a straight of three as I, I, II, III is
    steps = [row[i].level for first, last in runs(row, False)
             for i in ((first,) if last - first + 1 >= f.line_least else range(first, last + 1))]
    straight = _straight(steps)
    mixed = f.mixed_bonus + f.mixed_per_extra * (distinct - f.mixed_least) if distinct >= f.mixed_least else 0
    royal = (f.straight_bonus + f.straight_per_extra * (straight - f.straight_least)
             if straight >= f.straight_least else 0)
    if royal and royal >= mixed:
        lines.append(Line("3.2.2", f"royal straight of {straight} levels", royal,
                          f"{f.straight_least} levels in order: +{f.straight_bonus}, +{f.straight_per_extra} "
                          "each one more"))
    elif mixed:
        lines.append(Line("3.2.2", f"mixed ranks of {distinct} levels", mixed,
                          f"{f.mixed_least} different levels: +{f.mixed_bonus}, +{f.mixed_per_extra} each one more"))
    return lines


def rank_lines(rules: BattleRules, army: Army, kind: BattleType) -> list[Line]:
    """Flank attacks and the second echelon: no strength of their own, what they change is said here."""
    lines = []
    flank = [i for i, s in enumerate(army.squads) if s.flank]
    if flank:
        named = ", ".join(str(i + 1) for i in flank)
        lines.append(Line("3.2.2", f"flank attack: squad {named}", 0,
                          f"damage ×{rules.flank_multiplier}, outside the formations" if kind.flank
                          else f"no flank attacks in a {kind.id} battle: fights in the row"))
    if army.echelon:
        lines.append(Line("3.2.2", f"second echelon of {len(army.echelon)}", 0,
                          "steps in when the squad in front misses" if kind.second_echelon
                          else f"no second echelon in a {kind.id} battle: stays out"))
    return lines


def weapon_lines(rules: BattleRules, army: Army, kind: BattleType, opp: Opponent) -> list[Line]:
    n = sum(s.kind == kind.bonus_kind for s in fighting(army, kind))
    lines = [Line("3.2.3", f"{n} {kind.bonus_kind} squad{'s' if n != 1 else ''}", n,
                  f"+1 a {kind.bonus_kind} squad in a {kind.id} battle")]
    mages = sum(s.kind == "magic" for s in fighting(army, kind))
    if mages:
        immune = opp.immune_to_magic
        lines.append(Line("3.2.3", f"{mages} magic attack{'s' if mages != 1 else ''}",
                          0 if immune else mages * rules.magic_attack_bonus,
                          "the opponent is immune to magic" if immune
                          else f"+{rules.magic_attack_bonus} a magic attack, always"))
    return lines


def _machine_rule(rules: BattleRules, machine: WarMachine, kind: BattleType, opp: Opponent) -> str:
    """What the machine does in this battle, for its line: its strength, or the effect it has instead."""
    other = rules.machine(opp.machine) if opp.machine is not None else None
    if working(rules, machine.id, opp.machine, kind) is None:
        if kind.machines == "none" or other is None:
            return f"does not count in a {kind.id} battle"
        return f"the other side's {other.id} blocks it"
    value = machine.strength(kind.machines)
    if value is not None:
        return f"level {machine.level}: +{value} in a {kind.id} battle"
    between = kind.against == "player"
    if machine.blocks_machines:
        if not between:
            return "no effect against a neutral army: it brings no war machine"
        return f"the other side's {other.id} counts nothing" if other is not None else "the other side has no machine"
    if machine.spell_penalty is not None:
        return (f"the other side's spells −{machine.spell_penalty}, not below 0" if between
                else "no effect against a neutral army: it casts no spell")
    if machine.restores:
        whom = "squad" if machine.restores == 1 else f"{machine.restores} squads"
        return f"after the battle one more card: a strike restores the weakest routed {whom} still lost (3.3.3)"
    return f"does not count in a {kind.id} battle"


def support_lines(rules: BattleRules, army: Army, kind: BattleType, opp: Opponent) -> list[Line]:
    lines = []
    if army.machine is not None:
        machine = rules.machine(army.machine)
        assert machine is not None  # validate() refused it otherwise
        value = machine.strength(kind.machines) if working(rules, machine.id, opp.machine, kind) else None
        lines.append(Line("3.2.4", f"war machine {machine.id}", value or 0, _machine_rule(rules, machine, kind, opp)))
    return lines + [Line("3.2.4", *x) for x in cast_spells(rules, army, opp).lines]


def bonus_lines(rules: BattleRules, army: Army, opp: Opponent) -> tuple[Line, ...]:
    """3.2.2-3.2.5: every bonus known before a card is opened, in the seed's order."""
    validate(rules, army, opp)
    kind = battle_type(rules, opp)
    return tuple(formation_lines(rules, army, kind) + rank_lines(rules, army, kind)
                 + weapon_lines(rules, army, kind, opp) + support_lines(rules, army, kind, opp)
                 + [x for h in army.heroes for x in hero_lines(army, kind, h)])


def hero_lines(army: Army, kind: BattleType, h: Hero) -> list[Line]:
    """3.2.5: the hero's own damage (multiplied by its ability, its courage never), then its ability."""
    a = h.ability
    times = a.own_times if a else 1
    own = (f"the hero's bonus ×{times}" if times > 1 else "the hero's bonus") + ", as the army file states it"
    lines = [Line("3.2.5", f"hero {h.name}" + (f" (courage +{h.courage})" if h.courage else ""),
                  h.bonus * times + h.courage, own + (", and its courage, not multiplied" if h.courage else ""))]
    if a is None:
        return lines
    whom = f"level {a.level}" if a.level is not None else a.kind
    boosted = sum(boosts(a, s) for s in fighting(army, kind))
    if a.plus:
        lines.append(Line("3.2.5", f"hero {h.name}: {boosted} {whom} squad{'s' if boosted != 1 else ''}",
                          boosted * a.plus, f"+{a.plus} a {whom} squad"))
    if a.times > 1:
        lines.append(Line("3.2.5", f"hero {h.name}: {whom} damage ×{a.times}", 0,
                          f"{boosted} squad{'s' if boosted != 1 else ''}: counted on their damage cards"))
    if a.spells > 1:
        lines.append(Line("3.2.5", f"hero {h.name}: {a.spells} spells a battle", 0,
                          f"its army may cast up to {a.spells} different spells, counted at 3.2.4"))
    if a.text is not None:
        lines.append(Line("3.2.5", f"hero {h.name}: race ability", 0, a.text.get("ru") + " (not counted)"))
    return lines
