"""Where passing leaves a turn, and so where an action that changes only the board and the
player's resources stops: the greedy agents value such an action's position from passing's
instead of playing it out (pnp.games.tverdzha.sim.agents).

It reads the steps (flow, turn) and makes positions to value (State.copy_for_board), so it
sits above state.py; the steps themselves never import State.
"""

from __future__ import annotations

from typing import Any

from pnp.games.tverdzha.rules import turn
from pnp.games.tverdzha.rules.actions import Hire, Move, Train
from pnp.games.tverdzha.rules.compiled import LAND_YIELD
from pnp.games.tverdzha.rules.flow import clip_storage
from pnp.games.tverdzha.rules.state import State
from pnp.sim.engine import SIMULTANEOUS, TERMINAL


class TurnEnd:
    """What passing does from p's action step `parent`, reaching `passed`: and so where an
    action that changes nothing but the board and p's resources stops, in which position.
    Worked out once per decision; each action's child then costs a few list operations.

    A trade only adds its change to p's resources (turn.trade), and no automatic step on
    the way to the next stop reads resources to decide anything: the trade stops where
    passing stops, in the same position but for p's resources (`resources`). Those are the
    change added; capped at the storage cap when the round's end step ran on the way (its
    ("check",) task is still queued, or the next round began); and when the next round
    began, plus its start's income, which is the same whatever p held. When the game ended
    on the way, or more than one round passed, the trade is played out.

    A move that starts no battle, a hire or a training changes the board too (`edit`, and
    the position it describes, `child`).
    The steps to the next stop read the board in four places, each tested there:
    - the heal step stops while a heal is possible, which depends on the board: only taken
      where no heal can be (no wounded unit, no infirmary, or the turn's heals used up);
    - the round's end caps the stores, as for a trade;
    - its victory check reads the scores: p's is recounted on the new board, and an action
      that reaches the victory points is played out;
    - the next round's start musters a player without units (a hire by such a player is
      played out) and pays each land's yield to its holder: a move's cells are paid to
      whoever holds them now.
    Every other step (refills, the market, the opponent's turn) does the same either way."""

    __slots__ = ("parent", "passed", "p", "ended", "new_round", "capped", "cap", "income", "plain")

    def __init__(self, parent: State, passed: State, p: int) -> None:
        self.parent, self.passed, self.p = parent, passed, p
        self.new_round = passed.round != parent.round
        self.ended = passed.cur == TERMINAL or passed.round - parent.round > 1
        self.capped = self.new_round or ("check",) in passed.queue  # the round's end step ran
        self.cap = passed.fx[p].storage_cap  # nothing on the way builds: the cap is the same all the way
        self.income: list[int] = []
        if self.new_round and not self.ended:
            kept = parent.res[p][:]  # what passing kept at the round's end ...
            clip_storage(kept, self.cap)
            self.income = [now - k for now, k in zip(passed.res[p], kept)]  # ... and what came on top
        R, fx = parent.R, parent.fx[p]
        heal = parent.heals < R.heals_per_turn and parent.wounded[p] > 0 and fx.infirmary_cap > 0
        quiet = passed.battle is None and passed.cur != SIMULTANEOUS  # (passing starts no battle)
        self.plain = quiet and not self.ended and not heal and parent.has_units(p)

    def resources(self, change: list[int]) -> list[int] | None:
        """p's resources where an action that adds `change` to them stops; None: play it out."""
        if self.ended:
            return None
        res = self.parent.res[self.p][:]
        for r in range(len(res)):  # index loops, no +=: native in the compiled build, where zip is not
            res[r] = res[r] + change[r]
        if self.capped:
            clip_storage(res, self.cap)
        if self.new_round:
            income = self.income
            for r in range(len(res)):
                res[r] = res[r] + income[r]
        return res

    def edit(self, a: Any) -> turn.Effect | None:
        """What `a` (a move that starts no battle, a hire or a training) does, seen from the
        pass child's stop: the spaces it changes with p's units there after (its own effect,
        from turn.py), and p's resources where it stops. None when `a` must be played out."""
        if not self.plain:
            return None
        parent, passed, p = self.parent, self.passed, self.p
        R = parent.R
        if isinstance(a, Move):
            if not turn.plain_move(parent, p, R.space_idx[a.dst]):  # a battle, or walking into the castle
                return None
            cells, change = turn.move_effect(passed, p, a)
        elif isinstance(a, Hire):
            cells, change = turn.hire_effect(passed, p, a)
        elif isinstance(a, Train):
            cells, change = turn.train_effect(passed, p, a)
        else:
            return None
        now = self.resources(change)
        if now is None:
            return None
        if self.new_round:  # the round's victory check ran, then the next round began
            n_cells = R.n_cells
            owner: list[int] | None = None  # the cells' holders, where a cell changes hands
            for sp, units in cells:
                holder = turn.cell_owner(units, p)
                if sp < n_cells and holder != passed.owner[sp]:
                    if owner is None:
                        owner = passed.owner[:]
                    owner[sp] = holder
                r = passed.yields[sp]
                if r >= 0:  # its land yield, paid to whoever holds the cell now (p still, for a hire or training)
                    if parent.owner[sp] == p:
                        now[r] -= LAND_YIELD
                    if holder == p:
                        now[r] += LAND_YIELD
            # (no cell changing hands: p's score is the pass child's, short of the points, or the game had ended)
            if owner is not None and passed.score(p, owner) >= R.victory_points:
                return None
        return cells, now

    def child(self, a: Any) -> State | None:
        """The position `a` plays out to (see `edit`), made from the pass child's; None when
        `a` must be played out instead."""
        effect = self.edit(a)
        return None if effect is None else self.made(effect)

    def made(self, effect: turn.Effect) -> State:
        """The position an `edit` describes. It shares every list but its units, owners and
        resources with the pass child (State.copy_for_board): a position to value, not to
        play on."""
        child = self.passed.copy_for_board()
        cells, res = effect
        turn.place(child, self.p, cells)
        child.res[self.p] = res
        return child
