"""The golden playthrough: a whole seeded game as text (positions and actions: notation)."""

from __future__ import annotations

import random

from pnp.games.tverdzha.rules.agents_min import RandomAgent, play
from pnp.games.tverdzha.rules.notation import describe, format_action, layout
from pnp.games.tverdzha.rules.setup import new_game
from pnp.games.tverdzha.rules.state import CHANCE, SIMULTANEOUS


def actor_name(s, actor: int) -> str:
    if actor == CHANCE:
        return f"chance {s.chance_label()}"
    if actor == SIMULTANEOUS:
        return "cards (A, B)"
    return s.R.players[actor]


def playthrough(game, seed: int, max_rounds: int = 100) -> str:
    """One seeded random-vs-random game, every action and chance outcome as a line."""
    root = random.Random(seed)
    chance_rng, rng_a, rng_b = (random.Random(root.getrandbits(64)) for _ in range(3))
    state = new_game(game, max_rounds=max_rounds, validate=True)
    lines = [f"# ТВЕРДЖА playthrough: random vs random, seed {seed}"]
    last_round = [0]

    def on_step(st, actor, action):
        # The position once per round, at its first decision (after income).
        if actor >= 0 and st.round != last_round[0]:
            last_round[0] = st.round
            lines.extend(["", describe(st)])
        lines.append(f"r{st.round} {actor_name(st, actor)}: {format_action(action)}")

    play(state, (RandomAgent(rng_a), RandomAgent(rng_b)), chance_rng, on_step)
    lines.append("")
    lines.append(describe(state))
    lines.append(f"land: {layout(state)}")
    winner = "nobody" if state.winner is None else state.R.players[state.winner]
    lines.append(f"result: {state.victory_type}, winner {winner}, after round {state.round}")
    return "\n".join(lines) + "\n"
