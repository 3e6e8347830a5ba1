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

from typing import Any, Callable, Final, Optional, Sequence

from pnp.games.tverdzha.rules import fight, turn
from pnp.games.tverdzha.rules.battle import Battle
from pnp.games.tverdzha.rules.compiled import LAND_YIELD
from pnp.games.tverdzha.rules.events import MarketShort, Mustered, Reshuffled, RoundEnded
from pnp.games.tverdzha.rules.position import Position, Task
from pnp.sim.engine import CHANCE, SIMULTANEOUS

# Tasks queued at every turn, built once per player (tuples: shared, never changed).
_CARD: Final = (("card", 0), ("card", 1))
_TURN: Final = tuple((("act", p), ("post", p), ("endturn", p)) for p in (0, 1))
_ENDTURN: Final = tuple(((("refill", p), ("refill", 1 - p), ("turn", 1 - p)),  # then the other's turn
                         (("refill", p), ("refill", 1 - p), ("end",)))          # then the round end
                        for p in (0, 1))


def _replace(s: Position, tasks: Sequence[Task]) -> None:
    s.queue[0:1] = tasks


def step_chance(s: Position, task: Task) -> int | None:
    return CHANCE


def step_decision(s: Position, task: Task) -> int | None:
    return task[1]


def step_mkt(s: Position, task: Task) -> int | None:
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


def step_card(s: Position, task: Task) -> int | None:
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


def step_refill(s: Position, task: Task) -> int | None:
    p = task[1]
    need = s.fx[p].hand_size - cards_held(s.hand[p])
    if need > 0:
        _replace(s, (_CARD[p],) * need)
    else:  # the common case: nothing to draw
        s.queue.pop(0)
    return None


def step_start(s: Position, task: Task) -> int | None:
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


def step_turn(s: Position, task: Task) -> int | None:
    p = task[1]
    s.active = p
    s.heals = 0
    _replace(s, _TURN[p])
    return None


def step_post(s: Position, task: Task) -> int | None:
    p = task[1]
    if s.can_heal(p):
        return p
    s.queue.pop(0)
    return None


def step_endturn(s: Position, task: Task) -> int | None:
    p = task[1]
    last = p != s.R.first_player
    _replace(s, _ENDTURN[p][1 if last else 0])
    return None


def step_end(s: Position, task: Task) -> int | None:
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


def step_check(s: Position, task: Task) -> int | None:
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


def step_cards(s: Position, task: Task) -> int | None:
    if any(s.hand[0]) or any(s.hand[1]):
        return SIMULTANEOUS
    s.queue.pop(0)
    fight.open_battle(s, None, None)
    return None


def step_die(s: Position, task: Task) -> int | None:
    if _battle(s).next_side() >= 0:
        return CHANCE
    s.queue.pop(0)
    return None


def step_resolve(s: Position, task: Task) -> int | None:
    s.queue.pop(0)
    fight.resolve(s)
    return None


def _battle(s: Position) -> Battle:
    b = s.battle
    assert b is not None  # only called at a battle's dice
    return b


def _seats(s: Position) -> tuple[int, int]:
    first = s.R.first_player
    return (first, 1 - first)


STEPS: Final[dict[str, Callable[[Position, Task], Optional[int]]]] = {
    "tile": step_chance, "mkt": step_mkt, "card": step_card, "refill": step_refill,
    "start": step_start, "choice": step_decision, "turn": step_turn, "act": step_decision,
    "post": step_post, "endturn": step_endturn, "end": step_end, "check": step_check,
    "cards": step_cards, "die": step_die, "resolve": step_resolve,
}


def apply_chance(s: Position, kind: str, task: Task, outcome: Any) -> None:
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


def deal_tile(s: Position, task: Task, kind: int) -> None:
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


def chance_label(s: Position) -> str:
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
