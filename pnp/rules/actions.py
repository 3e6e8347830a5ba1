"""Player actions: small hashable, printable tuples, and the lists of legal ones.

Every action names things by their content ids (space "a1", building "wall",
resource "grain"), so a log line or an agent can read it without the engine. The
last field `kind` keeps actions of different types from ever comparing equal.
Chance outcomes are bare ids (a tile kind, a card id, a building id) or die faces;
the secret card step takes a pair (card id of A or None, card id of B or None).
"""

from __future__ import annotations

from typing import NamedTuple


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
    count: int
    get: tuple[str, ...]
    kind: str = "trade"

    def __str__(self):
        return f"trade {self.count} {self.give} for {'+'.join(self.get)}"


class Choose(NamedTuple):
    resource: str              # income_choice: the resource taken
    kind: str = "choose"

    def __str__(self):
        return f"income choice: {self.resource}"


PASS, HEAL, END_TURN = Pass(), Heal(), EndTurn()


def main_actions(s, p: int) -> list:
    """Every legal action of player p at the action step (heal included while allowed)."""
    out = [PASS]
    if s.can_heal(p):
        out.append(HEAL)
    _builds(s, p, out)
    _upgrades(s, p, out)
    _hires(s, p, out)
    _moves(s, p, out)
    _trains(s, p, out)
    _trades(s, p, out)
    return out


def _affordable(res: list[int], price: tuple[int, ...]) -> bool:
    for have, need in zip(res, price):
        if have < need:
            return False
    return True


def _builds(s, p: int, out: list) -> None:
    R, owned, res = s.R, s.bld[p], s.res[p]
    discount = s.fx[p].build_discount
    full = len(owned) >= R.lim.building_slots
    discards = sorted(owned) if full else (None,)
    for slot, b in enumerate(s.market, 1):
        if b in owned:
            continue
        for waive, price in R.discounts(R.b_cost[b][0], discount):
            if _affordable(res, price):
                for d in discards:
                    out.append(Build(slot, R.b_ids[b], waive, None if d is None else R.b_ids[d]))


def _upgrades(s, p: int, out: list) -> None:
    R, res = s.R, s.res[p]
    discount = s.fx[p].upgrade_discount
    for b, level in sorted(s.bld[p].items()):
        if level:
            continue
        for waive, price in R.discounts(R.b_cost[b][1], discount):
            if _affordable(res, price):
                out.append(Upgrade(R.b_ids[b], waive))


def _hires(s, p: int, out: list) -> None:
    R, fx = s.R, s.fx[p]
    if not _affordable(s.res[p], fx.hire_cost) or s.army(p) >= s.army_limit(p):
        return
    units, owner, cap = s.units, s.owner, fx.cap
    castle = R.castle[p]
    if len(units[castle]) < cap:
        out.append(Hire(R.space_ids[castle]))
    for c in range(R.n_cells):
        if owner[c] == p and len(units[c]) < cap:
            out.append(Hire(R.space_ids[c]))


def _moves(s, p: int, out: list) -> None:
    R, units, owner = s.R, s.units, s.owner
    cap = s.fx[p].cap
    ids = R.space_ids
    for src in s.own_spaces(p):
        group = units[src]
        subsets = R.subsets(group)
        for dst in destinations(s, p, src):
            room = cap - len(units[dst]) if owner[dst] == p else cap
            for sub in subsets:
                if len(sub) > room:
                    break  # subsets are sorted by size
                out.append(Move(ids[src], ids[dst], sub))


def destinations(s, p: int, src: int) -> list[int]:
    """Spaces a group at `src` may move to: paths through non-enemy spaces, attacking
    only on the last step; the enemy castle only from an entrance p holds, and only
    while p holds enough of its entrances."""
    R, owner, fx = s.R, s.owner, s.fx[p]
    enemy = 1 - p
    ecastle = R.castle[enemy]
    can_siege = s.held_entrances(p) >= fx.siege_entrances
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


def _trains(s, p: int, out: list) -> None:
    R = s.R
    if not _affordable(s.res[p], R.train_cost):
        return
    cap = s.fx[p].train_cap
    for sp in s.own_spaces(p):
        last = None
        for u in s.units[sp]:
            if u < cap and u != last:
                out.append(Train(R.space_ids[sp], u))
            last = u


def _trades(s, p: int, out: list) -> None:
    R, res = s.R, s.res[p]
    for give, get in s.fx[p].trade:
        for r in range(R.n_res):
            if res[r] >= give:
                out.extend(R.trades(r, give, get))


def choice_actions(s, p: int) -> list:
    return [Choose(r) for r in s.R.res_ids]
