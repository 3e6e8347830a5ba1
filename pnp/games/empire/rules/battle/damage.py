"""Who takes damage cards and what a card deals (3.3.2), with the spells that change it (3.2.4) and
the luck bonus (3.2.6): a line takes one card for all its squads, the second echelon waits behind the
group it backs, a spell may let a group deal its maximal damage without a card."""

from __future__ import annotations

from pnp.games.empire.rules import magic
from pnp.games.empire.rules.army import Army, Group, Opponent
from pnp.games.empire.rules.battle.field import boosts, runs, working
from pnp.games.empire.rules.battle.validation import BattleError, battle_type
from pnp.games.empire.rules.battle_rules import BattleRules


def cast_spells(rules: BattleRules, army: Army, opp: Opponent) -> magic.Cast:
    """3.2.4's magic (pnp.games.empire.rules.magic): the tower, the one spell, and what it changes later."""
    plan = card_groups(rules, army, opp)
    kind = battle_type(rules, opp)
    stone = working(rules, opp.machine, army.machine, kind) if kind.against == "player" else None
    weakened = magic.Weakened(stone.id, stone.spell_penalty) if stone and stone.spell_penalty else None
    try:
        return magic.cast(rules.magic, army, kind, opp,
                          tuple((g, damage(rules, g, max(army.deck, default=0))) for g in plan), weakened)
    except magic.SpellError as exc:
        raise BattleError(str(exc), exc.where, exc.code) from None


def groups(rules: BattleRules, army: Army, opp: Opponent) -> tuple[Group, ...]:
    """The groups that take damage cards, less those a spell lets deal their maximal damage (3.2.4)."""
    maximal = cast_spells(rules, army, opp).maximal
    return tuple(g for g in card_groups(rules, army, opp) if g.first not in maximal)


def card_groups(rules: BattleRules, army: Army, opp: Opponent) -> tuple[Group, ...]:
    """The squads in the order they take damage cards: a line takes one card for all its squads,
    and the second echelon behind a group waits to step in if it misses."""
    kind = battle_type(rules, opp)
    every = army.fighters

    def times(i: int) -> int:
        s = every[i]
        m = s.cards * (rules.flank_multiplier if kind.flank and s.flank else 1)
        for h in army.heroes:
            if h.ability is not None and boosts(h.ability, s):
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
    for first, last in runs(army.squads, kind.flank):
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
    return max(bonus, 0) if battle_type(rules, opp).against == "player" else bonus
