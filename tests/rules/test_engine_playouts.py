"""Thousands of seeded random playouts with the invariants checked after every step."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction


from pnp.games.tverdzha.rules import CHANCE, SIMULTANEOUS, new_game
from pnp.games.tverdzha.rules.agents_min import RandomAgent, play
from pnp.games.tverdzha.rules.events import BattleFought, Built, GameOver, Healed, Hired, RoundEnded, Upgraded


def check_static(s, game) -> None:
    """What must hold in every state."""
    R = s.R
    in_battle = [0] * R.n_cards
    if s.fight is not None:
        for c in s.fight[4:]:
            if c is not None:
                in_battle[c] += 1
    for c in range(R.n_cards):
        parts = (s.deck[c], s.hand[0][c], s.hand[1][c], s.discard[c], in_battle[c])
        assert min(parts) >= 0 and sum(parts) == R.card_counts[c], (R.card_ids[c], parts)
    assert sum(s.deck) + sum(s.discard) + s.hand_count(0) + s.hand_count(1) + sum(in_battle) == game.battle_deck_size
    for b in range(R.n_b):
        where = (s.bdeck[b], s.bottom.count(b), s.market.count(b), int(b in s.bld[0]), int(b in s.bld[1]))
        assert min(where) >= 0 and sum(where) == R.b_copies[b], (R.b_ids[b], where)
    assert len(s.market) <= game.limits.market_size
    top_cap = max(s.fx[0].cap, s.fx[1].cap, *(e.params["limit"] for b in game.buildings
                                               for e in b.effects + b.upgrade.effects if e.key == "land_limit"))
    for p in (0, 1):
        assert min(s.res[p]) >= 0, s.res[p]
        assert len(s.bld[p]) <= game.limits.building_slots
        assert all(lvl in (0, 1) for lvl in s.bld[p].values())
        assert s.hand_count(p) <= game.limits.hand_max
        assert 0 <= s.wounded[p] <= s.fx[p].infirmary_cap
        assert s.owner[R.castle[p]] == p
    for sp, units in enumerate(s.units):
        assert list(units) == sorted(units) and all(u >= 1 for u in units)
        assert len(units) <= top_cap
        if sp < R.n_cells:
            assert (s.owner[sp] == -1) == (not units)


def check_step(before, s, actor, action) -> None:
    """What a step must respect: storage after a round end; limits bind what a player added."""
    for e in s.events[len(before.events):]:
        if isinstance(e, RoundEnded):
            for p in (0, 1):
                assert max(e.resources[p]) <= s.fx[p].storage_cap, e
    if actor < 0:
        return
    p = actor
    fx = s.fx[p]
    for sp, units in enumerate(s.units):
        if s.owner[sp] == p and len(units) > len(before.units[sp]):
            assert len(units) <= fx.cap, (action, sp, units)
    if getattr(action, "kind", None) in ("hire", "heal"):
        assert s.army(p) <= s.army_limit(p), action


def check_node(s) -> None:
    cur = s.current_player
    if cur == CHANCE:
        outcomes = s.chance_outcomes()
        assert outcomes and sum(pr for _, pr in outcomes) == 1 and all(pr > 0 for _, pr in outcomes)
        assert all(isinstance(pr, Fraction) for _, pr in outcomes)
    elif cur == SIMULTANEOUS:
        assert None in s.legal_actions(0) and None in s.legal_actions(1)
    elif cur >= 0:
        assert s.legal_actions(), "a decision node without actions"


def _play(game, seed, max_rounds, checked):
    state = new_game(game, max_rounds=max_rounds)
    agents = (RandomAgent(random.Random(seed * 2 + 1)), RandomAgent(random.Random(seed * 2 + 2)))
    if not checked:
        return play(state, agents, random.Random(seed))
    chance = random.Random(seed)
    while not state.is_terminal():
        before = state.clone()
        cur = state.current_player
        check_node(state)
        if cur == CHANCE:
            action = state.sample_chance(chance)
        elif cur == SIMULTANEOUS:
            action = (agents[0].act(state, 0), agents[1].act(state, 1))
        else:
            action = agents[cur].act(state, cur)
        state.apply_action(action)
        check_static(state, game)
        check_step(before, state, cur, action)
    return state


def test_checked_playouts_keep_every_invariant(game):
    """Every step of 120 full games (all invariants, including the per-step limits)."""
    types = Counter()
    for seed in range(120):
        s = _play(game, seed, 50, checked=True)
        types[s.victory_type] += 1
        assert s.is_terminal() and isinstance(s.events[-1], GameOver)
    assert types["castle"] and types["cap"]  # points wins are rarer in 50 random rounds (tested apart)


def test_thousands_of_playouts_cover_the_rules(game):
    """2,000 more games checked at the end, and every card and building seen in play."""
    seen = Counter()
    for seed in range(1000, 3000):
        s = _play(game, seed, 30, checked=False)
        check_static(s, game)
        assert s.is_terminal() and s.victory_type in ("castle", "points", "tie", "cap")
        assert s.returns() == ([0.0, 0.0] if s.winner is None else [1.0, -1.0] if s.winner == 0 else [-1.0, 1.0])
        for e in s.events:
            if isinstance(e, BattleFought):
                seen.update(f"card:{c}" for c in (e.att_card, e.def_card) if c)
                seen["battle"] += 1
                assert len(e.att_dice) >= (0 if "shield_wall" in (e.att_card, e.def_card) else len(e.att_units))
            elif isinstance(e, Built):
                seen[f"build:{e.building}"] += 1
            elif isinstance(e, Upgraded):
                seen[f"upgrade:{e.upgrade}"] += 1
            elif isinstance(e, (Hired, Healed)):
                seen[type(e).__name__] += 1
    for c in game.battle_cards:
        assert seen[f"card:{c.id}"], c.id
    for b in game.buildings:
        assert seen[f"build:{b.id}"] and seen[f"upgrade:{b.upgrade.id}"], b.id
    assert seen["Hired"] and seen["Healed"]


def mid_game(game):
    """A position 300 random steps into a seeded game."""
    s = new_game(game)
    rng = random.Random(7)  # a game that lasts past 300 steps (seed 5's ends at step 268)
    agents = (RandomAgent(random.Random(1)), RandomAgent(random.Random(2)))
    for _ in range(300):
        cur = s.current_player
        s.apply_action(s.sample_chance(rng) if cur == CHANCE else
                       (agents[0].act(s, 0), agents[1].act(s, 1)) if cur == SIMULTANEOUS else agents[cur].act(s, cur))
    return s


def test_clone_is_independent_and_replays_identically(game):
    s = mid_game(game)
    c = s.clone()

    def snapshot(st):
        return (list(map(list, st.res)), list(st.units), [dict(b) for b in st.bld], list(st.bags),
                list(st.market), list(st.deck), list(st.hand[0]), list(st.events))

    before = snapshot(s)
    play(c, (RandomAgent(random.Random(3)), RandomAgent(random.Random(4))), random.Random(6))
    assert c.events[len(s.events):] and any(type(e).__name__ == "Built" for e in c.events[len(s.events):])
    assert snapshot(s) == before
    d1, d2 = s.clone(), s.clone()
    for d in (d1, d2):
        play(d, (RandomAgent(random.Random(7)), RandomAgent(random.Random(8))), random.Random(9))
    assert d1.events == d2.events and d1.winner == d2.winner


def test_a_clone_without_events_keeps_an_empty_log_and_plays_the_same(game):
    s = mid_game(game)
    assert s.events
    logged = list(s.events)
    full, bare = s.clone(), s.clone(events=False)
    assert bare.events == [] and bare.events is not s.events
    for d in (full, bare):
        play(d, (RandomAgent(random.Random(7)), RandomAgent(random.Random(8))), random.Random(9))
    assert s.events == logged  # neither copy wrote into the game's own log
    assert full.events[len(logged):]  # the full copy logs its future ...
    assert bare.events == []  # ... the bare one makes no records at all, nor do its copies
    assert bare.clone().events == [] and not bare.clone().logging and full.clone().logging
    assert (bare.winner, bare.round, bare.res) == (full.winner, full.round, full.res)


def test_a_copy_for_the_board_owns_its_board_and_resources_and_shares_the_rest(game):
    s = mid_game(game)
    c, full = s.copy_for_board(), s.clone(events=False)
    fields = ("units", "owner", "land", "yields", "res", "bld", "fx", "hand", "deck", "discard", "bdeck",
              "bottom", "market", "bags", "wounded", "round", "active", "heals", "queue", "battle", "fight",
              "cur", "winner", "victory_type", "max_rounds", "validate", "events", "logging")
    assert [getattr(c, f) for f in fields] == [getattr(full, f) for f in fields]
    assert c.units is not s.units and c.owner is not s.owner and c.res is not s.res
    assert c.res[0] is not s.res[0] and c.res[1] is not s.res[1]
    for f in ("hand", "deck", "discard", "bdeck", "bottom", "market", "wounded", "queue", "bld", "fx"):
        assert getattr(c, f) is getattr(s, f), f
    c.units[0], c.owner[0], c.res[1][0] = (9,), 1, 99  # what TurnEnd.child changes
    assert s.units[0] != (9,) and s.res[1][0] != 99 and not c.logging
