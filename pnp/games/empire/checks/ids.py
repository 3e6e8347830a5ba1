"""Ids that tell things apart: one thing per id in each list, one travel card per printed name."""

from __future__ import annotations

from typing import Any, Iterator

from pnp.core.errors import Problem, error
from pnp.games.empire.model import Game

ID = "ids"

CODES = {
    "duplicate-id": "Two items of a list share an id (a war machine, a battle type, a travel card ...).",
    "duplicate-name": "Two travel cards of one type print the same name in one language.",
}


def listed_ids(game: Game) -> dict[tuple[str, ...], tuple[str, ...]]:
    """The ids of each content list whose items have one, by the list's content path (the
    heroes and the spells have checks of their own: heroes.py, magic.py)."""
    battle = game.battle
    lists: dict[tuple[str, ...], tuple[Any, ...]] = {
        ("resources",): game.resources, ("races",): game.races, ("travel_types",): game.travel_types,
        ("travel_cards",): game.travel_cards, ("capital", "plots"): game.capital.plots, ("battle", "types"): battle.types,
        ("battle", "war_machines"): battle.machines, ("magic", "schools"): battle.magic.schools}
    ids = {path: tuple(item.id for item in items) for path, items in lists.items()}
    ids[("battle", "attack_kinds")] = battle.attack_kinds
    if game.neutral_deck is not None:
        ids[("neutral_armies", "cards")] = tuple(a.id for a in game.neutral_deck.armies)
    return ids


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    for path, ids in listed_ids(game).items():
        seen: dict[str, int] = {}
        for i, item_id in enumerate(ids):
            if item_id in seen:
                yield error("duplicate-id", f"{'.'.join(path)}[{i}]: id {item_id!r} is also "
                            f"{'.'.join(path)}[{seen[item_id]}]'s", game.mark(*path, i, "id"))
            seen.setdefault(item_id, i)
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
