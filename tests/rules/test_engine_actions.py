"""Hire, move (castle entry, two-step moves, road bonus), train, trade, build, upgrade, heal."""

from __future__ import annotations

import pytest

from pnp.games.tverdzha.rules import (
    CHANCE,
    Build,
    EndTurn,
    Heal,
    Hire,
    IllegalAction,
    Move,
    Trade,
    Train,
    Upgrade,
)
from pnp.games.tverdzha.rules.events import MarketShort

from rulekit import fight, fresh, give, own, pass_turns, put, settle, sp, units


def kinds(state, kind):
    return [a for a in state.legal_actions() if a.kind == kind]


# ---- hire ---------------------------------------------------------------------------
def test_hire_needs_grain_and_a_place(game):
    s = fresh(game)
    assert not kinds(s, "hire")  # 1 grain, hiring costs 2
    give(s, 0, grain=2)
    put(s, "a5", 0, (1,))
    assert set(kinds(s, "hire")) == {Hire("castle-A"), Hire("a5")}
    s.apply_action(Hire("a5"))
    assert units(s, "a5") == (1, 1) and s.resources(0)["grain"] == 0


def test_army_limit_counts_the_castle_as_a_land(game):
    s = fresh(game)
    give(s, 0, grain=9)
    assert s.army_limit(0) == game.limits.army_per_land * 1
    s.apply_action(Hire("castle-A"))
    assert s.army(0) == 2 == s.army_limit(0)
    pass_turns(s, 1)
    assert s.current_player == 0
    assert not kinds(s, "hire")
    own(s, 0, "outpost")
    assert s.army_limit(0) == 2 + 3 and kinds(s, "hire")


def test_per_space_limit_and_fort(game):
    s = fresh(game)
    give(s, 0, grain=9)
    own(s, 0, "outpost")
    put(s, "castle-A", 0, (1, 1, 1))
    assert Hire("castle-A") not in s.legal_actions()
    own(s, 0, "outpost", "fort")
    assert Hire("castle-A") in s.legal_actions()


def test_barracks_knights_and_fortress_change_hiring(game):
    s = fresh(game)
    give(s, 0, grain=3)
    own(s, 0, "barracks", upgraded=("barracks",))
    s.apply_action(Hire("castle-A"))
    assert units(s, "castle-A") == (1, 3) and s.resources(0)["grain"] == 0
    s = fresh(game)
    give(s, 0, grain=1)
    own(s, 0, "fort", upgraded=("fort",))
    s.apply_action(Hire("castle-A"))
    assert s.resources(0)["grain"] == 0


# ---- move -----------------------------------------------------------------------------
def test_castle_exits_to_its_entrances_and_any_subset_moves(game):
    s = fresh(game)
    put(s, "castle-A", 0, (1, 2))
    moves = {(a.dst, a.units) for a in kinds(s, "move")}
    assert moves == {(d, u) for d in ("a1", "a2", "a3") for u in ((1,), (2,), (1, 2))}


def test_enemy_castle_needs_two_entrances_or_a_siege_camp(game):
    s = fresh(game)
    put(s, "castle-A", 0)
    put(s, "b1", 0, (2,))
    assert Move("b1", "castle-B", (2,)) not in s.legal_actions()
    own(s, 0, "siege_camp")
    assert Move("b1", "castle-B", (2,)) in s.legal_actions()
    s = fresh(game)  # without the camp: a second entrance opens the castle
    put(s, "b1", 0, (2,))
    put(s, "b2", 0, (1,))
    assert Move("b1", "castle-B", (2,)) in s.legal_actions()
    assert Move("b5", "castle-B", (2,)) not in s.legal_actions()


def test_walking_into_an_empty_enemy_castle_wins(game):
    s = fresh(game)
    put(s, "castle-B", 1)
    put(s, "b1", 0, (1,))
    put(s, "b3", 0, (1,))
    s.apply_action(Move("b3", "castle-B", (1,)))
    assert s.is_terminal() and s.winner == 0 and s.victory_type == "castle"


