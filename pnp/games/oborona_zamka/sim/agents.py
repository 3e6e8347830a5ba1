"""The agents of «Оборона Замка»: random, and greedy (one decision ahead, dice exact).

Greedy values each legal action by the expected position value after it, the dice that
follow it enumerated with their exact probabilities (a defender's potion placement on the
way is taken at its best for its owner); ties are broken by the injected RNG.
"""

from __future__ import annotations

import random
from fractions import Fraction

from pnp.games.oborona_zamka.rules.state import CHANCE, State
from pnp.games.oborona_zamka.sim import heuristic
from pnp.sim.montecarlo import MonteCarloAgent


class RandomAgent:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, state: State, player: int):
        return self.rng.choice(state.legal_actions())


def _expected(state: State, player: int, depth: int = 0) -> float:
    """The heuristic after the chance steps (and placements) that follow, in expectation."""
    current = state.current_player
    if current == CHANCE:
        total = 0.0
        for outcome, p in _distinct_outcomes(state):
            child = state.clone()
            child.apply_action(outcome)
            total += float(p) * _expected(child, player, depth)
        return total
    if state.phase == "place" and depth < 2:
        best = None
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            v = _expected(child, current, depth + 1)
            v = v if current == player else -v
            best = v if best is None else max(best, v)
        if best is not None:
            return best if current == player else -best
    return heuristic.value(state, player)


def _distinct_outcomes(state: State) -> list[tuple[int, Fraction]]:
    """The chance outcomes that lead to different positions: an attack's faces only succeed
    or fail, so one face of each with the summed probability stands for all."""
    outcomes = state.chance_outcomes()
    if state.phase != "roll":
        return outcomes
    groups: dict[bool, tuple[int, Fraction]] = {}
    for face, p in outcomes:
        ok = state.succeeds(state.pending, face)
        first, total = groups.get(ok, (face, Fraction(0)))
        groups[ok] = (first, total + p)
    return list(groups.values())


class GreedyAgent:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def rank(self, state: State, player: int, actions) -> list[tuple[float, object]]:
        """(expected value, action), best first; equal values keep the engine's order."""
        values = []
        for action in actions:
            child = state.clone()
            child.apply_action(action)
            values.append((_expected(child, player), action))
        return sorted(values, key=lambda va: -va[0])

    def act(self, state: State, player: int):
        ranked = self.rank(state, player, state.legal_actions())
        best = ranked[0][0]
        chosen = [a for v, a in ranked if v >= best - 1e-9]
        return chosen[0] if len(chosen) == 1 else self.rng.choice(chosen)


def search_agent(rng: random.Random, budget: int | None = None) -> MonteCarloAgent:
    """The general simulator's search agent with this game's ranking, value and rollouts."""
    greedy = GreedyAgent(rng)
    return MonteCarloAgent(rng, greedy.rank, heuristic.value, GreedyAgent, budget=budget or 32,
                           sure_win=heuristic.WIN / 2)
