"""The capture of a capital (pnp.games.empire.rules.fights.war): besieged only once its player holds no
travel card, a siege of the fortifications' strength by completed verticals, and its fall: the war ends,
no new war between the pair that week, the treasury passes, the contribution is paid each turn till the
week's end."""

from __future__ import annotations

from collections import Counter

import pytest

from pnp.games.empire.rules import capital, moves
from pnp.games.empire.rules.fights.war import CAPITAL, capital_opponent, fall
from pnp.games.empire.rules.player import Player
from pnp.games.empire.rules.state import State
from pnp.games.empire.simulation import EmpireSimulation


@pytest.fixture
def s(game) -> State:
    """Two players in the first week, seat 0 to move, at war with seat 1 (which holds two terrains)."""
    sim = EmpireSimulation(2)
    s = sim.new_game(game, 100)
    s.chance = []
    s.players = []
    for race in range(2):
        p = Player(race)
        rt = s.t.races[race]
        p.hand = Counter({(rt.creatures[0].id, 1): 3})
        s.players.append(p)
    s.phase, s.stage, s.week, s.day, s.turn = "play", "main", 1, 1, 0
    terrain = next(c.id for c in s.t.cards.values() if c.type == "terrain")
    s.players[1].holdings = [terrain, terrain]
    s.players[0].gold = 100  # enough to buy a terrain off the enemy
    s.wars = [(0, 1)]
    return s


def _capital_captures(s: State) -> list[tuple]:
    return [a for a in s.legal_actions() if a[0] == "capture" and a[2] == CAPITAL]


def test_a_capital_is_besieged_only_when_its_player_holds_no_card(s):
    assert s.seat() == 0
    assert [a for a in s.legal_actions() if a[0] == "capture"] and not _capital_captures(s)
    s.players[1].holdings = [s.players[1].holdings[0]]
    assert not _capital_captures(s)
    s.players[1].holdings = []
    assert _capital_captures(s) == [("capture", 1, CAPITAL)]
    s.players[0].hand = Counter()  # no squad to besiege it with
    assert not _capital_captures(s)


def test_the_siege_is_a_towns_of_the_capitals_strength_and_counts_as_a_capture(s, game):
    s.players[1].holdings = []
    s.players[1].luck = 2
    s.apply_action(("capture", 1, CAPITAL))
    s.apply_action(("stay",))  # the holder does not intercept
    f = s.fight or s.last_battle
    assert f["kind"] == "siege_war" and f["at"] == CAPITAL and f["morale"] == 0  # no morale tile
    assert f["opp"].battle == game.battle.card_battles["town"]
    assert f["opp"].strength == game.capital.fortifications[0].strength
    assert f["opp"].luck == 2  # the defender's luck, as a held town's
    assert s.captures_left == s.t.captures - 1


@pytest.mark.parametrize("columns", [0, 1, 2, 3, 4])
def test_the_capitals_strength_rises_with_its_completed_verticals(s, game, columns):
    t = s.t
    built = [p.id for p in game.capital.plots if not p.built and p.at[1] < columns]
    p = s.players[1]
    p.built = built
    assert capital.completed_columns(t.layout, built) == columns
    track = {st.verticals: st.strength for st in game.capital.fortifications}
    expected = track[min(columns, max(track))]
    assert p.capital_strength(t) == expected == capital_opponent(s, 1).strength
    assert list(track) == sorted(track) and list(track.values()) == sorted(set(track.values()))


def test_the_capital_stands_above_every_town_and_garrison_of_the_travel_deck(game):
    strongest = max(max(c.strength) if c.type == "town" else c.bonus or 0
                    for c in game.travel_cards if c.type in ("town", "garrison"))
    assert min(st.strength for st in game.capital.fortifications) > strongest


def test_a_fallen_capital_ends_the_war_and_gives_up_its_treasury(s):
    t = s.t
    w, l = s.players
    w.gold, w.chests = 5, t.chest_keep - 1
    l.gold, l.chests = 40, 3
    fall(s, 0, 1)
    assert s.wars == [] and s.fallen == [(0, 1)]
    assert l.gold == 0 and l.chests == 0
    # one chest card fits under the winner's limit; the other two are taken as gold
    assert w.chests == t.chest_keep and w.gold == 5 + 40 + 2 * t.chest_gold
    assert s.tally["capitals_fallen"] == 1


def test_no_new_war_between_the_pair_until_the_week_ends(s):
    war = next(c.id for c in s.t.cards.values() if c.type == "diplomacy" and c.action == "war")
    s.players[1].travel = [war]
    s.players[0].travel = [war]
    fall(s, 0, 1)
    assert not [a for a in moves._plays(s, 0, war)]
    assert not [a for a in moves._plays(s, 1, war)]
    s.end_week()
    assert s.fallen == []
    assert moves._plays(s, 0, war) == [("war", war, 1)]


def test_the_loser_pays_its_contribution_at_each_of_its_turns_until_the_week_ends(s):
    t = s.t
    w, l = s.players
    fall(s, 0, 1)
    income = l.income(t)
    share = income // t.contribution_share
    assert share > 0
    w.gold = l.gold = 0
    s.end_turn()  # seat 1's turn: its day's gold, then the contribution
    assert s.seat() == 1
    assert l.gold == income - share and w.gold == share
    s.end_turn()  # seat 0's: no contribution to pay
    assert w.gold == share + w.income(t) and l.gold == income - share
    s.fallen = []  # the week's end
    s.end_turn()
    assert l.gold == 2 * income - share