def test_capturing_a_defended_castle_wins(game):
    s = fresh(game)
    s.hand = [[0] * s.R.n_cards, [0] * s.R.n_cards]
    s.deck = list(s.R.card_counts)
    put(s, "b1", 0, (3, 3))
    put(s, "b2", 0, (1,))
    fight(s, 0, "b1", "castle-B", (3, 3), faces=(6, 1, 1))
    assert s.is_terminal() and s.winner == 0 and s.victory_type == "castle"


def test_two_step_moves_with_the_highway_not_through_enemies(game):
    s = fresh(game)
    own(s, 0, "road", upgraded=("road",))
    put(s, "a2", 1, (1,))
    dsts = {a.dst for a in kinds(s, "move")}
    assert {"a1", "a2", "a3", "a5", "a7"} <= dsts
    assert "a6" not in dsts  # only through the enemy on a2


def test_road_bonus_on_entering_a_land(game):
    s = fresh(game)
    own(s, 0, "road")
    r = s.R.land_yield[s.land[sp(s, "a1")]]
    before = list(s.res[0])
    s.apply_action(Move("castle-A", "a1", (1,)))
    after = list(s.res[0])
    if r >= 0:
        before[r] += 1
    assert after == before


# ---- train, trade ---------------------------------------------------------------------
def test_training_cap_and_forge(game):
    s = fresh(game)
    put(s, "castle-A", 0, (1, 2))
    assert kinds(s, "train") == [Train("castle-A", 1)]
    own(s, 0, "forge")
    assert set(kinds(s, "train")) == {Train("castle-A", 1), Train("castle-A", 2)}
    s.apply_action(Train("castle-A", 2))
    assert units(s, "castle-A") == (1, 3) and s.resources(0)["stone"] == 0


def test_trade_rates(game):
    s = fresh(game)
    assert not kinds(s, "trade")
    own(s, 0, "market")
    give(s, 0, wood=2)
    assert Trade("wood", 2, ("gold", "gold")) in s.legal_actions()
    assert Trade("wood", 2, ("wood", "wood")) not in s.legal_actions()
    s.apply_action(Trade("wood", 2, ("stone", "gold")))
    assert s.resources(0) == {"wood": 0, "stone": 2, "grain": 1, "gold": 1}
    s = fresh(game)
    own(s, 0, "treasury")
    give(s, 0, grain=3)
    assert {a.get for a in kinds(s, "trade")} == {("wood",), ("stone",), ("grain",), ("gold",)} - {("grain",)}


#: State's fields but its event log (named here: the compiled State has no __slots__)
_FIELDS = ("units", "owner", "land", "yields", "res", "bld", "fx", "hand", "deck", "discard", "bdeck", "bottom",
           "market", "bags", "wounded", "round", "active", "heals", "queue", "battle", "fight", "cur", "winner",
           "victory_type")


def _position(s):
    return [getattr(s, f) for f in _FIELDS]


def test_a_trade_changes_nothing_but_its_trade_change(game):
    # The greedy agent values trades of one change once (Rules.trade_changes): that is
    # only right while a trade does nothing beyond adding that change to the resources.
    s = fresh(game)
    own(s, 0, "market", "treasury", upgraded=("market",))  # the exchange: 2 for 3
    give(s, 0, wood=3, stone=3, grain=3, gold=3)
    trades = kinds(s, "trade")
    changes = {s.R.trade_changes[t] for t in trades}
    assert len(trades) > len(changes) > 10  # several trades share a change
    by_change = {}
    for t in trades:
        child = s.clone()
        child.apply_action(t)
        by_hand = s.clone()
        by_hand.res[0] = [v + d for v, d in zip(by_hand.res[0], s.R.trade_changes[t])]
        by_hand.queue.pop(0)  # the action step is done
        by_hand._advance()
        assert _position(child) == _position(by_hand), t
        assert _position(by_change.setdefault(s.R.trade_changes[t], child)) == _position(child), t


