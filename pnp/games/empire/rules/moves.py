"""The players' moves in «Строительство империи» on a position (pnp.games.empire.rules.state): the legal
actions and what each does. The chance steps are pnp.games.empire.rules.chance, the week's start and end
pnp.games.empire.rules.week, the battles pnp.games.empire.rules.fights.

Actions are tuples: ("hero", id) and ("hire", creature) hire and keep the turn, as ("cash", "gold") and
("cash", hero) do, a chest card given back to the bank for gold or a hero's courage, and ("spy", "neutral"),
a look at the neutral deck's top cards by a hero's spying; ("build", plot),
("upgrade", plot), ("visit", card), ("again", owner, i) (a card someone fought
and lost this week, by the seat it lies before: «сразиться всем игрокам по очереди»), ("war", card, seat),
("peace", card, seat), ("capture", seat, at) (at the index of a garrison or an end of its outer line of
holdings, or -1 its capital once no holdings are left), ("ritual",)
and ("pass",) are the turn's one action; ("mercenaries", chests) and ("bribe", chests) the chests a seat asked
pays before a battle's first damage card (pnp.games.empire.rules.fights.money: mercenaries for another's
battle against a neutral army, a bribe against the other side's weakest squads); ("accept",) / ("refuse",) a
peace; ("stop",) ends a turn's captures; ("intercept",) / ("stay",) the holder's answer to a siege declared, and
("siege",) / ("stop",) the besieger's after an interception it won (pnp.games.empire.rules.fights.war);
("machine", id) the war machine a forge built or upgraded marks, one of its new level (stage "machine":
«сразу же сделать выбор … (нужно сделать отметку на планшете)»).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.empire.rules import capital
from pnp.games.empire.rules.fights import money
from pnp.games.empire.rules.fights.sides import can_fight
from pnp.games.empire.rules.fights.start import attack
from pnp.games.empire.rules.fights import war
from pnp.games.empire.rules.fights.war import capture, captures, truce
from pnp.games.empire.rules.player import Player

if TYPE_CHECKING:
    from pnp.games.empire.rules.position import Position as State


GUARDED = ("mine", "reserve")  # a neutral army from the neutral deck holds them
SIEGED = ("town", "garrison")  # their own strength, besieged


def neighbours(seat: int, players: int) -> list[int]:
    """The seats a «Война» card may be declared on: the neighbours left and right («соседу справа или слева»);
    at a table of two the one other player, of three both others."""
    return sorted({(seat - 1) % players, (seat + 1) % players} - {seat})


def opens_portal(s: State, seat: int) -> bool:
    """«а в случае наличия портала во владениях, то любому игроку»: the player reads a spell that lets war reach
    anyone (the ether's «Портал», beside every school): its magic tower built and a hero to read it («читать
    заклинание может только герой»)."""
    t, p = s.t, s.players[seat]
    if not p.tower(t) or not p.heroes or p.school is None:
        return False
    return any(sp.effect.war == "anyone" for school in t.rules.magic.schools
               if school.id == p.school or school.joins_every_school for sp in school.spells)


# --- the legal actions ----------------------------------------------------------------------

def legal(s: State) -> list[tuple]:
    if s.stage == "chests":
        return money.choices(s)
    if s.stage == "consent":
        return [("accept",), ("refuse",)]
    if s.stage == "intercept":
        return [("intercept",), ("stay",)]
    if s.stage == "press":
        return war.pressing(s)
    seat = s.seat()
    if s.stage == "machine":
        return machine_choices(s, seat)
    if s.stage == "capture":
        return captures(s, seat) + [("stop",)]
    return hires(s, seat) + exchanges(s, seat) + spies(s, seat) + actions(s, seat) + [("pass",)]


def spies(s: State, seat: int) -> list[tuple]:
    """A look at the neutral deck's top cards («посмотреть 3 верхние карты из колоды нейтральных существ-стражей»),
    while the week's spying of the player's heroes lasts and there are cards it has not seen there."""
    t, p = s.t, s.players[seat]
    if p.spied >= p.spying(t):
        return []
    there = len(s.neutral_top) + sum(s.neutral_pile.values()) + len(s.neutral_discard)
    return [("spy", "neutral")] if s.neutral_seen.get(seat, 0) < min(t.spy_cards, there) else []


def exchanges(s: State, seat: int) -> list[tuple]:
    """A chest card given back to the bank in the player's turn («Сундук можно не тратить, а вернуть в банк»):
    for its gold, or as experience to a hired hero below the most courage."""
    t, p = s.t, s.players[seat]
    if not p.chests:
        return []
    return [("cash", "gold")] + [("cash", h) for h in sorted({h for h, c in p.heroes if c < t.rules.courage_max})]


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
                        if x in plots and p.can_pay(t, p.price(t, plots[x].cost))]
    out += [("upgrade", x) for x in p.built if _upgradable(s, p, x)]
    for card in sorted(set(p.travel)):
        out += _plays(s, seat, card)
    # an army that held lies on its card till the week's end, for every player to fight in turn
    out += [("again", owner, i) for owner in range(s.n) for i, (card, _) in enumerate(s.players[owner].open)
            if can_fight(s, p, card)]
    if any(seat in w for w in s.wars):
        out += captures(s, seat)
    return out + [("ritual",)]


def machine_choices(s: State, seat: int) -> list[tuple]:
    """The war machines of the forge's new level, one of which the player marks; none already marked."""
    t, p = s.t, s.players[seat]
    level = p.forge(t)
    return [("machine", m.id) for m in t.rules.machines if m.level == level and m.id not in p.machines]


