"""Captures in a war between players: which holdings may be taken now (a garrison first), a terrain
bought, a town or garrison besieged, or a duel against the holder's army (each battle starts with the chests
either side pays: pnp.games.empire.rules.fights.money); with no holdings left, the capital besieged, and its
fall: the war's end, the treasury and the week's contribution.

A siege declared (a town's, a garrison's, a capital's) may be intercepted: «Обороняющийся игрок может перехватить
осаждающих и навязать им сражение». The holder, with a creature in hand, chooses ("intercept",) or ("stay",)
(stage "intercept", `Position.siege` the siege waiting); an interception is a field battle as a duel is, its
chests and trophies a duel's. Won by the besieger, the besieger chooses ("siege",) or ("stop",) (stage
"press"): «на этом же ходу происходит осада (по согласию атакующего)», the same capture; lost or drawn by it,
the capture ends as a lost duel does (its squads routed, the holder's trophy) and no siege follows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.empire.rules import duel
from pnp.games.empire.rules.army import Opponent
from pnp.games.empire.rules.fights import money
from pnp.games.empire.rules.fights.sides import army, opponent

if TYPE_CHECKING:
    from pnp.games.empire.rules.position import Position as State

CAPITAL = -1  # a capture's target when the enemy's capital is besieged, not a holding


def captures(s: State, seat: int) -> list[tuple]:
    """The captures of a war this turn: an end card of an enemy's outer line of holdings (a garrison first,
    wherever it lies: «Враг не может захватить защищённые земли или обойти гарнизон, пока его не захватит»)."""
    if s.stage == "capture" and s.captures_left <= 0:
        return []
    out = []
    for a, d in s.wars:
        if seat not in (a, d):
            continue
        e = d if a == seat else a
        for end in capturable(s, seat, e):
            out.append(("capture", e, end))
    return sorted(set(out))


def capturable(s: State, seat: int, enemy: int) -> list[int]:
    """The enemy's holdings this seat may capture now (by index): a garrison first, wherever it lies; else an
    end of the outer line, and once this seat has taken a card of that line, only the end it took it from
    («нельзя чередовать – то слева, то справа»); with no holdings left, its capital (CAPITAL), which stands
    behind the lines («атакующий прёт как бык – по прямой»)."""
    t, p, held = s.t, s.players[seat], s.players[enemy].holdings
    if not held:
        return [CAPITAL] if p.hand else []
    garrisons = [i for i, c in enumerate(held) if t.cards[c].type == "garrison"]
    if garrisons:
        ends = garrisons
    else:
        line, cards = outer_line(s, enemy)
        heading = s.headings.get((seat, enemy))
        ends = ([cards[-1] if heading[1] else cards[0]] if heading is not None and heading[0] == line
                else sorted({cards[0], cards[-1]}))
    out = []
    for i in ends:
        c = t.cards[held[i]]
        if c.type == "terrain":
            if p.gold >= (c.gold or 0):
                out.append(i)
        elif p.hand:
            out.append(i)
    return out


def outer_line(s: State, enemy: int) -> tuple[int, list[int]]:
    """The enemy's last line of holdings (counted from 0 under the capital sheet) and its cards' indices, left
    to right. Cards lie in lines of `holdings_row` in the order they were taken («пятая карта формирует уже
    новый уровень-линию»); a garrison lies over the line's cards («перекрыть до двух карт») and is none of them.
    The line is (-1, []) when only garrisons are held."""
    t, held = s.t, s.players[enemy].holdings
    laid = [i for i, c in enumerate(held) if t.cards[c].type != "garrison"]
    if not laid:
        return -1, []
    line = (len(laid) - 1) // t.holdings_row
    return line, laid[line * t.holdings_row:]


def capture(s: State, seat: int, enemy: int, at: int) -> None:
    t = s.t
    s.tally["captures_tried"] += 1
    if at == CAPITAL:
        besiege(s, seat, enemy)
        return
    card = s.players[enemy].holdings[at]
    c = t.cards[card]
    if c.type == "terrain":  # «захватить может её заплатив»
        s.players[seat].gold -= c.gold or 0
        take(s, seat, enemy, at)
        after_capture(s)
        return
    if c.type in ("town", "garrison"):  # a siege of the card's own strength
        _siege(s, seat, enemy, card, at, opponent(s, card, None, holder=enemy))
        return
    field_battle(s, seat, enemy, card, at)


def field_battle(s: State, seat: int, enemy: int, card: str | None, at: int, siege: dict | None = None) -> None:
    """A field battle between the two players' hands (a duel for a holding, or an interception of the siege
    `siege`): the chests first, the attacker paying, the defender answering."""
    kind = duel.duel_type(s.t.rules)
    side = Opponent(0, kind.id, 0)
    att = army(s, seat, kind.id, side)
    dfn = army(s, enemy, kind.id, side)
    d = duel.duel(s.t.rules, att, dfn)
    money.ask(s, {"kind": "duel", "seat": seat, "card": card, "enemy": enemy, "at": at, "army": att, "def_army": dfn,
                  "opp": d.attacker_sees, "def_opp": d.defender_sees, "side": "defender", "drawn": [], "def_drawn": [],
                  "pool": s.players[seat].deck_strikes(), "def_pool": s.players[enemy].deck_strikes(), "held": None,
                  "siege": siege},
              [(seat, "bribe"), (enemy, "bribe")])  # the attacker first, the defender answers


def besiege(s: State, seat: int, enemy: int) -> None:
    """A capital is besieged as a town is («У города/деревни/гарнизона/столицы есть определённая сила атаки»):
    the siege battle against its fortifications' strength, the defender's luck, no morale tile."""
    s.tally["capital_sieges"] += 1
    _siege(s, seat, enemy, None, CAPITAL, capital_opponent(s, enemy))


def _siege(s: State, seat: int, enemy: int, card: str | None, at: int, opp: Opponent) -> None:
    """A siege declared («Осаждаю то-то»): the holder, with a creature in hand to fight with, may intercept it
    first (stage "intercept"); with none the siege is laid at once."""
    siege = {"seat": seat, "enemy": enemy, "card": card, "at": at, "opp": opp}
    if s.players[enemy].hand:
        s.siege = siege
        s.stage = "intercept"
        return
    lay_siege(s, siege)


def intercept(s: State, yes: bool) -> None:
    """The holder's answer to a siege declared: a field battle against the besiegers (the besieger attacking, as
    in a duel), or the siege laid."""
    siege, s.siege = s.siege, None
    assert siege is not None
    if not yes:
        lay_siege(s, siege)
        return
    s.tally["interceptions"] += 1
    field_battle(s, siege["seat"], siege["enemy"], siege["card"], siege["at"], siege)


def press(s: State, yes: bool) -> None:
    """The besieger's choice after an interception it won: the siege this turn (the same capture), or none."""
    siege, s.siege = s.siege, None
    assert siege is not None
    if yes:
        s.tally["sieges_pressed"] += 1
        lay_siege(s, siege)
    else:
        after_capture(s)


