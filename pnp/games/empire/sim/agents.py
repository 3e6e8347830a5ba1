"""The agents of «Строительство империи»: random, and greedy (each decision valued in victory points by
pnp.games.empire.sim.heuristic, one decision ahead, ties broken by the injected RNG)."""

from __future__ import annotations

import random

from pnp.games.empire.rules import capital
from pnp.games.empire.rules.fights import sides
from pnp.games.empire.rules.fights.war import CAPITAL
from pnp.games.empire.rules.moves import GUARDED
from pnp.games.empire.rules.state import State
from pnp.games.empire.sim import chests, heuristic as h


#: what the greedy holder counts a lost interception to cost beyond the siege it did not stop (its squads routed,
#: the besieger's trophy), in points: the threshold of its interception
INTERCEPT_LOSS = 1.5


class RandomAgent:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, state: State, player: int):
        return self.rng.choice(state.legal_actions())


class GreedyAgent:
    """Hires what its gold allows beyond the building it saves for, then takes the turn's action worth the most
    points: a building (its points, the gold and heroes it brings), a travel card (its battle's reward times
    the chance to win it), a capture, peace when the enemy is the stronger, the ritual before a battle; the war
    machine a forge marks by what it adds to the battles it would fight; a spy's look at the neutral deck before
    a guarded card, whose battle it then values against the army it saw; the chests around a battle as
    pnp.games.empire.sim.chests values them."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, s: State, player: int):
        actions = s.legal_actions()
        if s.stage == "chests":
            return chests.choose(s, player, actions)
        if s.stage == "consent":
            return ("accept",) if h.duel_odds(s, player, s.peace[0]) < 0.5 else ("refuse",)
        if s.stage == "intercept":
            return ("intercept",) if self._intercepts(s) else ("stay",)
        scored = [(self.value(s, player, a), self.rng.random(), a) for a in actions]
        return max(scored)[2]

    def value(self, s: State, seat: int, a: tuple) -> float:
        t, p = s.t, s.players[seat]
        kind = a[0]
        if kind == "hero":
            return 6.0 if self._hero_paid(s, seat, p.gold, p.chests) else -1.0
        if kind == "cash":
            return self._cash(s, seat, a[1])
        if kind == "spy":  # worth a look only before visiting a guarded card, the army not known yet
            guarded = any(t.cards[c].type in GUARDED for c in p.travel)
            return 0.4 if guarded and not s.neutral_seen.get(seat) else -1.0
        if kind == "hire":
            level = t.races[p.race].creature(a[1]).level
            left = p.gold - level * t.creature_gold
            return 1.0 + level / 2 if left >= self._reserve(s, seat) else -1.0
        if kind == "build":
            plot = t.races[p.race].plots[a[1]]
            bonus = 4.0 if plot.kind == "unique" else 2.0 if plot.kind in ("forge", "magic_tower") else 1.5
            return plot.points + bonus
        if kind == "upgrade":
            plot = t.races[p.race].plots[a[1]]
            return 3.0 if plot.kind == "unique" else 1.0 if plot.kind in ("forge", "magic_tower") else 0.3
        if kind == "visit":
            return self._visit(s, seat, a[1])
        if kind == "again":
            card, army = s.players[a[1]].open[a[2]]
            return self._battle(s, seat, card, army)
        if kind == "capture":
            return self._capture(s, seat, a[1], a[2])
        if kind == "war":
            enemy = s.players[a[2]]
            return 2.0 * h.duel_odds(s, seat, a[2]) * len(enemy.holdings) - 1.0
        if kind == "peace":
            return 3.0 * (1 - h.duel_odds(s, seat, a[2])) - 1.0
        if kind == "ritual":
            return 0.2 if s.week > 1 else -0.5
        if kind == "machine":
            return h.machine_worth(s, seat, a[1])
        if kind == "siege":  # after an interception it beat off: the siege as a capture's is valued
            return self._capture(s, seat, s.siege["enemy"], s.siege["at"])
        if kind == "stop":
            return 0.0
        return 0.0  # pass

    def _cash(self, s: State, seat: int, what: str) -> float:
        """A chest given back for gold only when the gold makes a hero's hire worth taking now (the tavern open,
        room in hand, the building saved for still paid); never as experience: a chest toward a building is worth
        more than a courage point."""
        t, p = s.t, s.players[seat]
        if what != "gold" or not p.tavern_open or len(p.heroes) >= p.hero_limit(t) or p.gold >= t.hero_gold:
            return -1.0
        return 5.0 if self._hero_paid(s, seat, p.gold + t.chest_gold, p.chests - 1) else -1.0

    def _hero_paid(self, s: State, seat: int, gold: int, chests: int) -> bool:
        """Whether `gold` hires a hero and leaves the reserve its next building needs with `chests`."""
        return gold - s.t.hero_gold >= self._reserve(s, seat, chests)

    def _reserve(self, s: State, seat: int, chests: int | None = None) -> int:
        """The gold the player keeps for its next building (the dearest it may build now), holding `chests`
        chest cards (its own by default)."""
        t, p = s.t, s.players[seat]
        plots = t.races[p.race].plots
        costs = [p.price(t, plots[x].cost) for x in capital.legal(t.layout, p.built) if x in plots]
        return max(0, (min(costs, default=0) - (p.chests if chests is None else chests))) * t.chest_gold

    def _visit(self, s: State, seat: int, card: str) -> float:
        t, p = s.t, s.players[seat]
        c = t.cards[card]
        if c.type == "treasure":
            return next((r.chests for r in c.chest_ranges if r.first <= s.week <= r.last), 0) + 0.5
        if c.type == "other":
            return 0.5 * len(p.heroes)
        if c.type == "terrain":
            return 0.1
        if c.type in GUARDED:
            if s.neutral_seen.get(seat):  # spied: the army that will stand on it, and the chance against it
                return self._battle(s, seat, card, s.neutral_top[0])
            return 0.8 * h.reward(s, seat, card, _any_army(s)) * 0.6
        return self._battle(s, seat, card, None)

    def _battle(self, s: State, seat: int, card: str, neutral: str | None) -> float:
        odds = h.fight_odds(s, seat, card, neutral)
        return odds * h.reward(s, seat, card, neutral) - (1 - odds) * 1.5

    def _intercepts(self, s: State) -> bool:
        """The holder intercepts a siege when its chance in the field battle times what the siege would cost it,
        less the price of a lost battle, beats the chance the siege fails on its own times that cost."""
        siege = s.siege
        stake = h.siege_stake(s, siege["enemy"], siege["card"])
        won = 1 - h.duel_odds(s, siege["seat"], siege["enemy"])
        fails = 1 - h.chance(h.margin(s, sides.army(s, siege["seat"], siege["opp"].battle, siege["opp"]), siege["opp"]))
        return won * stake - (1 - won) * INTERCEPT_LOSS > fails * stake

    def _capture(self, s: State, seat: int, enemy: int, at: int) -> float:
        t = s.t
        if at == CAPITAL:  # besieged like a town: the chance to take it and what its fall brings
            odds = h.capital_odds(s, seat, enemy)
            return odds * h.capital_worth(s, enemy) - (1 - odds) * 1.5
        card = s.players[enemy].holdings[at]
        c = t.cards[card]
        worth = h.holding_worth(s, card) * 2  # taken from a rival: it counts twice
        if c.type == "terrain":
            return worth - (c.gold or 0) / t.chest_gold
        if c.type in ("town", "garrison"):
            return self._battle(s, seat, card, None) + worth * 0.5
        odds = h.duel_odds(s, seat, enemy)
        return odds * worth - (1 - odds) * 1.5


def _any_army(s: State) -> str:
    """A neutral army standing for the one the deck will turn up (the most common kind left)."""
    pool = s.neutral_pile or {a: 1 for a in s.neutral_discard} or {next(iter(s.t.neutrals)): 1}
    return max(sorted(pool), key=lambda a: pool[a])
