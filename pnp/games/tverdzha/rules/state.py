"""The game state: the simulator's engine protocol (pnp.sim.engine.GameState) for ТВЕРДЖА.

The state is a handful of flat lists (units per space, resources, hands as counts
per card) plus a queue of pending steps. `_advance` runs automatic steps (income,
refills, round end) until the head of the queue needs a decision, a chance outcome
or the joint card choice; `current_player` then says which. See pnp/games/tverdzha/rules/__init__.py.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, Any, NamedTuple, Optional, Sequence, Tuple

from pnp.games.tverdzha.rules import fight, flow, turn
from pnp.games.tverdzha.rules.actions import END_TURN, HEAL, choice_actions, main_actions
from pnp.games.tverdzha.rules.battle import DIE_OUTCOMES, Battle
from pnp.games.tverdzha.rules.compiled import DIE_SIDES, Rules
from pnp.games.tverdzha.rules.notation import describe, format_action
from pnp.sim.engine import CHANCE, SIMULTANEOUS, TERMINAL

if TYPE_CHECKING:
    from pnp.games.tverdzha.rules.castle_effects import Fx

#: A queue task: the step's name, then its arguments (see pnp.games.tverdzha.rules.flow).
Task = Tuple[Any, ...]
#: While a battle lasts: (attacker, from space, attacked space, moving group,
#: attacker's card index, defender's card index).
Fight = Tuple[int, int, int, Tuple[int, ...], Optional[int], Optional[int]]


class IllegalAction(ValueError):
    """apply_action got an action that is not legal here (only raised when validating)."""


class Observation(NamedTuple):
    """What one player knows beyond the open position (board, resources, buildings, market
    and discard are open): of the battle cards, its own hand and the size of every hand."""

    player: int
    hand: tuple[int, ...]        # own hand, copies per card
    hand_sizes: tuple[int, ...]  # cards in each player's hand
    unseen: tuple[int, ...]      # per card: copies in the deck or another player's hand


class State:
    __slots__ = (
        "R", "units", "owner", "land", "yields", "res", "bld", "fx", "hand", "deck", "discard",
        "bdeck", "bottom", "market", "bags", "wounded", "round", "active", "heals", "queue",
        "battle", "fight", "cur", "winner", "victory_type", "events", "logging", "max_rounds", "validate",
    )
    # Typed, so that a compiled build (mypyc, see setup.py) keeps them as native fields.
    R: Rules
    units: list[tuple[int, ...]]   # per space: unit strengths, sorted
    owner: list[int]               # per space: 0, 1 or -1 (an empty cell); castles keep theirs
    land: tuple[int, ...]          # per cell: land kind index, -1 before its tile is dealt
    yields: tuple[int, ...]        # per space: resource index the land yields, or -1
    res: list[list[int]]           # per player, per resource
    bld: list[dict[int, int]]      # per player: building index -> level (0 base, 1 upgraded);
                                   # a dict is replaced, never changed: clones share them
    fx: list[Fx]                   # per player: aggregated building effects
    hand: list[list[int]]          # per player: count of each battle card
    deck: list[int]                # battle-card urn: count per card
    discard: list[int]
    bdeck: list[int]               # building urn (the shuffled part): count per building
    bottom: list[int]              # buildings put under the deck, in order
    market: list[int]              # building indices, position 1 first
    bags: tuple[tuple[int, ...], ...]  # land-tile urns (the pair bag, the centre bag), replaced on a deal
    wounded: list[int]
    round: int
    active: int
    heals: int
    queue: list[Task]
    battle: Battle | None
    fight: Fight | None
    cur: int
    winner: int | None
    victory_type: str | None
    events: list[Any]              # pnp.games.tverdzha.rules.events records
    logging: bool                  # whether the engine appends them (a lookahead copy does not)
    max_rounds: int
    validate: bool

    def __init__(self) -> None:
        """An empty state, every field unset: new_game and clone fill them all in. (They
        call State(), not State.__new__(State): in the compiled build the first is the
        native constructor, the second a generic call through the type, about 1.7 us.)"""

    # ---- OpenSpiel interface ----------------------------------------------------
    @property
    def current_player(self) -> int:
        """0 or 1 (a decision), CHANCE, SIMULTANEOUS (secret battle cards) or TERMINAL."""
        return self.cur

    @property
    def step_kind(self) -> str | None:
        """The kind of step the game waits at: "act" (main action), "post" (heal or end
        turn), "choice" (income choice), "cards" (secret battle cards), "die", "card",
        "mkt" or "tile" (chance); None once the game is over."""
        return self.queue[0][0] if self.queue else None

    def is_terminal(self) -> bool:
        return self.cur == TERMINAL

    def is_chance_node(self) -> bool:
        return self.cur == CHANCE

    def is_simultaneous_node(self) -> bool:
        return self.cur == SIMULTANEOUS

    def legal_actions(self, player: int | None = None) -> list:
        """Decisions of the current player; at the card step, `player`'s card ids and None
        (all joint pairs when player is None); at a chance node, the outcomes."""
        cur = self.cur
        if cur >= 0:
            kind = self.queue[0][0]
            if kind == "act":
                return main_actions(self, cur)
            if kind == "post":
                return [HEAL, END_TURN]
            return choice_actions(self, cur)
        if cur == SIMULTANEOUS:
            if player is None:
                return list(product(self.legal_actions(0), self.legal_actions(1)))
            hand = self.hand[player]
            return [None] + [cid for cid, n in zip(self.R.card_ids, hand) if n]
        if cur == CHANCE:
            return [o for o, _ in self.chance_outcomes()]
        return []

    def chance_outcomes(self) -> list[tuple]:
        """[(outcome, exact probability)] at a chance node, in content order."""
        ids, counts = self._urn()
        if ids is None:
            return list(DIE_OUTCOMES)
        total = sum(counts)
        return [(i, Fraction(n, total)) for i, n in zip(ids, counts) if n]

    def sample_chance(self, rng) -> object:
        """One chance outcome drawn with `rng` from exactly the chance_outcomes distribution."""
        ids, counts = self._urn()
        if ids is None:
            return rng.randrange(DIE_SIDES) + 1
        r = rng.randrange(sum(counts))
        for i, n in zip(ids, counts):
            r -= n
            if r < 0:
                return i
        raise AssertionError("empty urn")  # pragma: no cover

    def apply_action(self, action) -> None:
        """Apply a decision, a joint card pair (card of A, card of B) or a chance outcome."""
        if self.validate:
            self._check(action)
        cur = self.cur
        task = self.queue[0]
        kind = task[0]
        if cur == CHANCE:
            flow.apply_chance(self, kind, task, action)
        elif cur == SIMULTANEOUS:
            fight.reveal_cards(self, action)
        elif kind == "act":
            turn.apply_main(self, cur, action)
        elif kind == "post":
            if action == HEAL:
                turn.heal(self, cur)
            else:
                self.queue.pop(0)
        else:  # income choice
            self.queue.pop(0)
            self.res[cur][self.R.res_idx[action.resource]] += task[2]
        self._advance()

    def joint_action(self, choices: Sequence[Any]) -> tuple:
        """The secret card step's pair from each player's choice (index = player)."""
        return (choices[0], choices[1])

    def action_string(self, action: Any) -> str:
        return format_action(action)

    def observation(self, player: int) -> Observation:
        own = tuple(self.hand[player])
        unseen = tuple(n - h - d for n, h, d in zip(self.R.card_counts, own, self.discard))
        return Observation(player, own, tuple(sum(h) for h in self.hand), unseen)

    def resample_hidden(self, player: int, rng: random.Random) -> None:
        """Re-deal the opponent's hand from the cards `player` cannot see (deck + that hand):
        the deck is an urn, so its order is not hidden; the rest of the position is open."""
        opp = 1 - player
        hand, deck = self.hand[opp], self.deck
        size = sum(hand)
        if not size:
            return
        pool = [a + b for a, b in zip(hand, deck)]
        new_hand = [0] * len(pool)
        left = sum(pool)
        for _ in range(size):
            pick = rng.randrange(left)
            for c, n in enumerate(pool):
                pick -= n
                if pick < 0:
                    pool[c] -= 1
                    new_hand[c] += 1
                    break
            left -= 1
        self.hand[opp] = new_hand
        self.deck = pool

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the loser; 0 each while undecided or at the cap."""
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def clone(self, events: bool = True) -> "State":
        """A copy to play on. `events=False` gives the copy an empty event log that stays
        empty, for lookahead positions whose history nobody reads: the engine then makes no
        records at all (the real log is never shared)."""
        c = State()
        c.R, c.land, c.yields, c.fight = self.R, self.land, self.yields, self.fight
        c.units, c.owner = self.units[:], self.owner[:]
        c.res = [self.res[0][:], self.res[1][:]]
        c.bld = self.bld[:]
        c.fx = self.fx[:]
        c.hand = [self.hand[0][:], self.hand[1][:]]
        c.deck, c.discard = self.deck[:], self.discard[:]
        c.bdeck, c.bottom, c.market = self.bdeck[:], self.bottom[:], self.market[:]
        c.bags = self.bags
        c.wounded = self.wounded[:]
        c.round, c.active, c.heals, c.cur = self.round, self.active, self.heals, self.cur
        c.winner, c.victory_type, c.max_rounds, c.validate = self.winner, self.victory_type, self.max_rounds, self.validate
        c.queue = self.queue[:]
        c.battle = self.battle.clone() if self.battle is not None else None
        c.events = self.events[:] if events else []
        c.logging = self.logging and events
        return c

    def copy_for_board(self) -> "State":
        """A copy whose units, owners and resources are its own, sharing every other list
        (and the battle) with this state: a position that differs from this one only there
        and is read, never played on (flow.TurnEnd.child: about a third of clone's cost).
        Neither state may change a shared list while the copy is in use."""
        c = State()
        c.R, c.land, c.yields, c.fight = self.R, self.land, self.yields, self.fight
        c.units, c.owner = self.units[:], self.owner[:]
        c.res = [self.res[0][:], self.res[1][:]]
        c.bld, c.fx, c.hand, c.deck, c.discard = self.bld, self.fx, self.hand, self.deck, self.discard
        c.bdeck, c.bottom, c.market, c.bags, c.wounded = self.bdeck, self.bottom, self.market, self.bags, self.wounded
        c.round, c.active, c.heals, c.cur = self.round, self.active, self.heals, self.cur
        c.winner, c.victory_type, c.max_rounds, c.validate = self.winner, self.victory_type, self.max_rounds, self.validate
        c.queue, c.battle = self.queue, self.battle
        c.events, c.logging = [], False
        return c

    # ---- reading the position ---------------------------------------------------
    def own_spaces(self, p: int) -> list[int]:
        """Spaces where p has units: cells in content order, then p's castle."""
        owner = self.owner
        out = [c for c in range(self.R.n_cells) if owner[c] == p]
        castle = self.R.castle[p]
        if self.units[castle]:
            out.append(castle)
        return out

    def lands(self, p: int) -> int:
        return self.owner[:self.R.n_cells].count(p)

    def army(self, p: int) -> int:
        """p's units on the table: on p's cells and in p's castle (the only space p owns
        beyond its cells)."""
        n = 0
        for o, us in zip(self.owner, self.units):
            if o == p:
                n += len(us)
        return n

    def has_units(self, p: int) -> bool:
        """army(p) > 0, without counting: stops at p's first unit."""
        for o, us in zip(self.owner, self.units):
            if o == p and us:
                return True
        return False

    def army_limit(self, p: int, lands: int | None = None) -> int:
        """per_land x (lands held, + 1 when the castle counts) + army_limit effects."""
        lim = self.R.lim
        if lands is None:
            lands = self.lands(p)
        return lim.army_per_land * (lands + (1 if lim.army_castle_counts else 0)) + self.fx[p].army_bonus

    def held_entrances(self, p: int) -> int:
        """How many entrances of the enemy castle p holds."""
        owner = self.owner
        return sum(1 for e in self.R.entrances[1 - p] if owner[e] == p)

    def can_heal(self, p: int) -> bool:
        fx = self.fx[p]
        return (self.heals < self.R.heals_per_turn and self.wounded[p] > 0 and fx.infirmary_cap > 0
                and len(self.units[self.R.castle[p]]) < fx.cap and self.army(p) < self.army_limit(p))

    def score(self, p: int, owner: list[int] | None = None) -> int:
        """Victory points now: buildings (with town hall and prestige), lands, land bonuses;
        with `owner` as the holders of the cells, where given."""
        R = self.R
        land_points, land_scores = R.land_points, R.land_scores
        held = bonus = 0
        for o, k in zip(self.owner if owner is None else owner, self.land):  # the cells: land has one entry per cell
            if o == p:
                if k < 0 or land_scores[k]:  # the mine gives gold but no points (the original)
                    held += 1
                if k >= 0:
                    bonus += land_points[k]
        return self.fx[p].points + held // R.land_per * R.points_per_lands + bonus

    def hand_count(self, p: int) -> int:
        return sum(self.hand[p])

    def units_by_strength(self, p: int) -> dict[int, int]:
        out: dict[int, int] = {}
        for sp in self.own_spaces(p):
            for u in self.units[sp]:
                out[u] = out.get(u, 0) + 1
        return out

    def resources(self, p: int) -> dict[str, int]:
        return dict(zip(self.R.res_ids, self.res[p]))

    def buildings(self, p: int) -> dict[str, str]:
        """Base building id -> the id of the card on top (base or upgrade)."""
        R = self.R
        return {R.b_ids[b]: (R.up_ids[b] if lvl else R.b_ids[b]) for b, lvl in sorted(self.bld[p].items())}

    def chance_label(self) -> str:
        """What the pending chance node decides, for logs."""
        return flow.chance_label(self)

    def __str__(self) -> str:
        return describe(self)

    # ---- machinery --------------------------------------------------------------
    def _urn(self):
        """(ids, counts) of the urn the head chance node draws from; (None, None) for a die."""
        R = self.R
        kind = self.queue[0][0]
        if kind == "card":
            return R.card_ids, self.deck
        if kind == "mkt":
            return R.b_ids, self.bdeck
        if kind == "tile":
            return R.land_ids, self.bags[self.queue[0][2]]
        return None, None

    def _advance(self) -> None:
        q = self.queue
        steps = flow.STEPS
        while q:
            cur = steps[q[0][0]](self, q[0])
            if cur is not None:
                self.cur = cur
                return
        self.cur = TERMINAL

    def _check(self, action) -> None:
        if self.cur == SIMULTANEOUS:
            ok = (isinstance(action, tuple) and len(action) == 2
                  and all(action[p] in self.legal_actions(p) for p in (0, 1)))
        else:
            ok = self.cur != TERMINAL and action in self.legal_actions()
        if not ok:
            raise IllegalAction(f"{action!r} is not legal here")
