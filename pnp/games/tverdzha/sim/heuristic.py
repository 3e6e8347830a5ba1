"""A static value of a position for one player: what the greedy and search agents maximise.

value(s, p) = worth(p) - worth(opponent), where worth counts, with hand-set weights:
points (the victory track), income per round, resources in store (up to the storage cap),
army strength, progress toward the enemy castle, cards in hand; minus the danger of
losing one's own castle. A finished game is worth +-WIN. The weights are agent tuning,
not rules: every rule number (caps, limits, bonuses) is read from the engine's tables.

Reads the engine's flat state lists directly (units, owner, res, yields, fx): this runs
thousands of times per decision, and the public per-player methods rebuild lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from pnp.games.tverdzha.rules import turn

if TYPE_CHECKING:
    from pnp.games.tverdzha.rules.compiled import Rules
    from pnp.games.tverdzha.rules.turn import Cells, Effect
    from pnp.games.tverdzha.rules.castle_effects import Fx
    from pnp.games.tverdzha.rules.state import State

WIN: Final = 10_000.0


@dataclass(frozen=True)
class Weights:
    score: float = 10.0  # per victory point
    land_progress: float = 0.5  # share of a land point counted for each land toward it
    near_win: float = 4.0  # extra per point over (target - 8): finishing matters more
    income: float = 3.5  # per resource a held land yields each round
    gold_income: float = 5.0  # per gold yielded each round (gold is scarce)
    full_income: float = 0.5  # per yield of a resource already at the storage cap
    store: float = 1.0  # per resource in store, up to the cap
    gold_store: float = 2.0
    strength: float = 2.2  # per point of unit strength
    unit: float = 1.8  # per unit (more dice)
    alive: float = 25.0  # having any unit at all: without one there are no lands and no income
    wounded: float = 1.0
    card: float = 0.7  # per battle card in hand
    building: float = 3.0  # per building owned, for its effect beyond points
    upgrade: float = 2.0
    entrance: float = 5.0  # per enemy-castle entrance held
    march: float = 1.5  # per unit and step closer to an empty enemy castle
    siege_ready: float = 12.0  # holding enough entrances to enter the enemy castle
    castle_guard: float = 4.0  # per unit strength at home while the enemy could siege
    danger: float = 60.0  # own castle open to an enemy that holds enough entrances


DEFAULT: Final = Weights()


def value(s: State, p: int, w: Weights = DEFAULT) -> float:
    """The position's worth for player p (positive: p is ahead)."""
    if s.winner is not None:
        return WIN if s.winner == p else -WIN
    if s.victory_type == "cap":
        return 0.0
    both = worths(s, w)
    return both[p] - both[1 - p]


class _Tally:
    """One player's counts from the pass over the board (a class of native fields: the
    compiled build adds to them without boxing, which list items would need)."""

    __slots__ = ("strength", "units", "lands", "scoring", "land_pts", "yields")

    def __init__(self, yields: list[int]) -> None:
        self.strength = 0
        self.units = 0
        self.lands = 0
        self.scoring = 0  # lands held that count toward land points (the mine does not)
        self.land_pts = 0  # points of the special lands held (a citadel)
        self.yields = yields  # per resource: the held lands that yield it

    def copy(self) -> _Tally:
        t = _Tally(self.yields[:])
        t.strength = self.strength
        t.units = self.units
        t.lands = self.lands
        t.scoring = self.scoring
        t.land_pts = self.land_pts
        return t

    def count(self, R: Rules, units: tuple[int, ...], r: int, k: int, sign: int) -> None:
        """Adds (sign 1) or takes away (sign -1) a cell held with `units` on it, which
        yields resource r (or none: -1) and has land kind k (or none yet: -1)."""
        self.count_units(units, sign)
        self.lands += sign
        if k < 0 or R.land_scores[k]:
            self.scoring += sign
        if k >= 0:
            self.land_pts += sign * R.land_points[k]
        if r >= 0:
            yields = self.yields
            yields[r] = yields[r] + sign  # (not +=: the compiled build would add boxed ints)

    def count_units(self, units: tuple[int, ...], sign: int) -> None:
        st = 0
        for u in units:  # not sum(): a loop the compiled build runs natively, as fast here
            st += u
        self.strength += sign * st
        self.units += sign * len(units)


