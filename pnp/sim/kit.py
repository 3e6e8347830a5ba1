"""Component sufficiency: do the printed counts cover what simulated games needed?

`check_kit(game, sim)` compares every count the kit prints (pnp.kit.counts) with the
p99.9 of the matching per-game peak in a `pnp sim --json` result. Track capacities (the
storage tracks on the mats, the score track on the board) are checked the same way
against the most of one resource a player held and the highest score. A count below the
p99.9 is an error (one game in a thousand would run out); below the observed maximum
only a warning. Counts that follow from the rules alone (land tiles, markers) are
checked against the board and the resources, without the simulator.

Used by `pnp check --sim FILE` and `pnp sim --check-kit`.
"""

from __future__ import annotations

from pnp import kit
from pnp.content.model import Game
from pnp.errors import Problem, error, warning

PEAK_Q = "p99.9"


def check_kit(game: Game, sim: dict) -> list[Problem]:
    """Problems where a printed count does not cover the simulated p99.9 peak (or the rules)."""
    problems = _sim_origin(game, sim)
    stats = sim.get("stats", {})
    problems += _against_peaks(game, stats.get("peaks", {}), stats.get("games", 0))
    problems += _land_tiles(game)
    problems += _markers(game)
    return problems


def _comp_mark(game: Game, key: str):
    return game.components.marks.get(key) or game.mark("components", key)


def _sim_origin(game: Game, sim: dict) -> list[Problem]:
    meta = sim.get("meta", {})
    sha = meta.get("content_sha256")
    if sha and game.sha256 and sha != game.sha256:
        return [warning("kit-sim-stale", "the simulation result was made from a different content file",
                        game.mark("components"), hint="run `pnp sim --json FILE` again on this content")]
    return []


#: (peak key in the sim result, what it counts, the printed count, component key for the mark)
def requirements(game: Game) -> list[tuple[str, str, int, str]]:
    """Printed counts and track capacities (track end + the marker's overflow side) with their peaks."""
    counts = kit.counts(game)
    per_side = counts.dice // max(1, len(game.players))
    storage, score = game.components.storage_track, game.components.score_track
    return [
        ("tokens", "unit tokens one player needs (units on the table + wounded)",
         counts.unit_tokens_per_player, "unit_tokens"),
        ("battle_dice", "dice rolled at once in one battle (both sides)", counts.dice, "dice"),
        ("side_dice", "dice one side rolls in one battle (one colour each)", per_side, "dice"),
    ] + [
        (f"res_{res.id}", f"{res.id} one player holds at once (storage track {_span(storage)})",
         storage.capacity, "storage_track")
        for res in game.resources
    ] + [("score", f"points one player reaches (score track {_span(score)})", score.capacity, "score_track")]


def _span(track) -> str:
    return f"0-{track.top} + {track.overflow}" if track.overflow else f"0-{track.top}"


def _raise_hint(comp_key: str, need: int) -> str:
    if comp_key.endswith("_track"):
        return f"make components.{comp_key} reach {need} (top, plus overflow if the marker has a +side)"
    return f"raise components.{comp_key} to at least {need}"


def _against_peaks(game: Game, peaks: dict, games: int) -> list[Problem]:
    problems = []
    for key, what, printed, comp_key in requirements(game):
        mark = _comp_mark(game, comp_key)
        if key not in peaks:
            problems.append(warning("kit-no-peak", f"the simulation result has no peak {key!r} ({what})", mark,
                                    hint="run `pnp sim --json FILE` with this version of pnp"))
            continue
        need, top = peaks[key][PEAK_Q], peaks[key]["max"]
        if printed < need:
            problems.append(error(
                "kit-count", f"{what}: the kit has {printed}, simulated games need {need} (p99.9; max {top})",
                mark, hint=_raise_hint(comp_key, need)))
        elif printed < top:
            problems.append(warning(
                "kit-count", f"{what}: the kit has {printed}, covering the p99.9 peak {need} "
                f"but not the maximum {top} seen in {games} simulated games", mark))
    return problems


def _land_tiles(game: Game) -> list[Problem]:
    """Tile cells need one tile each: pairs for the mirrored halves, singles for the centre."""
    cells = [c for c in game.board.cells if c.land is None]
    halves = [c for c in cells if c.mirror != c.id]
    centre = [c for c in cells if c.mirror == c.id]
    pairs = sum(n for _, n in game.board.tiles.pairs)
    singles = sum(n for _, n in game.board.tiles.centre)
    problems = []
    mark = game.board.tiles.mark
    if 2 * pairs != len(halves):
        problems.append(error("kit-land-tiles", f"{pairs} tile pairs for {len(halves)} mirrored cells "
                              f"(need {len(halves) // 2} pairs)", mark))
    if singles != len(centre):
        problems.append(error("kit-land-tiles", f"{singles} centre tiles for {len(centre)} centre cells", mark))
    return problems


def _markers(game: Game) -> list[Problem]:
    comp = game.components
    need = [("storage_markers", comp.storage_markers_per_player, len(game.resources),
             "storage markers per player (one per resource)"),
            ("score_markers", comp.score_markers_per_player, 1, "score markers per player"),
            ("first_player_marker", comp.first_player_markers, 1, "first-player markers")]
    return [error("kit-markers", f"{what}: the kit has {have}, the game needs {n}", _comp_mark(game, key))
            for key, have, n, what in need if have < n]
