"""What the greedy agent of «Строительство империи» pays around a battle (3.4.3 «Сила денег»,
pnp.games.empire.rules.fights.money), each answer valued in victory points as its other decisions are, a chest
being a point, the chance to win read from pnp.games.empire.sim.heuristic's margin:

- its own bribe against a neutral army: the chance to win times what the win brings, less the chests;
- a bribe in a war: the chance the battle goes its way times the holding at stake (twice its worth: taken
  from a rival or kept from one; a capital: its treasury and contribution), less the chests; the attacker
  counts the defender's army as it stands, the defender answers knowing the attacker's bribe;
- mercenaries in another's battle: only against the leader (the fighter has the most points and more than
  this player): what they take from the battle's worth to the fighter (its chance times what the win brings,
  less the chests of its own best bribe in answer), less the chests.

Of equal values the fewer chests."""

from __future__ import annotations

from dataclasses import replace

from pnp.games.empire.rules.army import Army, Opponent
from pnp.games.empire.rules.duel import bribed
from pnp.games.empire.rules.fights import money, sides
from pnp.games.empire.rules.state import State
from pnp.games.empire.sim import heuristic as h

LOSS = 1.5  # what a battle lost costs beyond its stake (the greedy agent's price of a lost battle)


def choose(s: State, seat: int, actions: list[tuple]) -> tuple:
    f = s.fight
    assert f is not None
    what = f["asking"][0][1]
    if what == "mercenaries":
        value = _mercenaries(s, seat, f)
    elif f["kind"] == "neutral":
        value = _neutral_bribe(s, f)
    else:
        value = _war_bribe(s, seat, f)
    return max(actions, key=lambda a: (value(a[1]) - a[1], -a[1]))


def _neutral_odds(s: State, f: dict):
    """The fighter's chance against the neutral army for (mercenaries added, chests of its bribe)."""
    opp: Opponent = f["opp"]
    army = sides.army(s, f["seat"], opp.battle, opp)
    return lambda more, chests: h.chance(h.margin(s, replace(army, chests=chests),
                                                  replace(opp, mercenaries=opp.mercenaries + more)))


def _neutral_bribe(s: State, f: dict):
    odds = _neutral_odds(s, f)
    reward = h.reward(s, f["seat"], f["card"], f["neutral"])
    return lambda k: odds(0, k) * reward


def _mercenaries(s: State, seat: int, f: dict):
    fighter = f["seat"]
    points = [sum(p.points.values()) for p in s.players]
    if points[fighter] < max(points) or points[fighter] <= points[seat]:
        return lambda k: 0.0  # not the leader: a chest is worth more kept
    odds = _neutral_odds(s, f)
    reward = h.reward(s, fighter, f["card"], f["neutral"])
    per = s.t.rules.squads_per_chest
    has = s.players[fighter].chests

    def answered(more: int) -> float:
        """What the battle is worth to the fighter once it answers `more` mercenaries with its best bribe."""
        squads = money.neutral_squads(s, f, more)
        return max(odds(more, b) * reward - b for b in range(min(has, (squads - 1) // per) + 1))

    return lambda k: -answered(k)


def _war_bribe(s: State, seat: int, f: dict):
    rules = s.t.rules
    attacker = seat == f["seat"]
    if f["kind"] == "duel":
        att: Army = f["army"]
        dfn: Army = f["def_army"]
        if attacker:
            odds = lambda k: h.armies_odds(s, att, bribed(rules, dfn, k, "army"))
        else:
            odds = lambda k: h.armies_odds(s, bribed(rules, att, k, "against"), dfn)
    else:  # a siege: the holder bribes the besieger
        odds = lambda k: h.chance(h.margin(s, bribed(rules, f["army"], k, "against"), f["opp"]))
    stake = h.siege_stake(s, f["enemy"], f["card"])
    if attacker:
        return lambda k: odds(k) * stake - (1 - odds(k)) * LOSS
    return lambda k: (1 - odds(k)) * stake