def _at_trades(game, seat: int, market_draws: bool = True):
    """A's or B's action step with many trades; without market draws B's pass ends the round."""
    s = fresh(game)
    own(s, seat, "market", "treasury", upgraded=("market",))
    if seat == 1:
        pass_turns(s, 1)
    assert s.current_player == seat and s.step_kind == "act"
    give(s, seat, wood=4, stone=3, grain=3, gold=2)
    land = next(c for c in range(s.R.n_cells) if s.yields[c] >= 0 and s.owner[c] < 0)
    put(s, s.R.space_ids[land], seat, (1,))  # a land that yields at the next round's start
    if not market_draws:  # the building deck is used up: the round's check runs, a new round begins
        s.bdeck = [0] * len(s.bdeck)
        s.bottom = []
    return s


@pytest.mark.parametrize("seat, market_draws, rounds", [(0, True, 0), (1, True, 0), (1, False, 1)])
def test_a_trade_reaches_the_pass_childs_position_but_for_its_resources(game, seat, market_draws, rounds):
    # The greedy agent values a trade's child from the pass child (turn_end.TurnEnd.resources):
    # the same position but for the trader's resources: clipped at the storage cap when the
    # round's end ran on the way (B's turn is the round's last), plus the next round's income.
    from pnp.games.tverdzha.rules import PASS
    from pnp.games.tverdzha.rules.turn_end import TurnEnd

    s = _at_trades(game, seat, market_draws)
    passed = s.clone()
    passed.apply_action(PASS)
    assert passed.round == s.round + rounds
    beyond = 0
    for t in kinds(s, "trade"):
        child = s.clone()
        child.apply_action(t)
        res = TurnEnd(s, passed, seat).resources(list(s.R.trade_changes[t]))
        assert res == child.res[seat], t
        by_hand = passed.clone()
        by_hand.res[seat] = res
        assert _position(by_hand) == _position(child), t
        over = [v + d for v, d in zip(s.res[seat], s.R.trade_changes[t])]
        if max(over) > s.fx[seat].storage_cap:  # A keeps it till the round's end, B loses it now
            beyond += 1
            if not rounds:
                assert (res == over) == (seat == 0), t
    assert beyond  # some trades went beyond the cap
    kept = [min(v, s.fx[seat].storage_cap) for v in s.res[seat]]
    assert (passed.res[seat] != kept) == bool(rounds)  # the new round's income came on top


def test_a_trade_that_ends_the_game_on_the_way_is_played_out(game):
    from pnp.games.tverdzha.rules import PASS, TERMINAL
    from pnp.games.tverdzha.rules.turn_end import TurnEnd

    s = _at_trades(game, 1, market_draws=False)
    s.max_rounds = s.round  # the round's check ends the game at the cap
    passed = s.clone()
    passed.apply_action(PASS)
    assert passed.current_player == TERMINAL
    assert TurnEnd(s, passed, 1).resources(list(s.R.trade_changes[kinds(s, "trade")[0]])) is None


def test_a_move_hire_or_training_reaches_the_pass_childs_turn_end(game):
    # The greedy agent makes the child of a move that starts no battle, a hire or a training
    # from the pass child (turn_end.TurnEnd.child): every field but the event log is that of the
    # action played out, in both seats (B's turn ends the round: stores capped, the victory
    # check, the next round's land yields), or the action is played out.
    import random

    from pnp.games.tverdzha.rules import PASS, new_game
    from pnp.games.tverdzha.rules.agents_min import RandomAgent, play
    from pnp.games.tverdzha.rules.turn_end import TurnEnd

    seen = {"made": [0, 0], "played": 0, "new round": 0, "yields moved": 0}

    def probe(s, p, _action):
        if p < 0 or s.step_kind != "act":
            return
        passed = s.clone(events=False)
        passed.apply_action(PASS)
        for a in s.legal_actions():
            if a.kind not in ("move", "hire", "train"):
                continue
            made = TurnEnd(s, passed, p).child(a)
            child = s.clone(events=False)
            child.apply_action(a)
            if made is None:
                seen["played"] += 1
                continue
            assert _position(made) == _position(child), a
            seen["made"][p] += 1
            if passed.round != s.round:
                seen["new round"] += 1
                seen["yields moved"] += a.kind == "move" and child.owner != s.owner

    for seed in range(8):
        agents = (RandomAgent(random.Random(seed)), RandomAgent(random.Random(seed + 50)))
        play(new_game(game, max_rounds=40), agents, random.Random(seed), probe)
    assert min(seen["made"]) > 200 and seen["new round"] > 100 and seen["yields moved"] > 50, seen
    assert seen["played"] > 50, seen  # battles, walking into a castle, heals: played out


