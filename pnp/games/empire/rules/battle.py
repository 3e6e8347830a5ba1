"""A battle of «Строительство империи» against a neutral army, in the seed's order (3.2-3.3).

Pure: an army and its opponent in, the bonus breakdown, a battle's outcome for given damage
cards, and the exact chance to win out. The numbers come from the content's rules
(`BattleRules`); the order is the seed's: formations (3.2.2), weapons (3.2.3), war machines
and spells (3.2.4), heroes (3.2.5), luck (3.2.6), then the damage cards left to right until
the army's strength passes the neutral one (3.3.2).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Sequence

from pnp.games.empire.rules import magic
from pnp.games.empire.rules.battle_rules import BattleRules, BattleType


class BattleError(ValueError):
    """An army the rules do not let fight this battle; `where` is the army file's path to blame."""

    def __init__(self, message: str, where: tuple = (), code: str = "battle-army"):
        super().__init__(message)
        self.where = where
        self.code = code


@dataclass(frozen=True)
class Squad:
    type: str  # the creature: squads of one type side by side make a line
    level: int  # I-VII
    kind: str  # an attack kind of the rules (melee, ranged, flying, magic)
    cards: int = 1  # a column: its cards lie on each other and multiply its damage
    large: bool = False


@dataclass(frozen=True)
class Hero:
    name: str
    bonus: int  # what the hero's cards give this battle (the seed's heroes are examples, not a deck)
    courage: int = 0  # +1 attack for each battle fought (the die beside the hero)
    blessing: int = 0  # the skills «Благословение» and «Магический удар»: + to a hero spell (rules.magic)
    magic_strike: int = 0


@dataclass(frozen=True)
class Army:
    squads: tuple[Squad, ...]  # the first row, left to right
    luck: int
    deck: tuple[int, ...]  # the strike of every card in the creature deck (0: no strike mark)
    machine: str | None = None
    spell: str | None = None
    heroes: tuple[Hero, ...] = ()
    tower: int = 0  # the magic tower's level M (0: not built)
    spell_on: int | None = None  # the squad (from 1) a one-squad blessing is cast on


@dataclass(frozen=True)
class Opponent:
    strength: int
    battle: str  # field | siege | dungeon
    luck: int  # the neutral armies' luck of the week
    immune_to_magic: bool = False
    flying: bool = False  # the neutral army flies (Обуза)


@dataclass(frozen=True)
class Line:
    """One step of the breakdown: what it counts, its value, the rule that gave it."""
    step: str  # the seed's section
    what: str
    value: int
    rule: str


@dataclass(frozen=True)
class Group:
    """Squads that take one damage card together (a line), and the damage it multiplies by."""
    first: int
    last: int
    multiplier: int

    @property
    def numbers(self) -> str:
        """The squads counted from 1, left to right: «2» or «2-4»."""
        return str(self.first + 1) if self.first == self.last else f"{self.first + 1}-{self.last + 1}"


@dataclass(frozen=True)
class Outcome:
    lines: tuple[Line, ...]  # the bonuses, the luck line and a line per damage card opened
    strength: int
    won: bool
    missed: tuple[int, ...]  # the squads whose card had no strike mark (routed)
    reserve: tuple[int, ...]  # the squads whose card was never opened
    lost: tuple[int, ...]  # the routed squads that go to the discard: a large one's saving throw failed


def _battle_type(rules: BattleRules, opp: Opponent) -> BattleType:
    found = rules.type(opp.battle)
    if found is None:
        raise BattleError(f"expected a battle type ({', '.join(t.id for t in rules.types)}), found {opp.battle!r}",
                          ("battle",), "battle-type")
    return found


def validate(rules: BattleRules, army: Army, opp: Opponent) -> None:
    """What the army may not bring to this battle at all."""
    kind = _battle_type(rules, opp)
    for i, s in enumerate(army.squads):
        if s.kind not in rules.attack_kinds:
            raise BattleError(f"expected an attack kind ({', '.join(rules.attack_kinds)}), found {s.kind!r}",
                              ("squads", i, "kind"), "battle-kind")
        if s.large and not kind.large_creatures:
            raise BattleError(f"a large creature may not fight in a {kind.name.get('ru')} ({kind.id})",
                              ("squads", i, "large"), "battle-banned")
    for i, h in enumerate(army.heroes):
        if not 0 <= h.courage <= rules.courage_max:
            raise BattleError(f"expected a hero's courage from 0 to {rules.courage_max}, found {h.courage}",
                              ("heroes", i, "courage"), "battle-courage")
    if army.machine is not None and rules.machine(army.machine) is None:
        raise BattleError(f"expected a war machine ({', '.join(m.id for m in rules.machines)}), found {army.machine!r}",
                          ("machine",), "battle-machine")


