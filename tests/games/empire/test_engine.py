"""The empire's game engine (pnp.games.empire.rules.state): the engine protocol, exact chance steps,
seeded games played to the end by every agent for 2-4 players, legal placement and payment, and a battle
in the engine against the calculator's count of the same armies and cards."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest

from pnp.games.empire.rules import capital, chance
from pnp.games.empire.rules.battle.march import resolve
from pnp.games.empire.rules.state import CHANCE, TERMINAL, State
from pnp.games.empire.rules.tables import tables
from pnp.games.empire.simulation import SIMULATION, EmpireSimulation
from pnp.sim import seeding
from pnp.sim.engine import winner
from pnp.sim.hooks import AgentSpec, BadOption
from pnp.sim.runner import play_game


def _play(game, players: int, seed: int, agent: str = "random", until=None) -> State:
    sim = EmpireSimulation(players)
    s = sim.new_game(game, 100)
    rng = random.Random(seed)
    agents = [sim.agents[agent](game, random.Random(seed + i), None) for i in range(players)]
    while not s.is_terminal() and not (until and until(s)):
        if s.current_player == CHANCE:
            s.apply_action(s.sample_chance(rng))
        else:
            s.apply_action(agents[s.current_player].act(s, s.current_player))
    return s


def test_every_chance_step_lists_exact_outcomes_that_add_up_to_one(game):
    s = SIMULATION.new_game(game, 100)
    rng = random.Random(4)
    seen = set()
    while not s.is_terminal():
        if s.current_player == CHANCE:
            outcomes = s.chance_outcomes()
            assert outcomes and all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
            assert sum(p for _, p in outcomes) == 1
            seen.add(s.chance[0][0])
            pick = s.sample_chance(rng)
            assert pick in [o for o, _ in outcomes]
            s.apply_action(pick)
        else:
            legal = s.legal_actions()
            assert legal, s.stage
            s.apply_action(random.Random(len(seen)).choice(legal))
    assert {"races", "start", "deal", "tavern", "neutral", "card"} <= seen
    assert s.current_player == TERMINAL and s.legal_actions() == []


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_games_are_played_to_the_end_of_the_last_week(game, players, agent):
    s = _play(game, players, 11, agent)
    assert s.is_terminal() and s.week == game.weeks
    assert len({p.race for p in s.players}) == players  # a race a player
    r = s.returns()
    assert len(r) == players and sum(r) in (0.0, 1.0)
    if sum(r):
        top = max((sum(p.points.values()), p.wealth(s.t)) for p in s.players)
        assert (sum(s.players[winner(r)].points.values()), s.players[winner(r)].wealth(s.t)) == top


def test_the_same_seed_plays_the_same_game_to_the_byte(game):
    specs = (AgentSpec("greedy"),) * 3
    sim = EmpireSimulation(3)
    [gs] = seeding.block_games(9, 0, 1, seats=3)
    one = json.dumps(play_game(sim, game, specs, gs), sort_keys=True)
    two = json.dumps(play_game(sim, game, specs, gs), sort_keys=True)
    assert one == two
    [other] = seeding.block_games(10, 0, 1, seats=3)
    assert json.dumps(play_game(sim, game, specs, other), sort_keys=True) != one


def test_a_clone_is_its_own_position(game):
    s = _play(game, 2, 5, until=lambda s: s.week == 2 and s.current_player >= 0)
    c = s.clone()
    before = json.dumps(s.observation(0), sort_keys=True, default=str)
    rng = random.Random(1)
    while not c.is_terminal():
        c.apply_action(c.sample_chance(rng) if c.current_player == CHANCE else rng.choice(c.legal_actions()))
    assert json.dumps(s.observation(0), sort_keys=True, default=str) == before


def test_buildings_go_only_where_the_capital_allows_and_are_paid_in_chests_then_gold(game):
    s = _play(game, 2, 3, until=lambda s: s.phase == "play" and s.current_player >= 0 and s.stage == "main")
    seat = s.current_player
    p = s.players[seat]
    t = tables(game)
    plots = t.races[p.race].plots
    builds = {a[1] for a in s.legal_actions() if a[0] == "build"}
    assert builds == {x for x in capital.legal(t.layout, p.built) if p.can_pay(t, plots[x].cost)}
    assert builds and builds <= set(capital.legal(t.layout, ()))  # next to the palace only, at first
    p.chests, p.gold = 1, 2 * t.chest_gold + 3
    cheapest = min((x for x in capital.legal(t.layout, p.built)), key=lambda x: plots[x].cost)
    cost = plots[cheapest].cost
    assert cost == 3  # one chest and two in gold
    bank = s.chests_out()
    s.apply_action(("build", cheapest))
    assert p.chests == 0 and p.gold == 3 and s.chests_out() == bank - 1
    assert p.points["buildings"] == cost * game.capital.points_per_card
    p.chests, p.gold = 0, 0
    if s.current_player == seat and s.stage == "main":
        assert not [a for a in s.legal_actions() if a[0] == "build"]


def test_a_battle_in_the_engine_is_the_calculator_s_count_of_the_same_army_and_cards(game):
    fought = 0
    for seed in range(40):
        s = _play(game, 2, seed, "greedy", until=lambda s: s.last_battle is not None and s.last_battle["kind"] != "duel"
                  and "checked" not in s.last_battle)
        if s.is_terminal():
            continue
        f = s.last_battle
        f["checked"] = True
        out = resolve(game.battle, f["army"], f["opp"], f["drawn"], f["morale"])
        assert out == f["outcome"]
        # the engine drew exactly the cards the count reads: one more changes nothing, one fewer does
        if f["pool"]:
            assert all(resolve(game.battle, f["army"], f["opp"], [*f["drawn"], v], f["morale"]) == out
                       for v in f["pool"])
        if f["drawn"]:
            assert resolve(game.battle, f["army"], f["opp"], f["drawn"][:-1], f["morale"]) != out
        fought += 1
        if fought >= 5:
            break
    assert fought >= 5


def test_damage_cards_are_drawn_with_the_deck_s_exact_odds(game):
    s = _play(game, 2, 2, "greedy", until=lambda s: s.chance and s.chance[0][0] == "card")
    defends = s.fight.get("side") == "defender"
    seat = s.fight["enemy"] if defends else s.fight["seat"]
    pool = s.players[seat].deck_strikes() - Counter(s.fight["def_drawn"] if defends else s.fight["drawn"])
    total = sum(pool.values())
    assert dict(s.chance_outcomes()) == {v: Fraction(n, total) for v, n in pool.items() if n}


def test_the_simulation_seats_two_to_four_players_and_refuses_others(game):
    assert SIMULATION.roles(game) == ("A", "B", "C", "D")
    assert SIMULATION.configure({"players": "2"}).roles(game) == ("A", "B")
    for bad in ("1", "5", "two"):
        with pytest.raises(BadOption):
            SIMULATION.configure({"players": bad}).roles(game)


def test_races_are_drawn_as_one_exact_chance_step():
    draws = chance.race_draws(4, 2)
    assert len(draws) == 12 and sum(p for _, p in draws) == 1
