"""Setup, the round, income, storage, scoring and the end of the game."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction


from pnp.games.tverdzha.rules import CHANCE, Choose, new_game
from pnp.games.tverdzha.rules.events import RoundEnded

from rulekit import fresh, give, own, pass_turns, put, sp


def test_first_tile_is_an_exact_draw_from_the_pair_bag(game):
    s = new_game(game)
    assert s.current_player == CHANCE and s.chance_label() == "tile a1+b1"
    assert s.chance_outcomes() == [("forest", Fraction(3, 8)), ("quarry", Fraction(2, 8)),
                                   ("field", Fraction(2, 8)), ("desert", Fraction(1, 8))]


def test_setup_mirrors_tiles_and_deals_cards_and_market(game):
    for seed in range(20):
        s = fresh(game, seed)
        R = s.R
        half = Counter()
        for a, b in R.tile_pairs:
            assert s.land[a] == s.land[b] >= 0
            half[R.land_ids[s.land[a]]] += 1
        assert half == dict(game.board.tiles.pairs)
        assert Counter(R.land_ids[s.land[c]] for c in R.tile_centre) == dict(game.board.tiles.centre)
        assert s.land[sp(s, "citadel")] == R.land_idx["citadel"]
        assert [s.hand_count(p) for p in (0, 1)] == [game.setup.hand] * 2
        assert len(s.market) == game.setup.market
        assert s.resources(0) == {"wood": 1, "stone": 1, "grain": 1, "gold": 0}
        assert s.units[R.castle[0]] == (1,) and s.units[R.castle[1]] == (1,)
        assert s.current_player == 0 and s.round == 1


def test_income_from_held_lands_citadel_and_mine(game):
    s = fresh(game)
    put(s, "a1", 0, (1,))
    put(s, "citadel", 0, (1,))
    put(s, "mine", 0, (1,))
    before = s.resources(0)
    pass_turns(s, 2)
    after = s.resources(0)
    a1 = s.R.land_yield[s.land[sp(s, "a1")]]
    expected = dict(before)
    expected["gold"] += 2
    if a1 >= 0:
        expected[s.R.res_ids[a1]] += 1
    assert s.round == 2 and after == expected


def test_empty_lands_and_castle_yield_nothing(game):
    s = fresh(game)
    before = s.resources(1)
    pass_turns(s, 2)
    assert s.resources(1) == before


def test_storage_cap_per_resource_at_round_end(game):
    s = fresh(game)
    give(s, 0, wood=9, gold=6)
    give(s, 1, wood=9)
    own(s, 1, "storehouse")
    pass_turns(s, 2)
    assert s.resources(0)["wood"] == game.limits.storage_cap
    assert s.resources(0)["gold"] == game.limits.storage_cap
    assert s.resources(1)["wood"] == game.limits.storage_cap + 2
    own(s, 1, "storehouse", upgraded=("storehouse",))
    give(s, 1, wood=12)
    pass_turns(s, 2)
    assert s.resources(1)["wood"] == game.limits.storage_cap + 3


def test_income_choice_is_a_decision_and_bank_adds_gold(game):
    s = fresh(game)
    own(s, 0, "treasury", upgraded=("treasury",))
    gold = s.resources(0)["gold"]
    pass_turns(s, 2, choose=None)
    # pass_turns answers with the first resource; the bank's own +1 gold comes on top
    assert s.resources(0)["gold"] == gold + 1
    s2 = fresh(game)
    own(s2, 0, "treasury")
    s2.apply_action(s2.legal_actions()[0])  # pass
    s2.apply_action(s2.legal_actions()[0])
    while s2.current_player == CHANCE:
        s2.apply_action(s2.chance_outcomes()[0][0])
    assert s2.queue[0][0] == "choice" and s2.current_player == 0
    assert s2.legal_actions() == [Choose(r) for r in s2.R.res_ids]
    s2.apply_action(Choose("gold"))
    assert s2.resources(0)["gold"] == 1


def test_scoring_buildings_prestige_town_hall_lands(game):
    s = fresh(game)
    own(s, 0, "cathedral", "tourney", "fair")
    assert s.score(0) == 4 + 3 + 3 + game.scoring.prestige_points
    own(s, 0, "cathedral", upgraded=("cathedral",))
    assert s.score(0) == 6 + 3 + 3 + game.scoring.prestige_points
    s = fresh(game)
    own(s, 0, "town_hall", "market", "wall", "fort", "forge")
    assert s.score(0) == 2 + 1 + 2 + 2 + 2 + 4 // 2
    own(s, 0, "town_hall", upgraded=("town_hall",))
    assert s.score(0) == 3 + 1 + 2 + 2 + 2 + 4
    s = fresh(game)
    put(s, "citadel", 0, (1,))
    assert s.score(0) == 5
    put(s, "a1", 0, (1,))
    put(s, "a2", 0, (1,))
    put(s, "mine", 0, (1,))
    # the rules: «Копальня дає золото, але очок не дає» -- 3 of the 4 lands count
    assert s.score(0) == 5 + 3 // 2


def _rich(s, p):
    own(s, p, "cathedral", "tourney", "fair", "town_hall", upgraded=("cathedral", "tourney", "fair", "town_hall"))


def test_points_win_is_checked_at_round_end(game):
    s = fresh(game)
    _rich(s, 0)
    put(s, "citadel", 0, (1,))
    assert s.score(0) >= game.victory.points
    pass_turns(s, 1)
    assert not s.is_terminal()  # B still has its turn
    pass_turns(s, 1)
    assert s.is_terminal() and s.winner == 0 and s.victory_type == "points"
    assert s.returns() == [1.0, -1.0]


def test_both_over_the_line_is_the_tie_rule(game):
    s = fresh(game)
    for p, cell in ((0, "citadel"), (1, "mine")):
        _rich(s, p)
        put(s, cell, p, (1,))
    for cell in ("a1", "b4", "b5", "b6", "b7", "b8"):
        put(s, cell, 1, (1,))
    assert min(s.score(0), s.score(1)) >= game.victory.points
    pass_turns(s, 2)
    assert s.victory_type == "tie" and s.winner == game.players.index(game.victory.tie_winner)


def test_round_cap_ends_the_game_without_winner(game):
    s = fresh(game, max_rounds=3)
    pass_turns(s, 10)
    assert s.is_terminal() and s.victory_type == "cap" and s.winner is None and s.round == 3
    assert s.returns() == [0.0, 0.0]
    assert [e.round for e in s.events if isinstance(e, RoundEnded)] == [1, 2, 3]


def test_hands_refill_after_every_turn_and_watchtower_raises_it(game):
    s = fresh(game)
    s.deck = [d + h for d, h in zip(s.deck, s.hand[1])]
    s.hand[1] = [0] * s.R.n_cards
    own(s, 0, "watchtower", upgraded=("watchtower",))
    pass_turns(s, 1)
    assert s.hand_count(0) == game.limits.hand_size + 2
    assert s.hand_count(1) == game.limits.hand_size


def test_round_draw_caps_at_hand_max(game):
    s = fresh(game)
    own(s, 0, "dovecote", "watchtower", upgraded=("dovecote", "watchtower"))
    for _ in range(6):
        pass_turns(s, 2)
        assert s.hand_count(0) <= game.limits.hand_max
    assert s.hand_count(0) == game.limits.hand_max


def test_reshuffle_when_the_deck_is_empty(game):
    s = fresh(game)
    s.discard = [a + b for a, b in zip(s.discard, s.deck)]
    s.deck = [0] * s.R.n_cards
    s.hand[0] = [0] * s.R.n_cards
    total = sum(s.discard)
    pass_turns(s, 1)
    shuffles = [e for e in s.events if type(e).__name__ == "Reshuffled"]
    assert shuffles and shuffles[0].cards == total
    assert s.hand_count(0) == game.limits.hand_size
