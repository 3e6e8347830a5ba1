"""Spying (pnp.games.empire.rules.moves.spies, .chance): a hired hero with `spying` lets its player look at the
neutral deck's top `play.spy_cards` cards, as many times a week as the hero says, in its turn and without
spending the action; the cards stay on top in their order, the next neutral armies drawn are they, and only the
players who looked know them."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from enginekit import first_day

from pnp.games.empire.rules import week
from pnp.games.empire.rules.state import CHANCE, State
from pnp.games.empire.sim.agents import GreedyAgent


def _spy(s: State, seat: int = 0):
    """The race's hero that spies, hired by `seat`."""
    p = s.players[seat]
    hero = next(h for h in s.t.races[p.race].heroes if h.ability.spying)
    p.heroes.append((hero.id, 0))
    return hero


def _resolve_chance(s: State, rng: random.Random) -> None:
    while s.current_player == CHANCE:
        s.apply_action(s.sample_chance(rng))


@pytest.fixture
def s(game) -> State:
    return first_day(game)


def test_only_a_hero_with_spying_lets_its_player_look(s, game):
    assert ("spy", "neutral") not in s.legal_actions()
    hero = _spy(s)
    assert hero.number == 9 and hero.ability.spying == 2
    assert ("spy", "neutral") in s.legal_actions()
    assert game.play.spy_cards == s.t.spy_cards == 3


def test_a_look_turns_the_top_cards_keeps_the_turn_and_fixes_the_next_draws(s):
    _spy(s)
    pile = sum(s.neutral_pile.values())
    in_use = s.neutrals_in_use()
    s.apply_action(("spy", "neutral"))
    assert s.chance == [("peek", 0)] * 3
    _resolve_chance(s, random.Random(4))
    top = list(s.neutral_top)
    assert len(top) == 3 and sum(s.neutral_pile.values()) == pile - 3
    assert s.neutral_seen == {0: 3} and s.players[0].spied == 1
    assert s.neutrals_in_use() == in_use  # still the deck's cards
    assert s.current_player == 0 and s.stage == "main"  # not the turn's action
    assert s.observation(0)["neutral_top"] == top and s.observation(1)["neutral_top"] == []
    s.chance = [("neutral", 0, next(c.id for c in s.t.cards.values() if c.type == "mine"))]
    assert s.chance_outcomes() == [(top[0], Fraction(1))]  # the first card turned comes first


def test_a_drawn_top_card_leaves_what_each_spy_knows(s):
    from pnp.games.empire.rules import chance
    _spy(s)
    s.apply_action(("spy", "neutral"))
    _resolve_chance(s, random.Random(1))
    first, rest = s.neutral_top[0], s.neutral_top[1:]
    s.neutral_seen[1] = 1
    mine = next(c.id for c in s.t.cards.values() if c.type == "mine")
    s.fight = None
    chance.resolve_chance(s, ("neutral", 0, mine), first)
    assert s.neutral_top == rest and s.neutral_seen == {0: 2}


def test_the_weeks_spying_runs_out_and_comes_back_with_the_week(s):
    _spy(s)
    s.apply_action(("spy", "neutral"))
    _resolve_chance(s, random.Random(2))
    assert ("spy", "neutral") not in s.legal_actions()  # every top card seen: nothing new to look at
    s.neutral_top, s.neutral_seen = [], {}  # those three drawn (out of the deck): three new ones to look at
    s.apply_action(("spy", "neutral"))
    _resolve_chance(s, random.Random(3))
    s.neutral_top, s.neutral_seen = [], {}
    assert s.players[0].spied == 2 and ("spy", "neutral") not in s.legal_actions()  # twice a week
    week.week_start(s, s.players[0])
    assert ("spy", "neutral") in s.legal_actions()


def test_a_second_spy_sees_the_same_cards_and_turns_no_more(s):
    _spy(s)
    s.apply_action(("spy", "neutral"))
    _resolve_chance(s, random.Random(5))
    top = list(s.neutral_top)
    s.turn = 1
    _spy(s, 1)
    s.apply_action(("spy", "neutral"))
    assert s.chance == [] and s.neutral_top == top and s.neutral_seen == {0: 3, 1: 3}


def test_a_player_who_did_not_look_samples_the_top_cards_back_into_the_pile(s):
    _spy(s)
    s.apply_action(("spy", "neutral"))
    _resolve_chance(s, random.Random(6))
    before = s.neutral_pile + Counter(s.neutral_top)
    other = s.clone()
    other.resample_hidden(1, random.Random(0))
    assert other.neutral_top == [] and other.neutral_seen == {} and other.neutral_pile == before
    mine = s.clone()
    mine.resample_hidden(0, random.Random(0))
    assert mine.neutral_top == s.neutral_top  # the spy knows them


def test_the_greedy_agent_looks_before_a_guarded_card_and_then_weighs_the_army_it_saw(s):
    agent = GreedyAgent(random.Random(1))
    mine = next(c.id for c in s.t.cards.values() if c.type == "mine")
    _spy(s)
    assert agent.value(s, 0, ("spy", "neutral")) < 0  # no guarded card to visit
    s.players[0].travel = [mine]
    assert agent.value(s, 0, ("spy", "neutral")) > 0
    s.apply_action(("spy", "neutral"))
    _resolve_chance(s, random.Random(7))
    assert agent.value(s, 0, ("spy", "neutral")) < 0  # seen already
    assert agent.value(s, 0, ("visit", mine)) == pytest.approx(agent._battle(s, 0, mine, s.neutral_top[0]))
