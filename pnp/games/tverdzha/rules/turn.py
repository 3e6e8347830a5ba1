"""Applying a player's action to the state (the legal lists are in actions.py).

Actions are trusted here (State.apply_action validates when asked to), so each
function only performs the rule: pay, change the board, queue what follows.
"""

from __future__ import annotations

from typing import List, Sequence, Tuple

from pnp.games.tverdzha.rules.actions import Build, Heal, Hire, MainAction, Move, Trade, Train, Upgrade
from pnp.games.tverdzha.rules.castle_effects import fx_of
from pnp.games.tverdzha.rules.compiled import Rules
from pnp.games.tverdzha.rules.events import Built, GameOver, Healed, Hired, Upgraded
from pnp.games.tverdzha.rules.position import Position


def apply_main(s: Position, p: int, a: MainAction) -> None:
    if isinstance(a, Heal):  # free: the action step stays open
        heal(s, p)
        return
    s.queue.pop(0)
    if isinstance(a, Move):
        move(s, p, a)
    elif isinstance(a, Build):
        build(s, p, a)
    elif isinstance(a, Hire):
        hire(s, p, a)
    elif isinstance(a, Train):
        train(s, p, a)
    elif isinstance(a, Trade):
        trade(s, p, a)
    elif isinstance(a, Upgrade):
        upgrade(s, p, a)
    # Pass does nothing


def _pay(res: list[int], price: Sequence[int]) -> None:
    for r, n in enumerate(price):
        res[r] -= n


def _price(R: Rules, cost: tuple[int, ...], waive: tuple[str, ...]) -> list[int]:
    price = list(cost)
    for rid in waive:
        price[R.res_idx[rid]] -= 1
    return price


#: What a move that starts no battle, a hire or a training does: the spaces it changes, each
#: with p's units there after (`cells`), and the change of p's resources.
Cells = Tuple[Tuple[int, Tuple[int, ...]], ...]
Effect = Tuple[Cells, List[int]]


def set_space(s: Position, sp: int, units: tuple[int, ...], p: int) -> None:
    """Put `units` of p on a space; an emptied cell has no owner (castles keep theirs)."""
    s.units[sp] = units
    if sp < s.R.n_cells:
        s.owner[sp] = cell_owner(units, p)


def cell_owner(units: tuple[int, ...], p: int) -> int:
    """Who holds a cell once p's `units` stand there: nobody when none do."""
    return p if units else -1


def place(s: Position, p: int, cells: Cells) -> None:
    """Put p's units on each space of `cells` as given there."""
    for sp, units in cells:
        set_space(s, sp, units, p)


def apply_effect(s: Position, p: int, effect: Effect) -> None:
    cells, change = effect
    place(s, p, cells)
    res = s.res[p]
    for r, d in enumerate(change):
        res[r] += d


def minus(units: tuple[int, ...], group: tuple[int, ...]) -> tuple[int, ...]:
    """`units` without the sub-multiset `group` (both sorted)."""
    rest = list(units)
    for u in group:
        rest.remove(u)
    return tuple(rest)


def update_fx(s: Position, p: int, change: tuple[int, int, int] | None = None) -> None:
    """p's effects for the buildings p owns now. `change`: what changed them, (building,
    its level now, the building discarded or -1), to look the effects up from the ones
    before (Fx.after) instead of from the whole castle (fx_of sorts its buildings)."""
    if change is None:
        fx = fx_of(s.R, s.bld[p])
    else:
        was = s.fx[p]
        got = was.after.get(change)
        if got is None:
            got = was.after[change] = fx_of(s.R, s.bld[p])
        fx = got
    s.fx[p] = fx
    # Wounded beyond the infirmary's room are out of the game (none without an infirmary).
    s.wounded[p] = min(s.wounded[p], fx.infirmary_cap)


def build(s: Position, p: int, a: Build) -> None:
    R = s.R
    b = R.b_idx[a.building]
    slot = a.slot - 1
    _pay(s.res[p], _price(R, R.b_cost[b][0], a.waive))
    owned = dict(s.bld[p])  # a new dict: clones share the old one (State.clone)
    d = -1
    if a.discard is not None:
        d = R.b_idx[a.discard]
        del owned[d]
        s.bottom.append(d)
    owned[b] = 0
    s.bld[p] = owned
    del s.market[slot]
    update_fx(s, p, (b, 0, d))
    if s.logging:
        s.events.append(Built(s.round, p, a.building, a.discard))
    s.queue.insert(0, ("mkt", R.market_size))


