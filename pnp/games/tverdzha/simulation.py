"""ТВЕРДЖА's side of the simulator: the Simulation (pnp.sim.hooks) its pack exposes.

Everything `pnp sim` needs beyond the general runner, statistics, report and kit check:
the seats (the content's players), the engine's first position, the agents by name, the
observer of one game, the ablation (`--forbid`), and the game's own statistics, report
sections, peaks and printed counts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Mapping, Sequence

from pnp.core.errors import Problem
from pnp.games.tverdzha.model import Game
from pnp.games.tverdzha.rules.agents_min import RandomAgent
from pnp.games.tverdzha.rules.setup import new_game
from pnp.games.tverdzha.sim import ablation, kit_needs, summary
from pnp.games.tverdzha.sim.agents import GreedyAgent
from pnp.games.tverdzha.sim.observe import Observer
from pnp.games.tverdzha.sim.scripted import ScriptedAgent
from pnp.games.tverdzha.sim.search import SearchAgent
from pnp.sim.engine import Agent, GameState
from pnp.sim.hooks import AgentFactory, Requirement, Simulation


def _search(game: Game, rng: random.Random, budget: int | None) -> Agent:
    return SearchAgent(rng) if budget is None else SearchAgent(rng, budget=budget)


def _equilibrium(game: Game, rng: random.Random, budget: int | None) -> Agent:
    # Imported when asked for, not to hide a cycle: it solves linear programs with
    # scipy, whose import alone takes about a second that no other agent needs.
    from pnp.games.tverdzha.sim.equilibrium import EquilibriumAgent

    return EquilibriumAgent(rng)


def _strategist(game: Game, rng: random.Random, budget: int | None) -> Agent:
    # Imported when asked for, as the equilibrium agent is: its card step needs scipy.
    from pnp.games.tverdzha.sim.strategist import StrategistAgent

    return StrategistAgent(rng) if budget is None else StrategistAgent(rng, budget=budget)


#: The agents by name, in the order `--agents` lists them (see each class for how it plays).
AGENTS: Mapping[str, AgentFactory] = MappingProxyType({
    "random": lambda game, rng, budget: RandomAgent(rng),
    "greedy": lambda game, rng, budget: GreedyAgent(rng),
    "scripted": lambda game, rng, budget: ScriptedAgent(rng),
    "search": _search,
    "equilibrium": _equilibrium,
    "strategist": _strategist,
})


@dataclass(frozen=True)
class TverdzhaSimulation:
    """Stateless: a task pickles it as the class and rebuilds it in any worker."""

    agents: ClassVar[Mapping[str, AgentFactory]] = AGENTS
    default_agent: ClassVar[str] = "greedy"
    budgeted: ClassVar[frozenset[str]] = frozenset({"search", "strategist"})
    cap_reasons: ClassVar[Mapping[str, str]] = MappingProxyType(summary.CAP_REASONS)
    headline_peaks: ClassVar[tuple[str, ...]] = ("tokens", "hand", "battle_dice", "side_dice")

    def roles(self, game: Game) -> tuple[str, ...]:
        return tuple(game.players)

    def new_game(self, game: Game, max_rounds: int) -> GameState:
        return new_game(game, max_rounds=max_rounds)

    def observer(self, game: Game, state: Any) -> Observer:
        return Observer(game, state)

    def ablate(self, game: Game, ids: Sequence[str]) -> Game:
        return ablation.forbid(game, ids)

    def summarize(self, records: list[dict], roles: tuple[str, ...]) -> dict:
        return summary.summarize(records, roles)

    def report_sections(self, stats: dict, game: Game) -> list[tuple]:
        return summary.report_sections(stats, game)

    def seat_label(self, seat: str) -> str:
        return f"seat {seat}"

    def summary_lines(self, stats: dict) -> list[str]:
        return []

    def peak_label(self, key: str) -> str:
        return summary.peak_label(key)

    def peak_rank(self, key: str) -> tuple:
        return summary.peak_rank(key)

    def requirements(self, game: Game) -> list[Requirement]:
        return kit_needs.requirements(game)

    def kit_rules(self, game: Game) -> list[Problem]:
        return kit_needs.rule_problems(game)


SIMULATION: Simulation = TverdzhaSimulation()  # mypy checks the class against the protocol
