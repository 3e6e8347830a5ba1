"""The week's start and end in «Строительство империи», and the scoring after the last week."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.empire.rules.player import Player

if TYPE_CHECKING:
    from pnp.games.empire.rules.position import Position as State


def week_start(s: State, p: Player) -> None:
    p.luck = 0
    p.spied = 0
    p.tavern_out += p.tavern_open  # the heroes not hired go to the tavern's discard
    p.tavern_open = []
    rich = sum(1 for c in p.holdings if s.t.cards[c].resource is not None)
    s.gain_chests(p, rich * s.t.resource_chests)


def contribution(s: State, seat: int) -> None:
    """«в течение этой недели проигравший выплачивает победителю контрибуцию в размере половины своего
    ежедневного дохода»: at each of its turns, after its day's gold, its income divided by the content's share."""
    p = s.players[seat]
    for winner, loser in s.fallen:
        if loser == seat:
            paid = min(p.gold, p.income(s.t) // s.t.contribution_share)
            p.gold -= paid
            s.players[winner].gold += paid
            s.tally["contribution_gold"] += paid


def week_end(s: State) -> None:
    """An army not beaten by the week's end leaves its card, which goes back into the travel deck; a fallen
    capital's truce and contribution end («С началом новой недели выплата контрибуций заканчивается»)."""
    s.fallen = []
    for p in s.players:
        for card, army in p.open:
            s.pile[card] += 1
            if army is not None:
                s.neutral_discard.append(army)
        p.open = []


def final_scoring(s: State) -> None:
    """«контроль над заповедными местами даёт кол-во ПО написанное на карте только в конце игры»."""
    for p in s.players:
        for card in p.holdings:
            c = s.t.cards[card]
            if c.type == "reserve" and c.points:
                p.points["reserves"] += c.points
