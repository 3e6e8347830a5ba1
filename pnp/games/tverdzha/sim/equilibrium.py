"""The equilibrium agent: greedy, except that the secret battle card is an equilibrium mix.

The card step is a simultaneous zero-sum game. For each pair (my card or none, the
opponent's card or none) the engine gives the battle's exact outcome distribution
(pnp.games.tverdzha.sim.lookahead expands the dice), and the position heuristic values each outcome;
that expectation is the payoff to me, and minus it to the opponent.

What the player knows of the opponent's cards: the hand size, and the cards not yet seen
(every copy that is neither in the player's own hand nor in the open discard: the deck
and the opponent's hand together). The opponent's hand is modelled as a draw of that size
from the unseen cards (each hand with its hypergeometric probability); the opponent knows
its hand and answers with the best card it holds, or none. The agent plays the mix that
maximises its expected payoff against that answer (its maximin strategy in this game of
one-sided uncertainty: a linear program), drawing the card with the injected RNG. With a
single opponent hand (a plain matrix game) this is the matrix game's equilibrium.

Opponent cards whose payoff columns coincide (in this battle they do the same) are one
class: which of them the hand holds does not matter, so hands are counted by classes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb

import numpy as np
from scipy.optimize import linprog

from pnp.games.tverdzha.rules.state import SIMULTANEOUS
from pnp.games.tverdzha.sim import heuristic, lookahead
from pnp.games.tverdzha.sim.agents import GreedyAgent

#: Payoffs closer than this are the same (they come from float sums of exact fractions).
SAME = 1e-9


def maximin(payoff, types=None) -> tuple[np.ndarray, float]:
    """The row player's optimal mix and its value.

    `payoff[i][j]` is the row player's payoff; `types` is [(probability, column indices)]:
    the column player is one of these types and picks the best of its own columns for
    itself (the worst for the row player). None means one type holding every column: the
    plain matrix game, whose maximin mix is its equilibrium strategy.
    """
    a = np.asarray(payoff, dtype=float)
    m, n = a.shape
    if types is None:
        types = [(1.0, range(n))]
    t = len(types)
    # variables: the mix x (m, >= 0), then each type's guaranteed payoff z (t, free)
    c = np.concatenate([np.zeros(m), -np.array([p for p, _ in types])])
    rows = []
    for k, (_, cols) in enumerate(types):
        for j in cols:  # z_k <= x . a[:, j]
            row = np.zeros(m + t)
            row[:m] = -a[:, j]
            row[m + k] = 1.0
            rows.append(row)
    a_eq = np.concatenate([np.ones(m), np.zeros(t)])[None, :]
    res = linprog(c, A_ub=np.array(rows), b_ub=np.zeros(len(rows)), A_eq=a_eq, b_eq=[1.0],
                  bounds=[(0, None)] * m + [(None, None)] * t, method="highs")
    if res.status != 0:  # a bounded feasible LP: any failure is a bug
        raise RuntimeError(f"card LP failed: {res.message}")
    x = np.clip(res.x[:m], 0.0, None)
    return x / x.sum(), -res.fun


def hand_types(class_counts, size: int) -> list[tuple[float, tuple[int, ...]]]:
    """[(probability, classes held)] of a hand of `size` cards drawn from the unseen cards,
    `class_counts[k]` copies in class k; hands holding the same classes are merged."""
    total = comb(sum(class_counts), size)
    out: dict[tuple[int, ...], int] = {}

    def deal(k: int, left: int, held: tuple[int, ...], ways: int) -> None:
        if k == len(class_counts):
            if not left:
                out[held] = out.get(held, 0) + ways
            return
        for m in range(min(left, class_counts[k]) + 1):
            deal(k + 1, left - m, held + (k,) if m else held, ways * comb(class_counts[k], m))

    deal(0, size, (), 1)
    return [(ways / total, held) for held, ways in out.items()]


@dataclass(frozen=True)
class CardGame:
    """The card step as one player sees it, solved."""

    options: list  # own choices in legal order: None, then the card ids in hand
    opponent: list  # the opponent's possible choices: None, then the unseen card ids
    payoff: list[list[float]]  # [own option][opponent choice]: expected value for the player
    types: list[tuple[float, tuple[int, ...]]]  # [(probability, opponent columns it holds)]
    mix: np.ndarray  # probability per own option
    value: float  # the mix's expected payoff against the opponent's best answers


class EquilibriumAgent:
    """Greedy's choices, but the secret battle card from the solved card game.

    Greedy is a member, not a base class: in the compiled build GreedyAgent is a native
    class, and this module (scipy) stays interpreted, which cannot subclass it."""

    name = "equilibrium"

    def __init__(self, rng: random.Random, weights: heuristic.Weights = heuristic.DEFAULT):
        self.rng = rng
        self.weights = weights
        self.greedy = GreedyAgent(rng, weights)  # one RNG for both: the draws of one stream

    def act(self, state, player: int):
        if state.current_player == SIMULTANEOUS:
            return self.card(state, player)
        return self.greedy.act(state, player)

    def card(self, state, player: int):
        options = state.legal_actions(player)
        if len(options) == 1:  # no card in hand: whatever the opponent plays, none it is
            return options[0]
        return self._draw(options, self.solve(state, player).mix)

    def solve(self, state, player: int) -> CardGame:
        view = state.observation(player)
        opp_size = view.hand_sizes[1 - player]
        R = state.R
        mine = state.legal_actions(player)
        theirs = [None]
        if opp_size:
            theirs += [cid for cid, n in zip(R.card_ids, view.unseen) if n]
        payoff = [[self._payoff(state, player, view, c, o) for o in theirs] for c in mine]
        # opponent cards with the same column form one class (None stays its own column)
        classes: list[list[int]] = []
        for j in range(1, len(theirs)):
            for cl in classes:
                if all(abs(row[j] - row[cl[0]]) <= SAME for row in payoff):
                    cl.append(j)
                    break
            else:
                classes.append([j])
        counts = [sum(view.unseen[R.card_idx[theirs[j]]] for j in cl) for cl in classes]
        types = [(p, (0,) + tuple(classes[k][0] for k in held))
                 for p, held in hand_types(counts, opp_size)]
        mix, value = maximin(payoff, types)
        return CardGame(mine, theirs, payoff, types, mix, value)

    def _payoff(self, state, player: int, view, card, opp_card) -> float:
        """Expected heuristic value for `player` after the battle with this pair of cards,
        in the position as `player` sees it (`view`, its Observation): the opponent's hand
        is rebuilt from its size."""
        child = state.clone()
        opp = 1 - player
        hand = [0] * len(view.hand)
        size = view.hand_sizes[opp]
        if size:
            hand[0 if opp_card is None else state.R.card_idx[opp_card]] = size
        child.hand[opp] = hand
        pair = (card, opp_card) if player == 0 else (opp_card, card)
        return lookahead.expectation(child, lambda s: heuristic.value(s, player, self.weights),
                                     cards=lambda _s: pair)

    def _draw(self, options, mix):
        """One option drawn from the mix with the RNG (no draw when the mix is pure)."""
        support = [i for i, p in enumerate(mix) if p > SAME]
        if len(support) == 1:
            return options[support[0]]
        u = self.rng.random()
        acc = 0.0
        for i in support:
            acc += mix[i]
            if u < acc:
                return options[i]
        return options[support[-1]]
