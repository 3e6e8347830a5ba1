"""check_kit: printed counts against simulated peaks, tiles and markers against the rules."""

from __future__ import annotations

from dataclasses import replace

from pnp.errors import Level
from pnp.sim.kit import check_kit


def _peak(p999, top=None):
    return {"mean": 1.0, "p50": 1, "p99": p999, "p99.9": p999, "max": top if top is not None else p999}


def _sim(game, **peaks):
    base = {"tokens": _peak(10), "battle_dice": _peak(6), "side_dice": _peak(3), "score": _peak(32)}
    base.update({f"res_{rid}": _peak(6) for rid in game.resource_ids})
    base.update(peaks)
    return {"meta": {"content_sha256": game.sha256}, "stats": {"games": 2000, "peaks": base}}


def test_counts_that_cover_the_peaks_pass(game):
    assert check_kit(game, _sim(game)) == []


def test_a_token_count_below_the_p999_peak_is_an_error_at_the_component(game):
    need = game.components.unit_tokens_per_player + 3
    problems = check_kit(game, _sim(game, tokens=_peak(need)))
    assert [(p.code, p.level) for p in problems] == [("kit-count", Level.ERROR)]
    assert f"the kit has {game.components.unit_tokens_per_player}" in problems[0].message
    assert f"need {need}" in problems[0].message
    assert problems[0].mark.line > 0  # points at components.unit_tokens in the YAML


def test_a_count_below_only_the_maximum_is_a_warning(game):
    dice = game.components.dice
    problems = check_kit(game, _sim(game, battle_dice=_peak(dice, dice + 1)))
    assert [(p.code, p.level) for p in problems] == [("kit-count", Level.WARNING)]


def test_dice_per_side_are_checked_against_one_colour(game):
    per_side = game.components.dice // 2
    problems = check_kit(game, _sim(game, side_dice=_peak(per_side + 1)))
    assert len(problems) == 1 and "one side" in problems[0].message


def test_a_stale_or_incomplete_result_is_reported(game):
    sim = _sim(game)
    sim["meta"]["content_sha256"] = "0" * 64
    del sim["stats"]["peaks"]["tokens"]
    codes = sorted(p.code for p in check_kit(game, sim))
    assert codes == ["kit-no-peak", "kit-sim-stale"]


def test_missing_tiles_and_markers_are_errors(game):
    tiles = replace(game.board.tiles, pairs=(("forest", 3), ("field", 2), ("quarry", 2)))
    broken = replace(game, board=replace(game.board, tiles=tiles),
                     components=replace(game.components, storage_markers_per_player=3))
    codes = sorted(p.code for p in check_kit(broken, _sim(broken)))
    assert codes == ["kit-land-tiles", "kit-markers"]


def test_a_resource_peak_past_the_storage_track_and_its_overflow_side_is_an_error(game):
    track = game.components.storage_track
    problems = check_kit(game, _sim(game, res_wood=_peak(track.capacity + 1)))
    assert [(p.code, p.level) for p in problems] == [("kit-count", Level.ERROR)]
    assert f"the kit has {track.capacity}" in problems[0].message and "storage track" in problems[0].message
    assert problems[0].mark.line > 0  # points at components.storage_track
    assert check_kit(game, _sim(game, res_wood=_peak(track.capacity))) == []


def test_the_storage_track_counts_its_overflow_side(game):
    track = game.components.storage_track
    assert track.overflow > 0  # the shipped kit has a "+overflow" side on the storage markers
    need = track.top + 1  # more than the printed spaces, within the flipped marker
    assert check_kit(game, _sim(game, res_grain=_peak(need))) == []
    bare = replace(game, components=replace(game.components, storage_track=replace(track, overflow=0)))
    assert [p.code for p in check_kit(bare, _sim(bare, res_grain=_peak(need)))] == ["kit-count"]


def test_a_score_peak_past_the_score_track_is_an_error_and_past_its_maximum_a_warning(game):
    top = game.components.score_track.capacity
    problems = check_kit(game, _sim(game, score=_peak(top + 1)))
    assert [(p.code, p.level) for p in problems] == [("kit-count", Level.ERROR)]
    assert "score track" in problems[0].message
    problems = check_kit(game, _sim(game, score=_peak(top, top + 2)))
    assert [(p.code, p.level) for p in problems] == [("kit-count", Level.WARNING)]

