"""The strategist agent: the equilibrium card choice, with searched main actions.

Measured (benchmarks/card_play_diagnosis.py, 1,000 games against greedy, seed 7): a
greedy that never plays a battle card wins 49.6 %, and a greedy that sees the opponent's
hand and best-answers greedy's card wins 50.9 %. Battles come 1.9 times a game, most games
end on points, and so the card step decides about a percentage point: an agent that plays
it perfectly cannot show an edge over greedy on any sample the simulator runs. What wins
is the rest of the game. So this agent keeps the equilibrium agent's card step (the
opponent's hand a hypergeometric draw from the unseen cards, the maximin mix drawn with the
injected RNG: it knows nothing the rules hide) and plays its main actions as the search agent
does (determinized play-outs of greedy's best candidates), but only where greedy itself is
unsure: candidates whose one-step value is within `MARGIN` of the best. Where one action is
clearly best, greedy's choice stands and no play-out is spent, which is what makes the agent
fast enough for 2,000-game runs. Heal-or-end and income choices are greedy's.

Against greedy (2,000 games, seed 7): 1,099 wins = 54.9 %, 52.6–57.3 % by seat-swapped
pairs; about 0.5 s of CPU a game, some twelve times greedy's, which is why greedy stays
the simulator's default agent (README, "The strategist agent").
"""

from __future__ import annotations

import random

from pnp.games.tverdzha.rules.state import SIMULTANEOUS
from pnp.games.tverdzha.sim import heuristic
from pnp.games.tverdzha.sim.equilibrium import EquilibriumAgent
from pnp.games.tverdzha.sim.search import SearchAgent

#: Play-outs per searched decision, shared among its candidates.
BUDGET = 8
#: Candidates are greedy's best actions whose value is within this of the best (heuristic
#: points: a tenth of a victory point is 1): a gap wider than this greedy gets right.
MARGIN = 3.0


class StrategistAgent:
    name = "strategist"

    def __init__(self, rng: random.Random, budget: int = BUDGET, margin: float = MARGIN):
        self.rng = rng  # one stream for the card mixes and the play-outs
        self.margin = margin
        self.cards = EquilibriumAgent(rng)
        self.search = SearchAgent(rng, budget=budget)
        self.greedy = self.search.greedy

    def act(self, state, player: int):
        if state.current_player == SIMULTANEOUS:
            return self.cards.card(state, player)
        if state.step_kind != "act":
            return self.greedy.act(state, player)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        ranked = self.greedy.rank(state, player, actions)
        top = ranked[0][0]
        close = [a for v, a in ranked[:self.search.candidates] if v >= top - self.margin]
        if len(close) == 1 or top >= heuristic.WIN / 2:
            return self.greedy._pick(ranked)  # greedy's own choice, ties drawn as greedy draws them
        return self.search.choose(state, player, close)
