"""Seeded games of «Оборона Замка» for the golden playthrough and the invariants: greedy
attacks, random defends (or random against random), every step through the engine."""

from __future__ import annotations

import random
from typing import Callable, Iterator

from oborona_field import GAME, NUMBERS, field
from pnp.games.oborona_zamka.rules.state import CHANCE, SIDE_NAMES, State
from pnp.games.oborona_zamka.sim.agents import GreedyAgent, RandomAgent

Step = tuple[State, object, int]  # the state before the action, the action, who chose it (CHANCE for dice)


def steps(seed: int, attacker: str = "greedy", defender: str = "random") -> Iterator[Step]:
    """Every step of one seeded game; the state yielded is the live one, before the action."""
    kinds: dict[str, Callable] = {"greedy": GreedyAgent, "random": RandomAgent}
    agents = [kinds[attacker](random.Random(seed * 2 + 1)), kinds[defender](random.Random(seed * 2 + 2))]
    dice = random.Random(seed)
    s = State(field(), NUMBERS)
    while not s.is_terminal():
        player = s.current_player
        action = s.sample_chance(dice) if player == CHANCE else agents[player].act(s, player)
        yield s, action, player
        s.apply_action(action)
    yield s, None, s.current_player


def playthrough(seed: int) -> str:
    """The game as text: each turn's position, then every action in the engine's own words,
    each die with what it needed and whether it did it."""
    lines = [f"# «Оборона Замка» playthrough: greedy attacker vs random defender, seed {seed}",
             f"# {len(GAME.field.cells)} hexes, {len(field().segments)} wall segments; hexes are axial (q, r), r the row; "
             "A attacker, D defender, * commander"]
    turn = None
    for s, action, player in steps(seed):
        if action is None:
            tally = ", ".join(f"{k} {v}" for k, v in sorted(s.tally.items()) if k != "first_player")
            winner = SIDE_NAMES[s.winner] if s.winner is not None else "none"
            lines.append(f"result: {s.victory}, winner {winner}, after {s.turn} turns; {tally}")
        elif s.phase == "lot":
            lines.append(f"lot: {SIDE_NAMES[action]} moves first")
        elif player == CHANCE:
            lines.append(f"  dice: {s.action_string(action)} ({_die(s, action)})")
        else:
            if s.turn != turn:
                turn = s.turn
                lines += ["", s.describe()]
            lines.append(f"  {SIDE_NAMES[player]}: {s.action_string(action)}")
    return "\n".join(lines) + "\n"


def _die(s: State, face: int) -> str:
    if s.phase == "potion":
        return f"potion on {s.numbers.potion}+: {'returns' if face >= s.numbers.potion else 'fails'}"
    need, modifier = s.need(s.pending)
    best = "best of two, " if s.rerolls() else ""
    return f"{best}needs {need} with {modifier:+d}: {'hit' if s.succeeds(s.pending, face) else 'miss'}"


