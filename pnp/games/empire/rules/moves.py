"""The steps of «Строительство империи» on a position (pnp.games.empire.rules.state): the chance steps, the
legal actions, what each does, and the week's start and end. Battles are in pnp.games.empire.rules.fights.

Actions are tuples: ("hero", id) and ("hire", creature) hire and keep the turn; ("build", plot),
("upgrade", plot), ("visit", card), ("again", owner, i) (a card someone fought
and lost this week, by the seat it lies before: «сразиться всем игрокам по очереди»), ("war", card, seat),
("peace", card, seat), ("capture", seat, end) (end 0 the left of its holdings, 1 the right), ("ritual",)
and ("pass",) are the turn's one action; ("bribe", chests) before a battle against a neutral army;
("accept",) / ("refuse",) a peace; ("stop",) ends a turn's captures.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pnp.games.empire.rules import capital
from pnp.games.empire.rules.fights import cards, start
from pnp.games.empire.rules.fights.sides import can_fight
from pnp.games.empire.rules.fights.war import capture, captures
from pnp.games.empire.rules.player import Player

if TYPE_CHECKING:
    from pnp.games.empire.rules.position import Position as State

GUARDED = ("mine", "reserve")  # a neutral army from the neutral deck holds them
SIEGED = ("town", "garrison")  # their own strength, besieged


def neighbours(seat: int, players: int) -> list[int]:
    """The seats a «Война» card may be declared on: the neighbours left and right («соседу справа или слева»);
    at a table of two the one other player, of three both others."""
    return sorted({(seat - 1) % players, (seat + 1) % players} - {seat})


def race_draws(races: int, players: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every ordered draw of `players` races of `races`, equally likely («расы определены»)."""
    draws = list(itertools.permutations(range(races), players))
    return [(d, Fraction(1, len(draws))) for d in draws]


# --- chance ---------------------------------------------------------------------------------

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
        if not s.neutral_pile:
            s.neutral_pile, s.neutral_discard = Counter(s.neutral_discard), []
        s.neutral_pile[outcome] -= 1
        if not s.neutral_pile[outcome]:
            del s.neutral_pile[outcome]
        start.offer(s, task[1], task[2], outcome)
    elif kind == "school":
        s.players[task[1]].school = outcome
    else:
        cards.resolve_chance(s, task, outcome)


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


# --- the week -------------------------------------------------------------------------------

def week_start(s: State, p: Player) -> None:
    p.luck = 0
    p.tavern_out += p.tavern_open  # the heroes not hired go to the tavern's discard
    p.tavern_open = []
    rich = sum(1 for c in p.holdings if s.t.cards[c].resource is not None)
    s.gain_chests(p, rich * s.t.resource_chests)


def week_end(s: State) -> None:
    """An army not beaten by the week's end leaves its card, which goes back into the travel deck."""
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


# --- the legal actions ----------------------------------------------------------------------

def legal(s: State) -> list[tuple]:
    if s.stage == "bribe":
        return start.bribes(s)
    if s.stage == "consent":
        return [("accept",), ("refuse",)]
    seat = s.seat()
    if s.stage == "capture":
        return captures(s, seat) + [("stop",)]
    return hires(s, seat) + actions(s, seat) + [("pass",)]


def hires(s: State, seat: int) -> list[tuple]:
    t, p = s.t, s.players[seat]
    rt = t.races[p.race]
    out: list[tuple] = []
    if len(p.heroes) < p.hero_limit(t) and p.gold >= t.hero_gold:
        out += [("hero", h) for h in sorted(set(p.tavern_open))]
    have = {k[0] for k in p.deck}
    for c in rt.creatures:
        if rt.barracks(c.level) in p.built and c.id in have and p.gold >= c.level * t.creature_gold:
            out.append(("hire", c.id))
    return out


def actions(s: State, seat: int) -> list[tuple]:
    t, p = s.t, s.players[seat]
    plots = t.races[p.race].plots
    out: list[tuple] = [("build", x) for x in capital.legal(t.layout, p.built)
                        if x in plots and p.can_pay(t, plots[x].cost)]
    out += [("upgrade", x) for x in p.built if _upgradable(s, p, x)]
    for card in sorted(set(p.travel)):
        out += _plays(s, seat, card)
    # an army that held lies on its card till the week's end, for every player to fight in turn
    out += [("again", owner, i) for owner in range(s.n) for i, (card, _) in enumerate(s.players[owner].open)
            if can_fight(s, p, card)]
    if any(seat in w for w in s.wars):
        out += captures(s, seat)
    return out + [("ritual",)]


def _upgradable(s: State, p: Player, plot: str) -> bool:
    t = s.t
    info = t.races[p.race].plots[plot]
    if info.upgrade is None or not p.can_pay(t, info.upgrade):
        return False
    if info.kind == "forge":
        return p.forge(t) < t.forge_levels
    if info.kind == "magic_tower":
        return p.tower(t) < t.rules.magic.levels
    if info.kind == "unique":
        return not p.upgrades.get(plot)
    return True  # «Построенные казармы можно улучшать несколько раз»


