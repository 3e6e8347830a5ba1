"""The simulator's agents. Each is built with an injected random.Random and answers
`act(state, player) -> action` at player's decisions and, at the secret card step,
with player's card (a card id or None); the runner pairs the two choices.

- random:   uniform over the legal actions.
- greedy:   one-step lookahead: every legal action is applied to a copy of the position
            and valued by the heuristic, with exact expectations over the battle dice
            (pnp.games.tverdzha.sim.lookahead); ties are broken by the RNG.
- scripted: a fixed priority list (pnp.games.tverdzha.sim.scripted), the way a careful beginner plays.
- equilibrium: greedy, but the secret card is the solved card game's mix (pnp.games.tverdzha.sim.equilibrium).
- search:   determinized Monte Carlo over greedy's best candidates (pnp.games.tverdzha.sim.search);
            `search:N` sets the rollout budget per decision.
"""

from __future__ import annotations

import difflib
import random
from dataclasses import dataclass
from typing import Any, Sequence

from pnp.games.tverdzha.rules.agents_min import RandomAgent
from pnp.games.tverdzha.rules.state import SIMULTANEOUS, State
from pnp.games.tverdzha.sim import heuristic, lookahead

NAMES = ("random", "greedy", "scripted", "search", "equilibrium")


class UnknownAgent(ValueError):
    pass


@dataclass(frozen=True)
class AgentSpec:
    name: str
    budget: int | None = None  # rollouts per decision (search only)

    @property
    def label(self) -> str:
        return self.name if self.budget is None else f"{self.name}:{self.budget}"


def parse_specs(text: str) -> tuple[AgentSpec, AgentSpec]:
    """'greedy,search:64' -> two specs (seat A's agent first); one name plays both seats."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) == 1:
        parts *= 2
    if len(parts) != 2:
        raise UnknownAgent(f"--agents takes two agents, A,B (e.g. greedy,greedy), found {text!r}")
    return tuple(_spec(p) for p in parts)  # type: ignore[return-value]


def _spec(part: str) -> AgentSpec:
    name, _, budget = part.partition(":")
    if name not in NAMES:
        close = difflib.get_close_matches(name, NAMES, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownAgent(f"unknown agent {name!r}{hint}; choose from {', '.join(NAMES)}")
    if budget and (name != "search" or not budget.isdigit() or int(budget) < 1):
        raise UnknownAgent(f"{part!r}: only search takes a budget, a positive number of rollouts (search:64)")
    return AgentSpec(name, int(budget) if budget else None)


def make_agent(spec: AgentSpec, game, rng: random.Random, seat: int):
    if spec.name == "random":
        return RandomAgent(rng)
    if spec.name == "greedy":
        return GreedyAgent(rng)
    if spec.name == "equilibrium":
        from pnp.games.tverdzha.sim.equilibrium import EquilibriumAgent

        return EquilibriumAgent(rng)
    if spec.name == "scripted":
        from pnp.games.tverdzha.sim.scripted import ScriptedAgent

        return ScriptedAgent(rng)
    from pnp.games.tverdzha.sim.search import SearchAgent

    return SearchAgent(rng, **({"budget": spec.budget} if spec.budget else {}))


class GreedyAgent:
    """Maximises the heuristic value one decision ahead, exactly over the dice."""

    name = "greedy"

    def __init__(self, rng: random.Random, weights: heuristic.Weights = heuristic.DEFAULT):
        self.rng = rng
        self.weights = weights

    def act(self, state: State, player: int) -> Any:
        if state.current_player == SIMULTANEOUS:
            return self.card(state, player)
        return self.best(state, player, state.legal_actions())

    def best(self, state: State, player: int, actions: Sequence[Any]) -> Any:
        return self._pick(self.rank(state, player, actions))

    def _pick(self, scored: list[tuple[float, Any]]) -> Any:
        """The action of the highest value in [(value, action)]; near-ties drawn by the RNG."""
        top = max(v for v, _ in scored)
        ties = [a for v, a in scored if v >= top - 1e-9]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    def rank(self, state: State, player: int, actions: Sequence[Any]) -> list[tuple[float, Any]]:
        """[(expected value, action)], best first (stable: legal order among equals)."""
        w = self.weights

        def value(s: State) -> float:
            return heuristic.value(s, player, w)

        scored = []
        for a in actions:
            child = state.clone(events=False)
            child.apply_action(a)
            scored.append((lookahead.expectation(child, value), a))
        scored.sort(key=lambda va: -va[0])
        return scored

    def card(self, state: State, player: int) -> str | None:
        """The card whose battle has the best expected value, if the opponent plays none."""
        options = state.legal_actions(player)
        if len(options) == 1:
            return options[0]
        values = []
        for c in options:
            child = state.clone(events=False)
            pair = (c, None) if player == 0 else (None, c)
            values.append((lookahead.expectation(child, lambda s: heuristic.value(s, player, self.weights),
                                                 cards=lambda _s: pair), c))
        return self._pick(values)