def _forge_built(s: State, seat: int) -> None:
    """A forge built or upgraded: its player marks a machine of the new level at once, if there is one."""
    s.stage = "machine" if machine_choices(s, seat) else "done"


def _pay_building(s: State, p: Player, printed: int) -> None:
    """A building or an upgrade printed at `printed` chests, paid at its price after the resources' discount."""
    price = p.price(s.t, printed)
    s.tally["discount"] += printed - price
    p.pay(s.t, price)


def _upgradable(s: State, p: Player, plot: str) -> bool:
    t = s.t
    info = t.races[p.race].plots[plot]
    if info.upgrade is None or not p.can_pay(t, p.price(t, info.upgrade)):
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
            anyone = c.action == "crusade" or opens_portal(s, seat)
            targets = (set(range(s.n)) if anyone else set(neighbours(seat, s.n))) - {seat}
            return [("war", card, e) for e in sorted(targets - at_war - truce(s, seat))]
        return [("peace", card, e) for e in sorted(at_war)]
    if c.type == "garrison" and c.week is not None and s.week < c.week:
        return []
    if c.type == "terrain" and p.gold < (c.gold or 0):
        return []
    if c.type in GUARDED + SIEGED + ("dungeon",) and not can_fight(s, p, card):
        return []
    if c.type in GUARDED and not s.neutrals_left():
        return []  # every neutral army is on the table: the card waits (the kit check counts such games)
    return [("visit", card)]


# --- applying a decision --------------------------------------------------------------------

def apply(s: State, action: tuple) -> None:
    kind = action[0]
    if kind in ("mercenaries", "bribe"):
        money.answer(s, action)
        return
    if s.stage == "intercept":
        if kind not in ("intercept", "stay"):
            raise ValueError(f"expected ('intercept',) or ('stay',) from the besieged holder, found {action!r}")
        war.intercept(s, kind == "intercept")
        return
    if s.stage == "machine":
        if action not in machine_choices(s, s.seat()):
            raise ValueError(f"expected one of {machine_choices(s, s.seat())} from the forge, found {action!r}")
        s.players[s.seat()].machines.append(action[1])
        s.tally[f"machine_{action[1]}"] += 1
        s.stage = "done"
        return
    if s.stage == "press":
        if action not in war.pressing(s):
            raise ValueError(f"expected one of {war.pressing(s)} from the besieger, found {action!r}")
        war.press(s, kind == "siege")
        return
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
    elif kind == "cash":
        if action not in exchanges(s, seat):
            raise ValueError(f"expected one of {exchanges(s, seat)} for a chest, found {action!r}")
        p.chests -= 1
        s.tally["cashed_gold" if action[1] == "gold" else "cashed_courage"] += 1
        if action[1] == "gold":
            p.gold += t.chest_gold
        else:  # the first of that hero's cards below the most courage (a hero is hired once)
            i = next(i for i, (h, c) in enumerate(p.heroes) if h == action[1] and c < t.rules.courage_max)
            p.heroes[i] = (action[1], min(p.heroes[i][1] + t.chest_xp, t.rules.courage_max))
    elif kind == "spy":
        if action not in spies(s, seat):
            raise ValueError(f"expected one of {spies(s, seat)} to spy, found {action!r}")
        p.spied += 1
        s.tally["spied"] += 1
        turned = max(0, min(t.spy_cards - len(s.neutral_top), sum(s.neutral_pile.values()) + len(s.neutral_discard)))
        s.chance += [("peek", seat)] * turned
        s.neutral_seen[seat] = len(s.neutral_top) + turned
    elif kind == "build":
        plot = t.races[p.race].plots[action[1]]
        _pay_building(s, p, plot.cost)
        p.built.append(plot.id)
        p.points["buildings"] += plot.points
        if plot.kind == "magic_tower":  # «вытягивает в закрытую один из планшетов»
            s.chance.append(("school", seat))
        s.stage = "done"
        if plot.kind == "forge":
            _forge_built(s, seat)
    elif kind == "upgrade":
        _pay_building(s, p, t.races[p.race].plots[action[1]].upgrade or 0)
        p.upgrades[action[1]] = p.upgrades.get(action[1], 0) + 1
        s.stage = "done"
        if t.races[p.race].plots[action[1]].kind == "forge":
            _forge_built(s, seat)
    elif kind == "visit":
        p.travel.remove(action[1])
        _visit(s, seat, action[1])
    elif kind == "again":
        card, army = s.players[action[1]].open.pop(action[2])
        attack(s, seat, card, army)
    elif kind == "war":
        _play_diplomacy(s, p, action[1])
        s.wars.append((seat, action[2]))
        s.tally["wars"] += 1
        if t.cards[action[1]].action == "war" and action[2] not in neighbours(seat, s.n):
            s.tally["wars_by_portal"] += 1
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
        attack(s, seat, card, None)


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
    war.end_war(s, proposer, other)
    s.tally["peace"] += 1
