"""A battle begun: a guarded card's army put on the table and its bribe chosen, a siege or a dungeon
attacked. `Position.fight` holds the battle under way until its cards are done."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from pnp.games.empire.rules.fights.sides import army, opponent

if TYPE_CHECKING:
    from pnp.games.empire.rules.position import Position as State


def clone_fight(f: dict) -> dict:
    c = dict(f)
    for key in ("drawn", "def_drawn"):
        if key in c:
            c[key] = list(c[key])
    for key in ("pool", "def_pool"):
        if key in c:
            c[key] = Counter(c[key])
    return c


def offer(s: State, seat: int, card: str, neutral: str) -> None:
    """A guarded card's army is on the table: its player chooses how many chests to bribe it with."""
    s.offer = (seat, card, neutral)
    s.stage = "bribe"


def bribes(s: State) -> list[tuple]:
    """0 up to the player's chests, leaving the army at least one squad to fight."""
    assert s.offer is not None
    seat, card, neutral = s.offer
    squads = opponent(s, card, neutral).count or 0
    return [("bribe", k) for k in range(min(s.players[seat].chests, squads - 1) + 1)]


def bribe(s: State, chests: int) -> None:
    assert s.offer is not None
    seat, card, neutral = s.offer
    s.offer = None
    opp = opponent(s, card, neutral)
    a = army(s, seat, opp.battle, opp, chests)
    s.fight = {"kind": "neutral", "seat": seat, "card": card, "neutral": neutral, "army": a, "opp": opp,
               "morale": 0, "drawn": [], "pool": s.players[seat].deck_strikes()}
    s.stage = "fighting"


def attack(s: State, seat: int, card: str, neutral: str | None) -> None:
    """A guarded card (its army known: attacked again), a siege or a dungeon."""
    if neutral is not None:
        offer(s, seat, card, neutral)
        return
    opp = opponent(s, card, None)
    a = army(s, seat, opp.battle, opp)
    s.fight = {"kind": s.t.cards[card].type, "seat": seat, "card": card, "neutral": None, "army": a, "opp": opp,
               "morale": None if s.t.rules.type(opp.battle).morale else 0, "drawn": [],
               "pool": s.players[seat].deck_strikes()}
    s.stage = "fighting"
