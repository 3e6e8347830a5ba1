"""The game state: the simulator's engine protocol (pnp.sim.engine.GameState) for ТВЕРДЖА.

The state is a position (pnp.games.tverdzha.rules.position: a handful of flat lists
plus a queue of pending steps) that runs the steps. `_advance` runs automatic steps (income,
refills, round end) until the head of the queue needs a decision, a chance outcome
or the joint card choice; `current_player` then says which. See pnp/games/tverdzha/rules/__init__.py.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product
from typing import Any, NamedTuple, Sequence

from pnp.games.tverdzha.rules import fight, flow, turn
from pnp.games.tverdzha.rules.actions import END_TURN, HEAL
from pnp.games.tverdzha.rules.battle import DIE_OUTCOMES
from pnp.games.tverdzha.rules.compiled import DIE_SIDES
from pnp.games.tverdzha.rules.legal import choice_actions, main_actions
from pnp.games.tverdzha.rules.notation import describe, format_action
from pnp.games.tverdzha.rules.position import Position
from pnp.sim.engine import CHANCE, SIMULTANEOUS, TERMINAL


class IllegalAction(ValueError):
    """apply_action got an action that is not legal here (only raised when validating)."""


class Observation(NamedTuple):
    """What one player knows beyond the open position (board, resources, buildings, market
    and discard are open): of the battle cards, its own hand and the size of every hand."""

    player: int
    hand: tuple[int, ...]        # own hand, copies per card
    hand_sizes: tuple[int, ...]  # cards in each player's hand
    unseen: tuple[int, ...]      # per card: copies in the deck or another player's hand


class State(Position):
    """A position with the simulator's engine protocol: it runs the steps of flow, turn and fight."""

    __slots__ = ()

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
        and is read, never played on (turn_end.TurnEnd.child: about a third of clone's cost).
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