def _clear_board(s) -> None:
    for c in range(s.R.n_cells):
        put(s, s.R.space_ids[c], -1, ())
    for castle in s.R.castle:
        s.units[castle] = ()


def _empty_neighbour(s, cell: int) -> int:
    return next(y for y in s.R.adj[cell] if y < s.R.n_cells and s.owner[y] < 0 and s.R.land_scores[s.land[y]]
                and not s.R.land_points[s.land[y]])


def _turn_end_position(model, guard: str):
    """(position, seat, action) for the guard: the board cleared but for what it needs."""
    seat = 0 if guard == "heal" else 1  # B's turn ends the round
    s = fresh(model)
    if seat == 1:
        pass_turns(s, 1)
    assert s.current_player == seat and s.step_kind == "act"
    _clear_board(s)
    R, castle = s.R, s.R.castle[seat]
    other = next(c for c in range(R.n_cells) if c not in R.entrances[0] + R.entrances[1])
    put(s, R.space_ids[other], 1 - seat, (1,))
    s.bdeck = [0] * len(s.bdeck)  # no market draw stops the turn's end before the round's check
    give(s, seat, grain=5)
    if guard == "heal":
        own(s, seat, "infirmary")
        s.wounded[seat] = 1
        s.units[castle] = (1,)  # the army limit (castle and no land): 2; a hire fills it
        return s, seat, R.hires[castle]
    if guard == "victory":
        land = next(c for c in range(R.n_cells) if c != other and R.land_scores[s.land[c]]
                    and not R.land_points[s.land[c]] and any(s.owner[y] < 0 for y in R.adj[c] if y < R.n_cells))
        put(s, R.space_ids[land], seat, (2, 2))
        dst = _empty_neighbour(s, land)
        return s, seat, Move(R.space_ids[land], R.space_ids[dst], (2,))  # a second land: a land point
    return s, seat, R.hires[castle]  # no unit anywhere: the next round's start would muster


@pytest.mark.parametrize("guard", ["heal", "victory", "muster"])
def test_a_move_or_hire_that_changes_the_turns_end_is_played_out(game, guard):
    # turn_end.TurnEnd.child's guards, each where passing and the action part ways: a heal that
    # passing leaves possible and a hire rules out (the army limit); a move that reaches
    # the victory points at the round's check (a game whose target is one land point
    # above B's score); a hire by a player without units, whom the next round's start
    # would muster.
    from dataclasses import replace

    from pnp.games.tverdzha.rules import PASS
    from pnp.games.tverdzha.rules.turn_end import TurnEnd

    model = game
    if guard == "victory":
        s, seat, _ = _turn_end_position(game, guard)
        target = s.score(seat) + s.R.points_per_lands
        assert s.score(1 - seat) < target
        model = replace(game, victory=replace(game.victory, points=target))
    s, seat, action = _turn_end_position(model, guard)
    castle = s.R.castle[seat]
    assert action in s.legal_actions()
    passed = s.clone(events=False)
    passed.apply_action(PASS)
    child = s.clone(events=False)
    child.apply_action(action)
    assert TurnEnd(s, passed, seat).child(action) is None
    if guard == "heal":
        assert passed.step_kind == "post" and child.step_kind != "post"
    elif guard == "victory":
        assert passed.winner is None and child.winner == seat
    else:
        assert passed.units[castle] == s.R.muster and len(child.units[castle]) == 1  # hired, not mustered


# ---- build, upgrade, market -------------------------------------------------------------
def _market(s, *bids):
    s.market = [s.R.b_idx[b] for b in bids]


