"""A general search agent: determinized Monte Carlo over a game's own best candidates.

At a decision with a real choice, the game's ranking (its greedy agent's one-step values)
gives the few most promising actions. Each is then played out `budget / candidates`
times: what the player cannot see is redealt (`resample_hidden`), the candidate is
applied, and every seat continues with the game's rollout policy, chance sampled, for
`horizon` decisions or to the end; the final position is valued by the game's own value
function. All candidates of one round share one random stream (common random numbers),
so the comparison between them is paired. It reads the game only through the engine
protocol (pnp.sim.engine) and the three callables it is given.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from pnp.sim.engine import CHANCE, SIMULTANEOUS, Agent

Rank = Callable[[Any, int, Sequence[Any]], list[tuple[float, Any]]]
Value = Callable[[Any, int], float]


class MonteCarloAgent:
    def __init__(self, rng: random.Random, rank: Rank, value: Value, rollout: Callable[[random.Random], Agent],
                 budget: int = 32, candidates: int = 4, horizon: int = 12, sure_win: float = float("inf")) -> None:
        self.rng = rng
        self.rank = rank
        self.value = value
        self.rollout = rollout
        self.budget = budget
        self.candidates = candidates
        self.horizon = horizon
        self.sure_win = sure_win  # a ranked value this high needs no search

    def act(self, state, player: int):
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        ranked = self.rank(state, player, actions)
        if ranked[0][0] >= self.sure_win:
            return ranked[0][1]
        candidates = [a for _, a in ranked[:self.candidates]]
        rounds = max(1, self.budget // len(candidates))
        totals = [0.0] * len(candidates)
        for _ in range(rounds):
            seed = self.rng.getrandbits(64)
            for i, action in enumerate(candidates):
                totals[i] += self._playout(state, player, action, random.Random(seed))
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))  # ties: the ranking's order
        return candidates[best]

    def _playout(self, state, player: int, action, rng: random.Random) -> float:
        sim = state.clone()
        sim.resample_hidden(player, rng)
        sim.apply_action(action)
        policy = self.rollout(rng)
        decisions = 0
        while not sim.is_terminal() and decisions < self.horizon:
            seat = sim.current_player
            if seat == CHANCE:
                sim.apply_action(sim.sample_chance(rng))
                continue
            if seat == SIMULTANEOUS:
                seats = range(len(sim.returns()))
                sim.apply_action(sim.joint_action([policy.act(sim, s) for s in seats]))
            else:
                sim.apply_action(policy.act(sim, seat))
            decisions += 1
        return self.value(sim, player)
