"""What the greedy agent of «Строительство империи» knows: a battle's expected margin and what a card,
a building or a capture is worth, in victory points (a chest and a day's gold turned into points)."""

from __future__ import annotations

import math

from pnp.games.empire.rules import duel
from pnp.games.empire.rules.army import Army, Opponent
from pnp.games.empire.rules.battle.damage import damage, groups, luck_bonus
from pnp.games.empire.rules.battle.lines import bonus_lines
from pnp.games.empire.rules.battle.target import target
from pnp.games.empire.rules.battle.validation import BattleError
from pnp.games.empire.rules.fights import sides
from pnp.games.empire.rules.fights.war import capital_opponent
from pnp.games.empire.rules.state import State

SPREAD = 6.0  # the margin at which a battle is won about three times in four


def margin(s: State, a: Army, opp: Opponent, held: int | None = None) -> float:
    """The army's expected strength less what it must pass (its bonuses, the luck card and a damage card a group
    at the deck's mean, a miss at its minimal damage)."""
    rules = s.t.rules
    try:
        base = sum(x.value for x in bonus_lines(rules, a, opp))
        plan = groups(rules, a, opp)
        luck = luck_bonus(rules, a, opp)
    except BattleError:
        return -99.0
    deck = a.deck or (0,)
    hits = [v for v in deck if v] or [0]
    mean_hit = sum(hits) / len(hits)
    misses = sum(1 for v in deck if not v) / len(deck)
    dmg = sum((1 - misses) * mean_hit * g.multiplier + misses * damage(rules, g, 0) for g in plan)
    lucky = luck * mean_hit if luck > 0 else luck * ((1 - misses) * mean_hit + misses * rules.luck_zero_penalty)
    need = target(rules, a, opp).low if held is None else held
    return base + lucky + dmg - (need or 0)


def chance(m: float) -> float:
    return 1.0 / (1.0 + math.exp(-m / SPREAD * 1.1))


def fight_odds(s: State, seat: int, card: str, neutral: str | None, chests: int = 0) -> float:
    opp = sides.opponent(s, card, neutral)
    a = sides.army(s, seat, opp.battle, opp, chests)
    return chance(margin(s, a, opp))


def capital_odds(s: State, seat: int, enemy: int) -> float:
    opp = capital_opponent(s, enemy)
    return chance(margin(s, sides.army(s, seat, opp.battle, opp), opp))


def duel_odds(s: State, seat: int, enemy: int) -> float:
    kind = duel.duel_type(s.t.rules)
    side = Opponent(0, kind.id, 0)
    return armies_odds(s, sides.army(s, seat, kind.id, side), sides.army(s, enemy, kind.id, side))


def armies_odds(s: State, att: Army, dfn: Army) -> float:
    """The attacker's chance in a field battle between two players' armies as they stand (any bribe paid)."""
    kind = duel.duel_type(s.t.rules)
    held = margin(s, dfn, duel.sees(kind, att), 0)
    return chance(margin(s, att, duel.sees(kind, dfn), max(int(held), 0)))


def days_left(s: State) -> int:
    return (s.t.weeks - s.week) * s.t.days + (s.t.days - s.day) + 1


def holding_worth(s: State, card: str) -> float:
    """A travel card held to the end: its gold a day and its weekly chests as points, a reserve's points."""
    t = s.t
    c = t.cards[card]
    gold = (c.gold or 0) * days_left(s) if c.type in ("mine", "town") else 0
    weeks = t.weeks - s.week
    chests = t.resource_chests * weeks if c.resource else 0
    return gold / t.chest_gold + chests + (c.points or 0 if c.type == "reserve" else 0)


def capital_worth(s: State, enemy: int) -> float:
    """A capital taken, in points: the enemy's treasury and its contribution for the week's days left, each
    counted twice (taken from a rival), and the siege's trophy."""
    t, e = s.t, s.players[enemy]
    contribution = e.income(t) // t.contribution_share * (t.days - s.day)
    trophy = t.rules.type(t.rules.card_battles["town"]).trophy_chests or 0
    return 2 * (e.gold + contribution) / t.chest_gold + 2 * e.chests + trophy


def siege_stake(s: State, holder: int, card: str | None) -> float:
    """What a siege taken costs its holder, in points: a holding twice its worth (taken by a rival), a capital
    its treasury and contribution (`capital_worth`)."""
    return holding_worth(s, card) * 2 if card is not None else capital_worth(s, holder)


def reward(s: State, seat: int, card: str, neutral: str | None) -> float:
    """What winning a card's battle brings, in points."""
    t = s.t
    c = t.cards[card]
    opp = sides.opponent(s, card, neutral)
    kind = t.rules.type(opp.battle)
    chests = (t.neutral_win_chests if neutral is not None
              else kind.trophy_chests if kind.trophy_chests is not None else c.chests or 0)
    points = (opp.count or 0) if kind.points == "squads" else (c.points or 0) if kind.points == "card" else 0
    keep = holding_worth(s, card) + discount_worth(s, seat, card) if t.played[c.type] == "holdings" else 0
    return chests + points + keep


def discount_worth(s: State, seat: int, card: str) -> float:
    """A resource of a kind its player lacks, while its discount is below the most: a chest off each building or
    upgrade still to come (about one a week, no more than its unbuilt plots), in points."""
    t, p = s.t, s.players[seat]
    res, e = t.cards[card].resource, t.economy
    if res is None or any(t.cards[x].resource == res for x in p.holdings):
        return 0.0
    more = max(0, min(e.discount, e.discount_most - p.resource_kinds(t) * e.discount))
    unbuilt = sum(1 for x in t.races[p.race].plots if x not in p.built)
    return float(more * min(unbuilt, t.weeks - s.week + 1))


#: how much a machine's strength in each kind of battle is worth to the greedy agent: fewer than one battle in ten
#: is a siege (at four players the simulator counts about 1.5 sieges of towns, garrisons and capitals a game
#: against 22 field battles with neutral armies and rivals), so a siege machine's strength weighs a tenth
MACHINE_WEIGHT = {"field": 1.0, "siege": 0.1}
#: a machine that acts instead of a strength (the first aid tent, the barrier, the mystic stone), fielded, as
#: strength: less than the weakest machine's +2, since it helps only after a loss or against another player
ACTING_WORTH = 1.5


def machine_worth(s: State, seat: int, machine: str) -> float:
    """What marking `machine` adds, in strength weighed by how often each kind of battle is fought: the machine
    the army would bring (pnp.games.empire.rules.fights.sides.machine) with it marked, against without."""
    t, marked = s.t, s.players[seat].machines
    worth = 0.0
    for where, weight in MACHINE_WEIGHT.items():
        battle = next((k.id for k in t.rules.types if k.machines == where), None)
        if battle is not None:
            worth += weight * (_fielded(s, marked + [machine], battle, where) - _fielded(s, marked, battle, where))
    return worth


def _fielded(s: State, marked: list[str], battle: str, where: str) -> float:
    brought = sides.machine(s.t, marked, battle)
    if brought is None:
        return 0.0
    return s.t.rules.machine(brought).strength(where) or ACTING_WORTH