def _runs(squads: Sequence[Squad]) -> list[tuple[int, int]]:
    """Maximal runs of squads of one type side by side, as (first, last) indices."""
    runs: list[tuple[int, int]] = []
    for i, s in enumerate(squads):
        if runs and squads[runs[-1][1]].type == s.type:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def _straight(levels: Sequence[int]) -> int:
    """The longest run of squads side by side whose levels rise or fall by one each."""
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
    for first, last in _runs(army.squads):
        n = last - first + 1
        if n >= f.line_least:
            lines.append(Line("3.2.2", f"line of {n} {army.squads[first].type}", n * f.line_per_squad,
                              f"a line of {f.line_least}+ squads of one type: +{f.line_per_squad} a squad"))
    levels = [s.level for s in army.squads]
    distinct = len(set(levels))
    straight = _straight(levels)
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


def weapon_lines(rules: BattleRules, army: Army, kind: BattleType, opp: Opponent) -> list[Line]:
    n = sum(s.kind == kind.bonus_kind for s in army.squads)
    lines = [Line("3.2.3", f"{n} {kind.bonus_kind} squad{'s' if n != 1 else ''}", n,
                  f"+1 a {kind.bonus_kind} squad in a {kind.id} battle")]
    mages = sum(s.kind == "magic" for s in army.squads)
    if mages:
        immune = opp.immune_to_magic
        lines.append(Line("3.2.3", f"{mages} magic attack{'s' if mages != 1 else ''}",
                          0 if immune else mages * rules.magic_attack_bonus,
                          "the opponent is immune to magic" if immune
                          else f"+{rules.magic_attack_bonus} a magic attack, always"))
    return lines


def support_lines(rules: BattleRules, army: Army, kind: BattleType, opp: Opponent) -> list[Line]:
    lines = []
    if army.machine is not None:
        machine = rules.machine(army.machine)
        assert machine is not None  # validate() refused it otherwise
        value = machine.strength(kind.machines)
        lines.append(Line("3.2.4", f"war machine {machine.id}", value or 0,
                          f"level {machine.level}: +{value} in a {kind.id} battle" if value is not None
                          else f"does not count in a {kind.id} battle"))
    return lines + [Line("3.2.4", *x) for x in cast_spells(rules, army, opp).lines]


def cast_spells(rules: BattleRules, army: Army, opp: Opponent) -> magic.Cast:
    """3.2.4's magic (pnp.games.empire.rules.magic): the tower, the one spell, and what it changes later."""
    plan = card_groups(rules, army, opp)
    try:
        return magic.cast(rules.magic, army, _battle_type(rules, opp), opp,
                          tuple((g, damage(rules, g, max(army.deck, default=0))) for g in plan))
    except magic.SpellError as exc:
        raise BattleError(str(exc), exc.where, exc.code) from None


def bonus_lines(rules: BattleRules, army: Army, opp: Opponent) -> tuple[Line, ...]:
    """3.2.2-3.2.5: every bonus known before a card is opened, in the seed's order."""
    validate(rules, army, opp)
    kind = _battle_type(rules, opp)
    heroes = [Line("3.2.5", f"hero {h.name}" + (f" (courage +{h.courage})" if h.courage else ""),
                   h.bonus + h.courage, "the hero's bonus, as the army file states it"
                   + (", and its courage, not multiplied" if h.courage else "")) for h in army.heroes]
    return tuple(formation_lines(rules, army, kind) + weapon_lines(rules, army, kind, opp)
                 + support_lines(rules, army, kind, opp) + heroes)


def groups(rules: BattleRules, army: Army, opp: Opponent) -> tuple[Group, ...]:
    """The groups that take damage cards, less those a spell lets deal their maximal damage (3.2.4)."""
    maximal = cast_spells(rules, army, opp).maximal
    return tuple(g for g in card_groups(rules, army, opp) if g.first not in maximal)


def card_groups(rules: BattleRules, army: Army, opp: Opponent) -> tuple[Group, ...]:
    """The squads in the order they take damage cards: a line takes one card for all its squads."""
    kind = _battle_type(rules, opp)
    found = []
    for first, last in _runs(army.squads):
        if kind.formations and last - first + 1 >= rules.formations.line_least:
            found.append(Group(first, last, max(s.cards for s in army.squads[first:last + 1])))
        else:
            found.extend(Group(i, i, army.squads[i].cards) for i in range(first, last + 1))
    return tuple(found)


