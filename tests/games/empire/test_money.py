"""3.4.3 «Сила денег» in the game engine (pnp.games.empire.rules.fights.money): bribes between players in a war
(a field battle's attacker, then its defender; a besieged holding's holder), mercenaries another player adds to
a neutral army, the seats asked and what each may pay, the chests back in the bank, and the greedy agent's
answers."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from pnp.games.empire.rules import duel
from pnp.games.empire.rules.battle.target import neutral_strength, target
from pnp.games.empire.rules.fights.war import CAPITAL
from pnp.games.empire.rules.player import Player
from pnp.games.empire.rules.state import CHANCE, State
from pnp.games.empire.sim.agents import GreedyAgent, RandomAgent
from pnp.games.empire.simulation import EmpireSimulation

ATTACKER = [("swordsmen", 4), ("archers", 3)]  # humans: levels IV and II
DEFENDER = [("goblins", 1), ("goblins", 2), ("goblins", 3), ("orc_warriors", 4)]  # orcs: a column of three at I


def _player(s: State, race: int, hand) -> Player:
    """A player whose creature deck is its race's, less the cards in hand."""
    p = Player(race)
    for c in s.t.races[race].creatures:
        p.deck.update((c.id, strike) for strike in c.strikes)
    for card in hand:
        p.deck[card] -= 1
        p.hand[card] += 1
    return p


@pytest.fixture
def s(game) -> State:
    return at_war(game)


def at_war(game) -> State:
    """Two players in the first week, seat 0 (humans) to move, at war with seat 1 (orcs), neither with a chest."""
    s = EmpireSimulation(2).new_game(game, 100)
    s.chance = []
    s.players = [_player(s, 0, ATTACKER), _player(s, 1, DEFENDER)]
    s.phase, s.stage, s.week, s.day, s.turn = "play", "main", 1, 1, 0
    s.wars = [(0, 1)]
    return s


def _card(s: State, kind: str) -> str:
    return next(c.id for c in s.t.cards.values() if c.type == kind)


def _mine(s: State) -> str:
    """The mine its neutral army guards with the most squads."""
    return max((c for c in s.t.cards.values() if c.type == "mine"), key=lambda c: (c.guards or 0, c.id)).id


def _finish(s: State, seed: int = 1) -> dict:
    """Plays the battle's chance steps to its end; the battle as the engine ended it."""
    rng = random.Random(seed)
    while s.fight is not None:
        assert s.current_player == CHANCE, s.stage
        s.apply_action(s.sample_chance(rng))
    return s.last_battle


# --- a field battle in a war ----------------------------------------------------------------

def test_one_chest_removes_the_defenders_weakest_squad_and_flips_the_odds(s):
    mine = _card(s, "mine")
    s.players[1].holdings = [mine]
    s.players[0].chests = 2
    bank = s.t.chest_count - s.chests_out()
    s.apply_action(("capture", 1, 0))
    assert s.stage == "chests" and s.current_player == 0
    # the defender's army has two squads (the goblins' column, the orc warriors): one chest at most, one left
    assert s.legal_actions() == [("bribe", 0), ("bribe", 1)]
    f = s.fight
    before = duel.duel_chances(s.t.rules, f["army"], f["def_army"])[0]
    s.apply_action(("bribe", 1))
    assert s.players[0].chests == 1 and s.t.chest_count - s.chests_out() == bank + 1  # back in the bank at once
    assert [q.type for q in f["def_army"].squads] == ["orc_warriors"]  # the lowest level went, a column of three
    after = duel.duel_chances(s.t.rules, f["army"], f["def_army"])[0]
    assert before < 0.5 < after
    assert s.current_player == CHANCE  # the defender holds no chest: it is not asked
    assert s.tally["bribes_in_war"] == 1


def test_the_engine_counts_the_bribed_battle_as_the_calculator_does(s):
    s.players[1].holdings = [_card(s, "mine")]
    s.players[0].chests = 1
    s.players[1].chests = 1
    s.apply_action(("capture", 1, 0))
    f = s.fight
    att, dfn = f["army"], f["def_army"]
    s.apply_action(("bribe", 1))
    assert s.current_player == 1 and s.legal_actions() == [("bribe", 0), ("bribe", 1)]  # the defender answers
    s.apply_action(("bribe", 1))
    assert [q.type for q in f["army"].squads] == ["swordsmen"]  # the archers (level II) went
    done = _finish(s)
    paid = duel.resolve_duel(s.t.rules, replace(att, chests=1), replace(dfn, chests=1), done["drawn"],
                             done["def_drawn"])
    assert done["outcome"] == paid and done["bribes"] == {0: 1, 1: 1}
    assert s.players[0].hand[("archers", 3)] == 1  # bribed away, it left the battle unhurt


def test_a_siege_holder_pays_to_remove_the_besiegers_weakest_squad(s):
    town = _card(s, "town")
    s.players[1].holdings = [town]
    s.players[1].chests = 3
    s.players[0].chests = 3  # a town has no squad to bribe: the besieger is not asked
    s.apply_action(("capture", 1, 0))
    s.apply_action(("stay",))  # no interception: the siege is laid
    assert s.stage == "chests" and s.current_player == 1
    assert s.legal_actions() == [("bribe", 0), ("bribe", 1)]  # two squads: one chest at most
    s.apply_action(("bribe", 1))
    assert s.players[1].chests == 2 and s.players[0].chests == 3
    assert [q.type for q in s.fight["army"].squads] == ["swordsmen"]
    done = _finish(s)
    assert [q.type for q in done["army"].squads] == ["swordsmen"] and done["bribes"] == {1: 1}
    assert s.players[0].hand[("archers", 3)] == 1


