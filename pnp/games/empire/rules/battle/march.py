"""One battle for one order of the damage cards (3.2.6-3.3.3): the luck cards, then the groups'
cards left to right until the army passes its target, the second echelon stepping in behind a miss,
and after the battle the large creatures' saving throws and the first-aid tent's card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pnp.games.empire.rules.army import Army, Group, Opponent
from pnp.games.empire.rules.battle.damage import damage, groups, luck_bonus, minimal
from pnp.games.empire.rules.battle.field import fighting, working
from pnp.games.empire.rules.battle.lines import Line, bonus_lines
from pnp.games.empire.rules.battle.target import Target, target
from pnp.games.empire.rules.battle.validation import battle_type
from pnp.games.empire.rules.battle_rules import BattleRules, WarMachine


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

    if not battle_type(rules, opp).second_echelon:  # it stayed out of the battle, unhurt
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
    kind = battle_type(rules, opp)
    tent = working(rules, army.machine, opp.machine, kind)
    if tent is None or not tent.restores:
        return None
    return tent, tuple(sorted(range(len(fighting(army, kind))), key=lambda i: _weakness(army, i)))


def _tent(rules: BattleRules, army: Army, opp: Opponent, lost: list[int], queue: list[int],
          lines: list[Line]) -> tuple[int, ...]:
    """3.3.3, after the saving throws: a machine that restores draws one more card (a line says what it
    drew); a strike brings back the weakest squads still lost."""
    tent = working(rules, army.machine, opp.machine, battle_type(rules, opp))
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