def _plays(s: State, seat: int, card: str) -> list[tuple]:
    t, p = s.t, s.players[seat]
    c = t.cards[card]
    if c.type == "diplomacy":
        at_war = {d if a == seat else a for a, d in s.wars if seat in (a, d)}
        if c.action in ("war", "crusade"):
            targets = (set(neighbours(seat, s.n)) if c.action == "war" else set(range(s.n))) - {seat}
            return [("war", card, e) for e in sorted(targets - at_war)]
        return [("peace", card, e) for e in sorted(at_war)]
    if c.type == "garrison" and c.week is not None and s.week < c.week:
        return []
    if c.type == "terrain" and p.gold < (c.gold or 0):
        return []
    if c.type in GUARDED + SIEGED + ("dungeon",) and not can_fight(s, p, card):
        return []
    if c.type in GUARDED and not (s.neutral_pile or s.neutral_discard):
        return []  # every neutral army is on the table: the card waits (the kit check counts such games)
    return [("visit", card)]


# --- applying a decision --------------------------------------------------------------------

def apply(s: State, action: tuple) -> None:
    kind = action[0]
    seat = s.peace[1] if s.stage == "consent" and s.peace else s.seat()
    p = s.players[seat]
    t = s.t
    if kind == "hero":
        p.gold -= t.hero_gold
        p.tavern_open.remove(action[1])
        p.heroes.append((action[1], 0))
    elif kind == "hire":
        p.gold -= t.races[p.race].creature(action[1]).level * t.creature_gold
        s.chance.append(("hire", seat, action[1]))
    elif kind == "build":
        plot = t.races[p.race].plots[action[1]]
        p.pay(t, plot.cost)
        p.built.append(plot.id)
        p.points["buildings"] += plot.points
        if plot.kind == "magic_tower":  # «вытягивает в закрытую один из планшетов»
            s.chance.append(("school", seat))
        s.stage = "done"
    elif kind == "upgrade":
        p.pay(t, t.races[p.race].plots[action[1]].upgrade or 0)
        p.upgrades[action[1]] = p.upgrades.get(action[1], 0) + 1
        s.stage = "done"
    elif kind == "visit":
        p.travel.remove(action[1])
        _visit(s, seat, action[1])
    elif kind == "again":
        card, army = s.players[action[1]].open.pop(action[2])
        start.attack(s, seat, card, army)
    elif kind == "war":
        _play_diplomacy(s, p, action[1])
        s.wars.append((seat, action[2]))
        s.tally["wars"] += 1
        s.stage = "done"
    elif kind == "peace":
        _play_diplomacy(s, p, action[1])
        s.peace = (seat, action[2], action[1])
        s.stage = "consent"
    elif kind in ("accept", "refuse"):
        _peace(s, kind == "accept")
    elif kind == "capture":
        if s.stage != "capture":
            s.captures_left = t.captures if any(a == seat and d == action[1] for a, d in s.wars) else t.counter_captures
        s.captures_left -= 1
        s.stage = "capture"
        capture(s, seat, action[1], action[2])
    elif kind == "stop":
        s.stage = "done"
    elif kind == "ritual":
        p.luck += t.ritual_luck
        s.stage = "done"
    elif kind == "pass":
        s.stage = "done"
    elif kind == "bribe":
        start.bribe(s, action[1])
    else:
        raise ValueError(f"unknown action {action!r}")


def _play_diplomacy(s: State, p: Player, card: str) -> None:
    p.travel.remove(card)
    s.discard.append(card)


def _visit(s: State, seat: int, card: str) -> None:
    t, p = s.t, s.players[seat]
    c = t.cards[card]
    if c.type == "treasure":
        s.gain_chests(p, next((r.chests for r in c.chest_ranges if r.first <= s.week <= r.last), 0))
        s.under.append(card)
        s.stage = "done"
    elif c.type == "other":  # «Камень опыта»: experience, as a chest taken as experience, for every hero
        p.heroes = [(h, min(cour + t.chest_xp, t.rules.courage_max)) for h, cour in p.heroes]
        s.under.append(card)
        s.stage = "done"
    elif c.type == "terrain":  # «присоединяются к вашим владениям после уплаты»
        p.gold -= c.gold or 0
        p.holdings.append(card)
        s.stage = "done"
    elif c.type in GUARDED:
        s.chance.append(("neutral", seat, card))
    else:
        start.attack(s, seat, card, None)


def _peace(s: State, accepted: bool) -> None:
    assert s.peace is not None
    proposer, other, card = s.peace
    s.peace = None
    s.stage = "done"
    if not accepted:  # «подкупить … сумму равную … суммарной силе существ у него в руке» (twice, a treaty)
        times = s.t.bribe_treaty if s.t.cards[card].action == "treaty" else s.t.bribe_peace
        price = times * s.players[other].creature_strength(s.t)
        payer = s.players[proposer]
        if payer.gold < price:
            s.tally["peace_refused"] += 1
            return
        payer.gold -= price
        s.players[other].gold += price
    s.wars = [w for w in s.wars if set(w) != {proposer, other}]
    s.tally["peace"] += 1
