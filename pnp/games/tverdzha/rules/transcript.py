"""Readable text of a position and of a whole game (the golden playthrough)."""

from __future__ import annotations

import random

from pnp.games.tverdzha.rules.state import CHANCE, SIMULTANEOUS


def describe(s) -> str:
    """A compact multi-line picture of the position (for logs and debugging)."""
    R = s.R
    lines = [f"round {s.round}"]
    for p, name in enumerate(R.players):
        res = " ".join(f"{r}={n}" for r, n in zip(R.res_ids, s.res[p]))
        blds = ", ".join(v for v in s.buildings(p).values()) or "-"
        hand = ",".join(cid for cid, n in zip(R.card_ids, s.hand[p]) for _ in range(n)) or "-"
        lines.append(f"  {name}: score {s.score(p)}; {res}; wounded {s.wounded[p]}")
        lines.append(f"     buildings: {blds}")
        lines.append(f"     hand: {hand}")
    board = []
    for sp, units in enumerate(s.units):
        if units:
            who = R.players[s.owner[sp]]
            board.append(f"{R.space_ids[sp]}:{who}{''.join(map(str, units))}")
    lines.append("  board: " + " ".join(board))
    lines.append("  market: " + ", ".join(R.b_ids[b] for b in s.market))
    return "\n".join(lines)


def layout(s) -> str:
    """The dealt land of every cell."""
    R = s.R
    return " ".join(f"{R.space_ids[c]}={R.land_ids[k]}" for c, k in enumerate(s.land) if k >= 0)


def actor_name(s, actor: int) -> str:
    if actor == CHANCE:
        return f"chance {s.chance_label()}"
    if actor == SIMULTANEOUS:
        return "cards (A, B)"
    return s.R.players[actor]


def format_action(action) -> str:
    if isinstance(action, tuple) and len(action) == 2 and not hasattr(action, "kind"):
        return " / ".join("no card" if c is None else c for c in action)
    return str(action)


def playthrough(game, seed: int, max_rounds: int = 100) -> str:
    """One seeded random-vs-random game, every action and chance outcome as a line."""
    from pnp.games.tverdzha.rules.agents_min import RandomAgent, play
    from pnp.games.tverdzha.rules.setup import new_game

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
