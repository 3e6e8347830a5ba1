"""The strategist agent: the equilibrium agent's card step, play-outs only where greedy is
unsure, greedy's choice elsewhere, and seeded play. (The evidence that it beats greedy is a
2,000-game run: README, "The strategist agent".)"""

from __future__ import annotations

import math
import random

import pytest

from pnp.games.tverdzha import rules
from pnp.games.tverdzha.sim.agents import GreedyAgent
from pnp.games.tverdzha.sim.equilibrium import EquilibriumAgent
from pnp.games.tverdzha.sim.search import SearchAgent
from pnp.games.tverdzha.sim.strategist import MARGIN, StrategistAgent
from pnp.sim import seeding
from pnp.sim.runner import play_game
from simkit import SIM, agent, specs


def _positions(game, seed: int):
    """Every decision position of one greedy game (copies), in order."""
    state = rules.new_game(game)
    chance = random.Random(seed)
    greedy = [GreedyAgent(random.Random(seed * 2 + i)) for i in range(2)]
    while not state.is_terminal():
        cur = state.current_player
        if cur == rules.CHANCE:
            state.apply_action(state.sample_chance(chance))
            continue
        yield state.clone()
        if cur == rules.SIMULTANEOUS:
            state.apply_action((greedy[0].act(state, 0), greedy[1].act(state, 1)))
        else:
            state.apply_action(greedy[cur].act(state, cur))


@pytest.fixture(scope="module")
def positions(game):
    """From one greedy game: card steps where player A's equilibrium mix is mixed, and main
    actions where greedy's best two are within the margin (close) or far apart (clear)."""
    found: dict[str, list] = {"mixed": [], "close": [], "clear": []}
    for s in _positions(game, 2):
        if s.current_player == rules.SIMULTANEOUS:
            if len(s.legal_actions(0)) > 1 and sum(p > 1e-6 for p in EquilibriumAgent(random.Random(0)).solve(s, 0).mix) > 1:
                found["mixed"].append(s)
        elif s.step_kind == "act" and len(s.legal_actions()) > 1:
            p = s.current_player
            ranked = GreedyAgent(random.Random(0)).rank(s, p, s.legal_actions())
            gap = ranked[0][0] - ranked[1][0]
            if gap > MARGIN:
                found["clear"].append((s, p, ranked))
            elif gap > 1e-6:  # (an exact tie greedy itself draws by its RNG)
                found["close"].append((s, p, ranked))
        if all(len(v) >= 3 for v in found.values()):
            break
    assert all(found.values()), {k: len(v) for k, v in found.items()}
    return found


def test_the_card_step_is_the_equilibrium_agents_mix(positions):
    for state in positions["mixed"][:2]:
        for k in range(3):
            assert StrategistAgent(random.Random(k)).act(state, 0) == EquilibriumAgent(random.Random(k)).act(state, 0)


class _Spy:
    """The strategist's search agent, recording the candidates it is asked to search (a
    wrapper: in the compiled build SearchAgent is a native class, which cannot be patched)."""

    def __init__(self, search, asked: list):
        self.search, self.asked, self.candidates = search, asked, search.candidates

    def choose(self, state, player, cands):
        self.asked.append(list(cands))
        return self.search.choose(state, player, cands)


def _strategist(asked: list, seed: int, **options) -> StrategistAgent:
    agent = StrategistAgent(random.Random(seed), **options)
    agent.search = _Spy(agent.search, asked)
    return agent


def test_play_outs_run_only_where_greedy_is_unsure(positions):
    asked: list = []
    for state, p, ranked in positions["clear"]:
        # a clear best: greedy's choice, and no play-out at all
        assert _strategist(asked, 1).act(state, p) == ranked[0][1]
    assert asked == []
    for state, p, ranked in positions["close"][:2]:
        got = _strategist(asked, 1, budget=4).act(state, p)
        # the candidates are greedy's best (at most the search agent's four) within the margin
        top = ranked[0][0]
        assert asked[-1] == [a for v, a in ranked[:4] if v >= top - MARGIN] and got in asked[-1]
        # with every one of greedy's best four searched, it chooses as the search agent does
        wide = StrategistAgent(random.Random(5), budget=4, margin=math.inf).act(state, p)
        assert wide == SearchAgent(random.Random(5), budget=4).act(state, p)
    assert len(asked) == 2


def test_seeded_games_are_reproducible_and_the_agent_is_registered(game):
    assert isinstance(agent("strategist:4", game, random.Random(0)), StrategistAgent)
    assert agent("strategist:4", game, random.Random(0)).search.budget == 4
    pair = specs("strategist:4,greedy")
    gs = next(iter(seeding.block_games(7, 0, 2)))
    first = play_game(SIM, game, pair, gs, max_rounds=8)
    assert play_game(SIM, game, pair, gs, max_rounds=8) == first
    assert first["agent_names"] == ["strategist:4", "greedy"]
