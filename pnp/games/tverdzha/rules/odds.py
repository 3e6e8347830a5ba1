"""Exact outcome distribution of one battle, by enumerating the engine's own dice.

The enumeration drives the very Battle object the game uses (battle.py): at each
die it tries every face with probability 1/6 and merges battles whose remaining
course is the same (Battle.key), so nothing of the battle rules is written here.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnp.games.tverdzha.rules.battle import DIE_OUTCOMES, Battle, Outcome
from pnp.games.tverdzha.rules.castle_effects import fx_of
from pnp.games.tverdzha.rules.compiled import compile_rules
from pnp.games.tverdzha.rules.fight import castle_bonus


class UnknownCard(ValueError):
    """A card id that is not in the content (the message suggests near ids)."""


@dataclass(frozen=True)
class BattleOdds:
    battle: Battle                               # the opened battle (strengths, thresholds)
    outcomes: dict[tuple[int, int], Fraction]    # (attacker losses, defender losses) -> p
    capture: Fraction                            # every defender removed, an attacker survives
    hold: Fraction                               # at least one defender remains
    wiped: Fraction                              # both sides removed: the land is left empty


def distribution(battle: Battle, exact: bool = True) -> dict[Outcome, Any]:
    """Every final Outcome of `battle` (not yet rolled) with its probability: exact
    Fractions, or floats when `exact` is False (several times faster, for agents)."""
    faces = DIE_OUTCOMES if exact else tuple((face, float(q)) for face, q in DIE_OUTCOMES)
    # probabilities are Fractions, or floats when not exact
    frontier: dict[tuple, tuple[Battle, Any]] = {battle.key(): (battle, Fraction(1) if exact else 1.0)}
    result: dict[Outcome, Any] = {}
    while frontier:
        nxt: dict = {}
        for b, p in frontier.values():
            if b.next_side() < 0:
                o = b.outcome()
                result[o] = result.get(o, 0) + p
                continue
            for face, q in faces:
                c = b.clone()
                c.roll(face)
                k = c.key()
                old = nxt.get(k)
                nxt[k] = (c, p * q) if old is None else (old[0], old[1] + p * q)
        frontier = nxt
    return result


def card_index(rules, card: str | None) -> int | None:
    """The index of a battle card given by id or by its name in any language."""
    if card is None:
        return None
    if card in rules.card_idx:
        return rules.card_idx[card]
    names = {}
    for c in rules.game.battle_cards:
        for name in c.name.values.values():
            names[name.casefold()] = c.id
    if card.casefold() in names:
        return rules.card_idx[names[card.casefold()]]
    near = difflib.get_close_matches(card, list(rules.card_ids) + list(names), n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(repr(names.get(n, n)) for n in dict.fromkeys(near))}?" if near else ""
    raise UnknownCard(f"unknown battle card {card!r}{hint} (cards: {', '.join(rules.card_ids)})")


def open_battle(game, attacker, defender, castle=False, wall=False, bastion=False,
                attacker_card=None, defender_card=None) -> Battle:
    """A battle as the engine opens it: --wall/--bastion imply the castle; their bonus
    is the castle_defense effect of the defence building's base card / upgrade."""
    rules = compile_rules(game)
    owned = {}
    if wall or bastion:
        castle = True
        b = next(i for i, levels in enumerate(rules.b_effects)
                 if any(e.key == "castle_defense" for e in levels[0]))
        owned[b] = 1 if bastion else 0
    def_bonus = castle_bonus(rules, fx_of(rules, owned)) if castle else 0
    return Battle.open(rules, tuple(sorted(attacker)), tuple(sorted(defender)), 0, def_bonus,
                  card_index(rules, attacker_card), card_index(rules, defender_card))


def battle_odds(game, attacker, defender, **options) -> BattleOdds:
    """Exact odds of one battle; options as for open_battle."""
    battle = open_battle(game, attacker, defender, **options)
    dist = distribution(battle.clone())
    outcomes: dict[tuple[int, int], Fraction] = {}
    capture = hold = wiped = Fraction(0)
    for o, p in dist.items():
        key = (len(o.att_lost), len(o.def_lost))
        outcomes[key] = outcomes.get(key, 0) + p
        if o.winner == 0:
            capture += p
        elif o.winner == 1:
            hold += p
        else:
            wiped += p
    return BattleOdds(battle, dict(sorted(outcomes.items())), capture, hold, wiped)
