"""A minimal uniform random agent and the loop that plays one game.

The simulator's agents (pnp.games.tverdzha.sim.agents, which reuses this RandomAgent) follow the
same small protocol: `agent.act(state, player) -> action`, called at player's
decision nodes and, at the secret card step, once per player (the joint action is
the pair).
"""

from __future__ import annotations

import random
from typing import Callable

from pnp.games.tverdzha.rules.state import CHANCE, SIMULTANEOUS


class RandomAgent:
    """Picks uniformly among the legal actions, with its own injected RNG."""

    name = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def act(self, state, player: int):
        return self.rng.choice(state.legal_actions(player))


def play(state, agents, rng: random.Random, on_step: Callable | None = None):
    """Play `state` to the end. Chance outcomes are sampled with `rng`; `on_step(state,
    actor, action)` is called before each action is applied (actor: 0, 1, CHANCE or
    SIMULTANEOUS). Returns the terminal state (the same object)."""
    while not state.is_terminal():
        cur = state.current_player
        if cur == CHANCE:
            action = state.sample_chance(rng)
        elif cur == SIMULTANEOUS:
            action = (agents[0].act(state, 0), agents[1].act(state, 1))
        else:
            action = agents[cur].act(state, cur)
        if on_step is not None:
            on_step(state, cur, action)
        state.apply_action(action)
    return state
