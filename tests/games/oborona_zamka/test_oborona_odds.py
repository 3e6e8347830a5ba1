"""Exact odds of «Оборона Замка» against hand-computed values from the rules' numbers."""

from fractions import Fraction

from oborona_field import GAME, field
from pnp.games.oborona_zamka.rules.numbers import ATTACKER, DEFENDER
from pnp.games.oborona_zamka.rules.odds import attacks, potion_return, survival

TABLE = {(x.kind, x.side, x.leader_on_field, x.by_leader, x.at_leader): x for x in attacks(field(), GAME.numbers)}


def p(kind, side, leader=False, by_leader=False, at_leader=False):
    return TABLE[(kind, side, leader, by_leader, at_leader)].p


def test_plain_attacks_hit_on_five_or_six():
    assert p("fight", ATTACKER) == p("fight", DEFENDER) == p("wall", ATTACKER) == p("capture", ATTACKER) == Fraction(1, 3)


def test_the_attackers_commander_adds_one_to_the_others_fights_and_wall_attacks_only():
    assert p("fight", ATTACKER, leader=True) == p("wall", ATTACKER, leader=True) == Fraction(1, 2)
    assert p("fight", ATTACKER, leader=True, by_leader=True) == Fraction(1, 3)  # not to himself
    assert p("capture", ATTACKER, leader=True) == Fraction(1, 3)  # nor to the castle roll


def test_the_defenders_commander_gives_the_best_of_two_dice():
    assert p("fight", DEFENDER, leader=True) == 1 - Fraction(4, 6) ** 2
    assert p("fight_over_wall", DEFENDER, leader=True) == 1 - Fraction(5, 6) ** 2
    assert TABLE[("fight", DEFENDER, True, False, False)].rerolled


def test_a_commander_is_harder_to_hit_but_a_six_always_hits():
    assert p("fight", ATTACKER, at_leader=True) == Fraction(1, 6)
    assert p("fight_over_wall", DEFENDER, at_leader=True) == Fraction(1, 6)  # 6 - 1 would miss without the natural six


def test_survival_counts_the_potion():
    assert potion_return(GAME.numbers) == Fraction(1, 2)
    assert survival(Fraction(1, 3), GAME.numbers, leader_on_field=True) == Fraction(5, 6)
    assert survival(Fraction(1, 3), GAME.numbers, leader_on_field=False) == Fraction(2, 3)


def test_an_army_of_its_commander_alone_has_only_the_commanders_attacks():
    """army.size 1 (a departure a note may record) left no warrior to place: the check crashed."""
    from dataclasses import replace
    alone = attacks(field(), replace(GAME.numbers, army=1))
    assert alone and all(s.by_leader for s in alone)
    assert all(s.at_leader for s in alone if s.kind.startswith("fight"))


def test_the_dice_faces_come_from_the_content():
    from dataclasses import replace

    from pnp.games.oborona_zamka.rules.state import best_of_two, one_die
    eight = replace(GAME.numbers, faces=8)
    assert GAME.numbers.faces == GAME.components.die_faces == 6
    assert potion_return(eight) == Fraction(8 - GAME.rules.potion + 1, 8)
    for table in (one_die(8), best_of_two(8)):
        assert [face for face, _ in table] == list(range(1, 9)) and sum(p for _, p in table) == 1
    assert dict(best_of_two(6))[6] == Fraction(11, 36)
