"""A chest card given back to the bank in its player's turn (pnp.games.empire.rules.moves.exchanges): «Сундук можно
не тратить, а вернуть в банк и взять золото … или опыт» — the rulebook's words, which the engine now plays: gold
at the content's `chests.gold`, or `chests.experience` courage to a hired hero below the most; the turn goes on."""

from __future__ import annotations

import pytest
from enginekit import first_day

from pnp.games.empire.rules.state import State
from pnp.games.empire.sim.agents import GreedyAgent


@pytest.fixture
def s(game) -> State:
    """Two players in the first week, seat 0 to move, no travel card, a creature each."""
    return first_day(game)


def _cash(s: State) -> list[tuple]:
    return [a for a in s.legal_actions() if a[0] == "cash"]


def _heroes(s: State) -> list[str]:
    return [h.id for h in s.t.races[s.players[0].race].heroes]


def test_no_chest_no_exchange(s):
    assert _cash(s) == []


def test_a_chest_buys_gold_or_a_courage_point_for_a_hero_below_the_most(s, game):
    a, b = _heroes(s)[:2]
    p = s.players[0]
    p.chests = 2
    p.heroes = [(a, 0), (b, game.battle.courage_max)]
    assert _cash(s) == [("cash", "gold"), ("cash", a)]  # b has all the courage there is


def test_gold_comes_from_the_chest_and_the_turn_goes_on(s, game):
    p = s.players[0]
    p.chests, p.gold = 2, 3
    out = s.chests_out()
    s.apply_action(("cash", "gold"))
    assert (p.chests, p.gold) == (1, 3 + game.chests.gold)
    assert s.chests_out() == out - 1  # back in the bank
    assert s.seat() == 0 and s.stage == "main"  # not the turn's action


def test_experience_raises_the_heros_courage(s, game):
    a = _heroes(s)[0]
    p = s.players[0]
    p.chests, p.heroes = 1, [(a, 2)]
    s.apply_action(("cash", a))
    assert p.heroes == [(a, 2 + game.chests.experience)] and p.chests == 0


def test_an_exchange_not_offered_is_refused(s, game):
    a = _heroes(s)[0]
    p = s.players[0]
    p.chests, p.heroes = 1, [(a, game.battle.courage_max)]
    with pytest.raises(ValueError, match="for a chest"):
        s.apply_action(("cash", a))
    assert p.chests == 1


def test_the_greedy_agent_gives_a_chest_for_the_gold_a_hero_lacks(s, game):
    """With nothing left to build (no gold to save) and a hero open in its tavern, short of its price."""
    import random
    t, p = s.t, s.players[0]
    p.built = list(t.races[p.race].plots)
    p.tavern_open = [_heroes(s)[0]]
    p.chests, p.gold = 1, t.hero_gold - 5
    agent = GreedyAgent(random.Random(1))
    assert agent.act(s, 0) == ("cash", "gold")
    s.apply_action(("cash", "gold"))
    assert agent.act(s, 0) == ("hero", _heroes(s)[0])
    p.gold, p.chests = t.hero_gold + 100, 1  # the gold is there: the chest is kept
    assert agent.value(s, 0, ("cash", "gold")) < 0
