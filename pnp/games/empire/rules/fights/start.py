"""A battle begun: a guarded card's army put on the table and the chests around it asked for (mercenaries, the
bribe: pnp.games.empire.rules.fights.money), a siege or a dungeon attacked. `Position.fight` holds the battle
under way until its cards are done."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from pnp.games.empire.rules.fights import money
from pnp.games.empire.rules.fights.sides import army, opponent

if TYPE_CHECKING:
    from pnp.games.empire.rules.position import Position as State


def clone_fight(f: dict) -> dict:
    c = dict(f)
    for key in ("drawn", "def_drawn", "asking"):
        if key in c:
            c[key] = list(c[key])
    for key in ("pool", "def_pool"):
        if key in c:
            c[key] = Counter(c[key])
    if "bribes" in c:
        c["bribes"] = dict(c["bribes"])
    return c


def offer(s: State, seat: int, card: str, neutral: str) -> None:
    """A guarded card's army is on the table: the other players may pay for mercenaries, then its player
    chooses how many chests to bribe it with (pnp.games.empire.rules.fights.money)."""
    opp = opponent(s, card, neutral)
    money.ask(s, {"kind": "neutral", "seat": seat, "card": card, "neutral": neutral, "army": None, "opp": opp,
                  "morale": 0, "drawn": [], "pool": s.players[seat].deck_strikes()}, money.neutral_asking(s, seat))


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
