"""The equilibrium agent: the card-game LP, its mix on a real battle, seeded play, and that it
decides from what the player can see only."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from pnp.games.tverdzha import rules
from pnp.sim import seeding
from pnp.games.tverdzha.sim.agents import GreedyAgent
from pnp.games.tverdzha.sim.equilibrium import EquilibriumAgent, hand_types, maximin
from pnp.sim.runner import play_game
from simkit import SIM, agent, specs


@pytest.mark.parametrize("payoff, mix, value", [
    ([[1, -1], [-1, 1]], [1 / 2, 1 / 2], 0.0),  # matching pennies
    ([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [1 / 3, 1 / 3, 1 / 3], 0.0),  # rock, paper, scissors
    ([[3, -1], [-2, 1]], [3 / 7, 4 / 7], 1 / 7),  # p = (d - c) / (a - b - c + d), v = (ad - bc) / same
    ([[2, 5], [1, 0]], [1, 0], 2.0),  # a saddle point: the first row dominates
])
def test_maximin_solves_known_matrix_games(payoff, mix, value):
    x, v = maximin(payoff)
    assert x == pytest.approx(mix, abs=1e-7)
    assert v == pytest.approx(value, abs=1e-7)


def test_maximin_counts_an_opponent_that_may_not_hold_its_best_answer():
    payoff = [[2, -1], [0, 0]]
    assert maximin(payoff)[0] == pytest.approx([0, 1])  # against both columns: play safe
    # half the time the opponent holds only column 0: 0.5 * 2x - 0.5 * x is best at x = 1
    x, v = maximin(payoff, [(0.5, (0,)), (0.5, (0, 1))])
    assert x == pytest.approx([1, 0]) and v == pytest.approx(0.5)


def test_hand_types_are_hypergeometric_and_merge_hands_by_the_classes_held():
    assert sorted(hand_types([1, 1], 1)) == [(0.5, (0,)), (0.5, (1,))]
    # two cards from {a, a, b}: aa in 1 of 3 draws, ab in 2 of 3
    assert sorted(hand_types([2, 1], 2)) == [(pytest.approx(1 / 3), (0,)), (pytest.approx(2 / 3), (0, 1))]
    types = hand_types([4, 2, 2, 1], 3)
    assert sum(p for p, _ in types) == pytest.approx(1.0)
    assert all(1 <= len(held) <= 3 for _, held in types)
    assert hand_types([3], 0) == [(1.0, ())]


def _card_step(game, seed: int, player: int, index: int):
    """The `index`-th card step of a greedy game where `player` holds a card."""
    state = rules.new_game(game)
    chance = random.Random(seed)
    agents = [GreedyAgent(random.Random(seed * 2 + i)) for i in range(2)]
    found = 0
    while not state.is_terminal():
        cur = state.current_player
        if cur == rules.CHANCE:
            state.apply_action(state.sample_chance(chance))
            continue
        if cur == rules.SIMULTANEOUS:
            if len(state.legal_actions(player)) > 1:
                if found == index:
                    return state
                found += 1
            state.apply_action((agents[0].act(state, 0), agents[1].act(state, 1)))
        else:
            state.apply_action(agents[cur].act(state, cur))
    raise AssertionError("the game had too few card steps")


@pytest.fixture(scope="module")
def battle(game):
    """A real card step (greedy game, seed 2) where player A's equilibrium mix is mixed."""
    for index in range(12):
        state = _card_step(game, 2, 0, index)
        solved = EquilibriumAgent(random.Random(0)).solve(state, 0)
        if sum(p > 1e-6 for p in solved.mix) > 1:
            return state, solved
    raise AssertionError("no mixed card step in the first 12")


def _guaranteed(solved, x) -> float:
    a = np.asarray(solved.payoff)
    return sum(p * min(x @ a[:, j] for j in cols) for p, cols in solved.types)


def test_the_mix_on_a_real_battle_is_optimal_and_played_as_drawn(battle):
    state, solved = battle
    assert solved.options == state.legal_actions(0)
    assert solved.mix.sum() == pytest.approx(1.0) and (solved.mix >= 0).all()
    # the LP's value is what the mix guarantees, and no single card guarantees more
    assert _guaranteed(solved, solved.mix) == pytest.approx(solved.value, abs=1e-6)
    for i in range(len(solved.options)):
        pure = np.eye(len(solved.options))[i]
        assert _guaranteed(solved, pure) < solved.value - 1e-6 or solved.mix[i] > 0.999
    # the opponent's possible cards are the unseen ones, with None always open to it
    unseen = state.observation(0).unseen
    assert solved.opponent == [None] + [c for c, n in zip(state.R.card_ids, unseen) if n]
    assert all(cols[0] == 0 for _, cols in solved.types)
    # the agent plays the mix: its card is the draw from the mix with its RNG, and those
    # draws follow the mix
    agent = EquilibriumAgent(random.Random(0))
    for k in range(3):
        expected = EquilibriumAgent(random.Random(k))._draw(solved.options, solved.mix)
        assert EquilibriumAgent(random.Random(k)).act(state, 0) == expected
    n = 4000
    drawn = Counter(agent._draw(solved.options, solved.mix) for _ in range(n))
    assert set(drawn) == {o for o, p in zip(solved.options, solved.mix) if p > 1e-9}
    for option, p in zip(solved.options, solved.mix):
        sd = (p * (1 - p) / n) ** 0.5
        assert abs(drawn[option] / n - p) <= 4 * sd + 1e-9, (option, drawn, solved.mix)


def test_the_agent_reads_only_what_the_player_can_see(game):
    # the first card step of the greedy game where both players hold cards (found without
    # asking the agent, so an agent that peeks cannot steer the choice of position)
    state = next(s for s in (_card_step(game, 2, 0, i) for i in range(12)) if sum(s.hand[1]))
    solved = EquilibriumAgent(random.Random(0)).solve(state, 0)
    view = state.observation(0)
    # the unseen cards are exactly the deck and the opponent's hand, without reading them
    assert list(view.unseen) == [d + h for d, h in zip(state.deck, state.hand[1])]
    assert view.hand_sizes == (sum(state.hand[0]), sum(state.hand[1])) and view.hand == tuple(state.hand[0])
    # re-dealing the opponent's hand from the unseen cards changes nothing the agent decides
    mixes = set()
    for seed in range(4):
        other = state.clone()
        other.resample_hidden(0, random.Random(seed))
        assert other.observation(0) == view
        again = EquilibriumAgent(random.Random(0)).solve(other, 0)
        assert (again.opponent, again.payoff, again.types) == (solved.opponent, solved.payoff, solved.types)
        mixes.add(tuple(again.mix))
        if other.hand[1] != state.hand[1]:
            break
    else:
        raise AssertionError("the re-deal never changed the hand")
    assert mixes == {tuple(solved.mix)}


def test_seeded_games_are_reproducible_and_the_agent_is_registered(game):
    pair = specs("equilibrium,greedy")
    assert isinstance(agent("equilibrium", game, random.Random(0)), EquilibriumAgent)
    gs = next(iter(seeding.block_games(7, 0, 2)))
    first = play_game(SIM, game, pair, gs, max_rounds=30)
    assert play_game(SIM, game, pair, gs, max_rounds=30) == first
    assert first["agent_names"] == ["equilibrium", "greedy"]
