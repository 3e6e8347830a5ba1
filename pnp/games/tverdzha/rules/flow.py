"""The round: the automatic steps of the queue and the chance draws.

Queue tasks are tuples whose first item names the step:
  ("tile", cell, bag)      chance: the land tile dealt onto a cell (and its mirror twin)
  ("mkt", size)            fill market position 1 up to `size` (chance while the deck's
                           shuffled part lasts; then known cards from its bottom)
  ("card", p)              chance: one battle card for p (reshuffles an empty deck)
  ("refill", p)            expands into the draws that bring p's hand to its size
  ("start",)               round start: income, then income choices and round draws
  ("choice", p, amount)    p picks the resource of an income_choice effect
  ("turn", p)              expands into ("act", p), ("post", p), ("endturn", p)
  ("act", p)               p's action (a free heal keeps the step open)
  ("post", p)              after the action: heal or end the turn (only while a heal is possible)
  ("endturn", p)           both hands refilled, then the next turn or the round end
  ("end",)                 storage cap and market refresh, then ("check",)
  ("check",)               the points victory, the round cap, the next round
  ("cards",) ("die",) ("resolve",)   a battle: secret cards, dice, result
A step returns the player who must act (or CHANCE/SIMULTANEOUS) to stop the loop,
or None once it has removed or replaced itself.
"""

from __future__ import annotations

from typing import Any, Callable, Final, Optional, Sequence, TYPE_CHECKING

from pnp.games.tverdzha.rules import fight, turn
from pnp.games.tverdzha.rules.actions import Hire, Move, Train
from pnp.games.tverdzha.rules.compiled import LAND_YIELD
from pnp.games.tverdzha.rules.events import MarketShort, Mustered, Reshuffled, RoundEnded
from pnp.sim.engine import CHANCE, SIMULTANEOUS, TERMINAL

if TYPE_CHECKING:
    from pnp.games.tverdzha.rules.battle import Battle
    from pnp.games.tverdzha.rules.state import State, Task

# Tasks queued at every turn, built once per player (tuples: shared, never changed).
_CARD: Final = (("card", 0), ("card", 1))
_TURN: Final = tuple((("act", p), ("post", p), ("endturn", p)) for p in (0, 1))
_ENDTURN: Final = tuple(((("refill", p), ("refill", 1 - p), ("turn", 1 - p)),  # then the other's turn
                         (("refill", p), ("refill", 1 - p), ("end",)))          # then the round end
                        for p in (0, 1))


def _replace(s: State, tasks: Sequence[Task]) -> None:
    s.queue[0:1] = tasks


def step_chance(s: State, task: Task) -> int | None:
    return CHANCE


def step_decision(s: State, task: Task) -> int | None:
    return task[1]


def step_mkt(s: State, task: Task) -> int | None:
    size = task[1]
    while len(s.market) < size:
        if any(s.bdeck):
            return CHANCE
        if not s.bottom:
            if s.logging:
                s.events.append(MarketShort(s.round, len(s.market)))
            break
        s.market.insert(0, s.bottom.pop(0))  # the shuffled part is gone: known cards follow
    s.queue.pop(0)
    return None


def step_card(s: State, task: Task) -> int | None:
    p = task[1]
    if cards_held(s.hand[p]) >= s.R.hand_max:
        s.queue.pop(0)
        return None
    if not any(s.deck):
        n = sum(s.discard)
        if not n:  # every card is in a hand: nothing to draw
            s.queue.pop(0)
            return None
        # The discard becomes the deck; each later draw is a chance node over it, which is
        # exactly a shuffle followed by drawing from the top.
        s.deck, s.discard = s.discard, [0] * len(s.discard)
        if s.logging:
            s.events.append(Reshuffled(s.round, n))
    return CHANCE


def cards_held(hand: list[int]) -> int:
    """sum(hand), as a loop: the compiled build runs it natively, where the builtin sum is a
    generic iteration over boxed numbers (about 1 us, twice in every lookahead copy's turn
    end); in pure Python it costs 0.3 us more than sum."""
    n = 0
    for c in hand:
        n += c
    return n


def step_refill(s: State, task: Task) -> int | None:
    p = task[1]
    need = s.fx[p].hand_size - cards_held(s.hand[p])
    if need > 0:
        _replace(s, (_CARD[p],) * need)
    else:  # the common case: nothing to draw
        s.queue.pop(0)
    return None


def step_start(s: State, task: Task) -> int | None:
    R = s.R
    if R.muster:
        for p in _seats(s):
            if not s.has_units(p):
                castle = R.castle[p]
                s.units[castle] = tuple(sorted(s.units[castle] + R.muster))
                if s.logging:
                    s.events.append(Mustered(s.round, p, R.muster))
    res = s.res
    for p, r in zip(s.owner, s.yields):  # castles and empty cells: no yield or no owner
        if p >= 0 and r >= 0:
            res[p][r] += LAND_YIELD
    tasks: list[Task] = []
    for p in _seats(s):
        fx = s.fx[p]
        for r, amount in enumerate(fx.income):
            if amount:
                res[p][r] += amount
        tasks += [("choice", p, amount) for amount in fx.income_choice]
    for p in _seats(s):
        tasks += [("card", p)] * s.fx[p].round_draw
    tasks.append(("turn", R.first_player))
    _replace(s, tasks)
    return None


