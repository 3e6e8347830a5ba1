"""The capital sheet: its plots as the seed lists them, on the grid, each buildable from the palace.

A plot that no chain of legal builds reaches (pnp.games.empire.rules.capital) could never
be built: the sheet would print a building nobody can have.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.games.empire import reference
from pnp.games.empire.checks._seed import departure
from pnp.games.empire.model import Game
from pnp.games.empire.rules.capital import buildable

ID = "capital"

CODES = {
    "capital-plots": "The capital's plots are not the ones the seed lists (12: palace and gates built, 7 barracks I-VII, "
                     "forge, magic tower, the race's unique building).",
    "plot-off-grid": "A plot stands outside the capital's grid of columns × rows.",
    "plot-overlap": "Two plots stand on one cell.",
    "plot-unreachable": "A plot that no chain of builds from the palace reaches: it could never be built.",
    "plot-level": "A barracks without its level, or a level on a plot that is not a barracks.",
    "income-track": "The income track does not start at 0 verticals and rise, or differs from the seed's.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    yield from _kinds(game)
    yield from _places(game)
    yield from _income(game)


def _kinds(game: Game) -> Iterator[Problem]:
    plots = game.capital.plots
    if game.capital.rows != reference.VERTICAL:
        yield error("capital-plots", f"capital.rows: a vertical is {reference.VERTICAL} buildings («одна вертикаль из трёх "
                    f"зданий»), found {game.capital.rows} rows", game.mark("capital", "rows"))
    counts = Counter(p.kind for p in plots)
    for kind, want in reference.PLOTS.items():
        if counts[kind] != want:
            yield error("capital-plots", f"capital.plots: {want} {kind} plot{'s' if want != 1 else ''} "
                        f"({reference.PLOTS_QUOTE}), found {counts[kind]}", game.mark("capital", "plots"))
    for i, p in enumerate(plots):
        if p.built != (p.kind in reference.PREBUILT):
            said = "is not built from the start" if p.built else "stands built from the start: `built: true`"
            yield error("capital-plots", f"capital.plots[{i}] ({p.id}): a {p.kind} plot {said} "
                        "(«2 (дворец и городские ворота) уже построены»)", p.mark)
        if (p.level is None) == (p.kind == "barracks"):
            yield error("plot-level", f"capital.plots[{i}] ({p.id}): " + ("a barracks needs its level (1-7)" if p.level is None
                        else f"a {p.kind} has no level, found {p.level}"), p.mark)
    levels = sorted(p.level for p in plots if p.kind == "barracks" and p.level is not None)
    if counts["barracks"] == len(reference.BARRACKS_LEVELS) and tuple(levels) != reference.BARRACKS_LEVELS:
        yield error("capital-plots", f"capital.plots: the barracks are levels I-VII, one each; found levels "
                    f"{', '.join(map(str, levels))}", game.mark("capital", "plots"))


def _places(game: Game) -> Iterator[Problem]:
    cap, layout = game.capital, game.capital.layout
    taken: dict[tuple[int, int], str] = {}
    for i, p in enumerate(cap.plots):
        if not layout.on_grid(p.id):
            yield error("plot-off-grid", f"capital.plots[{i}] ({p.id}): cell {list(p.at)} is outside the grid of "
                        f"{cap.rows} rows × {cap.columns} columns (rows 0-{cap.rows - 1}, columns 0-{cap.columns - 1})",
                        game.mark("capital", "plots", i, "at"))
        elif p.at in taken:
            yield error("plot-overlap", f"capital.plots[{i}] ({p.id}): cell {list(p.at)} already holds {taken[p.at]}",
                        game.mark("capital", "plots", i, "at"))
        else:
            taken[p.at] = p.id
    if not layout.origin:
        return  # no palace: capital-plots said so
    reached = buildable(layout) | layout.prebuilt
    for i, p in enumerate(cap.plots):
        if p.id not in reached and layout.on_grid(p.id):
            yield error("plot-unreachable", f"capital.plots[{i}] ({p.id}): no chain of builds from the palace reaches "
                        f"cell {list(p.at)} (a plot is built orthogonally next to the palace or a built plot; "
                        "the city gates open none)", game.mark("capital", "plots", i, "at"),
                        "move it next to a plot that the palace reaches")


def _income(game: Game) -> Iterator[Problem]:
    steps = game.capital.income
    path = ("capital", "income")
    if steps[0].verticals != 0:
        yield error("income-track", f"capital.income: the track starts at 0 completed verticals, found {steps[0].verticals}",
                    steps[0].mark)
    for i, (before, after) in enumerate(zip(steps, steps[1:]), start=1):
        if after.verticals <= before.verticals or after.gold <= before.gold:
            yield error("income-track", f"capital.income[{i}]: each step needs more verticals and more gold than the last "
                        f"({before.verticals} → {before.gold}, then {after.verticals} → {after.gold})", after.mark)
    track = game.capital.income_track()
    if track != reference.INCOME:
        yield from departure(game, "income-track", path, f"capital.income: the seed's track is {_track(reference.INCOME)} "
                             f"({reference.INCOME_QUOTE}), found {_track(track)}",
                             [g for _, g in track], [g for _, g in reference.INCOME])


def _track(track) -> str:
    return " → ".join(f"+{gold} at {v}" for v, gold in track)
