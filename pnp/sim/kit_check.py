"""Component sufficiency: do the printed counts cover what simulated games needed?

The target: at most 1 game in TARGET_GAMES (1,000) needs more than a printed count. For
every count the game's Simulation.requirements names (pieces, dice, track capacities),
the per-game peaks of a `pnp sim --json`
result say how many of the simulated games needed more, and a 95 % interval on that rate
(Wilson with continuity correction, pnp.sim.stats.wilson_cc) says what the sample shows:

- short (an error): even the interval's lower bound is above the target;
- covered: its upper bound is within the target;
- undecided: the interval holds the target; a warning if some game did need more, else
  nothing but the bound (a few thousand games cannot show 1 in 1,000 either way).

Only evidence against the kit fails the check, so a kit that meets the target fails by
chance in far fewer than 2.5 % of runs (1 in 40 at a rate of exactly 1 in 1,000, fewer
below), instead of every time a sample quantile happens to land above the count. Counts
that follow from the rules alone are the game's Simulation.kit_rules, without the simulator.

Used by `pnp check --sim FILE` and `pnp sim --check-kit`; `pnp sim --json` carries the
same figures (`assessment`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.core.errors import Problem, error, warning
from pnp.sim.hooks import Requirement, Simulation
from pnp.sim.stats import DIGITS, wilson_cc

TARGET_GAMES = 1000
TARGET = 1 / TARGET_GAMES
INTERVAL = "95 % Wilson score interval with continuity correction"


@dataclass(frozen=True)
class Coverage:
    """One printed count against the games that needed more than it."""

    requirement: Requirement
    over: int  # games whose peak was above the printed count
    games: int
    low: float  # 95 % interval on the rate of such games
    high: float
    top: int  # the most any game needed
    need: int  # the smallest count the sample itself puts within the target

    @property
    def key(self) -> str:
        return self.requirement.key

    @property
    def printed(self) -> int:
        return self.requirement.printed

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


def check_kit(game: Any, simulation: Simulation, sim: dict) -> list[Problem]:
    """Problems where a printed count is short of the target (or of the rules)."""
    problems = _sim_origin(game, sim)
    found, missing = coverages(simulation.requirements(game), sim.get("stats", {}))
    problems += [_no_peak(req) for req in missing]
    problems += [p for c in found if (p := _problem(c)) is not None]
    problems += simulation.kit_rules(game)
    return problems


def assessment(game: Any, simulation: Simulation, sim: dict) -> dict:
    """The `kit` block of the `pnp sim --json` result: the target and every count's bound."""
    found, _ = coverages(simulation.requirements(game), sim["stats"])
    return {"target_rate": TARGET, "target": f"at most 1 game in {TARGET_GAMES} needs more than a printed count",
            "interval": INTERVAL, "counts": {c.key: c.as_dict() for c in found}}


def coverages(requirements: list[Requirement], stats: dict) -> tuple[list[Coverage], list[Requirement]]:
    """(a Coverage per requirement the result has a peak for, the requirements it has none for)."""
    peaks, games = stats.get("peaks", {}), stats.get("games", 0)
    found, missing = [], []
    for req in requirements:
        if req.key not in peaks:
            missing.append(req)
            continue
        counts = {int(v): n for v, n in peaks[req.key]["games"].items()}
        over = sum(n for v, n in counts.items() if v > req.printed)
        low, high = wilson_cc(over, games)
        found.append(Coverage(req, over, games, low, high, top=max(counts, default=0), need=_need(counts, games)))
    return found, missing


def _need(counts: dict[int, int], games: int) -> int:
    """The smallest count that at most 1 game in TARGET_GAMES of the sample went past."""
    over = games
    for value in sorted(counts):
        over -= counts[value]
        if over * TARGET_GAMES <= games:
            return value
    return 0


def _problem(c: Coverage) -> Problem | None:
    req = c.requirement
    needed = (f"{req.what}: the kit has {c.printed}; {c.over} of {c.games} simulated games needed more "
              f"(up to {c.top}), 95 % interval on the rate {c.low:.2%}–{c.high:.2%}")
    if c.verdict == "short":
        return error("kit-count", f"{needed}, above the target of 1 game in {TARGET_GAMES:,}", req.mark,
                     hint=_raise_hint(req, c.need))
    if c.verdict == "undecided" and c.over:
        return warning("kit-count", f"{needed}: it may be above the target of 1 game in {TARGET_GAMES:,}", req.mark,
                       hint=f"play more games to decide (`pnp sim --games N`), or {_raise_hint(req, c.top)}")
    return None


def _no_peak(req: Requirement) -> Problem:
    return warning("kit-no-peak", f"the simulation result has no peak {req.key!r} ({req.what})", req.mark,
                   hint="run `pnp sim --json FILE` with this version of pnp")


def _sim_origin(game: Any, sim: dict) -> list[Problem]:
    meta = sim.get("meta", {})
    sha = meta.get("content_sha256")
    if sha and game.sha256 and sha != game.sha256:
        return [warning("kit-sim-stale", "the simulation result was made from a different content file",
                        game.mark("components"), hint="run `pnp sim --json FILE` again on this content")]
    return []


def _raise_hint(req: Requirement, need: int) -> str:
    if req.track:
        return f"make components.{req.field} reach {need} (top, plus overflow if the marker has a +side)"
    return f"raise components.{req.field} to at least {need}"
