"""tracks: the storage track reaches every cap, the score track the victory points, and a
marker's +overflow side skips no value."""

from checkkit import changed, codes, line_of, run, shipped_loaded
from pnp.games.tverdzha.checks import tracks

COMP = shipped_loaded().data["components"]


def test_the_shipped_tracks_pass():
    assert codes(run(tracks, changed({}))) == []


def test_the_storage_caps_come_from_the_limit_and_the_storage_buildings(game):
    assert tracks.storage_caps(game) == [5, 7, 8]


def test_a_storage_track_below_the_largest_cap_points_at_the_track():
    problems = run(tracks, changed({("components", "storage_track", "top"): 7,
                                     ("components", "storage_track", "overflow"): 8}))
    assert codes(problems) == ["track-short"]
    assert "below the largest storage cap (8)" in problems[0].message
    assert problems[0].mark.line == line_of("top:", line_of("storage_track:"))


def test_a_score_track_below_the_victory_points():
    problems = run(tracks, changed({("components", "score_track", "top"): 29}))
    assert codes(problems) == ["track-short"] and "victory points (30)" in problems[0].message


def test_an_overflow_side_larger_than_the_track_leaves_a_gap():
    top = COMP["storage_track"]["top"]
    problems = run(tracks, changed({("components", "storage_track", "overflow"): top + 2}))
    assert codes(problems) == ["track-overflow-gap"]
    assert f"cannot show {top + 1}-{top + 1}" in problems[0].message
    assert problems[0].mark.line == line_of("overflow:", line_of("storage_track:"))
    assert codes(run(tracks, changed({("components", "storage_track", "overflow"): top + 1}))) == []
