"""The round-start muster: a player left with no unit gets the starting units back."""

from __future__ import annotations

import dataclasses


from pnp.games.tverdzha.rules.events import Mustered

from rulekit import fresh, pass_turns, put, units


def test_a_player_without_units_musters_at_the_next_round_start(game):
    s = fresh(game)
    put(s, "castle-B", 1, ())  # B has lost every unit
    assert s.army(1) == 0
    start = s.round
    pass_turns(s, 2)  # A's turn, B's turn: the round ends, the next one starts
    assert s.round == start + 1
    strengths = tuple(sorted(strength for _, strength in game.setup.units))
    assert units(s, "castle-B") == strengths
    assert [e for e in s.events if isinstance(e, Mustered)] == [Mustered(start + 1, 1, strengths)]


def test_a_player_with_units_does_not_muster(game):
    s = fresh(game)
    pass_turns(s, 2)
    assert not [e for e in s.events if isinstance(e, Mustered)]


def test_without_the_muster_step_a_lost_army_stays_lost(game):
    plain = dataclasses.replace(game, round=dataclasses.replace(
        game.round, start=tuple(step for step in game.round.start if step.key != "muster")))
    s = fresh(plain)
    put(s, "castle-B", 1, ())
    pass_turns(s, 2)
    assert units(s, "castle-B") == () and s.army(1) == 0
