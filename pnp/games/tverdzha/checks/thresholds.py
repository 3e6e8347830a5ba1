"""The hit-threshold table is monotone and complete.

The engine takes the first row whose ratio (own strength / enemy strength) matches, so:
- rows go from the highest ratio down: each row's bound lies strictly above the next
  one's (an exclusive ">1" row may precede an inclusive ">=1" row);
- a side never needs a higher roll for a better ratio: hit values do not decrease;
- the last row matches every ratio, down to 0 (">= 0"), so no battle is left without a row;
- every hit value can come up on a die and is not overruled by the natural rolls.
"""

from __future__ import annotations

from typing import Iterator

from pnp.games.tverdzha.model import Game, ThresholdRow
from pnp.core.errors import Problem, error

ID = "thresholds"

CODES = {
    "thresholds-order": "Hit-threshold rows are not in decreasing ratio order.",
    "thresholds-monotone": "A row for a smaller strength ratio needs a lower roll than the row above it.",
    "thresholds-incomplete": "The last hit-threshold row does not cover every ratio down to 0.",
    "thresholds-natural": "A hit value the natural-roll rules make meaningless.",
}


def _bound(row: ThresholdRow) -> str:
    return f"{'>=' if row.inclusive else '>'} {row.min_ratio}"


def _above(a: ThresholdRow, b: ThresholdRow) -> bool:
    """Does row `a` belong strictly before row `b`?"""
    return a.min_ratio > b.min_ratio or (a.min_ratio == b.min_ratio and not a.inclusive and b.inclusive)


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    rows = game.battle.thresholds
    path = ("battle", "thresholds", "rows")
    for i in range(1, len(rows)):
        prev, row = rows[i - 1], rows[i]
        if not _above(prev, row):
            yield error("thresholds-order", f"row {i + 1} (ratio {_bound(row)}) must come below row {i} (ratio {_bound(prev)}): "
                        "rows go from the highest ratio down", game.mark(*path, i, "min_ratio"),
                        "the engine uses the first row that matches, so a lower row would never be reached")
        if row.hit < prev.hit:
            yield error("thresholds-monotone", f"row {i + 1} (ratio {_bound(row)}) hits on {row.hit}+, easier than row {i} "
                        f"(ratio {_bound(prev)}, {prev.hit}+)", game.mark(*path, i, "hit"),
                        "a weaker side must never need a lower roll than a stronger one")
    if rows:
        last = rows[-1]
        if not (last.min_ratio == 0 and last.inclusive):
            yield error("thresholds-incomplete", f"the last row covers ratios {_bound(last)} only; ratios below that have no row",
                        game.mark(*path, len(rows) - 1, "min_ratio"), "end the table with a row min_ratio: \"0\", inclusive: true")
    natural = game.battle
    for i, row in enumerate(rows):
        if row.hit > natural.always_hit or row.hit <= natural.always_miss:
            yield error("thresholds-natural", f"row {i + 1} hits on {row.hit}+, but a {natural.always_hit} always hits and "
                        f"a {natural.always_miss} always misses", game.mark(*path, i, "hit"))
