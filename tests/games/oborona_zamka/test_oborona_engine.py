"""The «Оборона Замка» engine against the rules, one rule at a time, on hand-set positions."""

import random
from fractions import Fraction


from oborona_field import NUMBERS, axial, field
from pnp.games.oborona_zamka.rules.numbers import ATTACKER, DEFENDER
from pnp.games.oborona_zamka.rules.state import CHANCE, TERMINAL, State

F = field()
A0, A1, A2, A3, A4, D0, D1, D2, D3, D4 = range(10)  # figure 0 of each side is the commander


def cell(row, col):
    return F.index[axial((row, col))]


def position(attackers, defenders, player=ATTACKER, phase="move", numbers=NUMBERS):
    """A position: (row, col) per figure or None (off the field), the side to move."""
    s = State(F, numbers)
    for side, placed in ((ATTACKER, attackers), (DEFENDER, defenders)):
        for i, rc in enumerate(placed):
            s.pos[side * 5 + i] = -1 if rc is None else cell(*rc)
    s.player, s.phase, s.moved, s.acted = player, phase, [], []
    return s


def roll(s, action, face):
    s.apply_action(action)
    assert s.current_player == CHANCE
    s.apply_action(face)


def test_the_field_has_one_chain_of_twelve_joined_segments():
    assert len(F.segments) == 12
    ends = [i for i, j in enumerate(F.joined) if len(j) == 1]
    assert len(ends) == 2 and all(1 <= len(j) <= 2 for j in F.joined)


def test_the_first_player_is_drawn_by_lot():
    s = State(F, NUMBERS)
    assert s.current_player == CHANCE and s.chance_outcomes() == [(ATTACKER, Fraction(1, 2)), (DEFENDER, Fraction(1, 2))]
    s.apply_action(DEFENDER)
    assert s.current_player == DEFENDER and s.phase == "move"


def test_the_attacker_moves_two_different_warriors_the_defender_one():
    s = position([(2, 2), (2, 5), None, None, None], [(7, 2), None, None, None, None])
    s.apply_action(("move", A0, cell(3, 2)))
    assert all(a[1] != A0 for a in s.legal_actions() if a[0] == "move")  # one warrior never steps twice
    s.apply_action(("move", A1, cell(3, 4)))
    assert s.phase == "act"  # two steps taken: the movement is over
    d = position([(2, 2), None, None, None, None], [(5, 2), (5, 5), None, None, None], player=DEFENDER)
    d.apply_action(("move", D0, cell(4, 2)))
    assert d.phase == "act"


def test_a_player_may_stop_moving_early():
    s = position([(2, 2), (2, 5), None, None, None], [(7, 2), None, None, None, None])
    assert ("stop",) in s.legal_actions()
    s.apply_action(("stop",))
    assert s.phase == "act"


def test_figures_the_mountain_and_the_castle_block_movement():
    s = position([(4, 4), (3, 4), None, None, None], [(5, 4), None, None, None, None])
    targets = {a[2] for a in s.legal_actions() if a[0] == "move" and a[1] == A0}
    assert cell(4, 5) not in targets  # the mountain
    assert cell(3, 4) not in targets and cell(5, 4) not in targets  # own and enemy figures
    s2 = position([None] * 5, [(7, 3), None, None, None, None], player=DEFENDER)
    assert not {cell(8, 3), cell(8, 4)} & {a[2] for a in s2.legal_actions() if a[0] == "move"}


def test_walls_stop_the_attacker_but_not_the_defender():
    s = position([(6, 3), None, None, None, None], [(4, 0), None, None, None, None])
    assert cell(7, 3) not in {a[2] for a in s.legal_actions() if a[0] == "move"}
    d = position([(0, 0), None, None, None, None], [(7, 3), None, None, None, None], player=DEFENDER)
    assert cell(6, 3) in {a[2] for a in d.legal_actions() if a[0] == "move"}


def test_the_attacker_cannot_fight_across_a_wall_and_the_defender_needs_a_six():
    s = position([(6, 3), None, None, None, None], [(7, 3), None, None, None, None], phase="act")
    assert not [a for a in s.legal_actions() if a[0] == "fight"]
    d = position([None, (6, 3), None, None, None], [None, (7, 3), None, None, None], player=DEFENDER, phase="act")
    fight = ("fight", D1, A1)
    assert fight in d.legal_actions() and d.need(fight) == (6, 0)


def test_a_fight_kills_on_five_or_six():
    s = position([None, (3, 3), None, None, None], [None, (4, 3), None, None, None], phase="act")
    assert s.need(("fight", A1, D1)) == (5, 0)
    roll(s, ("fight", A1, D1), 4)
    assert s.on_field(D1)
    s2 = position([None, (3, 3), None, None, None], [None, (4, 3), (7, 2), None, None], phase="act")
    roll(s2, ("fight", A1, D1), 5)
    assert not s2.on_field(D1) and s2.phase == "act"  # no potion: the defender's commander is off the field


def test_each_warrior_attacks_once_a_turn():
    s = position([None, (3, 3), None, None, None], [None, (4, 3), (4, 2), None, None], phase="act")
    roll(s, ("fight", A1, D1), 1)
    assert not [a for a in s.legal_actions() if a[1:2] == (A1,)]
    assert s.legal_actions() == [("end",)]


def test_the_commander_is_hard_to_hit_and_strengthens_the_others():
    s = position([(2, 0), (3, 3), None, None, None], [(4, 3), (4, 2), None, None, None], phase="act")
    assert s.need(("fight", A1, D0)) == (5, 0)  # +1 of A's commander, -1 for D's commander
    assert s.need(("fight", A1, D1)) == (5, 1)
    s.pos[A0], s.pos[A1] = cell(3, 3), cell(2, 0)
    assert s.need(("fight", A0, D1)) == (5, 0)  # the commander strengthens the others, not himself
    s.pos[A0] = -1
    s.pos[A1] = cell(3, 3)
    assert s.need(("fight", A1, D1)) == (5, 0)  # no bonus without the commander on the field