def pressing(s: State) -> list[tuple]:
    """The besieger's choices after an interception it won: the siege needs a squad left in hand."""
    assert s.siege is not None
    return ([("siege",)] if s.players[s.siege["seat"]].hand else []) + [("stop",)]


def lay_siege(s: State, siege: dict) -> None:
    """A siege in a war (a town's, a garrison's, a capital's): the seat's army against `opp`, no morale tile; the
    holder may first pay chests to remove the besieger's weakest squads (a fixed strength has none to bribe)."""
    seat, enemy, card, at, opp = siege["seat"], siege["enemy"], siege["card"], siege["at"], siege["opp"]
    money.ask(s, {"kind": "siege_war", "seat": seat, "card": card, "neutral": None, "enemy": enemy, "at": at,
                  "army": army(s, seat, opp.battle, opp), "opp": opp, "morale": 0, "drawn": [],
                  "pool": s.players[seat].deck_strikes()}, [(enemy, "bribe")])


def capital_opponent(s: State, enemy: int) -> Opponent:
    """What a siege of `enemy`'s capital is fought against: a town's battle, the fortifications' strength, the
    defender's luck of the week."""
    t = s.t
    return Opponent(s.players[enemy].capital_strength(t), t.rules.card_battles["town"], s.players[enemy].luck,
                    name="capital")


def fall(s: State, winner: int, loser: int) -> None:
    """«В случае утраты столицы обороняющийся проигрывает войну»: the war between the two ends, not to be
    declared again this week; the loser's treasury (gold and chest cards) passes to the winner (a chest beyond
    the winner's hand limit is taken as gold); the contribution runs till the week's end."""
    w, l = s.players[winner], s.players[loser]
    end_war(s, winner, loser)
    s.fallen.append((winner, loser))
    w.gold += l.gold
    l.gold = 0
    chests, l.chests = l.chests, 0
    s.gain_chests(w, chests)  # back through the bank, which has room for them now
    s.tally["capitals_fallen"] += 1


def truce(s: State, seat: int) -> set[int]:
    """The seats this one may not declare war on this week: a capital fell between them."""
    return {x for pair in s.fallen if seat in pair for x in pair} - {seat}


def take(s: State, seat: int, enemy: int, at: int) -> None:
    """The card at `at` passes to the seat's holdings. A card of the outer line sets the end the seat goes on
    taking that line from; the line taken, the next one's end is chosen afresh («С переходом на новый уровень
    владений атакующий вновь выбирает направление»)."""
    line, cards = outer_line(s, enemy)
    if at in cards:
        if len(cards) > 1:
            s.headings[(seat, enemy)] = (line, int(at == cards[-1]))
        else:
            s.headings.pop((seat, enemy), None)
    card = s.players[enemy].holdings.pop(at)
    s.players[seat].holdings.append(card)


def end_war(s: State, a: int, b: int) -> None:
    """The war between two seats ends (a peace, a capital fallen); a new war chooses its ends afresh."""
    s.wars = [w for w in s.wars if set(w) != {a, b}]
    s.headings = {k: v for k, v in s.headings.items() if set(k) != {a, b}}


def after_capture(s: State) -> None:
    s.stage = "capture"
    if s.captures_left <= 0 or not captures(s, s.seat()):
        s.stage = "done"
