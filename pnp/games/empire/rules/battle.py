"""A battle of «Строительство империи» against a neutral army or a fixed strength, in the seed's order (3.2-3.4).

Pure: an army and its opponent in, the bonus breakdown, a battle's outcome for given damage
cards, and the exact chance to win out. The numbers come from the content's rules
(`BattleRules`); the order is the seed's: formations with flank attacks and the second
echelon (3.2.2), weapons (3.2.3), war machines and spells (3.2.4), heroes (3.2.5), luck
(3.2.6), then the damage cards left to right until the army's strength passes the
opponent's (3.3.2), a routed squad replaced by the second echelon behind it, and bribery's
chests lowering the neutral strength from a given damage card on (3.4.3), and after the battle
the large creatures' saving throws and the first-aid tent's card (3.3.3). A battle between
players is `pnp.games.empire.rules.duel`, on the same steps: there the opponent carries the other
side's war machine, whose barrier blocks this army's machine and whose mystic stone weakens its
spells.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterator, Sequence

from pnp.games.empire.rules import magic
from pnp.games.empire.rules.army import Army, Group, Hero, Opponent, Squad
from pnp.games.empire.rules.battle_rules import BattleRules, BattleType, HeroAbility, WarMachine


class BattleError(ValueError):
    """An army the rules do not let fight this battle; `where` is the army file's path to blame."""

    def __init__(self, message: str, where: tuple = (), code: str = "battle-army", side: str = "army"):
        super().__init__(message)
        self.where = where
        self.code = code
        self.side = side  # the file to blame: army | against


@dataclass(frozen=True)
class Line:
    """One step of the breakdown: what it counts, its value, the rule that gave it."""
    step: str  # the seed's section
    what: str
    value: int
    rule: str


@dataclass(frozen=True)
class Outcome:
    lines: tuple[Line, ...]  # the bonuses, the luck line and a line per damage card opened
    strength: int
    won: bool
    missed: tuple[int, ...]  # the squads whose card had no strike mark (routed)
    reserve: tuple[int, ...]  # the squads whose card was never opened
    lost: tuple[int, ...]  # the routed squads that go to the discard: a large one's saving throw failed
    target: int | None = None  # the strength the army had to pass at the end (None: a defender, no target)
    chests: int = 0  # the bribery chests actually paid
    restored: tuple[int, ...] = ()  # the routed squads the first-aid tent brought back (no longer in `lost`)


def _battle_type(rules: BattleRules, opp: Opponent) -> BattleType:
    found = rules.type(opp.battle)
    if found is None:
        raise BattleError(f"expected a battle type ({', '.join(t.id for t in rules.types)}), found {opp.battle!r}",
                          ("battle",), "battle-type", "against")
    return found


def _validate_ranks(rules: BattleRules, army: Army, opp: Opponent, kind: BattleType) -> None:
    """Flank squads at the row's ends, the second echelon behind the first row, bribery and its squads."""
    last = len(army.squads) - 1
    for i, s in enumerate(army.squads):
        if s.flank and i not in (0, last):
            raise BattleError(f"a flank squad stands at an end of the first row (squad 1 or {last + 1}), "
                              f"found squad {i + 1}", ("squads", i, "flank"), "battle-flank")
    stand: Counter[int] = Counter()
    for j, s in enumerate(army.echelon):
        at = ("echelon", j)
        if s.kind not in rules.attack_kinds:
            raise BattleError(f"expected an attack kind ({', '.join(rules.attack_kinds)}), found {s.kind!r}",
                              at + ("kind",), "battle-kind")
        if s.behind is None or not 0 <= s.behind <= last:
            raise BattleError(f"expected the first-row squad it stands behind (1 to {last + 1}), found "
                              f"{'none' if s.behind is None else s.behind + 1}", at + ("behind",), "battle-echelon")
        stand[s.behind] += 1
        if stand[s.behind] > rules.echelon_per_squad:
            raise BattleError(f"at most {rules.echelon_per_squad} second-echelon squad(s) behind a squad, found more "
                              f"behind squad {s.behind + 1}", at + ("behind",), "battle-echelon")
        if s.large and kind.second_echelon and not kind.large_creatures:
            raise BattleError(f"a large creature may not fight in a {kind.name.get('ru')} ({kind.id})",
                              at + ("large",), "battle-banned")
    if kind.against != "neutral":
        return
    if (army.chests or opp.mercenaries) and not (opp.squads or opp.count):
        raise BattleError("bribery and mercenaries need the neutral army's squads (`squads:` or a card with guards); "
                          "a fixed strength has none", ("bribe",) if army.chests else ("mercenaries",), "battle-bribe",
                          "army" if army.chests else "against")
    squads = (len(opp.squads) or opp.count or 0) + opp.mercenaries * rules.squads_per_chest
    if army.chests * rules.squads_per_chest > squads:
        raise BattleError(f"expected at most {squads // rules.squads_per_chest} chests (the neutral army has {squads} "
                          f"squads), found {army.chests}", ("bribe", "chests"), "battle-bribe")


