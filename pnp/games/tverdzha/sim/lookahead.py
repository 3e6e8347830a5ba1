"""Exact expectations over a battle's dice, using the engine's own chance nodes.

After an action, the position is followed to the next *quiet* node: a decision, the end
of the game, or a chance node that is not a die (a card or market draw: what is drawn
does not change the static value). On the way, every die is expanded by the engine's
chance_outcomes with exact probabilities; faces that do the same (all hits, or all
misses, of one die) are applied once, and battles with the same future (the engine's
Battle.key) are merged, so a battle costs a few dozen copies of the Battle and one copy
of the position per outcome, not 6^dice.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Final, Optional, Tuple

from pnp.games.tverdzha.rules.battle import Battle
from pnp.games.tverdzha.rules.state import CHANCE, SIMULTANEOUS, State

#: At a secret card step inside the lookahead: the joint pair to play.
Cards = Callable[[State], Tuple[Optional[str], Optional[str]]]


def at_die(s: State) -> bool:
    return s.cur == CHANCE and s.battle is not None and s.step_kind == "die"


def quiet(s: State, cards: Cards | None = None) -> list[tuple[State, float]]:
    """[(quiet position, probability)] reached from `s` (which may be consumed).

    At a secret card step inside the lookahead, `cards(s)` gives the joint pair; by
    default neither side plays a card.
    """
    if s.cur == SIMULTANEOUS:
        s.apply_action(cards(s) if cards else (None, None))
    if not at_die(s):
        return [(s, 1.0)]
    return _dice(s)


def _dice(s: State) -> list[tuple[State, float]]:
    """The quiet positions after the battle `s` waits in, with their probabilities. A die
    changes nothing but the battle, so the frontier holds battles, not positions; a
    position is made (from `s`, with the battle before its last die) once a battle's dice
    are all rolled."""
    b0 = s.battle
    assert b0 is not None  # at_die
    frontier: list[tuple[Battle, float]] = [(b0, 1.0)]
    done: list[tuple[State, float]] = []
    while frontier:
        # the battle after this die -> (the battle before it, the face, probability)
        merged: dict[tuple, tuple[Battle, Battle, int, float]] = {}
        for b, p in frontier:
            side = b.next_side()
            for face, q in _face_classes(s, b, side):
                trial = b.clone()
                trial.roll(face)
                key = trial.key()
                old = merged.get(key)
                merged[key] = (trial, b, face, p * q) if old is None else (old[0], old[1], old[2], old[3] + p * q)
        frontier = []
        for after, before, face, p in merged.values():
            if after.next_side() >= 0:  # more dice to roll: the position waits at a die again
                frontier.append((after, p))
                continue
            child = s.clone(events=False)
            child.battle = before.clone()
            child.apply_action(face)  # the last die: the battle resolves, play goes on
            if child.cur == SIMULTANEOUS:  # cannot happen inside one battle; kept safe
                done += quiet(child)
            else:
                done.append((child, p))
    return done


#: (rules, need, modifier) -> face classes of one die; the rules object is kept in the
#: value so that its id is never reused while the entry lives.
_CLASSES: Final[dict[tuple[int, int, int], tuple[object, list[tuple[int, float]]]]] = {}


def _face_classes(state: State, battle: Battle, side: int) -> list[tuple[int, float]]:
    """One representative face for the hits and one for the misses, with their probability.

    A die's faces and their chances are the same at every die of a game, and which faces
    hit depends only on the face needed and the roll modifier: computed once per pair."""
    key = (id(battle.rules), battle.need[side], battle.mod[side])
    cached = _CLASSES.get(key)
    if cached is not None and cached[0] is battle.rules:
        return cached[1]
    hit = miss = None
    p_hit = p_miss = Fraction(0)
    for face, q in state.chance_outcomes():
        if battle.is_hit(side, face):
            hit = face if hit is None else hit
            p_hit += q
        else:
            miss = face if miss is None else miss
            p_miss += q
    out = []
    if hit is not None:
        out.append((hit, float(p_hit)))
    if miss is not None:
        out.append((miss, float(p_miss)))
    _CLASSES[key] = (battle.rules, out)
    return out


def is_quiet(s: State) -> bool:
    """Whether `s` is a quiet node already (no secret cards or dice pending)."""
    return s.cur != SIMULTANEOUS and not at_die(s)


def expectation(s: State, fn: Callable[[State], float], cards: Cards | None = None) -> float:
    """E[fn(quiet position)] from `s` (consumed)."""
    if is_quiet(s):  # the common case: no battle
        return 0.0 + fn(s)  # what the sum below gives for [(s, 1.0)], to the bit
    return sum(p * fn(q) for q, p in quiet(s, cards))
