"""Ids that tell things apart: one thing per id in each list, one travel card per printed name."""

from __future__ import annotations

from typing import Any, Iterator

from pnp.core.errors import Problem, error
from pnp.games.empire.model import Game

ID = "ids"

CODES = {
    "duplicate-id": "Two items of a list share an id.",
    "duplicate-name": "Two travel cards of one type print the same name in one language.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    lists: dict[tuple[str, ...], tuple[Any, ...]] = {
        ("resources",): game.resources, ("races",): game.races, ("travel_cards",): game.travel_cards,
        ("capital", "plots"): game.capital.plots}
    for path, items in lists.items():
        seen: dict[str, int] = {}
        for i, item in enumerate(items):
            if item.id in seen:
                yield error("duplicate-id", f"{'.'.join(path)}[{i}]: id {item.id!r} is also "
                            f"{'.'.join(path)}[{seen[item.id]}]'s", game.mark(*path, i, "id"))
            seen.setdefault(item.id, i)
    for code in (lang,) if lang else game.languages:
        named: dict[tuple[str, str, str], int] = {}
        for i, card in enumerate(game.travel_cards):
            if not card.name.has(code):
                continue
            printed = (card.type, card.name.get(code), card.kind.get(code) if card.kind and card.kind.has(code) else "")
            if printed in named:
                yield error("duplicate-name", f"travel_cards[{i}] ({card.id}): «{card.name.get(code)}» ({code}) is also "
                            f"travel_cards[{named[printed]}]'s name", card.name.mark)
            named.setdefault(printed, i)