def test_build_pays_and_refills_position_one(game):
    s = fresh(game)
    _market(s, "wall", "market", "fort", "road")
    give(s, 0, stone=3)
    s.apply_action(Build(1, "wall", (), None))
    assert s.buildings(0) == {"wall": "wall"} and s.resources(0)["stone"] == 0
    assert s.current_player == CHANCE and s.chance_label() == "market card"
    s.apply_action(s.chance_outcomes()[0][0])
    assert [s.R.b_ids[b] for b in s.market][1:] == ["market", "fort", "road"]


def test_cannot_build_what_you_own_and_discount_is_chosen(game):
    s = fresh(game)
    _market(s, "wall", "market", "fort", "road")
    give(s, 0, wood=3, stone=3, grain=4)
    own(s, 0, "wall", "guild")
    builds = kinds(s, "build")
    assert all(b.building != "wall" for b in builds)
    assert {b.waive for b in builds if b.building == "fort"} == {("stone",), ("grain",)}
    s.apply_action(Build(3, "fort", ("grain",), None))
    assert s.resources(0)["stone"] == 0 and s.resources(0)["grain"] == 4


def test_full_castle_discards_to_the_bottom_of_the_deck(game):
    s = fresh(game)
    _market(s, "wall", "market", "fort", "road")
    own(s, 0, "watchtower", "forge", "barracks", "treasury", "cathedral", "tourney", "fair")
    give(s, 0, stone=3)
    builds = kinds(s, "build")
    assert builds and all(b.discard for b in builds)
    s.apply_action(Build(1, "wall", (), "forge"))
    assert "forge" not in s.buildings(0) and len(s.bld[0]) == game.limits.building_slots
    assert s.R.b_ids[s.bottom[-1]] == "forge"


def test_upgrade_replaces_the_effect(game):
    s = fresh(game)
    own(s, 0, "wall")
    give(s, 0, stone=3, gold=1)
    assert s.fx[0].castle_defense == 2
    s.apply_action(Upgrade("wall", ()))
    assert s.buildings(0) == {"wall": "bastion"} and s.fx[0].castle_defense == 3
    assert s.resources(0)["stone"] == 0 and s.resources(0)["gold"] == 0


def test_market_refresh_and_exhaustion(game):
    s = fresh(game)
    oldest = s.market[-1]
    pass_turns(s, 2)
    assert s.bottom[-1] == oldest or oldest in s.market
    s = fresh(game)
    s.bdeck = [0] * s.R.n_b
    s.bottom = []
    give(s, 0, wood=9, stone=9, grain=9, gold=9)
    s.apply_action(next(iter(kinds(s, "build"))))
    assert len(s.market) == game.limits.market_size - 1
    assert any(isinstance(e, MarketShort) for e in s.events)
    pass_turns(s, 2)  # the refresh sends the oldest under the empty deck and draws it back
    assert len(s.market) == game.limits.market_size - 1


# ---- battle on the board, wounded and healing ---------------------------------------------
def _no_cards(s):
    s.deck = [d + a + b for d, a, b in zip(s.deck, s.hand[0], s.hand[1])]
    s.hand = [[0] * s.R.n_cards, [0] * s.R.n_cards]


def test_attack_capture_and_repulse(game):
    s = fresh(game)
    _no_cards(s)
    put(s, "a5", 0, (1, 2))
    put(s, "c2", 1, (1, 1))
    fight(s, 0, "a5", "c2", (1, 2), faces=(6, 6, 1, 1))
    assert units(s, "c2") == (1, 2) and s.owner[sp(s, "c2")] == 0 and units(s, "a5") == ()
    e = s.events[-1]
    assert (e.att_dice, e.def_dice, e.att_lost, e.def_lost, e.winner, e.captured) == ((6, 6), (1, 1), 0, 2, 0, True)
    s = fresh(game)
    _no_cards(s)
    put(s, "a5", 0, (1, 2))
    put(s, "c2", 1, (1, 1))
    fight(s, 0, "a5", "c2", (2,), faces=(1, 6, 1))
    assert units(s, "a5") == (1,) and units(s, "c2") == (1, 1) and s.events[-1].winner == 1


