"""The battle: strength, thresholds, natural rolls and every battle-card effect."""

from __future__ import annotations

import pytest

from pnp.games.tverdzha.effect_keys import BATTLE, BUILDING, EFFECTS
from pnp.games.tverdzha.rules.battle import Battle
from pnp.games.tverdzha.rules.compiled import compile_rules


@pytest.fixture(scope="module")
def R(game):
    return compile_rules(game)


def fight(R, att, dfn, faces=(), att_card=None, def_card=None, att_bonus=0, def_bonus=0):
    idx = R.card_idx
    b = Battle.open(R, tuple(sorted(att)), tuple(sorted(dfn)), att_bonus, def_bonus,
                    None if att_card is None else idx[att_card], None if def_card is None else idx[def_card])
    for f in faces:
        assert b.next_side() >= 0
        b.roll(f)
    return b


def test_every_effect_key_of_the_content_is_in_the_vocabulary(game):
    for c in game.battle_cards:
        assert all(EFFECTS[e.key].on == BATTLE for e in c.effects), c.id
    for b in game.buildings:
        for e in b.effects + b.upgrade.effects:
            assert EFFECTS[e.key].on == BUILDING, b.id


def test_thresholds_follow_the_ratio_rows(R):
    assert fight(R, (2,), (1,)).need == (2, 6)
    assert fight(R, (3,), (2,)).need == (3, 5)
    assert fight(R, (2,), (2,)).need == (4, 4)


def test_natural_six_hits_and_one_misses(R):
    b = fight(R, (1,), (3, 3), faces=(6, 1, 1), att_card="onslaught")
    assert b.hits == [1, 0]
    b = fight(R, (1,), (3, 3), faces=(6, 1, 1), def_card="war_cry")
    assert b.hits == [1, 0]  # 6 - 1 misses the 6+ it needs, but a natural 6 always hits
    b = fight(R, (3, 3), (1,), faces=(1, 1, 1), att_card="onslaught")
    assert b.hits[0] == 0  # 1 + 1 would reach 2+, but a natural 1 misses


def test_roll_modifiers(R):
    assert fight(R, (1,), (1,), att_card="onslaught").mod == (1, 0)
    assert fight(R, (1,), (1,), att_card="war_cry").mod == (0, -1)


def test_strength_cards_and_floor(R):
    assert fight(R, (1,), (2,), att_card="ruse").strength == (1, 1)
    assert fight(R, (1,), (1,), def_card="reinforcements").strength == (1, 4)


def test_castle_bonus_and_ram(R):
    assert fight(R, (2,), (1,), def_bonus=4).strength == (2, 5)
    assert fight(R, (2,), (1,), def_bonus=4, att_card="ram").strength == (2, 1)
    assert fight(R, (2,), (1,), def_bonus=4, def_card="ram").strength == (2, 5)  # only an attack ignores it


def test_countermand(R):
    b = fight(R, (1,), (1,), att_card="countermand", def_card="reinforcements")
    assert b.strength == (1, 1) and b.eff[1] == {}
    b = fight(R, (1,), (1,), att_card="countermand", def_card="countermand")
    assert b.eff == ({}, {})


def test_shield_wall_rolls_nothing_and_loses_nothing(R):
    b = fight(R, (3, 3, 3), (1,), def_card="shield_wall")
    assert b.next_side() == -1
    o = b.outcome()
    assert o.def_left == (1,) and o.att_left == (3, 3, 3) and o.winner == 1


def test_hits_remove_weakest_or_strongest(R):
    o = fight(R, (3, 3), (1, 3), faces=(6, 1, 1, 1)).outcome()
    assert o.def_left == (3,) and o.def_lost == (1,)
    o = fight(R, (3, 3), (1, 3), faces=(6, 1, 1, 1), att_card="sharpshot").outcome()
    assert o.def_left == (1,) and o.def_lost == (3,)


def test_retreat_cancels_one_of_two_hits(R):
    o = fight(R, (3, 3), (1, 2), faces=(6, 6, 1, 1), def_card="retreat").outcome()
    assert o.def_left == (2,)
    o = fight(R, (3, 3), (1, 2), faces=(6, 1, 1, 1), def_card="retreat").outcome()
    assert o.def_left == (2,)  # one hit is not enough to retreat from


def test_last_hero_keeps_the_weakest(R):
    o = fight(R, (3, 3, 3), (1, 2), faces=(6, 6, 6, 1, 1), def_card="last_hero").outcome()
    assert o.def_left == (1,) and o.winner == 1


def test_militia_returns_a_unit_before_the_winner_is_decided(R):
    o = fight(R, (3, 3), (2,), faces=(6, 6, 1), def_card="militia").outcome()
    assert o.def_left == (1,) and o.def_lost == () and o.winner == 1
    o = fight(R, (3, 3), (2,), faces=(6, 1, 1), def_card="militia").outcome()
    assert o.def_left == () and o.winner == 0  # one hit only


def test_bandage_needs_a_survivor(R):
    o = fight(R, (3, 3), (1, 2), faces=(6, 1, 1, 1), def_card="bandage").outcome()
    assert o.def_left == (1, 2) and o.def_lost == ()
    o = fight(R, (3, 3), (2,), faces=(6, 1, 1), def_card="bandage").outcome()
    assert o.def_left == ()


def test_second_try_rerolls_one_miss(R):
    b = fight(R, (1,), (1,), faces=(2, 2), att_card="second_try")
    assert b.next_side() == 0 and b.dice == [0, 0]
    b.roll(5)
    assert b.next_side() == -1 and b.hits == [1, 0] and b.faces[0] == [2, 5]


def test_both_wiped_is_nobody_s_win(R):
    o = fight(R, (1,), (1,), faces=(6, 6)).outcome()
    assert o.att_left == () and o.def_left == () and o.winner is None
