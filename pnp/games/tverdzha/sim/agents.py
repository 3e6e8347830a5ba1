"""The greedy agent, which the other strong agents build on.

An agent is built with an injected random.Random and answers `act(state, player) ->
action` at player's decisions and, at the secret card step, with player's card (a card
id or None); the runner joins the choices (pnp.sim.engine). The agents by name
(random, greedy, scripted, search, equilibrium) are listed in pnp.games.tverdzha.simulation.

- greedy:   one-step lookahead: every legal action is applied to a copy of the position
            and valued by the heuristic, with exact expectations over the battle dice
            (pnp.games.tverdzha.sim.lookahead); ties are broken by the RNG.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from pnp.games.tverdzha.rules.actions import PASS, Trade
from pnp.games.tverdzha.rules.state import SIMULTANEOUS, State
from pnp.games.tverdzha.rules.turn_end import TurnEnd
from pnp.games.tverdzha.sim import heuristic, lookahead


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
        """_pick over rank()'s list, but only the near-ties are sorted: filtering the
        stably sorted list keeps the same pairs in the same order as sorting the filtered."""
        scored = self.values(state, player, actions)
        top = scored[0][0]
        for v, _ in scored:  # max(), as a loop the compiled build runs natively
            if v > top:
                top = v
        near = [va for va in scored if va[0] >= top - 1e-9]
        if len(near) > 1:
            near.sort(key=_best_first)
        return self._pick(near)

    def _pick(self, scored: list[tuple[float, Any]]) -> Any:
        """The action of the highest value in [(value, action)]; near-ties drawn by the RNG."""
        top = max(v for v, _ in scored)
        ties = [a for v, a in scored if v >= top - 1e-9]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    def rank(self, state: State, player: int, actions: Sequence[Any]) -> list[tuple[float, Any]]:
        """[(expected value, action)], best first (stable: legal order among equals)."""
        scored = self.values(state, player, actions)
        scored.sort(key=_best_first)
        return scored

    def values(self, state: State, player: int, actions: Sequence[Any]) -> list[tuple[float, Any]]:
        """[(expected value, action)] in the order of `actions`.

        Every value is the one its own child, played out, has (tests/sim/test_agents.py);
        most children are made more cheaply. Passing comes first; from its position,
        TurnEnd makes a trade's (only p's resources differ) and a plain move's, hire's
        or training's (the board too), and heuristic.Near values them, reusing the
        opponent's worth where nothing it reads has changed. The rest are played out."""
        w = self.weights
        near: heuristic.Near | None = None  # from the pass child on: see heuristic.Near

        def value(s: State) -> float:
            return heuristic.value(s, player, w) if near is None else near.value(s)

        changes = state.R.trade_changes
        by_change: dict[tuple[int, ...], float] = {}  # a trade's change of resources -> value
        passed: State | None = None  # the position passing reaches (trades reach it too)
        turn_end: TurnEnd | None = None  # how the other actions reach passing's stop
        scored = []
        for a in actions:
            change = changes[a] if isinstance(a, Trade) else None
            if change is None:
                effect = None if turn_end is None else turn_end.edit(a)
                if turn_end is not None and effect is not None:  # what a does, seen from the pass child's stop
                    made = None if near is None or near.s is not passed else near.value_edit(effect)
                    if made is None:
                        made = value(turn_end.made(effect))
                    scored.append((0.0 + made, a))  # quiet: what expectation() gives
                    continue
                child = state.clone(events=False)
                child.apply_action(a)
                if a is PASS and lookahead.is_quiet(child):  # passing starts no battle
                    passed = child
                    turn_end = TurnEnd(state, passed, player)
                    near = heuristic.Near(passed, player, w)  # the other actions' turns end the same way
                    scored.append((0.0 + near.own(), a))  # what expectation() gives for a quiet node
                else:
                    scored.append((lookahead.expectation(child, value), a))
                continue
            known = by_change.get(change)
            if known is None:
                # A trade only adds its change to the trader's resources, so another trade
                # of the same change reaches the same position, of the same value; and the
                # position is the pass child's but for those resources, where that holds.
                if passed is None or turn_end is None:
                    passed = state.clone(events=False)
                    passed.apply_action(PASS)
                    turn_end = TurnEnd(state, passed, player)
                res = turn_end.resources(list(change))
                if res is None:
                    child = state.clone(events=False)
                    child.apply_action(a)
                    known = lookahead.expectation(child, value)
                else:
                    if near is None:
                        near = heuristic.Near(passed, player, w)
                    known = 0.0 + near.with_resources(res)  # what expectation() gives for a quiet node
                by_change[change] = known
            scored.append((known, a))
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


def _best_first(va: tuple[float, Any]) -> float:
    """The sort key of (value, action) pairs, highest value first."""
    return -va[0]
