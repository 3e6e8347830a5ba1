"""The capital's rules engine (pnp.games.empire.rules.capital) against the seed's figures and numbers."""

from __future__ import annotations

import dataclasses

import pytest

from pnp.games.empire.rules.capital import buildable, completed_columns, hero_limit, income, legal



def at(game, cell):
    return game.capital.layout.plot_at(cell)


def test_the_palace_opens_three_plots(game):
    # fig. 1: «доступные для строительства здания, начиная с городского центра (открыты 3 стройплощадки)»
    layout = game.capital.layout
    assert layout.cells[layout.origin] == (1, 1)
    assert set(legal(layout, ())) == {at(game, (0, 1)), at(game, (1, 0)), at(game, (2, 1))}


def test_a_built_plot_opens_its_neighbours_the_gates_open_none(game):
    layout = game.capital.layout
    first = at(game, (1, 0))  # fig. 2: «Здание 1» left of the palace
    after = set(legal(layout, (first,)))
    assert {at(game, (0, 0)), at(game, (2, 0))} <= after and first not in after
    assert at(game, (0, 2)) not in after and at(game, (2, 2)) not in after  # beside the gates only
    assert at(game, (0, 2)) in legal(layout, (first, at(game, (0, 1))))


def test_every_plot_is_buildable_from_the_palace(game):
    layout = game.capital.layout
    assert buildable(layout) | layout.prebuilt == set(layout.cells)


def test_a_cell_no_built_plot_touches_is_never_legal(game):
    layout = game.capital.layout
    moved = dataclasses.replace(layout, columns=5, cells={**layout.cells, "barracks_5": (0, 4)})
    assert "barracks_5" not in buildable(moved)
    assert "barracks_5" in buildable(layout)


def test_a_completed_vertical_raises_the_income_from_3_to_6(game):
    # fig. 3: «построенная вертикаль зданий 1-3 увеличивает доход столицы с 3о до 6о в день»
    layout, track = game.capital.layout, game.capital.income_track()
    column = [at(game, (row, 0)) for row in range(3)]
    assert completed_columns(layout, ()) == 0 and income(track, 0) == 3
    assert completed_columns(layout, column[:2]) == 0
    assert completed_columns(layout, column) == 1 and income(track, 1) == 6
    everything = set(layout.cells)
    assert completed_columns(layout, everything) == 4
    assert [income(track, n) for n in range(5)] == [3, 6, 10, 15, 15]  # +3о → +6о → +10о → +15о, then the track ends
    # the palace's column (the palace in its middle) needs its two other plots
    assert completed_columns(layout, [at(game, (0, 1))]) == 0
    assert completed_columns(layout, [at(game, (0, 1)), at(game, (2, 1))]) == 1


def test_hero_hand_limits_from_the_hall(game):
    # «Магистрат +4о 3 героя … (как только построен добавляет 1 героя в руку)», «Ратуша +4о 2 героя»
    humans, base = game.races[0], game.capital.hero_base
    assert hero_limit(base, humans.heroes_granted(())) == 1
    assert hero_limit(base, humans.heroes_granted(("barracks_1",))) == 1
    assert hero_limit(base, humans.heroes_granted(("hall",))) == 2
    assert hero_limit(base, humans.heroes_granted(("hall",), upgraded=("hall",))) == 3


def test_an_income_track_without_a_step_for_the_count_is_a_bug_not_a_guess():
    with pytest.raises(ValueError):
        income(((1, 6),), 0)
