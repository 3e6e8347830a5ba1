"""What a game declares so that the general simulator can play and count it.

A game with a rules engine hands the simulator one `Simulation` (its pack exposes it):
the seats, the engine's first position, the agents by name, an observer that turns one
played game into the game's part of a record, and how to read those parts back (the
game's own statistics, report sections, component peaks and the printed counts they
are checked against). pnp.sim imports no game: everything game-specific comes through here.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pnp.core.errors import Mark, Problem
from pnp.sim.engine import Agent, GameState


@dataclass(frozen=True)
class AgentSpec:
    name: str
    budget: int | None = None  # a search budget (rollouts per decision), for the agents that take one

    @property
    def label(self) -> str:
        return self.name if self.budget is None else f"{self.name}:{self.budget}"


class UnknownAgent(ValueError):
    pass


class UnknownId(ValueError):
    """An id given to --forbid that the game cannot take out."""


class BadOption(ValueError):
    """A value of a game's own `pnp sim` option (`GamePack.sim_options`) the game cannot play."""


class Observer(Protocol):
    """Watches one game: `step` after every applied action, then `record` once at the end."""

    def step(self, state: Any) -> None: ...

    def record(self, state: Any, capped: bool) -> dict:
        """The game's part of the record: at least "victory" (a victory type, "cap" when
        `capped` or the engine's own cap ended it), "rounds", "peaks" ({key: the game's
        maximum}) and, for a capped game, "cap_reason"."""
        ...


@dataclass(frozen=True)
class Requirement:
    """A printed count that simulated games may need more of (the kit check)."""

    key: str  # the peak key in the sim result
    what: str  # what it counts, for the designer
    printed: int
    field: str  # the content field that prints it: components.<field>
    mark: Mark  # where the content sets it
    track: bool = False  # a track: its end (plus the marker's overflow side), not a number of pieces


AgentFactory = Callable[[Any, random.Random, int | None], Agent]


class Simulation(Protocol):
    """A game's side of `pnp sim`, `pnp sim --report`, `--check-kit` and `pnp check --sim`."""

    @property
    def agents(self) -> Mapping[str, AgentFactory]:
        """Agent name -> factory(game, rng, budget): the names `--agents` takes, in help order."""
        ...

    @property
    def default_agent(self) -> str:
        """The agent every seat gets without `--agents` (one of `agents`)."""
        ...

    @property
    def budgeted(self) -> Collection[str]:
        """The agents that take a budget (`search:64`)."""
        ...

    @property
    def cap_reasons(self) -> Mapping[str, str]:
        """Cap reason (an Observer's "cap_reason") -> what it means, for the report."""
        ...

    @property
    def headline_peaks(self) -> Sequence[str]:
        """The peaks `pnp sim` prints in its summary (the rest are in the JSON and the report)."""
        ...

    def roles(self, game: Any) -> tuple[str, ...]:
        """The seats' names in seat order: equal seats (A, B) or roles (attacker, defender)."""
        ...

    def new_game(self, game: Any, max_rounds: int) -> GameState: ...

    # Optional, called by the runner only where a game defines it:
    #     def bind_slots(self, state, slots: tuple[int, ...]) -> None
    # `slots[seat]` is the agent slot sitting in each seat. A game whose seats differ by what
    # chance deals them (the empire's races) binds that deal to the slots here, so a seat-rotated
    # group (common random numbers) deals each slot the same and seats it in every seat once.

    def observer(self, game: Any, state: Any) -> Observer: ...

    def ablate(self, game: Any, ids: Sequence[str]) -> Any:
        """The model without the named parts (`--forbid`); raises UnknownId."""
        ...

    def summarize(self, records: list[dict], roles: tuple[str, ...]) -> dict:
        """The game's own statistics from its parts of the records (merged into "stats")."""
        ...

    def report_sections(self, stats: dict, game: Any) -> list[tuple]:
        """Report blocks (pnp.sim.report) for the game's own statistics."""
        ...

    def seat_label(self, seat: str) -> str:
        """How the summary and the report name a seat: "seat A" where the seats are equal,
        the role itself ("attacker") where they are not."""
        ...

    def summary_lines(self, stats: dict) -> list[str]:
        """The game's own lines of the `pnp sim` summary, after the general ones."""
        ...

    def peak_label(self, key: str) -> str: ...

    def peak_rank(self, key: str) -> tuple:
        """Sort key of a peak in the report's table."""
        ...

    def requirements(self, game: Any) -> list[Requirement]: ...

    def kit_rules(self, game: Any) -> list[Problem]:
        """Problems with printed counts that follow from the rules alone (no games needed)."""
        ...


# A game whose pack declares `sim_options` (`pnp sim --NAME`) also answers
# `configure(options) -> Simulation`: the Simulation for those options (`options[key]`, as typed; a value
# it cannot play raises BadOption). It must pickle, as every Simulation does: workers rebuild the game
# from the task's GameSource, which carries the configured Simulation.


def parse_specs(text: str | None, sim: Simulation, roles: Sequence[str]) -> tuple[AgentSpec, ...]:
    """'greedy,search:64' -> one spec per seat (the first seat's agent first); one name plays every
    seat; None (no `--agents`) the game's default agent in every seat."""
    parts = [p.strip() for p in (sim.default_agent if text is None else text).split(",") if p.strip()]
    if len(parts) == 1:
        parts *= len(roles)
    if len(parts) != len(roles):
        example = ",".join([next(iter(sim.agents))] * len(roles))
        raise UnknownAgent(f"--agents takes {_count(len(roles))} agents, {','.join(roles)} (e.g. {example}), "
                           f"found {text!r}")
    return tuple(_spec(p, sim) for p in parts)


def _spec(part: str, sim: Simulation) -> AgentSpec:
    name, _, budget = part.partition(":")
    names = list(sim.agents)
    if name not in sim.agents:
        close = difflib.get_close_matches(name, names, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownAgent(f"unknown agent {name!r}{hint}; choose from {', '.join(names)}")
    if budget and (name not in sim.budgeted or not budget.isdigit() or int(budget) < 1):
        takers = " or ".join(sorted(sim.budgeted)) or "no agent"
        raise UnknownAgent(f"{part!r}: only {takers} takes a budget, a positive number of rollouts "
                           f"({next(iter(sorted(sim.budgeted)), 'name')}:64)")
    return AgentSpec(name, int(budget) if budget else None)


def _count(n: int) -> str:
    return {2: "two", 3: "three", 4: "four"}.get(n, str(n))


def make_agent(sim: Simulation, spec: AgentSpec, game: Any, rng: random.Random) -> Agent:
    return sim.agents[spec.name](game, rng, spec.budget)
