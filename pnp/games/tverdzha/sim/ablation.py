"""Ablation: the same game with some battle cards or buildings taken out (`pnp sim --forbid ID`).

The modified model is built in memory with dataclasses.replace; the content file is never
touched. A forbidden battle card leaves the deck smaller (the deck size follows the
remaining counts); a forbidden building leaves the market with its copies removed.
"""

from __future__ import annotations

import difflib
from dataclasses import replace

from pnp.games.tverdzha.model import Game
from pnp.sim.hooks import UnknownId


def forbid(game: Game, ids) -> Game:
    """`game` without the named battle cards and buildings; raises UnknownId for a bad id."""
    ids = tuple(dict.fromkeys(ids))  # keep order, drop repeats
    if not ids:
        return game
    cards = {c.id for c in game.battle_cards}
    buildings = {b.id for b in game.buildings}
    for item in ids:
        if item not in cards and item not in buildings:
            raise UnknownId(_unknown_message(game, item))
    kept_cards = tuple(c for c in game.battle_cards if c.id not in ids)
    kept_buildings = tuple(b for b in game.buildings if b.id not in ids)
    return replace(game, battle_cards=kept_cards, buildings=kept_buildings,
                   battle_deck_size=sum(c.count for c in kept_cards))


def _unknown_message(game: Game, item: str) -> str:
    known = sorted([c.id for c in game.battle_cards] + [b.id for b in game.buildings])
    close = difflib.get_close_matches(item, known, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return (f"--forbid {item!r} is neither a battle card nor a building{hint} "
            f"(known: {', '.join(known)})")
