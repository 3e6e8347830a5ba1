"""«Строительство империи»'s side of the simulator: the Simulation (pnp.sim.hooks) its pack exposes.

Its seats are the players at the table, A to D: `pnp sim --game empire --players N` (the pack's
`sim_options`) makes the Simulation for N players (`configure`); without it, the most the content seats
(`play.players`). The races are drawn at the start of each game (a chance step), so a seat is no race: the
statistics count each race's wins over the games it played.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, ClassVar, Mapping, Sequence

from pnp.core.errors import Problem
from pnp.games.empire.model import Game
from pnp.games.empire.rules.state import State
from pnp.games.empire.rules.tables import tables
from pnp.games.empire.sim import summary
from pnp.games.empire.sim.agents import GreedyAgent, RandomAgent
from pnp.games.empire.sim.observe import Observer
from pnp.sim.engine import GameState
from pnp.sim.hooks import AgentFactory, BadOption, Requirement, UnknownId

AGENTS: Mapping[str, AgentFactory] = MappingProxyType({
    "greedy": lambda game, rng, budget: GreedyAgent(rng),
    "random": lambda game, rng, budget: RandomAgent(rng),
})
SEATS = "ABCDEFGH"


@dataclass(frozen=True)
class EmpireSimulation:
    players: int | None = None  # None: the most the content seats
    agents: ClassVar[Mapping[str, AgentFactory]] = AGENTS
    default_agent: ClassVar[str] = "greedy"
    budgeted: ClassVar[frozenset[str]] = frozenset()
    cap_reasons: ClassVar[Mapping[str, str]] = MappingProxyType(summary.CAP_REASONS)
    headline_peaks: ClassVar[tuple[str, ...]] = ("travel", "neutral", "chests", "diplomacy")

    def configure(self, options: Mapping[str, Any]) -> EmpireSimulation:
        """The Simulation for the command line's `--players N`."""
        value = options.get("players")
        if value is None:
            return self
        try:
            players = int(value)
        except (TypeError, ValueError):
            raise BadOption(f"--players takes a number of players, found {value!r}") from None
        return replace(self, players=players)

    def seats(self, game: Game) -> int:
        least, most = game.play.players if game.play else (2, 4)
        most = min(most, len(game.races))
        n = most if self.players is None else self.players
        if not least <= n <= most:
            raise BadOption(f"--players: {game.title.get('ru')} seats {least} to {most} players, found {n}")
        return n

    def roles(self, game: Game) -> tuple[str, ...]:
        return tuple(SEATS[:self.seats(game)])

    def new_game(self, game: Game, max_rounds: int) -> GameState:
        s = State(tables(game), self.seats(game))
        s.advance()
        return s

    def bind_slots(self, state: State, slots: tuple[int, ...]) -> None:
        """The races follow the agent slots: the games of a seat-rotated group share their chance draws,
        so every slot gets the same race in each, and each race sits once in every seat. A race's win
        rate then carries no seat's advantage, and the group's games are different games."""
        state.slots = tuple(slots)

    def observer(self, game: Game, state: Any) -> Observer:
        return Observer(game, state)

    def ablate(self, game: Game, ids: Sequence[str]) -> Game:
        if ids:
            raise UnknownId(f"«Строительство империи» has no parts to take out ({', '.join(ids)})")
        return game

    def summarize(self, records: list[dict], roles: tuple[str, ...]) -> dict:
        return summary.summarize(records, roles)

    def report_sections(self, stats: dict, game: Game) -> list[tuple]:
        return summary.report_sections(stats, game)

    def seat_label(self, seat: str) -> str:
        return f"seat {seat}"

    def summary_lines(self, stats: dict) -> list[str]:
        return summary.summary_lines(stats)

    def peak_label(self, key: str) -> str:
        return summary.peak_label(key)

    def peak_rank(self, key: str) -> tuple:
        return summary.peak_rank(key)

    def requirements(self, game: Game) -> list[Requirement]:
        return summary.requirements(game)

    def kit_rules(self, game: Game) -> list[Problem]:
        return []  # the decks' rules are pnp check's (pnp.games.empire.checks.decks)


SIMULATION = EmpireSimulation()
