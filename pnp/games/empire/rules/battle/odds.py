"""The exact chance to win (3.3.2 over every order of the deck): the deck walked by its counts,
card by card, orders that reach one state counted once, within a bound of states so that any army
file is answered in bounded time and memory."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Callable, Sequence

from pnp.games.empire.rules.army import Army, Group, Opponent
from pnp.games.empire.rules.battle.damage import damage, groups, luck_bonus
from pnp.games.empire.rules.battle.lines import bonus_lines
from pnp.games.empire.rules.battle.target import Target, morale_outcomes, target
from pnp.games.empire.rules.battle.validation import BattleError
from pnp.games.empire.rules.battle_rules import BattleRules


PASSED = None  # the outcome key of an army that passed its target
#: The most states `deck_orders` walks for one count of a battle: its time and memory are
#: bounded by this whatever the army (about 5 s of one core and 150 MB at the bound), and a
#: battle that needs more is refused at the army file's deck. An army of the seed's size
#: (7 squads, strikes 0-7, a deck of dozens) needs far fewer.
DECK_STATES_MOST = 1_000_000


class StatesBudget:
    """The states of the draw one question may walk, over every count it makes: a chance over
    both outcomes of the neutrals' morale, or the bribe goal's search over numbers of chests,
    walks at most DECK_STATES_MOST in all, never that many per count."""

    def __init__(self, most: int | None = None) -> None:
        self.most = DECK_STATES_MOST if most is None else most
        self.walked = 0

    def spend(self, states: int, drawn: int) -> None:
        self.walked += states
        if self.walked > self.most:
            raise BattleError(f"expected a battle whose deck orders can be counted exactly (at most "
                              f"{self.most:,} states of the draw), found more by card {drawn}: "
                              "fewer squads, fewer different strikes or fewer cards", ("deck",), "battle-too-large")


def outcomes(rules: BattleRules, army: Army, opp: Opponent, goal: Target,
             budget: StatesBudget | None = None) -> dict[int | None, Fraction]:
    """The exact chances of how the count ends, over every order of the deck: PASSED, or the
    strength the army ended with below its target (every strength when there is no target)."""
    base = sum(x.value for x in bonus_lines(rules, army, opp))
    return deck_orders(Counter(army.deck), groups(rules, army, opp), goal, luck_bonus(rules, army, opp), base,
                       lambda step, v: damage(rules, step, v), rules.luck_zero_penalty, budget)


def deck_orders(deck: Counter[int], plan: Sequence[Group], goal: Target, luck: int, base: int,
                hit: Callable[[Group, int], int], zero_penalty: int,
                budget: StatesBudget | None = None) -> dict[int | None, Fraction]:
    """`outcomes` over every order of a deck given as its counts (strike: cards), without the
    orders: the multivariate hypergeometric draw, card by card.

    A state is the cards left (as counts of each strike), the next damage step, the cards opened
    (up to the bribe's card) and the strength so far; orders that reach one state are counted
    once. The states are walked forward one card at a time, all those with as many cards left
    together (a layer), so memory holds two layers and nothing recurses. A state's weight is a
    whole number, the orders of the cards drawn so far that reach it: its share of the deck's
    orders is the weight over N·(N−1)·… (as many factors as cards drawn), the same for the layer.
    The states walked are spent from `budget` (a fresh DECK_STATES_MOST when none is given).
    """
    budget = budget or StatesBudget()
    strikes = tuple(sorted(deck))
    kinds = range(len(strikes))
    total = sum(deck.values())
    cap = goal.at  # past the bribe's card only whether it was reached matters
    # the damage steps in the order they may come, (group, its backups from 1) flattened: for each,
    # its damage for every strike and the step after it on a miss and on a strike
    steps: list[tuple[int, int]] = [(g, j) for g, group in enumerate(plan) for j in range(len(group.backups) + 1)]
    at = {step: k for k, step in enumerate(steps)}
    last = len(steps)  # the count is over
    damages: list[tuple[int, ...]] = []
    after_miss: list[int] = []
    after_strike: list[int] = []
    for g, j in steps:
        group = plan[g]
        damages.append(tuple(hit(group if j == 0 else group.backups[j - 1], v) for v in strikes))
        after_strike.append(at.get((g + 1, 0), last) if j == 0 or j == len(group.backups) else at[(g, j + 1)])
        after_miss.append(at[(g, 1)] if j == 0 and group.backups else after_strike[-1])
    LUCK = -1  # a positive luck bonus's step: cards are opened until the first strike
    ended: dict[int | None, list[int]] = {}  # how the count ends -> its weight in each layer
    layer: Counter[tuple] = Counter()
    drawn = 0

    def end(key: int | None, weight: int) -> None:
        ended.setdefault(key, [0] * (total + 1))[drawn] += weight

    start = tuple(deck[v] for v in strikes)
    if luck > 0:
        layer[(start, LUCK, 0, base)] = 1
    elif luck < 0 and total:
        drawn = 1
        for i in kinds:
            if start[i]:
                rest = start[:i] + (start[i] - 1,) + start[i + 1:]
                v = strikes[i]
                layer[(rest, 0, 0, base + (luck * v if v else -zero_penalty))] += start[i]
    else:
        layer[(start, 0, 0, base)] = 1
    while layer:
        following: Counter[tuple] = Counter()
        for (left, k, opened, strength), weight in layer.items():
            if k == LUCK:
                if drawn < total:
                    for i in kinds:
                        n = left[i]
                        if n:
                            rest = left[:i] + (n - 1,) + left[i + 1:]
                            v = strikes[i]
                            following[(rest, LUCK, 0, base) if v == 0 else (rest, 0, 0, base + luck * v)] += weight * n
                    continue
                k = 0  # no strike in the whole deck: the luck adds nothing
            more = k < last and drawn < total
            need = goal.before(opened) if more else goal.after(opened)
            if need is not None and strength > need:
                end(PASSED, weight)
                continue
            if not more:
                end(strength, weight)
                continue
            opens = min(opened + 1, cap)
            hits = damages[k]
            for i in kinds:
                n = left[i]
                if n:
                    nxt = after_miss[k] if strikes[i] == 0 else after_strike[k]
                    following[(left[:i] + (n - 1,) + left[i + 1:], nxt, opens, strength + hits[i])] += weight * n
        layer = following
        drawn += 1
        budget.spend(len(layer), drawn)
    orders = [1]  # orders[d]: the ordered draws of d cards from the deck
    for d in range(total):
        orders.append(orders[-1] * (total - d))
    return {key: sum((Fraction(w, orders[d]) for d, w in enumerate(weights) if w), Fraction(0))
            for key, weights in ended.items()}


def win_probability(rules: BattleRules, army: Army, opp: Opponent, budget: StatesBudget | None = None) -> Fraction:
    """The exact chance that the army passes the opponent's strength, over every order of the deck
    and, in a dungeon, both outcomes of the neutrals' morale (one budget of states for all)."""
    budget = budget or StatesBudget()
    return sum((p * outcomes(rules, army, opp, target(rules, army, opp, extra), budget).get(PASSED, Fraction(0))
                for extra, p in morale_outcomes(rules, opp)), Fraction(0))
