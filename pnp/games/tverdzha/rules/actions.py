"""Player actions: small hashable, printable tuples, and the lists of legal ones.

Every action names things by their content ids (space "a1", building "wall",
resource "grain"), so a log line or an agent can read it without the engine. The
last field `kind` keeps actions of different types from ever comparing equal.
Chance outcomes are bare ids (a tile kind, a card id, a building id) or die faces;
the secret card step takes a pair (card id of A or None, card id of B or None).
"""

from __future__ import annotations

from typing import Final, NamedTuple, TYPE_CHECKING, Union

if TYPE_CHECKING:
    from pnp.games.tverdzha.rules.state import State


class Pass(NamedTuple):
    kind: str = "pass"

    def __str__(self):
        return "pass"


class Heal(NamedTuple):
    kind: str = "heal"

    def __str__(self):
        return "heal (a wounded unit returns to the castle)"


class EndTurn(NamedTuple):
    kind: str = "end"

    def __str__(self):
        return "end turn"


class Build(NamedTuple):
    slot: int                  # market position, 1 = newest
    building: str
    waive: tuple[str, ...]     # resources the build discount waives (chosen by the player)
    discard: str | None        # own building discarded when every slot is full
    kind: str = "build"

    def __str__(self):
        text = f"build {self.building} (market {self.slot})"
        if self.waive:
            text += f", discount waives {'+'.join(self.waive)}"
        if self.discard:
            text += f", discarding {self.discard}"
        return text


class Upgrade(NamedTuple):
    building: str              # the base building id
    waive: tuple[str, ...]
    kind: str = "upgrade"

    def __str__(self):
        text = f"upgrade {self.building}"
        return text + (f", discount waives {'+'.join(self.waive)}" if self.waive else "")


class Hire(NamedTuple):
    space: str
    kind: str = "hire"

    def __str__(self):
        return f"hire at {self.space}"


class Move(NamedTuple):
    src: str
    dst: str
    units: tuple[int, ...]     # strengths of the moving units, sorted
    kind: str = "move"

    def __str__(self):
        return f"move {','.join(map(str, self.units))} {self.src} -> {self.dst}"


class Train(NamedTuple):
    space: str
    strength: int              # the strength of the unit trained (before training)
    kind: str = "train"

    def __str__(self):
        return f"train a {self.strength} at {self.space}"


class Trade(NamedTuple):
    give: str
    count: int  # type: ignore[assignment]  # the field shadows tuple.count, by design of the API
    get: tuple[str, ...]
    kind: str = "trade"

    def __str__(self):
        return f"trade {self.count} {self.give} for {'+'.join(self.get)}"


class Choose(NamedTuple):
    resource: str              # income_choice: the resource taken
    kind: str = "choose"

    def __str__(self):
        return f"income choice: {self.resource}"


PASS: Final = Pass()
HEAL: Final = Heal()
END_TURN: Final = EndTurn()

#: What the action step offers (main_actions).
MainAction = Union[Pass, Heal, Build, Upgrade, Hire, Move, Train, Trade]


def main_actions(s: State, p: int) -> list[MainAction]:
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


def _builds(s: State, p: int, out: list[MainAction]) -> None:
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


def _upgrades(s: State, p: int, out: list[MainAction]) -> None:
    R, res = s.R, s.res[p]
    discount = s.fx[p].upgrade_discount
    wealth = sum(res) + discount
    for b, level in sorted(s.bld[p].items()):
        if level or wealth < R.b_total[b][1]:
            continue
        for waive, price in R.discounts(R.b_cost[b][1], discount):
            if _affordable(res, price):
                out.append(R.upgrade(b, waive))


def _hires(s: State, p: int, own: list[int], out: list[MainAction]) -> None:
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


def _moves(s: State, p: int, own: list[int], out: list[MainAction]) -> None:
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


def destinations(s: State, p: int, src: int, can_siege: bool | None = None) -> list[int]:
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


def _trains(s: State, p: int, own: list[int], out: list[MainAction]) -> None:
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


def _trades(s: State, p: int, out: list[MainAction]) -> None:
    R, res = s.R, s.res[p]
    for give, get in s.fx[p].trade:
        for r in range(R.n_res):
            if res[r] >= give:
                out.extend(R.trades(r, give, get))


def choice_actions(s: State, p: int) -> list[Choose]:
    return list(s.R.choices)
