"""The chance steps of «Строительство империи» on a position (pnp.games.empire.rules.state), each with
exact odds: the races drawn and seated, a creature card (the start, a hire), a travel card dealt (a trap
paid at once and the hand topped up), a tavern hero, a neutral army (the top cards a spy turned are drawn
first, in their order), a neutral card a spy turns, a school of magic; a battle's cards are
pnp.games.empire.rules.fights.cards'."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pnp.games.empire.rules.fights import cards, start
from pnp.games.empire.rules.player import Player

if TYPE_CHECKING:
    from pnp.games.empire.rules.position import Position as State


def race_draws(races: int, players: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every ordered draw of `players` races of `races`, equally likely («расы определены»)."""
    draws = list(itertools.permutations(range(races), players))
    return [(d, Fraction(1, len(draws))) for d in draws]


def _share(counts: Counter) -> list[tuple[Any, Fraction]]:
    total = sum(counts.values())
    return [(k, Fraction(n, total)) for k, n in sorted(counts.items()) if n]


def travel_source(s: State) -> Counter:
    """The cards the next travel draw comes from: the deck (its unknown part, then the cards put under it in
    order), or, both empty, the discard shuffled."""
    if s.pile:
        return s.pile
    if s.under:
        return Counter([s.under[0]])
    return Counter(s.discard)


def chance_outcomes(s: State, task: tuple) -> list[tuple[Any, Fraction]]:
    kind = task[0]
    if kind == "races":
        return race_draws(len(s.t.races), s.n)
    if kind == "start":
        p = s.players[task[1]]
        return _share(Counter({k: n for k, n in p.deck.items() if s.t.races[p.race].creature(k[0]).level <= s.t.start_levels}))
    if kind == "hire":
        p = s.players[task[1]]
        return _share(Counter({k: n for k, n in p.deck.items() if k[0] == task[2]}))
    if kind == "deal":
        return _share(travel_source(s))
    if kind == "tavern":
        p = s.players[task[1]]
        return _share(Counter(p.tavern or p.tavern_out))
    if kind == "neutral":
        if s.neutral_top:  # a spy's look put these on top, in this order
            return [(s.neutral_top[0], Fraction(1))]
        return _share(s.neutral_pile or Counter(s.neutral_discard))
    if kind == "peek":
        return _share(s.neutral_pile or Counter(s.neutral_discard))
    if kind == "school":
        taken = {p.school for p in s.players}
        free = [x for x in s.t.schools if x not in taken] or list(s.t.schools)
        return [(x, Fraction(1, len(free))) for x in free]
    return cards.chance_outcomes(s, task)


def resolve_chance(s: State, task: tuple, outcome: Any) -> None:
    kind = task[0]
    if kind == "races":
        _seat_races(s, outcome)
    elif kind in ("start", "hire"):
        p = s.players[task[1]]
        p.deck[outcome] -= 1
        p.hand[outcome] += 1
        if not p.deck[outcome]:
            del p.deck[outcome]
    elif kind == "deal":
        _dealt(s, task[1], outcome)
    elif kind == "tavern":
        p = s.players[task[1]]
        if not p.tavern:
            p.tavern, p.tavern_out = p.tavern_out, []
        p.tavern.remove(outcome)
        p.tavern_open.append(outcome)
    elif kind == "neutral":
        if s.neutral_top:
            s.neutral_top.pop(0)
            s.neutral_seen = {seat: n - 1 for seat, n in s.neutral_seen.items() if n > 1}
        else:
            _take_neutral(s, outcome)
        start.offer(s, task[1], task[2], outcome)
    elif kind == "peek":  # a spy turns the next card of the neutral deck («посмотреть 3 верхние карты»)
        _take_neutral(s, outcome)
        s.neutral_top.append(outcome)
    elif kind == "school":
        s.players[task[1]].school = outcome
    else:
        cards.resolve_chance(s, task, outcome)


def _take_neutral(s: State, army: str) -> None:
    """The neutral deck's next card out of the pile (its discard shuffled in when the pile is empty)."""
    if not s.neutral_pile:
        s.neutral_pile, s.neutral_discard = Counter(s.neutral_discard), []
    s.neutral_pile[army] -= 1
    if not s.neutral_pile[army]:
        del s.neutral_pile[army]


def _seat_races(s: State, races: tuple[int, ...]) -> None:
    t = s.t
    order = s.slots or range(len(races))
    for seat in range(len(races)):
        race = races[order[seat]]
        p = Player(race)
        rt = t.races[race]
        for c in rt.creatures:
            p.deck.update((c.id, strike) for strike in c.strikes)
        p.tavern = [h.id for h in rt.heroes]
        s.players.append(p)
        s.gain_chests(p, t.start_chests)
        s.chance += [("start", seat)] * t.creature_hand


def _dealt(s: State, seat: int, card: str) -> None:
    if not s.pile and not s.under:
        s.pile, s.discard = Counter(s.discard), []
    if s.pile:
        s.pile[card] -= 1
        if not s.pile[card]:
            del s.pile[card]
    else:
        s.under.pop(0)
    p = s.players[seat]
    c = s.t.cards[card]
    if c.type == "trap":  # «обязан мгновенно заплатить штраф»; the hand is topped up again
        _penalty(s, p, c.penalty)
        s.out[card] += 1
        s.tally["traps"] += 1
    else:
        p.travel.append(card)
    _top_up(s, seat)


def _top_up(s: State, seat: int) -> None:
    """Another deal step while the hand is short of the week's seven, if the deck (or its discard) has a card."""
    if len(s.players[seat].travel) < s.t.hand:
        if s.pile or s.under or s.discard:
            s.chance.insert(0, ("deal", seat))
        else:
            s.tally["travel_short"] += s.t.hand - len(s.players[seat].travel)


def _penalty(s: State, p: Player, penalty) -> None:
    t = s.t
    rt = t.races[p.race]
    for _ in range(penalty.get("creature_cards", 0)):
        if p.hand:  # the weakest card: the lowest level, then the lowest strike
            card = min(p.hand, key=lambda k: (rt.creature(k[0]).level, k[1]))
            p.hand[card] -= 1
            if not p.hand[card]:
                del p.hand[card]
            p.deck[card] += 1
    p.chests = max(0, p.chests - penalty.get("chests", 0))
    p.gold = max(0, p.gold - penalty.get("gold", 0))