class Board:
    """What the value reads from the board: both players' tallies and the enemy-castle
    entrances each holds (count_board, edited). It reads no resources, so positions that
    differ only in resources share it (Near.with_resources)."""

    __slots__ = ("tallies", "held")

    # (tuple[X, ...], not tuple[X, X]: the compiled build would keep a pair unboxed and
    # make a new tuple at every read of the field)
    def __init__(self, tallies: tuple[_Tally, ...], held: tuple[int, ...]) -> None:
        self.tallies = tallies
        self.held = held

    def edited(self, s: State, p: int, cells: Cells) -> Board:
        """This board of `s` with p's units on `cells` (turn.Cells) as given: p's cells
        and castle, or empty cells p moves onto; the opponent's tally is shared."""
        R = s.R
        t = self.tallies[p].copy()
        held = self.held[p]
        n_cells, entrances = R.n_cells, R.entrances[1 - p]
        owner, units, yields, land = s.owner, s.units, s.yields, s.land
        for sp, now in cells:
            was = units[sp]
            if sp >= n_cells:  # p's castle: units, but no land
                t.count_units(was, -1)
                t.count_units(now, 1)
                continue
            if was:  # (p's: a move that starts no battle goes onto p's cells or empty ones)
                t.count(R, was, yields[sp], land[sp], -1)
            if now:
                t.count(R, now, yields[sp], land[sp], 1)
            for e in entrances:  # (a loop, not `in`: native in the compiled build)
                if e == sp:
                    held += int(turn.cell_owner(now, p) == p) - int(owner[sp] == p)
        if p == 0:
            return Board((t, self.tallies[1]), (held, self.held[1]))
        return Board((self.tallies[0], t), (self.held[0], held))


def count_board(s: State) -> Board:
    """The board of `s`, gathered in one pass."""
    R = s.R
    tallies = (_Tally([0] * R.n_res), _Tally([0] * R.n_res))
    owner, units = s.owner, s.units
    # the cells (s.land has one entry per cell, so zip stops before the castles)
    for o, us, r, k in zip(owner, units, s.yields, s.land):
        if us:
            tallies[o].count(R, us, r, k, 1)
    for c in R.castle:  # a castle yields nothing and is no land
        tallies[owner[c]].count_units(units[c], 1)
    return Board(tallies, (_held_entrances(s, 0), _held_entrances(s, 1)))


def worths(s: State, w: Weights = DEFAULT) -> list[float]:
    """[worth of player 0, worth of player 1], from one pass over the board.

    The pass gathers every count the terms need (strength, units, lands and their
    points, the yields of held lands per resource); the float terms are then added in a
    fixed order, so the value is the same to the last bit however the counts were
    gathered (in one pass, or edited from another board's)."""
    board = count_board(s)
    return [worth(s, 0, w, board, s.res[0]), worth(s, 1, w, board, s.res[1])]


def worth(s: State, q: int, w: Weights, board: Board, res: list[int]) -> float:
    """q's worth, with `res` as q's resources (the only place the worth reads them)."""
    return WorthTerms(s, q, w, board).of(res)