def test_a_capitals_holder_may_bribe_its_besieger_too(s):
    s.players[1].chests = 1
    s.apply_action(("capture", 1, CAPITAL))
    if s.stage == "intercept":
        s.apply_action(("stay",))
    assert s.fight["kind"] == "siege_war" and s.current_player == 1


def test_no_chest_no_question_and_no_more_than_a_player_holds(s):
    s.players[1].holdings = [_card(s, "mine")]
    other = s.clone()
    s.apply_action(("capture", 1, 0))
    assert s.stage != "chests" and s.current_player == CHANCE  # nobody holds a chest
    other.players[0].chests = 1
    other.apply_action(("capture", 1, 0))
    assert other.legal_actions() == [("bribe", 0), ("bribe", 1)]
    for wrong in (("bribe", 2), ("bribe", -1), ("mercenaries", 1)):  # more than it holds; not what it is asked
        with pytest.raises(ValueError):
            other.apply_action(wrong)
    assert other.players[0].chests == 1


# --- mercenaries ----------------------------------------------------------------------------

def _guarded(s: State, army: str = "bandits") -> dict:
    """Seat 0 visits a mine; the neutral deck turns up `army`."""
    s.wars = []
    mine = _mine(s)
    s.players[0].travel = [mine]
    s.apply_action(("visit", mine))
    assert s.chance[0][0] == "neutral"
    s.apply_action(army)
    return s.fight


def test_another_player_pays_for_mercenaries_and_the_neutral_army_grows_by_its_average_squad(s, game):
    s.players[1].chests = 3
    s.players[0].chests = 4
    f = _guarded(s)
    opp = f["opp"]
    assert s.stage == "chests" and s.current_player == 1
    assert s.legal_actions() == [("mercenaries", k) for k in range(4)]
    s.apply_action(("mercenaries", 2))
    assert s.players[1].chests == 1 and s.tally["mercenaries"] == 2
    assert f["opp"] == replace(opp, mercenaries=2)
    assert neutral_strength(game.battle, f["opp"]) == opp.strength + 2 * (opp.strength // opp.count)
    # then the fighter, knowing them, may bribe: up to the squads less one, mercenaries included
    assert s.current_player == 0
    assert s.legal_actions() == [("bribe", k) for k in range(min(4, opp.count + 2 - 1) + 1)]
    s.apply_action(("bribe", 3))
    assert target(game.battle, f["army"], f["opp"]).low == opp.strength - opp.strength // opp.count
    done = _finish(s)
    assert s.players[0].chests == 4 - done["outcome"].chests
    if done["outcome"].won:  # the points are the army's own squads, as its card prints them
        assert s.players[0].points["neutrals"] == opp.count


def test_a_neutral_battle_asks_the_others_from_the_fighters_left_then_the_fighter(game):
    s = EmpireSimulation(4).new_game(game, 100)
    s.chance = []
    s.players = [_player(s, r, []) for r in range(4)]
    for i, p in enumerate(s.players):
        p.chests = 1
        p.hand = Counter({(s.t.races[i].creatures[0].id, 1): 2})
    s.phase, s.stage, s.turn = "play", "main", 2
    assert s.seat() == 2
    mine = _mine(s)
    s.players[2].travel = [mine]
    s.apply_action(("visit", mine))
    s.apply_action("bandits")
    order = []
    while s.stage == "chests":
        order.append((s.current_player, s.legal_actions()[0][0]))
        s.apply_action(s.legal_actions()[0])
    assert order == [(3, "mercenaries"), (0, "mercenaries"), (1, "mercenaries"), (2, "bribe")]


def test_the_greedy_agent_pays_mercenaries_only_against_the_leader(s):
    s.players[1].chests = 4
    s.players[0].chests = 0
    f = _guarded(s, "wolves")
    greedy = GreedyAgent(random.Random(1))
    s.players[0].points["buildings"] = 20  # the fighter leads
    assert greedy.act(s, 1)[1] > 0
    s.players[1].points["buildings"] = 20  # level: no longer the leader
    assert greedy.act(s, 1) == ("mercenaries", 0)
    assert f is s.fight


def test_the_greedy_agent_bribes_when_it_turns_a_likely_loss_into_a_likely_win(s):
    s.players[1].holdings = [_card(s, "mine")]
    s.players[0].chests = 2
    s.apply_action(("capture", 1, 0))
    assert GreedyAgent(random.Random(1)).act(s, 0) == ("bribe", 1)


# --- whole games ----------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 4])
def test_every_question_lists_zero_up_to_what_the_seat_may_pay(game, players):
    sim = EmpireSimulation(players)
    s = sim.new_game(game, 100)
    rng = random.Random(players)
    agents = [RandomAgent(random.Random(i)) for i in range(players)]
    asked = Counter()
    while not s.is_terminal():
        if s.current_player == CHANCE:
            s.apply_action(s.sample_chance(rng))
            continue
        seat = s.current_player
        if s.stage == "chests":
            _, what = s.fight["asking"][0]
            legal = s.legal_actions()
            assert legal == [(what, k) for k in range(len(legal))] and len(legal) >= 2
            assert len(legal) - 1 <= s.players[seat].chests
            asked[what] += 1
            out = s.chests_out()
            s.apply_action(agents[seat].act(s, seat))
            assert s.chests_out() <= out  # paid into the bank, never taken from it
        else:
            s.apply_action(agents[seat].act(s, seat))
    assert asked["bribe"] and (players == 2 or asked["mercenaries"])
    assert s.tally["mercenaries"] + s.tally["bribes_in_war"] + s.tally["bribes_neutral"] > 0
