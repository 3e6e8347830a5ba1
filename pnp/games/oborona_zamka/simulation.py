"""«Оборона Замка»'s side of the simulator: the Simulation (pnp.sim.hooks) its pack exposes."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Mapping, Sequence

from pnp.core.errors import Problem, error
from pnp.games.oborona_zamka.model import Game
from pnp.games.oborona_zamka.rules.field import Field
from pnp.games.oborona_zamka.rules.state import State
from pnp.games.oborona_zamka.sim import summary
from pnp.games.oborona_zamka.sim.agents import GreedyAgent, RandomAgent, search_agent
from pnp.games.oborona_zamka.sim.observe import Observer
from pnp.sim.engine import GameState
from pnp.sim.hooks import AgentFactory, Requirement, Simulation, UnknownId

AGENTS: Mapping[str, AgentFactory] = MappingProxyType({
    "random": lambda game, rng, budget: RandomAgent(rng),
    "greedy": lambda game, rng, budget: GreedyAgent(rng),
    "search": lambda game, rng, budget: search_agent(rng, budget),
})


@dataclass(frozen=True)
class OboronaSimulation:
    agents: ClassVar[Mapping[str, AgentFactory]] = AGENTS
    default_agent: ClassVar[str] = "greedy"
    budgeted: ClassVar[frozenset[str]] = frozenset({"search"})
    cap_reasons: ClassVar[Mapping[str, str]] = MappingProxyType(summary.CAP_REASONS)
    headline_peaks: ClassVar[tuple[str, ...]] = ("dice",)

    def roles(self, game: Game) -> tuple[str, ...]:
        return tuple(side.id for side in game.sides)

    def new_game(self, game: Game, max_rounds: int) -> GameState:
        numbers = game.numbers
        if max_rounds and max_rounds < numbers.max_turns:
            numbers = type(numbers)(**{**numbers.__dict__, "max_turns": max_rounds})
        return State(Field(game.field_spec), numbers)

    def observer(self, game: Game, state: Any) -> Observer:
        return Observer(game, state)

    def ablate(self, game: Game, ids: Sequence[str]) -> Game:
        if ids:
            raise UnknownId(f"«Оборона Замка» has no parts to take out ({', '.join(ids)})")
        return game

    def summarize(self, records: list[dict], roles: tuple[str, ...]) -> dict:
        return summary.summarize(records, roles)

    def report_sections(self, stats: dict, game: Game) -> list[tuple]:
        return summary.report_sections(stats, game)

    def seat_label(self, seat: str) -> str:
        return seat  # the seats are the roles: "attacker", "defender"

    def summary_lines(self, stats: dict) -> list[str]:
        return summary.summary_lines(stats)

    def peak_label(self, key: str) -> str:
        return summary.peak_label(key)

    def peak_rank(self, key: str) -> tuple:
        return summary.peak_rank(key)

    def requirements(self, game: Game) -> list[Requirement]:
        return [Requirement("dice", "dice rolled at once", game.components.dice, "dice.count",
                            game.mark("components", "dice", "count"))]

    def kit_rules(self, game: Game) -> list[Problem]:
        """The reroll throws two dice at once: the kit needs two whatever the games show."""
        need = 2 if game.rules.defender_reroll else 1
        if game.components.dice < need:
            return [error("kit-dice", f"the rules roll {need} dice at once, the kit prints {game.components.dice}",
                          game.mark("components", "dice", "count"))]
        return []


SIMULATION: Simulation = OboronaSimulation()