class WorthTerms:
    """q's worth in a position but for q's resources: every term that does not read them
    worked out once (a decision's trades ask for one worth per change of resources), and
    `of(res)` adding them up in the one fixed order, so the sum is the same to the bit."""

    __slots__ = ("inc_w", "store_w", "yields", "cap", "full", "fx", "alive_w", "alive", "score", "near",
                 "progress", "army", "fx_income", "choices", "hand", "siege", "danger")

    def __init__(self, s: State, q: int, w: Weights, board: Board, like: WorthTerms | None = None,
                 open_castle: bool | None = None) -> None:
        """`like`: q's terms in a position with the same building effects (Fx object), hand
        and weights, whose terms that read only those are taken over. `open_castle`: whether
        the enemy castle is empty, where an edit of `s` (Near.value_edit) changes that."""
        R = s.R
        fx = s.fx[q]
        if like is None:
            self.inc_w, self.store_w = _resource_weights(R, w)
            self.fx = fx
            self.cap = fx.storage_cap
            self.full = w.full_income
            self.alive_w = w.alive
            self.fx_income = [self.inc_w[r] * v for r, v in enumerate(fx.income) if v]
            self.choices = w.income * fx.income_choice_total
            cards = 0
            for n in s.hand[q]:
                cards += n
            self.hand = w.card * cards + w.building * fx.count + w.upgrade * fx.upgraded
        else:
            self.inc_w, self.store_w, self.fx, self.cap, self.full = like.inc_w, like.store_w, fx, like.cap, like.full
            self.alive_w, self.fx_income, self.choices, self.hand = like.alive_w, like.fx_income, like.choices, like.hand
        t = board.tallies[q]
        self.yields = t.yields
        land_per = R.land_per
        near = R.victory_points - 8
        score = fx.points + t.scoring // land_per * R.points_per_lands + t.land_pts  # State.score
        self.score = w.score * score
        self.near = w.near_win * (score - near if score > near else 0)
        # a land short of the next land point is part of that point
        self.progress = w.score * w.land_progress * (t.lands % land_per) / land_per
        self.army = w.strength * t.strength + w.unit * t.units + w.wounded * s.wounded[q]
        self.alive = t.units > 0
        held = board.held
        if open_castle is None:
            open_castle = not s.units[R.castle[1 - q]]
        self.siege = _siege(s, q, fx, w, held[q], board.tallies[1 - q].units, open_castle)
        # q's castle is in danger only while the enemy holds enough of its entrances
        self.danger = _danger(s, q, w) if held[1 - q] >= s.fx[1 - q].siege_entrances else None

    def of(self, res: list[int]) -> float:
        """q's worth with `res` as q's resources."""
        inc_w, cap, full = self.inc_w, self.cap, self.full
        income = 0.0
        for r, n in enumerate(self.yields):  # a full store makes more of the same nearly worthless
            if n:
                income += n * (inc_w[r] if res[r] < cap else full)
        total = income + self.score + self.near
        total += self.progress
        total += self.army
        if self.alive:
            total += self.alive_w
        else:  # no unit: how close is the next one (a hire now, or after one trade)?
            total += self.alive_w * _hire_reach(res, self.fx)
        store_w = self.store_w
        for r, v in enumerate(res):
            if v:  # adding 0.0 changes nothing: skipped
                total += store_w[r] * (v if v < cap else cap)
        for term in self.fx_income:
            total += term
        total += self.choices
        total += self.hand
        total += self.siege
        danger = self.danger
        return total if danger is None else total - danger


