"""thresholds: ordered by ratio, monotone hits, complete down to 0, within the die."""

from checkkit import changed, codes, line_of, run, shipped_loaded
from pnp.games.tverdzha.checks import thresholds

ROWS = ("battle", "thresholds", "rows")
N = len(shipped_loaded().data["battle"]["thresholds"]["rows"])


def test_the_shipped_table_is_complete_and_monotone(game):
    assert run(thresholds, game) == []
    assert [game.battle.hit_on(a, d) for a, d in ((4, 2), (3, 2), (2, 2), (3, 4), (1, 2), (1, 3))] == [2, 3, 4, 5, 6, 6]


def test_hits_must_not_decrease_down_the_table():
    [p] = run(thresholds, changed({ROWS + (1, "hit"): 6}))
    assert p.code == "thresholds-monotone"
    assert p.mark.line == line_of('min_ratio: "1", inclusive: true')


def test_rows_must_go_from_the_highest_ratio_down():
    problems = run(thresholds, changed({ROWS + (0, "min_ratio"): "1/2"}))
    assert "thresholds-order" in codes(problems)
    # an exclusive row may not follow the inclusive row of the same ratio
    problems = run(thresholds, changed({ROWS + (1, "inclusive"): True, ROWS + (2, "inclusive"): False}))
    assert codes(problems) == ["thresholds-order"]


def test_the_last_row_must_cover_ratio_zero_inclusively():
    [p] = run(thresholds, changed({ROWS + (N - 1, "min_ratio"): "1/3"}))
    assert p.code == "thresholds-incomplete"
    [p] = run(thresholds, changed({ROWS + (N - 1, "inclusive"): False}))
    assert p.code == "thresholds-incomplete"


def test_hit_values_live_between_the_natural_rolls():
    [p] = run(thresholds, changed({ROWS + (0, "hit"): 1}))
    assert p.code == "thresholds-natural"
