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


def test_the_opponents_worth_is_reused_only_where_it_is_the_same(game):
    """heuristic.Near values every child of a decision as heuristic.value does, to the bit:
    plain children, children through a battle's dice, and trades valued from the pass
    child; and it does reuse the opponent's worth (else the test would prove nothing)."""
    from pnp.games.tverdzha.rules.turn_end import TurnEnd
    from pnp.games.tverdzha.rules.actions import PASS

    tally = {"children": 0, "reused": 0, "battles": 0, "trades": 0, "made": 0, "edited": 0, "castle": 0}

    def probe(state, p):
        if state.step_kind != "act":
            return
        passed = state.clone(events=False)
        passed.apply_action(PASS)
        near = heuristic.Near(passed, p)
        turn_end = TurnEnd(state, passed, p)
        assert near.own() == heuristic.value(passed, p)
        for a in state.legal_actions():
            child = state.clone(events=False)
            child.apply_action(a)
            effect = turn_end.edit(a)
            if effect is not None:  # seen from the pass child's position
                tally["made"] += 1
                valued = near.value_edit(effect)
                if valued is not None:
                    tally["edited"] += 1
                    castle = state.R.castle[p]
                    tally["castle"] += any(sp == castle and bool(u) != bool(passed.units[castle]) for sp, u in effect[0])
                assert near.value(turn_end.made(effect)) == heuristic.value(child, p)
                assert valued is None or valued == heuristic.value(child, p)
            if a.kind == "trade":
                res = turn_end.resources(list(state.R.trade_changes[a]))
                if res is not None:
                    tally["trades"] += 1
                    assert near.with_resources(res) == heuristic.value(child, p)
                continue
            if not lookahead.is_quiet(child):
                tally["battles"] += 1
                twin = child.clone(events=False)
                assert (lookahead.expectation(child, near.value)
                        == lookahead.expectation(twin, lambda s: heuristic.value(s, p)))
                continue
            tally["children"] += 1
            if child.winner is None and child.victory_type is None:
                tally["reused"] += near._same_for_other(child, heuristic.count_board(child), passed, near.board)
            assert near.value(child) == heuristic.value(child, p)

    for seed in range(3):
        _play(game, [agent("greedy", game, random.Random(seed + i)) for i in range(2)], seed, probe, max_rounds=30)
    assert tally["battles"] >= 5 and tally["trades"] >= 200, tally
    assert tally["reused"] > tally["children"] / 2 and tally["made"] > tally["children"] / 2, tally
    assert tally["edited"] > tally["made"] * 0.9 and tally["castle"] >= 10, tally


def test_the_opponents_worth_is_worked_out_again_when_the_action_fills_the_castle(game):
    """A rare case the games above may not reach: p's castle stands empty after passing
    and is filled by a hire, while the opponent holds one of its entrances (its siege
    term counts an empty castle four times over)."""
    from pnp.games.tverdzha.rules.actions import PASS

    state, p, R = _at_the_first_action_with_an_empty_board(game)
    q, castle = 1 - p, R.castle[p]
    entrance = R.entrances[p][0]
    cells = [c for c in range(R.n_cells) if c != entrance and c not in R.entrances[q]]
    # p: one unit on one cell; the opponent: one on p's entrance
    state.units[cells[0]], state.owner[cells[0]] = (1,), p
    state.units[entrance], state.owner[entrance] = (2,), q
    state.units[castle] = ()
    state.res[p] = [9] * R.n_res
    assert R.hires[castle] in state.legal_actions()
    passed = state.clone(events=False)
    passed.apply_action(PASS)
    near = heuristic.Near(passed, p)
    child = state.clone(events=False)
    child.apply_action(R.hires[castle])
    assert child.units[castle] and not passed.units[castle]
    assert near.value(child) == heuristic.value(child, p)
    from pnp.games.tverdzha.rules.turn_end import TurnEnd

    effect = TurnEnd(state, passed, p).edit(R.hires[castle])  # as the greedy agent values it
    assert effect is not None and near.value_edit(effect) == heuristic.value(child, p)


