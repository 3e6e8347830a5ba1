"""The legal actions of a position: what the action step and an income choice offer.

Every action is a value of actions.py; the compiled rules (`Rules`) make the ones offered
again and again once (hires, trainings, builds, upgrades, trades, the income choices).
"""

from __future__ import annotations

from pnp.games.tverdzha.rules.actions import HEAL, PASS, Choose, MainAction, Train
from pnp.games.tverdzha.rules.position import Position


def main_actions(s: Position, p: int) -> list[MainAction]:
    """Every legal action of player p at the action step (heal included while allowed)."""
    out: list[MainAction] = [PASS]
    if s.can_heal(p):
        out.append(HEAL)
    own = s.own_spaces(p)
    _builds(s, p, out)
    _upgrades(s, p, out)
    _hires(s, p, own, out)
    _moves(s, p, own, out)
    _trains(s, p, own, out)
    _trades(s, p, out)
    return out


def _affordable(res: list[int], price: tuple[int, ...]) -> bool:
    for have, need in zip(res, price):
        if have < need:
            return False
    return True


def _builds(s: Position, p: int, out: list[MainAction]) -> None:
    R, owned, res = s.R, s.bld[p], s.res[p]
    discount = s.fx[p].build_discount
    full = len(owned) >= R.building_slots
    discards = sorted(owned) if full else [-1]  # -1: no discard
    wealth = sum(res) + discount
    for slot, b in enumerate(s.market, 1):
        if b in owned or wealth < R.b_total[b][0]:  # a quick no before the exact test
            continue
        for waive, price in R.discounts(R.b_cost[b][0], discount):
            if _affordable(res, price):
                for d in discards:
                    out.append(R.build(slot, b, waive, d))


def _upgrades(s: Position, p: int, out: list[MainAction]) -> None:
    R, res = s.R, s.res[p]
    discount = s.fx[p].upgrade_discount
    wealth = sum(res) + discount
    for b, level in sorted(s.bld[p].items()):
        if level or wealth < R.b_total[b][1]:
            continue
        for waive, price in R.discounts(R.b_cost[b][1], discount):
            if _affordable(res, price):
                out.append(R.upgrade(b, waive))


def _hires(s: Position, p: int, own: list[int], out: list[MainAction]) -> None:
    R, fx, units = s.R, s.fx[p], s.units
    if not _affordable(s.res[p], fx.hire_cost):
        return
    castle = R.castle[p]
    lands = len(own) - (own[-1] == castle if own else 0)
    if sum(len(units[x]) for x in own) >= s.army_limit(p, lands):
        return
    cap = fx.cap
    hires = R.hires
    for x in own:
        if x != castle and len(units[x]) < cap:
            out.append(hires[x])
    if len(units[castle]) < cap:
        out.append(hires[castle])


def _moves(s: Position, p: int, own: list[int], out: list[MainAction]) -> None:
    R, units, owner = s.R, s.units, s.owner
    fx = s.fx[p]
    cap = fx.cap
    ecastle = R.castle[1 - p]
    can_siege = s.held_entrances(p) >= fx.siege_entrances
    for src in own:
        group = units[src]
        if fx.move_range == 1:  # the common case: every neighbour, from a table
            for dst, moves, upto in R.move_table(src, group):
                if dst == ecastle and not can_siege:
                    continue
                room = cap - len(units[dst]) if owner[dst] == p else cap
                if room > 0:
                    out.extend(moves[:upto[min(room, len(group))]])
            continue
        for dst in destinations(s, p, src, can_siege):
            moves, upto = R.moves(src, dst, group)
            room = cap - len(units[dst]) if owner[dst] == p else cap
            if room > 0:
                out.extend(moves[:upto[min(room, len(group))]])


def destinations(s: Position, p: int, src: int, can_siege: bool | None = None) -> list[int]:
    """Spaces a group at `src` may move to: paths through non-enemy spaces, attacking
    only on the last step; the enemy castle only from an entrance p holds, and only
    while p holds enough of its entrances."""
    R, owner, fx = s.R, s.owner, s.fx[p]
    enemy = 1 - p
    ecastle = R.castle[enemy]
    if can_siege is None:
        can_siege = s.held_entrances(p) >= fx.siege_entrances
    if fx.move_range == 1:  # the common case, without the path search
        return [y for y in R.adj[src] if y != ecastle or can_siege]
    seen = {src}
    frontier = [src]
    out = []
    for _ in range(fx.move_range):
        nxt = []
        for x in frontier:
            for y in R.adj[x]:
                if y in seen:
                    continue
                if y == ecastle:
                    if can_siege and owner[x] == p:
                        seen.add(y)
                        out.append(y)
                    continue
                seen.add(y)
                out.append(y)
                if owner[y] != enemy:
                    nxt.append(y)
        frontier = nxt
    return out


def _trains(s: Position, p: int, own: list[int], out: list[MainAction]) -> None:
    R = s.R
    if not _affordable(s.res[p], R.train_cost):
        return
    cap = s.fx[p].train_cap
    trains = R.trains
    for x in own:
        last = None
        for u in s.units[x]:
            if u < cap and u != last:
                out.append(trains[x][u] if u < len(trains[x]) else Train(R.space_ids[x], u))
            last = u


def _trades(s: Position, p: int, out: list[MainAction]) -> None:
    R, res = s.R, s.res[p]
    for give, get in s.fx[p].trade:
        for r in range(R.n_res):
            if res[r] >= give:
                out.extend(R.trades(r, give, get))


def choice_actions(s: Position, p: int) -> list[Choose]:
    return list(s.R.choices)