def test_a_natural_six_always_hits():
    d = position([(6, 3), None, None, None, None], [(2, 0), (7, 3), None, None, None], player=DEFENDER, phase="act")
    fight = ("fight", D1, A0)  # over the wall (6) against the commander (-1)
    assert d.need(fight) == (6, -1) and d.succeeds(fight, 6) and not d.succeeds(fight, 5)
    strict = position([(6, 3), None, None, None, None], [(2, 0), (7, 3), None, None, None], player=DEFENDER,
                      phase="act", numbers=NUMBERS.__class__(**{**NUMBERS.__dict__, "natural_six": False}))
    assert not strict.succeeds(fight, 6)


def test_the_defender_rerolls_while_the_commander_stands():
    d = position([None, (3, 3), None, None, None], [(0, 0), (4, 3), None, None, None], player=DEFENDER, phase="act")
    d.apply_action(("fight", D1, A1))
    outcomes = d.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    assert dict(outcomes)[6] == Fraction(11, 36) and dict(outcomes)[1] == Fraction(1, 36)
    d2 = position([None, (3, 3), None, None, None], [(0, 0), (4, 3), None, None, None], player=DEFENDER, phase="act")
    d2.apply_action(("fight", D0, A1))  # the commander himself rolls one die
    assert dict(d2.chance_outcomes())[6] == Fraction(1, 6)


def test_a_destroyed_segment_takes_a_lone_neighbour_with_it():
    s = position([None, (8, 0), None, None, None], [None] * 5, phase="act")
    end = next(i for i, j in enumerate(F.joined) if len(j) == 1 and cell(8, 1) in F.segments[i])
    second = F.joined[end][0]
    s.pos[A1] = next(c for c in F.segments[second] if c not in F.segments[end])
    roll(s, ("wall", A1, second), 5)
    assert not s.standing[second] and not s.standing[end]  # the end piece, joined to nothing, fell
    assert s.walls_standing() == 10 and s.tally["walls_fallen"] == 1


def test_the_potion_returns_a_warrior_to_a_free_start_hex():
    s = position([None, (6, 2), None, None, None], [(7, 3), (7, 2), None, None, None], phase="act")
    s.pos[A1] = cell(6, 2)
    s.standing = [False] * len(s.standing)
    roll(s, ("fight", A1, D1), 6)
    assert s.phase == "potion" and s.current_player == CHANCE
    s.apply_action(4)
    assert s.current_player == DEFENDER and s.phase == "place"
    free = {a[1] for a in s.legal_actions()}
    assert free == set(F.starts[DEFENDER]) - {cell(7, 3)}
    s.apply_action(("place", cell(8, 5)))
    assert s.pos[D1] == cell(8, 5) and s.current_player == ATTACKER and s.tally["potion_returns"] == 1


def test_the_potion_fails_on_three_and_without_the_commander():
    s = position([None, (6, 2), None, None, None], [(7, 3), (7, 2), (0, 0), None, None], phase="act")
    s.standing = [False] * len(s.standing)
    roll(s, ("fight", A1, D1), 6)
    s.apply_action(3)
    assert not s.on_field(D1) and s.phase == "act"
    s2 = position([None, (6, 2), None, None, None], [None, (7, 2), (0, 0), None, None], phase="act")
    s2.standing = [False] * len(s2.standing)
    roll(s2, ("fight", A1, D1), 6)
    assert s2.phase == "act"  # no commander on the field: no potion


def test_a_warrior_next_to_the_castle_rolls_for_it():
    s = position([None, (7, 2), None, None, None], [(0, 0), None, None, None, None], phase="act")
    assert ("capture", A1) in s.legal_actions() and s.need(("capture", A1)) == (5, 0)
    roll(s, ("capture", A1), 5)
    assert s.is_terminal() and s.winner == ATTACKER and s.victory == "castle" and s.returns() == [1.0, -1.0]
    outside = position([None, (6, 3), None, None, None], [(0, 0), None, None, None, None], phase="act")
    assert ("capture", A1) not in outside.legal_actions()


def test_destroying_every_figure_of_a_side_ends_the_game():
    s = position([None, (3, 3), None, None, None], [None, (4, 3), None, None, None], phase="act")
    roll(s, ("fight", A1, D1), 6)
    assert s.current_player == TERMINAL and s.victory == "defenders-destroyed"
    d = position([None, (3, 3), None, None, None], [None, (4, 3), None, None, None], player=DEFENDER, phase="act")
    roll(d, ("fight", D1, A1), 6)
    assert d.winner == DEFENDER and d.victory == "attackers-destroyed"


def test_random_games_end_and_clones_do_not_share_state():
    rng = random.Random(3)
    for _ in range(20):
        s = State(F, NUMBERS)
        while not s.is_terminal():
            if s.current_player == CHANCE:
                s.apply_action(s.sample_chance(rng))
                continue
            before = s.clone()
            action = rng.choice(s.legal_actions())
            s.apply_action(action)
            assert before.pos != s.pos or before.phase != s.phase or before.acted != s.acted or action == ("end",) \
                or before.moved != s.moved
            assert len(set(c for c in s.pos if c >= 0)) == len([c for c in s.pos if c >= 0])  # one figure a hex
        assert s.victory in ("castle", "defenders-destroyed", "attackers-destroyed", "cap")