def test_the_opponents_worth_is_worked_out_again_when_a_move_puts_its_castle_in_danger(game):
    """The opponent's danger term counts once p holds enough of its castle's entrances: a
    move onto the last one it needs changes the opponent's worth, though nothing of the
    opponent's own changed."""
    from pnp.games.tverdzha.rules.actions import Move

    state, p, R = _at_the_first_action_with_an_empty_board(game)
    q = 1 - p
    need = state.fx[p].siege_entrances
    held, last = R.entrances[q][:need - 1], R.entrances[q][need - 1]
    src = next(y for y in R.adj[last] if y < R.n_cells and y not in R.entrances[q] + R.entrances[p])
    for c in (*held, src):
        state.units[c], state.owner[c] = (2,), p
    state.units[R.castle[q]] = (1,)
    child, passed = _valued_every_way(state, p, Move(R.space_ids[src], R.space_ids[last], (2,)))
    assert child.held_entrances(p) == need > passed.held_entrances(p)
    # holding enough already, a hire on one of those entrances makes the danger greater
    state.units[last], state.owner[last] = (2,), p
    state.res[p] = [9] * R.n_res
    child, passed = _valued_every_way(state, p, R.hires[last])
    assert child.held_entrances(p) == passed.held_entrances(p) == need


def test_an_edit_is_declined_where_p_marches_on_an_empty_castle_or_guards_its_own(game):
    """Two terms of p's own worth read more than an edit's spaces: the march on an empty
    enemy castle whose owner has no army (every unit's distance to it), and the danger to
    p's castle once the opponent holds enough of its entrances (the castle's guard)."""
    state, p, R = _at_the_first_action_with_an_empty_board(game)
    q, castle = 1 - p, R.castle[p]
    state.units[R.castle[q]] = ()  # the opponent: no unit anywhere
    src = next(c for c in range(R.n_cells) if c not in R.entrances[p] + R.entrances[q])
    dst = next(y for y in R.adj[src] if y < R.n_cells and y not in R.entrances[p] + R.entrances[q])
    state.units[src], state.owner[src] = (2,), p
    far, near = heuristic.entrance_distance(R, q)[src], heuristic.entrance_distance(R, q)[dst]
    move = next(a for a in state.legal_actions() if a.kind == "move" and R.space_idx[a.dst] == dst)
    assert far != near  # the march term changes
    _valued_every_way(state, p, move)
    # the opponent on enough of p's entrances; p hires into its (held) castle
    state.units[R.castle[q]] = (1,)
    for c in R.entrances[p][:state.fx[q].siege_entrances]:
        state.units[c], state.owner[c] = (1,), q
    state.units[castle] = (1,)
    state.res[p] = [9] * R.n_res
    _valued_every_way(state, p, R.hires[castle])


def _at_the_first_action_with_an_empty_board(game):
    """(state, player to act, rules): a new game dealt to its first action, every cell
    emptied (the castles keep their units) for a test to place units on."""
    state = rules.new_game(game)
    chance = random.Random(3)
    while state.current_player == rules.CHANCE:
        state.apply_action(state.sample_chance(chance))
    R = state.R
    for c in range(R.n_cells):
        state.units[c], state.owner[c] = (), -1
    return state, state.current_player, R


def _valued_every_way(state, p, action):
    """(played-out child, pass child), once Near.value on the first and on the child
    TurnEnd makes both gave heuristic.value's value; Near.value_edit declines the edit (it
    reads more of the board than the edit's spaces), so the agent values that child."""
    from pnp.games.tverdzha.rules.turn_end import TurnEnd
    from pnp.games.tverdzha.rules.actions import PASS

    assert action in state.legal_actions()
    passed = state.clone(events=False)
    passed.apply_action(PASS)
    near = heuristic.Near(passed, p)
    child = state.clone(events=False)
    child.apply_action(action)
    turn_end = TurnEnd(state, passed, p)
    effect = turn_end.edit(action)
    assert effect is not None and near.value_edit(effect) is None
    assert near.value(child) == near.value(turn_end.made(effect)) == heuristic.value(child, p)
    return child, passed
