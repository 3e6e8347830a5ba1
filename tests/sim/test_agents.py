"""Agents: legal play, the obvious winning move, hidden cards, and search beating greedy."""

from __future__ import annotations

import random

import pytest

from pnp.games.tverdzha import rules
from pnp.games.tverdzha.rules.agents_min import play
from pnp.games.tverdzha.sim import heuristic, lookahead
from pnp.games.tverdzha.sim.agents import GreedyAgent
from pnp.sim.runner import play_many
from simkit import agent, specs


def _play(game, agents, seed, on_decision=None, max_rounds=40):
    state = rules.new_game(game, max_rounds=max_rounds, validate=True)  # the engine refuses illegal actions

    def on_step(s, actor, _action):
        if on_decision and actor >= 0:
            on_decision(s, actor)

    return play(state, agents, random.Random(seed), on_step)


@pytest.mark.parametrize("names", ["random,scripted", "greedy,scripted", "search:4,random"])
def test_agents_play_only_legal_actions(game, names):
    agents = [agent(name, game, random.Random(i)) for i, name in enumerate(names.split(","))]
    state = _play(game, agents, seed=4, max_rounds=25 if "search" in names else 40)
    assert state.is_terminal()


def test_greedy_walks_into_an_empty_enemy_castle(game):
    greedy = GreedyAgent(random.Random(0))
    chances = []

    def probe(state, p):
        R = state.R
        enemy = R.space_ids[R.castle[1 - p]]
        if state.step_kind != "act" or state.units[R.castle[1 - p]]:
            return
        if any(a.kind == "move" and a.dst == enemy for a in state.legal_actions()):
            chances.append(1)
            a = greedy.act(state, p)
            assert a.kind == "move" and a.dst == enemy, str(a)

    for seed in range(30):
        rngs = [random.Random(seed * 2 + i) for i in range(2)]
        _play(game, [agent("random", game, r) for r in rngs], seed, probe)
        if len(chances) >= 3:
            break
    assert chances, "no position with an open enemy castle was reached"


def test_greedy_ranks_every_action_by_its_own_position(game):
    """Valuing trades of one change once, and from the pass child's position, gives every
    action the value its own child has: in both seats (B's turn ends the round)."""
    seen = [0, 0]

    def probe(state, p):
        actions = state.legal_actions()
        if state.step_kind != "act" or sum(a.kind == "trade" for a in actions) < 6 or seen[p] >= 2:
            return
        seen[p] += 1
        ranked = GreedyAgent(random.Random(0)).rank(state, p, actions)
        own = []
        for a in actions:
            child = state.clone(events=False)
            child.apply_action(a)
            own.append((lookahead.expectation(child, lambda s: heuristic.value(s, p)), a))
        assert ranked == sorted(own, key=lambda va: -va[0])

    for seed in range(10):
        _play(game, [agent("greedy", game, random.Random(seed + i)) for i in range(2)], seed, probe, max_rounds=12)
        if seen == [2, 2]:
            break
    assert seen == [2, 2], "no positions with several trades were reached in both seats"


def test_resample_hidden_redeals_only_what_the_player_cannot_see(game):
    state = rules.new_game(game)
    chance = random.Random(1)
    while state.current_player == rules.CHANCE:
        state.apply_action(state.sample_chance(chance))
    before = [list(h) for h in state.hand], list(state.deck)
    seen = set()
    for seed in range(20):
        s = state.clone()
        s.resample_hidden(0, random.Random(seed))
        assert s.observation(0) == state.observation(0)  # what player 0 knows stays the same
        assert s.hand[0] == before[0][0]  # own hand untouched
        assert sum(s.hand[1]) == sum(before[0][1])
        assert [a + b for a, b in zip(s.hand[1], s.deck)] == [a + b for a, b in zip(before[0][1], before[1])]
        seen.add(tuple(s.hand[1]))
    assert len(seen) > 1
    assert state.hand[1] == before[0][1] and state.deck == before[1]  # the original is untouched


def test_search_beats_greedy_on_a_fixed_seed(source):
    """A small fixed run (the evidence run with intervals is benchmarks/search_vs_greedy.py)."""
    recs = play_many(source, specs("search:12,greedy"), games=8, seed=1, workers=2)
    search_wins = sum(1 for r in recs if r["winner"] and r["slots"][r["winner"]] == 0)
    greedy_wins = sum(1 for r in recs if r["winner"] and r["slots"][r["winner"]] == 1)
    assert search_wins >= 6 and search_wins > greedy_wins
