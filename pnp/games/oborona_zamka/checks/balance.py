"""The simulator's balance finding the rulebook prints (content `balance:`): each side's
95 % interval is written lower bound first and holds the rate it was measured around."""

from __future__ import annotations

from typing import Iterator

from pnp.checks._util import interval_problems
from pnp.core.errors import Problem
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
        yield from interval_problems(getattr(game.balance, side), f"balance.{side}", game.mark("balance", side, "ci95"))
