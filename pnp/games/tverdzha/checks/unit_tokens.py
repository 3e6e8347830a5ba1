"""A unit token prints every strength a unit can reach, one number per edge of the square:
a content that lets a unit grow stronger than the token's edges can show is refused here,
not printed with the top strength missing (the rulebook would promise it)."""

from __future__ import annotations

from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.games.tverdzha.model import UNIT_TOKEN_EDGES, Game

ID = "unit-tokens"

CODES = {
    "unit-token-edges": "A unit can grow stronger than the square unit token's four edges can show.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    for strength, mark, what in game.strength_sources():
        if strength > UNIT_TOKEN_EDGES:
            yield error("unit-token-edges", f"{what} makes a unit of strength {strength}, but a unit token shows "
                        f"strengths 1 to {UNIT_TOKEN_EDGES}, one on each edge", mark,
                        f"keep every training cap and hiring strength at {UNIT_TOKEN_EDGES} or less")
