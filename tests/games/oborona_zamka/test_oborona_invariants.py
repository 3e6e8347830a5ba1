"""Invariants of the «Оборона Замка» engine over many seeded games, checked at every step:
the rules hold in every position the engine reaches, not only in the hand-set ones of
test_oborona_engine.py."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from oborona_field import NUMBERS, field
from oborona_play import steps
from pnp.games.oborona_zamka.rules.numbers import ATTACKER, DEFENDER
from pnp.games.oborona_zamka.rules.odds import attacks
from pnp.games.oborona_zamka.rules.state import CHANCE, State

F = field()
#: the odds table `pnp odds` prints: (kind, side, commander on the field, the commander
#: rolls, at the enemy commander) -> P(success)
ODDS = {(s.kind, s.side, s.leader_on_field, s.by_leader, s.at_leader): s.p for s in attacks(F, NUMBERS)}


def first_principles(kind: str, side: int, leader_on_field: bool, by_leader: bool, at_leader: bool) -> Fraction:
    """P(success) worked out from the content's numbers alone, not through the engine."""
    n = NUMBERS
    need = {"fight": n.fight, "fight_over_wall": n.fight_over_wall, "wall": n.wall, "capture": n.capture}[kind]
    helped = leader_on_field and (not by_leader or n.own_bonus)
    modifier = n.commander_bonus if side == ATTACKER and helped and (kind != "capture" or n.bonus_on_capture) else 0
    modifier += n.commander_target if at_leader else 0
    one = Fraction(sum(1 for face in range(1, 7) if face + modifier >= need or (n.natural_six and face == 6)), 6)
    rerolled = kind.startswith("fight") and side == DEFENDER and n.defender_reroll and helped
    return 1 - (1 - one) ** 2 if rerolled else one


def test_the_odds_table_is_the_rules_arithmetic():
    assert len(ODDS) == 24  # each of the 3 fights in 6 cases (commander away, standing, rolling x at him or not), 3 each for walls and castle
    for key, p in ODDS.items():
        assert p == first_principles(*key), key
GAMES = [(seed, "random", "random") for seed in range(80)] + [(seed, "greedy", "random") for seed in range(10)] \
    + [(seed, "random", "greedy") for seed in range(10)]


def _situation(s: State) -> tuple:
    """The odds table's key of the attack being rolled."""
    kind, figure = s.pending[0], s.pending[1]
    side = s.side_of(figure)
    leader = s.commander(side)
    at_leader = kind == "fight" and s.pending[2] == s.commander(1 - side)
    if kind == "fight":
        seg = F.wall_between(s.pos[figure], s.pos[s.pending[2]])
        kind = "fight_over_wall" if seg >= 0 and s.standing[seg] else "fight"
    return kind, side, s.on_field(leader), figure == leader, at_leader


def _check_position(s: State) -> None:
    placed = [c for c in s.pos if c >= 0]
    assert len(placed) == len(set(placed)), f"two figures on one hex: {s.describe()}"
    assert not set(placed) & set(F.blocked), f"a figure on the mountain or the castle: {s.describe()}"
    for seg, up in enumerate(s.standing):
        assert not up or any(s.standing[j] for j in F.joined[seg]), f"segment {seg} stands joined to nothing"


def _check_step(s: State, action, player: int, before: list[bool]) -> None:
    if player == CHANCE:
        outcomes = s.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        assert all(p > 0 for _, p in outcomes) and len({o for o, _ in outcomes}) == len(outcomes)
        if s.phase == "roll":
            p = sum((q for face, q in outcomes if s.succeeds(s.pending, face)), Fraction(0))
            assert p == ODDS[_situation(s)] == first_principles(*_situation(s)), (s.pending, _situation(s))
        if s.phase == "potion":
            assert s.on_field(s.commander(s.side_of(s.fallen))), "a potion rolled with the commander gone"
            assert s.fallen != s.commander(s.side_of(s.fallen)), "the commander's own potion"
    elif action[0] == "move" and player == ATTACKER:
        seg = F.wall_between(s.pos[action[1]], action[2])
        assert seg < 0 or not s.standing[seg], f"an attacker steps through a standing wall: {action}"
    elif action[0] == "place":
        assert s.on_field(s.commander(s.side_of(s.fallen))), "the potion returned a warrior with the commander gone"
    assert action in s.legal_actions()
    assert all(was or not now for was, now in zip(before, s.standing)), "a wall stood up again"


@pytest.mark.parametrize("seed,attacker,defender", GAMES, ids=[f"{a}-{d}-{n}" for n, a, d in GAMES])
def test_every_position_keeps_the_rules(seed, attacker, defender):
    before = [True] * len(F.segments)
    for s, action, player in steps(seed, attacker, defender):
        _check_position(s)
        if action is None:
            returns = s.returns()
            assert sum(returns) == 0 and s.victory is not None
            assert (s.winner is None) == (s.victory == "cap")
            break
        _check_step(s, action, player, before)
        before = list(s.standing)


def test_walls_destroyed_and_fallen_count_every_segment_gone():
    for seed in range(30):
        for s, action, _ in steps(seed, "random", "random"):
            if action is None:
                gone = len(F.segments) - s.walls_standing()
                assert s.tally["walls_destroyed"] + s.tally["walls_fallen"] == gone


def test_the_potion_is_rolled_whenever_a_warrior_falls_while_his_commander_stands():
    """Seen from the other side: every defeat of a warrior with his commander standing
    leads to a potion roll, and no potion is rolled otherwise."""
    potions = defeats = 0
    for seed in range(40):
        prev = None
        for s, action, player in steps(seed, "random", "random"):
            if prev is not None and prev[0] == "roll" and s.phase == "potion":
                potions += 1
            if player == CHANCE and s.phase == "roll" and s.pending[0] == "fight" and s.succeeds(s.pending, action):
                target = s.pending[2]
                defeats += target != s.commander(s.side_of(target)) and s.on_field(s.commander(s.side_of(target)))
            prev = (s.phase,)
    assert potions == defeats > 0


def test_a_clone_is_independent_of_its_original():
    rng = random.Random(5)
    for seed in range(10):
        for s, action, player in steps(seed, "random", "random"):
            if action is None or rng.random() > 0.2:
                continue
            seen = (list(s.pos), list(s.standing), dict(s.tally), s.describe())
            twin = s.clone()
            for _ in range(12):  # play the clone on; the original must not move
                if twin.is_terminal():
                    break
                twin.apply_action(twin.sample_chance(rng) if twin.current_player == CHANCE
                                  else rng.choice(twin.legal_actions()))
            assert (list(s.pos), list(s.standing), dict(s.tally), s.describe()) == seen

