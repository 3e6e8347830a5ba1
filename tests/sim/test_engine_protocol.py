"""The engine protocol: the general simulator plays any engine with any number of seats,
imports no game, and the simulator's and engine's modules form no import cycle."""

from __future__ import annotations

import ast
import random
from fractions import Fraction
from pathlib import Path

import pytest

from pnp import cli
from pnp.sim import seeding
from pnp.sim.engine import CHANCE, SIMULTANEOUS, TERMINAL, winner
from pnp.sim.hooks import AgentSpec, parse_specs
from pnp.sim.runner import play_game
from pnp.sim.stats import summarize

ROOT = Path(__file__).resolve().parents[2]
ROLES = ("attacker", "defender", "scout")


class Guess:
    """A toy three-seat game: every seat names a face in secret, then a die is rolled; the
    one seat that named it wins (nobody, if none or several did)."""

    def __init__(self):
        self.picks: tuple[int, ...] | None = None
        self.face: int | None = None

    @property
    def current_player(self) -> int:
        return SIMULTANEOUS if self.picks is None else CHANCE if self.face is None else TERMINAL

    def legal_actions(self, player=None):
        return [1, 2, 3] if self.current_player == SIMULTANEOUS else [o for o, _ in self.chance_outcomes()]

    def chance_outcomes(self):
        return [(f, Fraction(1, 6)) for f in range(1, 7)]

    def sample_chance(self, rng):
        return rng.randrange(6) + 1

    def joint_action(self, choices):
        return tuple(choices)

    def apply_action(self, action):
        if self.picks is None:
            self.picks = action
        else:
            self.face = action

    def is_terminal(self):
        return self.current_player == TERMINAL

    def returns(self):
        hits = [p == self.face for p in self.picks]
        return [1.0 if h and sum(hits) == 1 else 0.0 for h in hits]

    def clone(self):
        c = Guess()
        c.picks, c.face = self.picks, self.face
        return c

    def action_string(self, action):
        return str(action)

    def observation(self, player):
        return None if self.picks is None else self.picks

    def resample_hidden(self, player, rng):
        pass


class Picker:
    def __init__(self, rng, face=None):
        self.rng, self.face = rng, face

    def act(self, state, player):
        return self.face or self.rng.choice(state.legal_actions(player))


class Watch:
    def __init__(self):
        self.steps = 0

    def step(self, state):
        self.steps += 1

    def record(self, state, capped):
        return {"victory": "named" if winner(state.returns()) is not None else "nobody", "rounds": 1,
                "peaks": {"steps": self.steps}}


class GuessSimulation:
    agents = {"random": lambda game, rng, budget: Picker(rng), "three": lambda game, rng, budget: Picker(rng, 3)}
    default_agent = "three"
    budgeted = ()
    cap_reasons = {}

    def roles(self, game):
        return ROLES

    def new_game(self, game, max_rounds):
        return Guess()

    def observer(self, game, state):
        return Watch()


def test_any_engine_with_three_asymmetric_seats_is_played_and_counted():
    sim = GuessSimulation()
    specs = parse_specs("three,random,random", sim, ROLES)
    assert specs == (AgentSpec("three"), AgentSpec("random"), AgentSpec("random"))
    seeds = [gs for block in range(2) for gs in seeding.block_games(5, block, 60, seats=3)]
    records = [play_game(sim, None, specs, gs) for gs in seeds]
    assert [r["index"] for r in records] == list(range(60))
    # every group of three plays one deal with the agents rotated through every seat
    for group in zip(records[0::3], records[1::3], records[2::3]):
        assert len({r["pair"] for r in group}) == 1
        assert [r["slots"] for r in group] == [dict(zip(ROLES, (0, 1, 2))), dict(zip(ROLES, (1, 2, 0))),
                                             dict(zip(ROLES, (2, 0, 1)))]
    assert all(r["decisions"] == 1 and r["peaks"] == {"steps": 2} for r in records)
    stats = summarize(records, ROLES)
    assert set(stats["seats"]) == set(ROLES) | {"none"} and stats["games"] == 60
    assert sum(stats["seats"][k]["n"] for k in stats["seats"]) == 60
    assert stats["agents"]["names"] == ["three", "random", "random"] and stats["pairs"]["pairs"] == 20
    assert set(stats["victory_types"]) == {"named", "nobody"}


def test_without_agents_every_seat_gets_the_game_s_default_agent():
    assert parse_specs(None, GuessSimulation(), ROLES) == (AgentSpec("three"),) * 3


def test_the_command_line_leaves_the_agents_to_the_game():
    for command in (cli.sim, cli.sweep):
        [agents] = [p for p in command.params if p.name == "agents"]
        assert agents.default is None


def test_a_game_that_names_too_few_agents_is_told_how_many_seats_it_has():
    with pytest.raises(ValueError, match="three agents, attacker,defender,scout"):
        parse_specs("three,random", GuessSimulation(), ROLES)


@pytest.mark.parametrize("returns, seat", [([1, -1], 0), ([-1, 1], 1), ([0, 0], None), ([1, 1, 0], None),
                                           ([0, 2, 1], 1)])
def test_the_winner_is_the_one_seat_alone_at_the_top(returns, seat):
    assert winner(returns) == seat


# ---- imports ---------------------------------------------------------------------

#: The simulator's and the engine's modules: no cycle among them, counting every import
#: (inside functions too: such an import may hide a cycle, never break it).
AREA = ("pnp/sim", "pnp/games/tverdzha/rules", "pnp/games/tverdzha/sim", "pnp/games/tverdzha/simulation.py",
        "pnp/games/empire/rules", "pnp/games/empire/sim", "pnp/games/empire/simulation.py")


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, known: set[str]) -> set[str]:
    """pnp modules `path` imports, outside `if TYPE_CHECKING:` blocks."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
            and getattr(node.test, "id", "") == "TYPE_CHECKING" for n in ast.walk(node)}
    out = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pnp"):
            subs = {f"{node.module}.{a.name}" for a in node.names} & known
            out |= subs or ({node.module} & known)
    return out


def _graph() -> dict[str, set[str]]:
    files = sorted(ROOT.glob("pnp/**/*.py"))
    known = {_module(f) for f in files}
    return {_module(f): _imports(f, known) for f in files}


def test_the_general_simulator_imports_no_game():
    graph = _graph()
    for module in (m for m in graph if m.startswith("pnp.sim")):
        # the registry (pnp.games itself) is general; a game is a package under it
        assert not {m for m in graph[module] if m.startswith("pnp.games.")}, module


def test_no_import_cycle_in_the_simulator_and_the_engine():
    graph = _graph()
    area = {_module(f) for part in AREA for f in ([ROOT / part] if part.endswith(".py") else (ROOT / part).glob("*.py"))}
    cycles = []

    def visit(node, path):
        for nxt in sorted(graph[node] & area):
            if nxt in path:
                cycles.append(path[path.index(nxt):] + [nxt])
            elif nxt not in done:
                visit(nxt, path + [nxt])
        done.add(node)

    done: set[str] = set()
    for start in sorted(area):
        if start not in done:
            visit(start, [start])
    assert cycles == []