class Near:
    """value(s', p) for the positions s' that one decision's actions reach from `s`, the
    position passing reaches (the pass child).

    A trade's child is the pass child but for p's resources (rules.turn_end.TurnEnd.resources):
    with_resources values it from the board and the opponent's worth worked out here once.
    Any other action rarely changes what the opponent's worth reads, so that worth is taken from
    `s` once and reused for each s' where every one of its inputs is as in `s`: the
    opponent's building effects (the same Fx object), resources, hand, wounded units and
    board tallies, and the entrances both sides hold, whether p's castle is empty. The
    march and danger terms read more of the board, so where either can count (p has no
    army, or holds enough of the opponent's entrances) it is worked out afresh. The worth
    is a function of those inputs, so the value is the same to the last bit.

    A plain move, hire or training is valued without making its position at all
    (`value_edit`, from turn_end.TurnEnd.edit): the board's tallies are edited on the spaces
    the action changes."""

    __slots__ = ("s", "p", "w", "board", "other", "terms", "other_terms", "edits", "guarded", "last", "last_board",
                 "last_other")

    def __init__(self, s: State, p: int, w: Weights = DEFAULT) -> None:
        self.s, self.p, self.w = s, p, w
        self.terms: WorthTerms | None = None  # p's in `s`: made at the first call that needs them
        self.board: Board | None = None
        self.other_terms: WorthTerms | None = None  # the opponent's
        self.other = 0.0
        self.edits = self.guarded = False
        # the last position `value` worked the opponent's worth out for, its board and that worth
        self.last: State | None = None
        self.last_board: Board | None = None
        self.last_other = 0.0
        if s.winner is None and s.victory_type is None:  # value()'s early answers need no worth
            board = self.board = count_board(s)
            q = 1 - p
            theirs = self.other_terms = WorthTerms(s, q, w, board)
            self.other = theirs.of(s.res[q])
            # value_edit's terms, read off `s`: neither p's march (an empty enemy castle and
            # an enemy without an army) nor q's danger (p holding enough of its entrances) counts
            self.edits = bool(s.units[s.R.castle[q]] or board.tallies[q].units) and board.held[p] < s.fx[p].siege_entrances
            self.guarded = board.held[q] >= s.fx[q].siege_entrances  # p's danger term counts: it reads p's castle

    def value(self, c: State) -> float:
        """value(c, p, w). The opponent's worth is also reused from the last position this
        worked it out for, which is kept: a position valued here is not changed afterwards
        (the agent values its children once and drops them)."""
        p = self.p
        if c.winner is not None:
            return WIN if c.winner == p else -WIN
        if c.victory_type == "cap":
            return 0.0
        s = self.s
        if self.board is not None and c.units == s.units and c.owner == s.owner and c.land == s.land:
            board = self.board  # the board of `s` (a build's or an upgrade's child, say)
        else:
            board = count_board(c)
        mine = worth(c, p, self.w, board, c.res[p])
        if self._same_for_other(c, board, s, self.board):
            return mine - self.other
        last = self.last
        if last is not None and self._same_for_other(c, board, last, self.last_board):
            return mine - self.last_other  # (the children of a build all stop before the turn's end, say)
        theirs = worth(c, 1 - p, self.w, board, c.res[1 - p])
        self.last, self.last_board, self.last_other = c, board, theirs
        return mine - theirs

    def value_edit(self, effect: Effect) -> float | None:
        """value(c, p, w) for the position c that turn_end.TurnEnd.edit describes, without making
        it: p's units on a few spaces and p's resources differ from `s`. The board is edited,
        p's terms that read only its effects and hand are taken from `s`, and the opponent's
        worth is reused, because nothing it reads changes: its tally, resources, hand and
        effects are those of `s`, p keeps an army, and the checks below hold. None where the
        edit could change a term that reads more of the board: then value the position.

        Where the edit fills or empties p's castle, the opponent's worth is worked out
        again: its siege term reads whether that castle is empty."""
        base, theirs = self.board, self.other_terms
        if base is None or theirs is None or not self.edits:
            return None
        s, p = self.s, self.p
        cells, res = effect
        castle = s.R.castle[p]
        open_castle: bool | None = None  # for q's siege: p's castle, where it changes from empty to held or back
        for sp, units in cells:
            if sp == castle:
                if self.guarded:  # p's danger term reads the castle's guard
                    return None
                if bool(units) != bool(s.units[castle]):
                    open_castle = not units
        board = base.edited(s, p, cells)
        if board.held[p] >= s.fx[p].siege_entrances:  # q's danger term reads p's units on its entrances
            return None
        mine = WorthTerms(s, p, self.w, board, self.own_terms()).of(res)
        if open_castle is None:
            return mine - self.other
        q = 1 - p
        return mine - WorthTerms(s, q, self.w, board, theirs, open_castle).of(s.res[q])

    def own(self) -> float:
        """value(s, p, w), from the board and the opponent's worth already worked out."""
        if self.board is None:
            return self.value(self.s)
        return self.own_terms().of(self.s.res[self.p]) - self.other

    def own_terms(self) -> WorthTerms:
        """p's worth terms in `s` (while the game goes on there)."""
        terms = self.terms
        if terms is None:
            assert self.board is not None
            terms = self.terms = WorthTerms(self.s, self.p, self.w, self.board)
        return terms

    def with_resources(self, res: list[int]) -> float:
        """value(s', p), s' being `s` with `res` as p's resources."""
        return self.own_terms().of(res) - self.other

    def _same_for_other(self, c: State, board: Board, ref: State, base: Board | None) -> bool:
        """Whether the opponent's worth in `c` (of board `board`) reads exactly what it
        read in `ref` (of board `base`)."""
        if base is None:
            return False
        p = self.p
        q = 1 - p
        if (c.fx[q] is not ref.fx[q] or c.res[q] != ref.res[q] or c.hand[q] != ref.hand[q]
                or c.wounded[q] != ref.wounded[q]):
            return False
        if board.held[0] != base.held[0] or board.held[1] != base.held[1]:
            return False
        t, was = board.tallies[q], base.tallies[q]
        if (t.strength != was.strength or t.units != was.units or t.lands != was.lands or t.scoring != was.scoring
                or t.land_pts != was.land_pts or t.yields != was.yields):
            return False
        castle = c.R.castle[p]
        if bool(c.units[castle]) != bool(ref.units[castle]):  # _siege counts an empty castle of p ...
            return False
        if not board.tallies[p].units or not base.tallies[p].units:  # ... and, if p has no army, q's march
            return False
        # the danger term (_danger) reads q's entrances and castle
        return board.held[p] < c.fx[p].siege_entrances and base.held[p] < ref.fx[p].siege_entrances