def upgrade(s: Position, p: int, a: Upgrade) -> None:
    R = s.R
    b = R.b_idx[a.building]
    _pay(s.res[p], _price(R, R.b_cost[b][1], a.waive))
    s.bld[p] = {**s.bld[p], b: 1}  # a new dict: clones share the old one (State.clone)
    update_fx(s, p, (b, 1, -1))
    if s.logging:
        s.events.append(Upgraded(s.round, p, a.building, R.up_ids[b]))


def hire(s: Position, p: int, a: Hire) -> None:
    apply_effect(s, p, hire_effect(s, p, a))
    if s.logging:
        s.events.append(Hired(s.round, p, a.space, s.fx[p].hire_strength))


def hire_effect(s: Position, p: int, a: Hire) -> Effect:
    fx = s.fx[p]
    sp = s.R.space_idx[a.space]
    return ((sp, tuple(sorted(s.units[sp] + (fx.hire_strength,)))),), [-n for n in fx.hire_cost]


def train(s: Position, p: int, a: Train) -> None:
    apply_effect(s, p, train_effect(s, p, a))


def train_effect(s: Position, p: int, a: Train) -> Effect:
    R = s.R
    sp = R.space_idx[a.space]
    rest = minus(s.units[sp], (a.strength,))
    stronger = min(a.strength + R.train_amount, s.fx[p].train_cap)
    return ((sp, tuple(sorted(rest + (stronger,)))),), [-n for n in R.train_cost]


def trade(s: Position, p: int, a: Trade) -> None:
    R = s.R
    res = s.res[p]
    res[R.res_idx[a.give]] -= a.count
    for rid in a.get:
        res[R.res_idx[rid]] += 1


def heal(s: Position, p: int) -> None:
    fx = s.fx[p]
    castle = s.R.castle[p]
    s.heals += 1
    s.wounded[p] -= 1
    s.units[castle] = tuple(sorted(s.units[castle] + (fx.infirmary_strength,)))
    if s.logging:
        s.events.append(Healed(s.round, p, fx.infirmary_strength))


def move(s: Position, p: int, a: Move) -> None:
    R = s.R
    src, dst = R.space_idx[a.src], R.space_idx[a.dst]
    if plain_move(s, p, dst):
        apply_effect(s, p, move_effect(s, p, a))
        return
    if dst == R.castle[1 - p] and not s.units[dst]:
        finish(s, p, "castle")  # an empty enemy castle: walking in wins (the group stays put)
        return
    # enemy units on a cell, or a defended enemy castle
    set_space(s, src, minus(s.units[src], a.units), p)
    s.fight = (p, src, dst, a.units, None, None)
    s.queue[0:0] = [("cards",), ("die",), ("resolve",)]


def plain_move(s: Position, p: int, dst: int) -> bool:
    """Whether p's move onto space `dst` only moves units: it starts no battle (the enemy
    holds no units there) and does not walk into the enemy castle, empty or defended
    (a castle keeps its owner when emptied)."""
    enemy = 1 - p
    return dst != s.R.castle[enemy] and s.owner[dst] != enemy


def move_effect(s: Position, p: int, a: Move) -> Effect:
    """A plain move's effect (`plain_move`)."""
    R = s.R
    src, dst = R.space_idx[a.src], R.space_idx[a.dst]
    change = [0] * R.n_res
    road_bonus(s, p, dst, change)
    return ((src, minus(s.units[src], a.units)), (dst, tuple(sorted(s.units[dst] + a.units)))), change


def road_bonus(s: Position, p: int, dst: int, res: list[int] | None = None) -> None:
    """Тракт: entering a land by a move yields its resource (once per action), to p's
    resources or to `res`."""
    amount = s.fx[p].road_bonus
    if amount and s.yields[dst] >= 0:
        (s.res[p] if res is None else res)[s.yields[dst]] += amount


def finish(s: Position, winner: int | None, victory_type: str) -> None:
    s.winner = winner
    s.victory_type = victory_type
    s.queue.clear()  # in place: the advance loop holds this list
    if s.logging:
        s.events.append(GameOver(s.round, winner, victory_type, (s.score(0), s.score(1))))
