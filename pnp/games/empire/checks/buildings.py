"""Each race's buildings: one on every plot, costs where a player builds, names that tell them apart."""

from __future__ import annotations

from typing import Iterator

from pnp.checks._util import did_you_mean
from pnp.core.errors import Problem, error
from pnp.games.empire.model import Game

ID = "buildings"

CODES = {
    "building-missing": "A race has no building for a plot of the capital.",
    "building-unknown-plot": "A race's building names a plot the capital does not have.",
    "building-cost": "A building the player builds has no cost, or one built from the start has a cost or an upgrade.",
    "building-name": "Two buildings of a race share a name in one language.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    plots = {p.id: p for p in game.capital.plots}
    for r, race in enumerate(game.races):
        at = ("races", r, "buildings")
        have = {b.plot for b in race.buildings}
        for plot_id, missing in plots.items():
            if plot_id not in have:
                yield error("building-missing", f"races[{r}] ({race.id}): no building for plot {plot_id!r}",
                            game.mark(*at), f"add `{plot_id}:` with its name{'' if missing.built else ', cost and upgrade'}")
        for b in race.buildings:
            plot = plots.get(b.plot)
            if plot is None:
                yield error("building-unknown-plot", f"races[{r}].buildings: no plot {b.plot!r} in the capital",
                            game.mark(*at, b.plot, "__key__"), did_you_mean(b.plot, plots))
            elif plot.built and (b.cost is not None or b.upgrade is not None):
                yield error("building-cost", f"races[{r}].buildings.{b.plot}: the {plot.kind} stands from the start and "
                            "upgrades by itself («не требуют ресурсов на усовершенствование»): no cost, no upgrade", b.mark)
            elif not plot.built and b.cost is None:
                yield error("building-cost", f"races[{r}].buildings.{b.plot}: expected its cost in cards, found none", b.mark)
        for code in (lang,) if lang else game.languages:
            seen: dict[str, str] = {}
            for b in race.buildings:
                for name in (b.name, b.upgrade.name if b.upgrade else None):
                    if name is None or not name.has(code):
                        continue
                    if name.get(code) in seen:
                        yield error("building-name", f"races[{r}].buildings.{b.plot}: the name «{name.get(code)}» "
                                    f"({code}) is also {seen[name.get(code)]}'s", name.mark)
                    seen.setdefault(name.get(code), b.plot)
