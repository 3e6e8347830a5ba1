"""The simulator's balance finding the rulebook prints (content `balance:`): each side's
95 % interval is written lower bound first and holds the rate it was measured around."""

from __future__ import annotations

from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.games.oborona_zamka.model import Game

ID = "balance"

CODES = {
    "balance-interval": "A side's `ci95` is not an interval around its `rate` (lower bound first): "
                        "copy both from the same `pnp sim --json` result.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    if game.balance is None:
        return
    for side in ("attacker", "defender"):
        share = getattr(game.balance, side)
        low, high = share.ci95
        where = game.mark("balance", side, "ci95")
        if low > high:
            yield error("balance-interval", f"balance.{side}.ci95: the lower bound comes first, found "
                        f"[{low}, {high}]", where, f"write [{high}, {low}]")
        elif not low <= share.rate <= high:
            yield error("balance-interval", f"balance.{side}.ci95: [{low}, {high}] does not hold the rate "
                        f"{share.rate}", where, "copy the rate and its interval from the same `pnp sim --json` result")