def damage(rules: BattleRules, group: Group, strike: int) -> int:
    """A group's damage for the strike on its card: a miss still deals the minimal damage."""
    return (strike if strike else rules.miss_damage) * group.multiplier


def luck_bonus(rules: BattleRules, army: Army, opp: Opponent) -> int:
    return army.luck + cast_spells(rules, army, opp).luck - opp.luck


def resolve(rules: BattleRules, army: Army, opp: Opponent, cards: Sequence[int]) -> Outcome:
    """The battle when the creature deck opens `cards` in this order (the luck cards first)."""
    lines = list(bonus_lines(rules, army, opp))
    strength = sum(x.value for x in lines)
    queue = list(cards)
    luck = luck_bonus(rules, army, opp)
    if luck > 0:
        while queue and queue[0] == 0:
            queue.pop(0)
        strike = queue.pop(0) if queue else 0
        lines.append(Line("3.2.6", f"luck {luck:+d} × strike {strike}", luck * strike,
                          "a positive luck bonus opens cards to the first strike"))
        strength += lines[-1].value
    elif luck < 0 and queue:
        strike = queue.pop(0)
        lines.append(Line("3.2.6", f"luck {luck:+d} × strike {strike}",
                          luck * strike if strike else -rules.luck_zero_penalty,
                          "a negative luck bonus opens one card"
                          + ("" if strike else f"; no strike: −{rules.luck_zero_penalty}")))
        strength += lines[-1].value
    missed, reserve = [], []
    for g in groups(rules, army, opp):
        squads = list(range(g.first, g.last + 1))
        if strength > opp.strength or not queue:
            reserve += squads
            continue
        strike = queue.pop(0)
        hit = damage(rules, g, strike)
        strength += hit
        if not strike:
            missed += squads
        lines.append(Line("3.3.2", f"squad{'s' if len(squads) > 1 else ''} {_names(army, g)}: strike {strike}", hit,
                          "a miss deals the minimal damage" if not strike else
                          f"strike × {g.multiplier} card{'s' if g.multiplier > 1 else ''}"))
    return Outcome(tuple(lines), strength, strength > opp.strength, tuple(missed), tuple(reserve),
                   tuple(_losses(army, missed, queue)))


def _losses(army: Army, missed: Sequence[int], queue: list[int]) -> list[int]:
    """3.3.3: a routed squad is discarded, but a large creature draws one more card after the
    battle and stays if it bears a strike (no card left: no save)."""
    lost = []
    for i in missed:
        if not (army.squads[i].large and queue and queue.pop(0)):
            lost.append(i)
    return lost


def _names(army: Army, g: Group) -> str:
    return f"{g.numbers} ({army.squads[g.first].type})"


def win_probability(rules: BattleRules, army: Army, opp: Opponent) -> Fraction:
    """The exact chance that the army passes the neutral strength, over every order of the deck.

    The deck is drawn without replacement; a state is the cards left (as counts of each strike),
    the next group and the strength so far, so equal states are counted once.
    """
    base = sum(x.value for x in bonus_lines(rules, army, opp))
    plan = groups(rules, army, opp)
    strikes = tuple(sorted(set(army.deck)))
    start = tuple(Counter(army.deck)[v] for v in strikes)
    luck = luck_bonus(rules, army, opp)
    need = opp.strength

    def draws(left: tuple[int, ...]):
        total = sum(left)
        for i, n in enumerate(left):
            if n:
                yield strikes[i], Fraction(n, total), left[:i] + (n - 1,) + left[i + 1:]

    @lru_cache(maxsize=None)
    def fight(left: tuple[int, ...], g: int, strength: int) -> Fraction:
        if strength > need:
            return Fraction(1)
        if g == len(plan) or not sum(left):
            return Fraction(0)
        return sum((p * fight(rest, g + 1, strength + damage(rules, plan[g], v)) for v, p, rest in draws(left)),
                   Fraction(0))

    @lru_cache(maxsize=None)
    def lucky(left: tuple[int, ...]) -> Fraction:
        """A positive bonus: cards are opened until the first strike."""
        if not sum(left):
            return fight(left, 0, base)
        return sum((p * (lucky(rest) if v == 0 else fight(rest, 0, base + luck * v)) for v, p, rest in draws(left)),
                   Fraction(0))

    if luck > 0:
        return lucky(start)
    if luck < 0 and army.deck:
        return sum((p * fight(rest, 0, base + (luck * v if v else -rules.luck_zero_penalty))
                    for v, p, rest in draws(start)), Fraction(0))
    return fight(start, 0, base)