def test_wounded_go_to_the_infirmary_and_heal_is_free(game):
    s = fresh(game)
    _no_cards(s)
    own(s, 0, "infirmary")
    put(s, "castle-A", 0)
    put(s, "a5", 0, (1, 1))
    put(s, "a1", 0, (1,))
    put(s, "c2", 1, (3, 3))
    fight(s, 0, "a5", "c2", (1, 1), faces=(1, 1, 6, 6))
    assert s.wounded[0] == 1  # two lost, room for one
    assert s.current_player == 0 and s.legal_actions() == [Heal(), EndTurn()]  # heal after the action
    s.apply_action(Heal())
    assert units(s, "castle-A") == (1,) and s.wounded[0] == 0
    settle(s)
    assert s.current_player == 1  # no second heal in the turn: the turn ended by itself
    s.wounded[0] = 1
    pass_turns(s, 1)
    assert s.current_player == 0 and Heal() in s.legal_actions()  # heal before the action
    s.apply_action(Heal())
    assert units(s, "castle-A") == (1, 1) and s.queue[0][0] == "act"
    assert Heal() not in s.legal_actions()


def test_illegal_actions_are_refused_when_validating(game):
    s = fresh(game)
    with pytest.raises(IllegalAction):
        s.apply_action(Hire("b1"))


def test_after_battle_cards_in_the_game(game):
    s = fresh(game)
    _no_cards(s)
    for p, cid in ((0, "loot"), (1, "rally")):
        c = s.R.card_idx[cid]
        s.deck[c] -= 1
        s.hand[p][c] += 1
    put(s, "a5", 0, (3,))
    put(s, "c2", 1, (1,))
    gold = s.resources(0)["gold"]
    fight(s, 0, "a5", "c2", (3,), cards=("loot", "rally"), faces=(6, 1))
    assert s.resources(0)["gold"] == gold + 1
    assert s.current_player == CHANCE and s.chance_label() == "battle card for B"
    assert s.discard[s.R.card_idx["loot"]] == 1 and s.discard[s.R.card_idx["rally"]] == 1
    e = s.events[-1]
    assert (e.att_card, e.def_card, e.captured) == ("loot", "rally", True)


def test_foragers_take_the_disputed_land_s_resource(game):
    s = fresh(game)
    _no_cards(s)
    c = s.R.card_idx["foragers"]
    s.deck[c] -= 1
    s.hand[1][c] += 1
    put(s, "a5", 0, (1,))
    put(s, "c2", 1, (3,))
    r = s.yields[sp(s, "c2")]
    before = list(s.res[1])
    fight(s, 0, "a5", "c2", (1,), cards=(None, "foragers"), faces=(1, 6))
    if r >= 0:
        before[r] += 1
    assert s.res[1] == before and units(s, "a5") == ()


def test_castle_battle_bonuses_in_the_game(game):
    s = fresh(game)
    _no_cards(s)
    own(s, 0, "siege_camp", upgraded=("siege_camp",))
    own(s, 1, "wall")
    put(s, "b1", 0, (2,))
    put(s, "castle-B", 1, (1,))
    assert Move("b1", "castle-B", (2,)) in s.legal_actions()  # one entrance is enough
    s.apply_action(Move("b1", "castle-B", (2,)))
    assert s.battle.strength == (2 + 3, 1 + 1 + 2)


def test_two_step_move_into_the_enemy_castle_from_a_held_entrance(game):
    s = fresh(game)
    own(s, 0, "road", upgraded=("road",))
    put(s, "castle-B", 1)
    put(s, "b5", 0, (1,))
    put(s, "b3", 0, (1,))
    assert Move("b5", "castle-B", (1,)) not in s.legal_actions()  # b1 on the way is not held
    put(s, "b1", 0, (1,))
    assert Move("b5", "castle-B", (1,)) in s.legal_actions()


def test_upgrade_discount_of_the_great_guild(game):
    s = fresh(game)
    own(s, 0, "guild", "wall", upgraded=("guild",))
    give(s, 0, stone=2, gold=1)
    assert Upgrade("wall", ("stone",)) in s.legal_actions()
    s.apply_action(Upgrade("wall", ("stone",)))
    assert s.resources(0)["stone"] == 0
