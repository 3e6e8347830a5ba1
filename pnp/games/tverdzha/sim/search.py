"""The search agent: determinized Monte Carlo over greedy's best candidate actions.

At a main action with a real choice, greedy's one-step ranking gives the few most
promising candidates. Each candidate is then played out `budget / candidates` times:
the hidden part of the position (which cards the opponent holds; the deck is an urn, so
its order is not hidden state) is re-dealt from what the player cannot see, the
candidate is applied, and both sides continue with the greedy policy, chance sampled,
until the player's next main action (so the opponent's reply and the next income are
seen). The end position is valued by the heuristic; the best mean wins. Every candidate
of one round of play-outs shares the same random stream (common random numbers), so the
comparison between candidates is paired. Other decisions (card choice, heal or end,
income choice) are greedy's.
"""

from __future__ import annotations

import random

from pnp.games.tverdzha.rules.state import CHANCE, SIMULTANEOUS
from pnp.games.tverdzha.sim import heuristic
from pnp.games.tverdzha.sim.agents import GreedyAgent

DEFAULT_BUDGET = 32
CANDIDATES = 4
#: Play-outs run through this many of the player's own later main actions (chosen by the
#: greedy policy) before the position is valued: 1 sees a two-step plan (trade, then build).
FOLLOW_UPS = 1
MAX_PLAYOUT_DECISIONS = 24


class SearchAgent:
    name = "search"

    def __init__(self, rng: random.Random, budget: int = DEFAULT_BUDGET, candidates: int = CANDIDATES,
                 follow_ups: int = FOLLOW_UPS):
        self.rng = rng
        self.budget = budget
        self.candidates = candidates
        self.follow_ups = follow_ups
        self.greedy = GreedyAgent(rng)

    def act(self, state, player: int):
        if state.current_player == SIMULTANEOUS or state.step_kind != "act":
            return self.greedy.act(state, player)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        ranked = self.greedy.rank(state, player, actions)
        if ranked[0][0] >= heuristic.WIN / 2:  # a sure win needs no search
            return ranked[0][1]
        return self.choose(state, player, [a for _, a in ranked[:self.candidates]])

    def choose(self, state, player: int, cands: list):
        """The candidate with the best mean play-out value (ties: the first, greedy's order)."""
        rounds = max(1, self.budget // len(cands))
        totals = [0.0] * len(cands)
        for _ in range(rounds):
            seed = self.rng.getrandbits(64)
            for i, a in enumerate(cands):
                totals[i] += self._playout(state, player, a, random.Random(seed))
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))  # ties: greedy's order
        return cands[best]

    def _playout(self, state, player: int, action, rng: random.Random) -> float:
        sim = state.clone(events=False)
        sim.resample_hidden(player, rng)
        sim.apply_action(action)
        policy = GreedyAgent(rng)
        decisions = 0
        follow_ups = self.follow_ups
        while not sim.is_terminal() and decisions < MAX_PLAYOUT_DECISIONS:
            cur = sim.current_player
            if cur == CHANCE:
                sim.apply_action(sim.sample_chance(rng))
                continue
            if cur == player and sim.step_kind == "act":
                if not follow_ups:
                    break  # the horizon: the player's next main action after the follow-ups
                follow_ups -= 1
            if cur == SIMULTANEOUS:
                sim.apply_action((policy.card(sim, 0), policy.card(sim, 1)))
            else:
                sim.apply_action(policy.act(sim, cur))
            decisions += 1
        return heuristic.value(sim, player)
