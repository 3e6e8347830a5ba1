"""The simulator's balance finding the rulebook prints (content `rulebook.balance`): each run is of a table
size the game seats, names only the game's races, and each race's 95 % interval is written lower bound
first and holds the rate it was measured around (the figures of one `pnp sim --json` result)."""

from __future__ import annotations

from typing import Iterator

from pnp.checks._util import did_you_mean, interval_problems
from pnp.core.errors import Problem, error
from pnp.games.empire.model import Game

ID = "balance"

CODES = {
    "balance-players": "A balance run is of a table size the game does not seat (`play.players`, at most one player a race).",
    "balance-race": "A balance run names a race the game does not have.",
    "balance-interval": "A race's `ci95` is not an interval around its `rate` (lower bound first): "
                        "copy both from the same `pnp sim --json` result.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    if game.book is None or game.play is None:
        return
    races = [r.id for r in game.races]
    least, most = game.play.players
    most = min(most, len(races))
    for i, run in enumerate(game.book.balance):
        at = ("rulebook", "balance", i)
        if not least <= run.players <= most:
            yield error("balance-players", f"rulebook.balance[{i}].players: expected {least} to {most}, found "
                        f"{run.players}", game.mark(*at, "players"))
        for race, share in run.races.items():
            where = f"rulebook.balance[{i}].races.{race}"
            if race not in races:
                yield error("balance-race", f"{where}: expected one of the races ({', '.join(races)}), found "
                            f"{race!r}", game.mark(*at, "races", race), did_you_mean(race, races))
                continue
            yield from interval_problems(share, where, game.mark(*at, "races", race, "ci95"))