def _held_entrances(s: State, p: int) -> int:
    """How many entrances of the enemy castle p holds (State.held_entrances)."""
    owner = s.owner
    n = 0
    for e in s.R.entrances[1 - p]:
        if owner[e] == p:
            n += 1
    return n


#: The last (rules, weights) asked for and their per-resource weights: an agent asks
#: with the same two objects thousands of times a decision, so an identity test is all.
_LAST_WEIGHTS: Final[list] = [None, None, ((), ())]


def _resource_weights(R: Rules, w: Weights) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Per resource index: (income weight, store weight); gold is worth more."""
    last = _LAST_WEIGHTS
    if last[0] is not R or last[1] is not w:
        gold = [rid == "gold" for rid in R.res_ids]
        last[:] = [R, w, (tuple(w.gold_income if g else w.income for g in gold),
                          tuple(w.gold_store if g else w.store for g in gold))]
    out: tuple[tuple[float, ...], tuple[float, ...]] = last[2]
    return out


def _hire_reach(res: list[int], fx: Fx) -> float:
    """0.8 when the stock `res` pays for a hire now, 0.5 after one trade, else 0."""
    short = sum(max(0, need - have) for need, have in zip(fx.hire_cost, res))
    if not short:
        return 0.8
    for give, get in fx.trade:
        for r, have in enumerate(res):
            if have >= give and get >= short + max(0, fx.hire_cost[r] - (have - give)):
                return 0.5
    return 0.0


def _siege(s: State, q: int, fx: Fx, w: Weights, held: int, enemy_army: int, open_castle: bool) -> float:
    """`open_castle`: the enemy castle stands empty."""
    out = w.entrance * (held if held < 3 else 3)
    if held >= fx.siege_entrances:
        out += w.siege_ready
    if open_castle:  # an empty enemy castle is entered without a fight
        out *= 4
        if not enemy_army:  # and an enemy without an army cannot fill it: head for it
            out += _march(s, q, w)
    return out


def _march(s: State, q: int, w: Weights) -> float:
    """Units closer to the enemy castle's entrances are worth more (when it stands empty)."""
    dist = entrance_distance(s.R, 1 - q)
    far = max(d for d in dist if d < 10**6)
    total = 0.0
    for sp, (o, us) in enumerate(zip(s.owner, s.units)):
        if o == q and us:
            total += len(us) * (far - dist[sp])
    return w.march * total


_DIST_CACHE: Final[dict] = {}


def entrance_distance(R: Rules, player: int) -> tuple[int, ...]:
    """Steps from every space to the nearest entrance of `player`'s castle."""
    key = (id(R), player)
    out = _DIST_CACHE.get(key)
    if out is None:
        out = _DIST_CACHE[key] = tuple(R.distances(R.entrances[player]))
    return out


def _danger(s: State, q: int, w: Weights) -> float:
    """How exposed q's castle is, once the enemy holds enough of its entrances: enemy
    strength on q's entrances against the castle guard."""
    R = s.R
    e = 1 - q
    owner, units = s.owner, s.units
    attackers = max((sum(units[c]) for c in R.entrances[q] if owner[c] == e), default=0)
    home = units[R.castle[q]]
    if not home:
        return w.danger * 3  # an empty castle is entered without a fight
    guard = sum(home) + R.battle.castle_defense + s.fx[q].castle_defense
    ratio = attackers / guard
    return w.danger * min(2.0, ratio) - w.castle_guard * sum(home)
