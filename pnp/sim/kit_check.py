"""Component sufficiency: do the printed counts cover what simulated games needed?

The target: at most 1 game in TARGET_GAMES (1,000) needs more than a printed count. For
every count the kit prints (pnp.games.tverdzha.kit_counts.counts) and every track capacity (the storage tracks
on the mats, the score track on the board), the per-game peaks of a `pnp sim --json`
result say how many of the simulated games needed more, and a 95 % interval on that rate
(Wilson with continuity correction, pnp.sim.stats.wilson_cc) says what the sample shows:

- short (an error): even the interval's lower bound is above the target;
- covered: its upper bound is within the target;
- undecided: the interval holds the target; a warning if some game did need more, else
  nothing but the bound (a few thousand games cannot show 1 in 1,000 either way).

Only evidence against the kit fails the check, so a kit that meets the target fails by
chance in far fewer than 2.5 % of runs (1 in 40 at a rate of exactly 1 in 1,000, fewer
below), instead of every time a sample quantile happens to land above the count. Counts
that follow from the rules alone (land tiles, markers) are checked against the board and
the resources, without the simulator.

Used by `pnp check --sim FILE` and `pnp sim --check-kit`; `pnp sim --json` carries the
same figures (`assessment`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.tverdzha import kit_counts as kit
from pnp.games.tverdzha.model import Game
from pnp.core.errors import Problem, error, warning
from pnp.sim.stats import DIGITS, wilson_cc

TARGET_GAMES = 1000
TARGET = 1 / TARGET_GAMES
INTERVAL = "95 % Wilson score interval with continuity correction"


@dataclass(frozen=True)
class Coverage:
    """One printed count against the games that needed more than it."""

    key: str  # peak key in the sim result
    what: str
    printed: int
    comp_key: str  # component key, for the mark
    over: int  # games whose peak was above the printed count
    games: int
    low: float  # 95 % interval on the rate of such games
    high: float
    top: int  # the most any game needed
    need: int  # the smallest count the sample itself puts within the target

    @property
    def verdict(self) -> str:
        if self.low > TARGET:
            return "short"
        return "covered" if self.high <= TARGET else "undecided"

    def as_dict(self) -> dict:
        return {"printed": self.printed, "games_over": self.over, "games": self.games,
                "rate": round(self.over / self.games, DIGITS + 2) if self.games else 0.0,
                "ci95": [round(self.low, DIGITS + 2), round(self.high, DIGITS + 2)],
                "verdict": self.verdict, "max": self.top, "need": self.need}


def check_kit(game: Game, sim: dict) -> list[Problem]:
    """Problems where a printed count is short of the target (or of the rules)."""
    problems = _sim_origin(game, sim)
    found, missing = coverages(game, sim.get("stats", {}))
    problems += [_no_peak(game, req) for req in missing]
    problems += [p for c in found if (p := _problem(game, c)) is not None]
    problems += _land_tiles(game)
    problems += _markers(game)
    return problems


def assessment(game: Game, sim: dict) -> dict:
    """The `kit` block of the `pnp sim --json` result: the target and every count's bound."""
    found, _ = coverages(game, sim["stats"])
    return {"target_rate": TARGET, "target": f"at most 1 game in {TARGET_GAMES} needs more than a printed count",
            "interval": INTERVAL, "counts": {c.key: c.as_dict() for c in found}}


def coverages(game: Game, stats: dict) -> tuple[list[Coverage], list[tuple]]:
    """(a Coverage per requirement the result has a peak for, the requirements it has none for)."""
    peaks, games = stats.get("peaks", {}), stats.get("games", 0)
    found, missing = [], []
    for key, what, printed, comp_key in requirements(game):
        if key not in peaks:
            missing.append((key, what, printed, comp_key))
            continue
        counts = {int(v): n for v, n in peaks[key]["games"].items()}
        over = sum(n for v, n in counts.items() if v > printed)
        low, high = wilson_cc(over, games)
        found.append(Coverage(key, what, printed, comp_key, over, games, low, high,
                              top=max(counts, default=0), need=_need(counts, games)))
    return found, missing


def _need(counts: dict[int, int], games: int) -> int:
    """The smallest count that at most 1 game in TARGET_GAMES of the sample went past."""
    over = games
    for value in sorted(counts):
        over -= counts[value]
        if over * TARGET_GAMES <= games:
            return value
    return 0


def _problem(game: Game, c: Coverage) -> Problem | None:
    mark = _comp_mark(game, c.comp_key)
    needed = (f"{c.what}: the kit has {c.printed}; {c.over} of {c.games} simulated games needed more "
              f"(up to {c.top}), 95 % interval on the rate {c.low:.2%}–{c.high:.2%}")
    if c.verdict == "short":
        return error("kit-count", f"{needed}, above the target of 1 game in {TARGET_GAMES:,}", mark,
                     hint=_raise_hint(c.comp_key, c.need))
    if c.verdict == "undecided" and c.over:
        return warning("kit-count", f"{needed}: it may be above the target of 1 game in {TARGET_GAMES:,}", mark,
                       hint=f"play more games to decide (`pnp sim --games N`), or {_raise_hint(c.comp_key, c.top)}")
    return None


def _no_peak(game: Game, requirement: tuple) -> Problem:
    key, what, _, comp_key = requirement
    return warning("kit-no-peak", f"the simulation result has no peak {key!r} ({what})", _comp_mark(game, comp_key),
                   hint="run `pnp sim --json FILE` with this version of pnp")


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