def step_turn(s: State, task: Task) -> int | None:
    p = task[1]
    s.active = p
    s.heals = 0
    _replace(s, _TURN[p])
    return None


def step_post(s: State, task: Task) -> int | None:
    p = task[1]
    if s.can_heal(p):
        return p
    s.queue.pop(0)
    return None


def step_endturn(s: State, task: Task) -> int | None:
    p = task[1]
    last = p != s.R.first_player
    _replace(s, _ENDTURN[p][1 if last else 0])
    return None


def step_end(s: State, task: Task) -> int | None:
    R = s.R
    for p in (0, 1):
        clip_storage(s.res[p], s.fx[p].storage_cap)  # each state owns its resource lists (State.clone copies them)
    if s.market:  # the oldest card goes under the deck, a new one comes to position 1
        s.bottom.append(s.market.pop())
    _replace(s, [("mkt", R.market_size), ("check",)])
    return None


def clip_storage(res: list[int], cap: int) -> None:
    """The round end's storage cap: what a player holds beyond it is lost (in place)."""
    for r, v in enumerate(res):
        if v > cap:
            res[r] = cap


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


def step_check(s: State, task: Task) -> int | None:
    R = s.R
    scores = (s.score(0), s.score(1))
    if s.logging:
        s.events.append(RoundEnded(s.round, scores, (tuple(s.res[0]), tuple(s.res[1]))))
    reached = [p for p in (0, 1) if scores[p] >= R.victory_points]
    if len(reached) == 2:
        turn.finish(s, R.tie_winner, "tie")
    elif reached:
        turn.finish(s, reached[0], "points")
    elif s.round >= s.max_rounds:
        turn.finish(s, None, "cap")
    else:
        s.round += 1
        _replace(s, [("start",)])
    return None


def step_cards(s: State, task: Task) -> int | None:
    if any(s.hand[0]) or any(s.hand[1]):
        return SIMULTANEOUS
    s.queue.pop(0)
    fight.open_battle(s, None, None)
    return None


def step_die(s: State, task: Task) -> int | None:
    if _battle(s).next_side() >= 0:
        return CHANCE
    s.queue.pop(0)
    return None


def step_resolve(s: State, task: Task) -> int | None:
    s.queue.pop(0)
    fight.resolve(s)
    return None


def _battle(s: State) -> Battle:
    b = s.battle
    assert b is not None  # only called at a battle's dice
    return b


def _seats(s: State) -> tuple[int, int]:
    first = s.R.first_player
    return (first, 1 - first)


STEPS: Final[dict[str, Callable[[State, Task], Optional[int]]]] = {
    "tile": step_chance, "mkt": step_mkt, "card": step_card, "refill": step_refill,
    "start": step_start, "choice": step_decision, "turn": step_turn, "act": step_decision,
    "post": step_post, "endturn": step_endturn, "end": step_end, "check": step_check,
    "cards": step_cards, "die": step_die, "resolve": step_resolve,
}


def apply_chance(s: State, kind: str, task: Task, outcome: Any) -> None:
    """`outcome`: a die face (int) or the content id (str) of what is drawn."""
    R = s.R
    if kind == "die":
        _battle(s).roll(outcome)
    elif kind == "card":
        c = R.card_idx[outcome]
        s.deck[c] -= 1
        s.hand[task[1]][c] += 1
        s.queue.pop(0)
    elif kind == "mkt":  # the task stays until the market is full
        b = R.b_idx[outcome]
        s.bdeck[b] -= 1
        s.market.insert(0, b)
    else:
        deal_tile(s, task, R.land_idx[outcome])


def deal_tile(s: State, task: Task, kind: int) -> None:
    R = s.R
    _, cell, bag = task
    bags = list(s.bags)  # replaced, not changed in place: clones share it (State.clone)
    left = list(bags[bag])
    left[kind] -= 1
    bags[bag] = tuple(left)
    s.bags = tuple(bags)
    land = list(s.land)
    cells = (cell, R.space_idx[R.game.board.cells[cell].mirror])
    for c in cells:
        land[c] = kind
    s.land = tuple(land)
    s.yields = tuple(R.land_yield[k] if k >= 0 else -1 for k in land) + (-1,) * (R.n_spaces - R.n_cells)
    s.queue.pop(0)


def chance_label(s: State) -> str:
    R = s.R
    task = s.queue[0]
    kind = task[0]
    if kind == "tile":
        cell = R.space_ids[task[1]]
        mirror = R.game.board.cells[task[1]].mirror
        return f"tile {cell}" + (f"+{mirror}" if mirror != cell else "")
    if kind == "mkt":
        return "market card"
    if kind == "card":
        return f"battle card for {R.players[task[1]]}"
    b = _battle(s)
    side = b.next_side()
    return f"{'attacker' if side == 0 else 'defender'} die" + ("" if b.dice[side] else " (reroll)")
