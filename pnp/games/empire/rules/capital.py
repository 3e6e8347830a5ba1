"""The capital's rules: where a building may go, what the palace earns, how many heroes fit.

«От дворца следует производить застройку города по горизонтали или по вертикали.
Последующую застройку города осуществляют от уже построенных зданий»: a plot may be
built when it is orthogonally next to the palace or to a plot the player built. The plots
built from the start other than the palace (the city gates) open no plots: fig. 1 of the
seed opens three plots around the palace, the fourth neighbour being the gates.

«Когда в городе полностью отстроена одна вертикаль из трёх зданий, происходит
автоматический апгрейд городского центра»: the capital's daily income is the step of the
income track for the number of completed columns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

Cell = tuple[int, int]  # (row, column) on the capital sheet, both from 0


@dataclass(frozen=True)
class Layout:
    """The plots of a capital sheet: a grid of `rows` × `columns`, each plot on one cell."""

    columns: int
    rows: int
    cells: Mapping[str, Cell]  # plot id -> its cell
    origin: str  # the palace: construction starts from it
    prebuilt: frozenset[str]  # built from the start (the palace among them)

    def plot_at(self, cell: Cell) -> str | None:
        return next((plot for plot, at in self.cells.items() if at == cell), None)

    def neighbours(self, plot: str) -> tuple[str, ...]:
        """The plots orthogonally next to `plot`, in a fixed order (up, left, right, down)."""
        row, col = self.cells[plot]
        found = (self.plot_at(c) for c in ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col)))
        return tuple(p for p in found if p is not None)

    def on_grid(self, plot: str) -> bool:
        row, col = self.cells[plot]
        return 0 <= row < self.rows and 0 <= col < self.columns


def legal(layout: Layout, built: Iterable[str]) -> tuple[str, ...]:
    """The plots a player may build next, having `built` (besides the prebuilt ones), in layout order."""
    done = set(built) | layout.prebuilt
    sources = {layout.origin} | (done - layout.prebuilt)
    return tuple(plot for plot in layout.cells if plot not in done
                 and any(n in sources for n in layout.neighbours(plot)))


def buildable(layout: Layout) -> frozenset[str]:
    """Every plot a player can build eventually, one legal plot after another from the palace."""
    built: set[str] = set()
    while True:
        more = legal(layout, built)
        if not more:
            return frozenset(built)
        built.update(more)


def completed_columns(layout: Layout, built: Iterable[str]) -> int:
    """Columns of the grid whose every cell holds a built plot (a completed vertical)."""
    done = set(built) | layout.prebuilt
    return sum(1 for col in range(layout.columns)
               if all((p := layout.plot_at((row, col))) is not None and p in done for row in range(layout.rows)))


def income(track: Iterable[tuple[int, int]], completed: int) -> int:
    """The capital's gold a day: the last step of `track` ((verticals, gold), rising) reached by `completed`."""
    return step(track, completed, "income")


def strength(track: Iterable[tuple[int, int]], completed: int) -> int:
    """The capital's siege strength: the last step of the fortifications' `track` ((verticals, strength))
    reached by `completed` («автоматический апгрейд городского центра и укреплений»)."""
    return step(track, completed, "fortifications")


def step(track: Iterable[tuple[int, int]], completed: int, name: str) -> int:
    reached = [value for verticals, value in sorted(track) if verticals <= completed]
    if not reached:
        raise ValueError(f"the {name} track has no step for {completed} completed verticals")
    return reached[-1]


def hero_limit(base: int, granted: Iterable[int]) -> int:
    """Heroes a player may hold: the most any built building grants («3 героя – максимальное
    кол-во героев в руке»), never fewer than the base a player starts with."""
    return max([base, *granted])
