"""The shipped game's Simulation for the simulator tests: agent specs and agents by name."""

from __future__ import annotations

import random

from pnp.games.tverdzha.simulation import SIMULATION
from pnp.sim.hooks import make_agent, parse_specs

SIM = SIMULATION
ROLES = ("A", "B")


def specs(text: str):
    return parse_specs(text, SIM, ROLES)


def agent(text: str, game, rng: random.Random):
    """One agent by its spec ('greedy', 'search:4')."""
    return make_agent(SIM, specs(text)[0], game, rng)
