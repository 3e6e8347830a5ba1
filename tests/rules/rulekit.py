"""Building positions for rule tests: a real game after setup, then edited in place."""

from __future__ import annotations

import random

from pnp.games.tverdzha.rules import CHANCE, new_game
from pnp.games.tverdzha.rules.turn import set_space, update_fx


def fresh(game, seed: int = 0, **kw):
    """A game after setup, at A's first action of round 1."""
    state = new_game(game, validate=True, **kw)
    rng = random.Random(seed)
    while state.current_player == CHANCE:
        state.apply_action(state.sample_chance(rng))
    return state


def sp(state, space_id: str) -> int:
    return state.R.space_idx[space_id]


def put(state, space_id: str, player: int, units=()) -> None:
    set_space(state, sp(state, space_id), tuple(sorted(units)), player)


def give(state, p: int, **amounts) -> None:
    res = state.res[p]
    for rid, n in amounts.items():
        res[state.R.res_idx[rid]] = n


def own(state, p: int, *bids: str, upgraded: tuple[str, ...] = ()) -> None:
    """Give p these buildings (base ids); those in `upgraded` at their upgraded level."""
    R = state.R
    owned = dict(state.bld[p])  # the engine replaces these dicts, never changes them (clones share them)
    for b in bids:
        owned[R.b_idx[b]] = 1 if b in upgraded else 0
    state.bld[p] = owned
    update_fx(state, p)


def hand(state, p: int, *cids: str) -> None:
    """Set p's hand, taking the cards out of the deck (and putting the old hand back)."""
    R = state.R
    for c, n in enumerate(state.hand[p]):
        state.deck[c] += n
    state.hand[p] = [0] * R.n_cards
    for cid in cids:
        c = R.card_idx[cid]
        state.deck[c] -= 1
        state.hand[p][c] += 1


def units(state, space_id: str) -> tuple[int, ...]:
    return state.units[sp(state, space_id)]


def fight(state, p: int, src: str, dst: str, group, cards=(None, None), faces=()):
    """Make p attack `dst` from `src` with `group`; play `cards` (by player) and the
    given die faces (attacker's dice, then the defender's, then rerolls)."""
    from pnp.games.tverdzha.rules import Move

    state.apply_action(Move(src, dst, tuple(sorted(group))))
    if state.current_player == -2:
        state.apply_action(tuple(cards))
    for f in faces:
        assert state.current_player == CHANCE and state.queue[0][0] == "die", state.queue[:2]
        state.apply_action(f)
    return state


def settle(state, rng=None, choose: str | None = None):
    """Resolve chance nodes (seeded) and income choices until a player's action step."""
    rng = rng or random.Random(0)
    from pnp.games.tverdzha.rules import Choose

    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        elif state.queue[0][0] == "choice":
            state.apply_action(Choose(choose or state.R.res_ids[0]))
        elif state.queue[0][0] == "post":
            from pnp.games.tverdzha.rules import END_TURN

            state.apply_action(END_TURN)
        else:
            return state
    return state


def pass_turns(state, n: int, rng=None, choose: str | None = None):
    """Both players pass for n turns (chance resolved with a seeded rng)."""
    from pnp.games.tverdzha.rules import PASS

    rng = rng or random.Random(0)
    for _ in range(n):
        settle(state, rng, choose)
        if state.is_terminal():
            return state
        state.apply_action(PASS)
    return settle(state, rng, choose)