def validate(rules: BattleRules, army: Army, opp: Opponent) -> None:
    """What the army may not bring to this battle at all."""
    kind = _battle_type(rules, opp)
    _validate_ranks(rules, army, opp, kind)
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


def _runs(squads: Sequence[Squad], flanks: bool) -> list[tuple[int, int]]:
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


def _ranked(army: Army, kind: BattleType) -> list[Squad]:
    """The first row as the formations see it: without the squads turned to a flank."""
    return [s for s in army.squads if not (kind.flank and s.flank)]


def fighting(army: Army, kind: BattleType) -> tuple[Squad, ...]:
    """The squads in the battle: the first row, and the second echelon where it may step in."""
    return army.fighters if kind.second_echelon else army.squads


def _boosts(ability: HeroAbility, s: Squad) -> bool:
    return (ability.level is not None and s.level == ability.level) or (ability.kind is not None
                                                                        and s.kind == ability.kind)


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
    for first, last in _runs(row, False):
        n = last - first + 1
        if n >= f.line_least:
            lines.append(Line("3.2.2", f"line of {n} {row[first].type}", n * f.line_per_squad,
                              f"a line of {f.line_least}+ squads of one type: +{f.line_per_squad} a squad"))
    levels = [s.level for s in row]
    distinct = len(set(levels))
    # «для однотипных существ в линии … выставляется одна карта урона на всю группу»: a line is one
    # step of a royal straight, so I, II, II, III is a straight of three as I, I, II, III is
    steps = [row[i].level for first, last in _runs(row, False)
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


def cast_spells(rules: BattleRules, army: Army, opp: Opponent) -> magic.Cast:
    """3.2.4's magic (pnp.games.empire.rules.magic): the tower, the one spell, and what it changes later."""
    plan = card_groups(rules, army, opp)
    kind = _battle_type(rules, opp)
    stone = working(rules, opp.machine, army.machine, kind) if kind.against == "player" else None
    weakened = magic.Weakened(stone.id, stone.spell_penalty) if stone and stone.spell_penalty else None
    try:
        return magic.cast(rules.magic, army, kind, opp,
                          tuple((g, damage(rules, g, max(army.deck, default=0))) for g in plan), weakened)
    except magic.SpellError as exc:
        raise BattleError(str(exc), exc.where, exc.code) from None


def bonus_lines(rules: BattleRules, army: Army, opp: Opponent) -> tuple[Line, ...]:
    """3.2.2-3.2.5: every bonus known before a card is opened, in the seed's order."""
    validate(rules, army, opp)
    kind = _battle_type(rules, opp)
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
    boosted = sum(_boosts(a, s) for s in fighting(army, kind))
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


def groups(rules: BattleRules, army: Army, opp: Opponent) -> tuple[Group, ...]:
    """The groups that take damage cards, less those a spell lets deal their maximal damage (3.2.4)."""
    maximal = cast_spells(rules, army, opp).maximal
    return tuple(g for g in card_groups(rules, army, opp) if g.first not in maximal)


def card_groups(rules: BattleRules, army: Army, opp: Opponent) -> tuple[Group, ...]:
    """The squads in the order they take damage cards: a line takes one card for all its squads,
    and the second echelon behind a group waits to step in if it misses."""
    kind = _battle_type(rules, opp)
    every = army.fighters

    def times(i: int) -> int:
        s = every[i]
        m = s.cards * (rules.flank_multiplier if kind.flank and s.flank else 1)
        for h in army.heroes:
            if h.ability is not None and _boosts(h.ability, s):
                m *= h.ability.times
        return m

    behind: dict[int, list[Group]] = {}
    if kind.second_echelon:
        for j, s in enumerate(army.echelon):
            at = len(army.squads) + j
            assert s.behind is not None  # validate() refused it otherwise
            behind.setdefault(s.behind, []).append(Group(at, at, times(at), upgrades=s.upgrades))

    def group(first: int, last: int) -> Group:
        return Group(first, last, max(times(i) for i in range(first, last + 1)),
                     tuple(b for i in range(first, last + 1) for b in behind.get(i, ())),
                     max(every[i].upgrades for i in range(first, last + 1)))

    found = []
    for first, last in _runs(army.squads, kind.flank):
        if kind.formations and last - first + 1 >= rules.formations.line_least:
            found.append(group(first, last))
        else:
            found.extend(group(i, i) for i in range(first, last + 1))
    return tuple(found)


def minimal(rules: BattleRules, group: Group) -> int:
    """A group's minimal damage a card: the rules', raised by each upgrade of its barracks."""
    return rules.miss_damage + rules.upgrade_miss_damage * group.upgrades


def damage(rules: BattleRules, group: Group, strike: int) -> int:
    """A group's damage for the strike on its card: a miss still deals the minimal damage."""
    return (strike if strike else minimal(rules, group)) * group.multiplier


def luck_bonus(rules: BattleRules, army: Army, opp: Opponent) -> int:
    """3.2.6: the army's luck − the opponent's. Between players only the luckier side has a bonus."""
    bonus = army.luck + cast_spells(rules, army, opp).luck - opp.luck
    return max(bonus, 0) if _battle_type(rules, opp).against == "player" else bonus


@dataclass(frozen=True)
class Target:
    """What the army must pass: `high` until the bribe's chests are paid before damage card `at`
    (from 1), `low` from then on. None: a defender with no target opens every card."""
    high: int | None
    low: int | None = None
    at: int = 1

    def before(self, opened: int) -> int | None:
        """Before the next card is opened, `opened` cards in: the chests are paid by now?"""
        return self.low if opened + 1 >= self.at else self.high

    def after(self, opened: int) -> int | None:
        """Once the cards are done, `opened` of them: the chests were paid before one of them?"""
        return self.low if opened >= self.at else self.high


def neutral_strength(rules: BattleRules, opp: Opponent, chests: int = 0) -> int:
    """The neutral strength once its mercenaries join and `chests` bribes remove its weakest squads.

    A squad of an army given as a strength and a number of squads is their average, rounded
    down (the weakest squad is at most that); a mercenary squad is the average too.
    """
    per = rules.squads_per_chest
    if opp.squads:
        army = sorted(opp.squads + (sum(opp.squads) // len(opp.squads),) * (opp.mercenaries * per))
        return sum(army[chests * per:])
    if opp.count:
        return opp.strength + opp.strength // opp.count * (opp.mercenaries - chests) * per
    return opp.strength


def morale_outcomes(rules: BattleRules, opp: Opponent) -> tuple[tuple[int, Fraction], ...]:
    """The neutrals' extra strength from morale and its chance: a domino tile in a dungeon, else none."""
    if not _battle_type(rules, opp).morale:
        return ((0, Fraction(1)),)
    p = rules.morale.chance()
    return ((rules.morale.bonus, p), (0, 1 - p))


def target(rules: BattleRules, army: Army, opp: Opponent, morale: int = 0) -> Target:
    return Target(neutral_strength(rules, opp) + morale, neutral_strength(rules, opp, army.chests) + morale,
                  army.chests_at if army.chests else 1)


def _luck_line(rules: BattleRules, luck: int, queue: list[int]) -> Line | None:
    """3.2.6: the luck cards, taken from the front of `queue`."""
    if luck > 0:
        while queue and queue[0] == 0:
            queue.pop(0)
        strike = queue.pop(0) if queue else 0
        return Line("3.2.6", f"luck {luck:+d} × strike {strike}", luck * strike,
                    "a positive luck bonus opens cards to the first strike")
    if luck < 0 and queue:
        strike = queue.pop(0)
        penalty = rules.luck_zero_penalty
        return Line("3.2.6", f"luck {luck:+d} × strike {strike}", luck * strike if strike else -penalty,
                    "a negative luck bonus opens one card" + ("" if strike else f"; no strike: −{penalty}"))
    return None


def march(rules: BattleRules, army: Army, opp: Opponent, cards: Sequence[int], goal: Target) -> Outcome:
    """The bonuses, the luck cards and the damage cards in this order, until the army passes `goal`."""
    lines = list(bonus_lines(rules, army, opp))
    queue = list(cards)
    luck = _luck_line(rules, luck_bonus(rules, army, opp), queue)
    if luck is not None:
        lines.append(luck)
    strength = sum(x.value for x in lines)
    missed: list[int] = []
    reserve: list[int] = []
    opened = 0
    paid = won = False

    def passed() -> bool:
        """Before the next card: has the army passed its target (the chests paid if it is their card)?"""
        nonlocal paid, won
        need = goal.before(opened)
        if need is not None and goal.high is not None and strength > goal.high:
            won = True
        elif need is not None:
            paid = paid or need != goal.high
            won = strength > need
        return won

    def strike(g: Group) -> bool:
        """Opens `g`'s card; True when it missed."""
        nonlocal strength, opened
        v = queue.pop(0)
        opened += 1
        hit = damage(rules, g, v)
        strength += hit
        squads = list(range(g.first, g.last + 1))
        if not v:
            missed.extend(squads)
        lines.append(Line("3.3.2", f"squad{'s' if len(squads) > 1 else ''} {_names(army, g)}: strike {v}", hit,
                          ("a miss deals the minimal damage" + (f" ({minimal(rules, g)}: barracks upgraded "
                                                                 f"{g.upgrades}×)" if g.upgrades else ""))
                          if not v else
                          f"strike × {g.multiplier} card{'s' if g.multiplier > 1 else ''}"))
        return not v

    if not _battle_type(rules, opp).second_echelon:  # it stayed out of the battle, unhurt
        reserve.extend(range(len(army.squads), len(army.fighters)))
    for g in groups(rules, army, opp):
        waiting = [i for b in g.backups for i in range(b.first, b.last + 1)]
        if not queue or passed():
            reserve += list(range(g.first, g.last + 1)) + waiting
            continue
        if not strike(g):
            reserve += waiting
            continue
        for b in g.backups:  # the squad in front missed: the second echelon behind it steps in
            if not queue or passed():
                reserve.extend(range(b.first, b.last + 1))
            else:
                strike(b)
    end = goal.low if paid else goal.after(opened)
    lost = _losses(army, missed, queue)
    restored = _tent(rules, army, opp, lost, queue, lines)
    return Outcome(tuple(lines), strength, won or (end is not None and strength > end), tuple(missed),
                   tuple(sorted(reserve)), tuple(i for i in lost if i not in restored), end,
                   army.chests if paid else 0, restored)


def resolve(rules: BattleRules, army: Army, opp: Opponent, cards: Sequence[int], morale: int = 0) -> Outcome:
    """The battle when the creature deck opens `cards` in this order (the luck cards first), the
    neutrals' morale adding `morale` (a dungeon's domino)."""
    return march(rules, army, opp, cards, target(rules, army, opp, morale))


def _losses(army: Army, missed: Sequence[int], queue: list[int]) -> list[int]:
    """3.3.3: a routed squad is discarded, but a large creature draws one more card after the
    battle and stays if it bears a strike (no card left: no save)."""
    lost = []
    for i in missed:
        if not (army.fighters[i].large and queue and queue.pop(0)):
            lost.append(i)
    return lost


def _weakness(army: Army, i: int) -> tuple[int, int]:
    """Squad i's rank among the weakest (in `Army.fighters`): the lowest level first, of equal levels the rightmost."""
    return army.fighters[i].level, -i


def weakest(army: Army, among: Sequence[int]) -> int:
    """The weakest of these squads (in `Army.fighters`)."""
    return min(among, key=lambda i: _weakness(army, i))


def restoring(rules: BattleRules, army: Army, opp: Opponent) -> tuple[WarMachine, tuple[int, ...]] | None:
    """The army's machine that restores routed squads after this battle, and the squads it would bring
    back, weakest first (in `Army.fighters`); None when it has none that works here."""
    kind = _battle_type(rules, opp)
    tent = working(rules, army.machine, opp.machine, kind)
    if tent is None or not tent.restores:
        return None
    return tent, tuple(sorted(range(len(fighting(army, kind))), key=lambda i: _weakness(army, i)))


def _tent(rules: BattleRules, army: Army, opp: Opponent, lost: list[int], queue: list[int],
          lines: list[Line]) -> tuple[int, ...]:
    """3.3.3, after the saving throws: a machine that restores draws one more card (a line says what it
    drew); a strike brings back the weakest squads still lost."""
    tent = working(rules, army.machine, opp.machine, _battle_type(rules, opp))
    if tent is None or not tent.restores or not lost or not queue:
        return ()
    v = queue.pop(0)
    back: list[int] = []
    while v and len(back) < tent.restores and len(back) < len(lost):
        back.append(weakest(army, [i for i in lost if i not in back]))
    said = ", ".join(f"{i + 1} ({army.fighters[i].type})" for i in back)
    lines.append(Line("3.3.3", f"{tent.id}: strike {v}", 0,
                      f"squad {said} restored" if back else "no strike: no squad restored"))
    return tuple(back)


def _names(army: Army, g: Group) -> str:
    return f"{g.numbers} ({army.fighters[g.first].type})"


PASSED = None  # the outcome key of an army that passed its target
#: The most states `deck_orders` walks for one count of a battle: its time and memory are
#: bounded by this whatever the army (about 5 s of one core and 150 MB at the bound), and a
#: battle that needs more is refused at the army file's deck. An army of the seed's size
#: (7 squads, strikes 0-7, a deck of dozens) needs far fewer.
DECK_STATES_MOST = 1_000_000


class StatesBudget:
    """The states of the draw one question may walk, over every count it makes: a chance over
    both outcomes of the neutrals' morale, or the bribe goal's search over numbers of chests,
    walks at most DECK_STATES_MOST in all, never that many per count."""

    def __init__(self, most: int | None = None) -> None:
        self.most = DECK_STATES_MOST if most is None else most
        self.walked = 0

    def spend(self, states: int, drawn: int) -> None:
        self.walked += states
        if self.walked > self.most:
            raise BattleError(f"expected a battle whose deck orders can be counted exactly (at most "
                              f"{self.most:,} states of the draw), found more by card {drawn}: "
                              "fewer squads, fewer different strikes or fewer cards", ("deck",), "battle-too-large")


def outcomes(rules: BattleRules, army: Army, opp: Opponent, goal: Target,
             budget: StatesBudget | None = None) -> dict[int | None, Fraction]:
    """The exact chances of how the count ends, over every order of the deck: PASSED, or the
    strength the army ended with below its target (every strength when there is no target)."""
    base = sum(x.value for x in bonus_lines(rules, army, opp))
    return deck_orders(Counter(army.deck), groups(rules, army, opp), goal, luck_bonus(rules, army, opp), base,
                       lambda step, v: damage(rules, step, v), rules.luck_zero_penalty, budget)


def deck_orders(deck: Counter[int], plan: Sequence[Group], goal: Target, luck: int, base: int,
                hit: Callable[[Group, int], int], zero_penalty: int,
                budget: StatesBudget | None = None) -> dict[int | None, Fraction]:
    """`outcomes` over every order of a deck given as its counts (strike: cards), without the
    orders: the multivariate hypergeometric draw, card by card.

    A state is the cards left (as counts of each strike), the next damage step, the cards opened
    (up to the bribe's card) and the strength so far; orders that reach one state are counted
    once. The states are walked forward one card at a time, all those with as many cards left
    together (a layer), so memory holds two layers and nothing recurses. A state's weight is a
    whole number, the orders of the cards drawn so far that reach it: its share of the deck's
    orders is the weight over N·(N−1)·… (as many factors as cards drawn), the same for the layer.
    The states walked are spent from `budget` (a fresh DECK_STATES_MOST when none is given).
    """
    budget = budget or StatesBudget()
    strikes = tuple(sorted(deck))
    kinds = range(len(strikes))
    total = sum(deck.values())
    cap = goal.at  # past the bribe's card only whether it was reached matters
    # the damage steps in the order they may come, (group, its backups from 1) flattened: for each,
    # its damage for every strike and the step after it on a miss and on a strike
    steps: list[tuple[int, int]] = [(g, j) for g, group in enumerate(plan) for j in range(len(group.backups) + 1)]
    at = {step: k for k, step in enumerate(steps)}
    last = len(steps)  # the count is over
    damages: list[tuple[int, ...]] = []
    after_miss: list[int] = []
    after_strike: list[int] = []
    for g, j in steps:
        group = plan[g]
        damages.append(tuple(hit(group if j == 0 else group.backups[j - 1], v) for v in strikes))
        after_strike.append(at.get((g + 1, 0), last) if j == 0 or j == len(group.backups) else at[(g, j + 1)])
        after_miss.append(at[(g, 1)] if j == 0 and group.backups else after_strike[-1])
    LUCK = -1  # a positive luck bonus's step: cards are opened until the first strike
    ended: dict[int | None, list[int]] = {}  # how the count ends -> its weight in each layer
    layer: Counter[tuple] = Counter()
    drawn = 0

    def end(key: int | None, weight: int) -> None:
        ended.setdefault(key, [0] * (total + 1))[drawn] += weight

    start = tuple(deck[v] for v in strikes)
    if luck > 0:
        layer[(start, LUCK, 0, base)] = 1
    elif luck < 0 and total:
        drawn = 1
        for i in kinds:
            if start[i]:
                rest = start[:i] + (start[i] - 1,) + start[i + 1:]
                v = strikes[i]
                layer[(rest, 0, 0, base + (luck * v if v else -zero_penalty))] += start[i]
    else:
        layer[(start, 0, 0, base)] = 1
    while layer:
        following: Counter[tuple] = Counter()
        for (left, k, opened, strength), weight in layer.items():
            if k == LUCK:
                if drawn < total:
                    for i in kinds:
                        n = left[i]
                        if n:
                            rest = left[:i] + (n - 1,) + left[i + 1:]
                            v = strikes[i]
                            following[(rest, LUCK, 0, base) if v == 0 else (rest, 0, 0, base + luck * v)] += weight * n
                    continue
                k = 0  # no strike in the whole deck: the luck adds nothing
            more = k < last and drawn < total
            need = goal.before(opened) if more else goal.after(opened)
            if need is not None and strength > need:
                end(PASSED, weight)
                continue
            if not more:
                end(strength, weight)
                continue
            opens = min(opened + 1, cap)
            hits = damages[k]
            for i in kinds:
                n = left[i]
                if n:
                    nxt = after_miss[k] if strikes[i] == 0 else after_strike[k]
                    following[(left[:i] + (n - 1,) + left[i + 1:], nxt, opens, strength + hits[i])] += weight * n
        layer = following
        drawn += 1
        budget.spend(len(layer), drawn)
    orders = [1]  # orders[d]: the ordered draws of d cards from the deck
    for d in range(total):
        orders.append(orders[-1] * (total - d))
    return {key: sum((Fraction(w, orders[d]) for d, w in enumerate(weights) if w), Fraction(0))
            for key, weights in ended.items()}


def win_probability(rules: BattleRules, army: Army, opp: Opponent, budget: StatesBudget | None = None) -> Fraction:
    """The exact chance that the army passes the opponent's strength, over every order of the deck
    and, in a dungeon, both outcomes of the neutrals' morale (one budget of states for all)."""
    budget = budget or StatesBudget()
    return sum((p * outcomes(rules, army, opp, target(rules, army, opp, extra), budget).get(PASSED, Fraction(0))
                for extra, p in morale_outcomes(rules, opp)), Fraction(0))
