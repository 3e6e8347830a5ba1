"""check_kit: printed counts against simulated peaks, tiles and markers against the rules."""

from __future__ import annotations

from dataclasses import replace

from pnp.core.errors import Level
from pnp.games.tverdzha.checks import board
from pnp.sim.kit_check import TARGET, assessment, check_kit, coverages
from simkit import SIM


GAMES = 2000


def _peak(value, over=None, top=None):
    """GAMES games: all reached `value`, but `over` of them reached `top` (default value + 1)."""
    over = over or 0
    top = value + 1 if top is None else top
    counts = {value: GAMES - over} | ({top: over} if over else {})
    return {"games": {str(v): n for v, n in counts.items()}}


def _sim(game, **peaks):
    base = {"tokens": _peak(10), "battle_dice": _peak(6), "side_dice": _peak(3), "score": _peak(32)}
    base.update({f"res_{rid}": _peak(6) for rid in game.resource_ids})
    base.update(peaks)
    return {"meta": {"content_sha256": game.sha256}, "stats": {"games": GAMES, "peaks": base}}


def test_counts_that_cover_the_peaks_pass(game):
    assert check_kit(game, SIM, _sim(game)) == []


def test_a_token_count_that_many_games_exceed_is_an_error_at_the_component(game):
    printed = game.components.unit_tokens_per_player
    problems = check_kit(game, SIM, _sim(game, tokens=_peak(printed, over=20, top=printed + 3)))
    assert [(p.code, p.level) for p in problems] == [("kit-count", Level.ERROR)]
    message = problems[0].message
    assert f"the kit has {printed}; 20 of 2000 simulated games needed more (up to {printed + 3})" in message
    assert "above the target of 1 game in 1,000" in message
    assert problems[0].hint == f"raise components.unit_tokens to at least {printed + 3}"
    assert problems[0].mark.line > 0  # points at components.unit_tokens in the YAML


def test_one_game_in_two_thousand_past_the_count_is_undecided_not_an_error(game):
    """The old rule (an error whenever the sample p99.9 passes the count) failed such a kit
    by chance; the bound cannot tell, so it is a warning that says so."""
    printed = game.components.unit_tokens_per_player
    problems = check_kit(game, SIM, _sim(game, tokens=_peak(printed, over=3)))
    assert [(p.code, p.level) for p in problems] == [("kit-count", Level.WARNING)]
    assert "it may be above the target" in problems[0].message and "play more games" in problems[0].hint


def test_the_decision_follows_the_bounds_on_the_rate(game):
    """Error from the smallest count of games whose lower bound passes 1 in 1,000; covered only
    when even the upper bound is within it."""
    printed = game.components.unit_tokens_per_player
    verdict = {}
    for over in range(12):
        found, _ = coverages(SIM.requirements(game), _sim(game, tokens=_peak(printed, over=over))["stats"])
        c = next(c for c in found if c.key == "tokens")
        assert c.low <= over / GAMES <= c.high
        verdict[over] = c.verdict
    assert [over for over, v in verdict.items() if v == "short"] == list(range(6, 12))  # 6/2000: from 0.11 %
    big, _ = coverages(SIM.requirements(game), {"games": 10_000, "peaks": {"tokens": {"games": {str(printed): 10_000}}}})
    assert big[0].verdict == "covered" and big[0].high < TARGET  # 0 of 10,000: below 0.04 %


def test_dice_per_side_are_checked_against_one_colour(game):
    per_side = game.components.dice // 2
    problems = check_kit(game, SIM, _sim(game, side_dice=_peak(per_side + 1)))
    assert len(problems) == 1 and "one side" in problems[0].message


def test_a_stale_or_incomplete_result_is_reported(game):
    sim = _sim(game)
    sim["meta"]["content_sha256"] = "0" * 64
    del sim["stats"]["peaks"]["tokens"]
    codes = sorted(p.code for p in check_kit(game, SIM, sim))
    assert codes == ["kit-no-peak", "kit-sim-stale"]


def test_the_json_block_carries_the_target_and_every_bound(game):
    printed = game.components.unit_tokens_per_player
    block = assessment(game, SIM, _sim(game, tokens=_peak(printed, over=3)))
    assert block["target_rate"] == 0.001 and "Wilson" in block["interval"]
    assert set(block["counts"]) == {req.key for req in SIM.requirements(game)}
    tokens = block["counts"]["tokens"]
    assert tokens["printed"] == printed and tokens["games_over"] == 3 and tokens["games"] == GAMES
    assert tokens["verdict"] == "undecided" and tokens["ci95"][0] < 0.001 < tokens["ci95"][1]
    assert tokens["max"] == printed + 1 and tokens["need"] == printed + 1  # 3 of 2000: more than 1 in 1,000


def test_missing_markers_are_errors_and_missing_tiles_are_the_board_checks(game):
    tiles = replace(game.board.tiles, pairs=(("forest", 3), ("field", 2), ("quarry", 2)))
    broken = replace(game, board=replace(game.board, tiles=tiles),
                     components=replace(game.components, storage_markers_per_player=3))
    codes = sorted(p.code for p in check_kit(broken, SIM, _sim(broken)))
    assert codes == ["kit-markers"]
    assert [p.code for p in board.check(broken, "uk") if p.code == "tiles-count"] == ["tiles-count"]


def test_a_resource_peak_past_the_storage_track_and_its_overflow_side_is_an_error(game):
    track = game.components.storage_track
    problems = check_kit(game, SIM, _sim(game, res_wood=_peak(track.capacity + 1)))  # every game past the track
    assert [(p.code, p.level) for p in problems] == [("kit-count", Level.ERROR)]
    assert f"the kit has {track.capacity}" in problems[0].message and "storage track" in problems[0].message
    assert problems[0].mark.line > 0  # points at components.storage_track
    assert check_kit(game, SIM, _sim(game, res_wood=_peak(track.capacity))) == []


def test_the_storage_track_counts_its_overflow_side(game):
    track = game.components.storage_track
    assert track.overflow > 0  # the shipped kit has a "+overflow" side on the storage markers
    need = track.top + 1  # more than the printed spaces, within the flipped marker
    assert check_kit(game, SIM, _sim(game, res_grain=_peak(need))) == []
    bare = replace(game, components=replace(game.components, storage_track=replace(track, overflow=0)))
    assert [p.code for p in check_kit(bare, SIM, _sim(bare, res_grain=_peak(need)))] == ["kit-count"]


def test_a_score_past_the_score_track_is_an_error_and_in_one_game_a_warning(game):
    top = game.components.score_track.capacity
    problems = check_kit(game, SIM, _sim(game, score=_peak(top + 1)))
    assert [(p.code, p.level) for p in problems] == [("kit-count", Level.ERROR)]
    assert "score track" in problems[0].message
    problems = check_kit(game, SIM, _sim(game, score=_peak(top, over=1, top=top + 2)))
    assert [(p.code, p.level) for p in problems] == [("kit-count", Level.WARNING)]

