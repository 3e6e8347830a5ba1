"""The engine protocol: all the simulator knows of a game's rules engine (OpenSpiel's shape).

A position is a `GameState`. Its `current_player` is a seat (0 .. number of seats - 1),
CHANCE (an outcome is drawn: `chance_outcomes` lists them with exact `Fraction`s,
`sample_chance` draws one with the same distribution), SIMULTANEOUS (every seat chooses
in secret: each seat's `legal_actions(seat)`, joined by `joint_action`) or TERMINAL.
`returns` gives one number per seat. Seats are whatever the game declares: equal seats
(A, B) or asymmetric roles (attacker, defender); the simulator only counts them.

Agents see a position through `observation(seat)` (what that seat may know) and, to
search a game of hidden information, `resample_hidden(seat, rng)` redeals what the seat
cannot see, consistently with its observation. The runner (pnp.sim.runner) and any
general code use nothing else; a game's own agents and observer may read more of their
own engine, for speed.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Final, Protocol, Sequence

#: current_player values that are not a seat (OpenSpiel's numbers, TERMINAL included).
#: Final, so that a compiled engine (mypyc) reads them as constants, not as module lookups.
CHANCE: Final = -1
SIMULTANEOUS: Final = -2
TERMINAL: Final = -4


class GameState(Protocol):
    """One position of a game, changed in place by `apply_action`."""

    @property
    def current_player(self) -> int: ...

    def legal_actions(self, player: int | None = None) -> list[Any]:
        """The current seat's actions; at SIMULTANEOUS, `player`'s; at CHANCE, the outcomes."""
        ...

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]: ...

    def sample_chance(self, rng: random.Random) -> Any: ...

    def joint_action(self, choices: Sequence[Any]) -> Any:
        """The action of a SIMULTANEOUS step from each seat's choice (index = seat)."""
        ...

    def apply_action(self, action: Any) -> None: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]:
        """One value per seat; the winner is the one seat with the highest, if any."""
        ...

    def clone(self) -> GameState: ...

    def action_string(self, action: Any) -> str: ...

    def observation(self, player: int) -> Any:
        """What `player` may know of the position (a value of the game's own type)."""
        ...

    def resample_hidden(self, player: int, rng: random.Random) -> None:
        """Redeal, in place, what `player` cannot see, from what it cannot see."""
        ...


class Agent(Protocol):
    """A player: asked at its own decisions and, at a SIMULTANEOUS step, for its choice."""

    def act(self, state: Any, player: int) -> Any: ...


def winner(returns: Sequence[float]) -> int | None:
    """The seat with the highest return, or None when no seat is alone at the top."""
    best = max(returns)
    top = [seat for seat, r in enumerate(returns) if r == best]
    return top[0] if len(top) == 1 and len(returns) > 1 else None
