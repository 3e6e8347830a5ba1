"""One battle: strength, thresholds, dice one at a time, casualties and card effects.

The engine (state.py) and the exact odds (odds.py) both drive this class, so the
battle rules exist once. Side 0 is the attacker, side 1 the defender.

Order (the content's timing keys): cards are revealed and Контрнаказ voids the
other card (both void if both play it); *strength* effects set each side's
strength (floored at strength_floor) and so the hit thresholds; *roll*: every
unit rolls one die (attacker's dice first, then the defender's, then each side's
rerolls of misses); *hits*: hits remove the weakest enemy units (the strongest
under target_strongest), with Відступ / Останній герой / Глуха оборона applied;
*after*: Ополчення and Перевʼязка return a unit before the winner is decided.
Loot, foraging and extra draws touch resources and decks, so the engine applies
them from `Battle.eff`. When either side plays Глуха оборона no die can matter,
so none is rolled.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict, Final, NamedTuple

from pnp.games.tverdzha.rules.compiled import DIE_SIDES, Rules

#: A battle card's effects: effect key -> its parameters.
Effects = Dict[str, Dict[str, Any]]

#: The steps of a battle in the order this module plays them; the content's battle.timing
#: must list them in this order (checks/battle_steps.py), since every printed order comes from it.
STEPS = ("cards", "strength", "roll", "hits", "after")
NO_EFFECTS: Final[Effects] = {}
DIE_OUTCOMES: Final = tuple((face, Fraction(1, DIE_SIDES)) for face in range(1, DIE_SIDES + 1))


class Outcome(NamedTuple):
    att_left: tuple[int, ...]
    def_left: tuple[int, ...]
    att_lost: tuple[int, ...]   # net of units returned by cards
    def_lost: tuple[int, ...]
    winner: int | None          # 0 attacker, 1 defender, None when both sides are wiped

    @property
    def captured(self) -> bool:
        return self.winner == 0


class Battle:
    """Opened with Battle.open; __init__ sets nothing, so clone copies fields without
    recomputing them (both call Battle(), the compiled build's native constructor: see
    State.__init__)."""

    __slots__ = ("rules", "units", "eff", "strength", "need", "mod", "dice", "rerolls", "hits", "misses", "faces")
    rules: Rules
    # Pairs (attacker's, defender's), typed tuple[X, ...]: the compiled build would keep a
    # tuple[X, X] unboxed and make a new tuple at every read by side.
    units: tuple[tuple[int, ...], ...]               # the sides' unit strengths
    eff: tuple[Effects, ...]                         # card effects in force (after Контрнаказ)
    strength: tuple[int, ...]
    need: tuple[int, ...]                            # die face each side needs to hit
    mod: tuple[int, ...]                             # roll modifiers
    dice: list[int]                                  # first-roll dice still to roll
    rerolls: list[int]
    hits: list[int]
    misses: list[int]
    faces: tuple[list[int], ...]                     # faces rolled, rerolls included

    def __init__(self) -> None:
        pass

    @staticmethod
    def open(rules: Rules, att: tuple[int, ...], dfn: tuple[int, ...], att_bonus: int = 0,
             def_bonus: int = 0, att_card: int | None = None, def_card: int | None = None) -> Battle:
        """`att`/`dfn`: sorted unit strengths; bonuses: siege attack / castle defence totals;
        cards: battle-card indices (None = no card)."""
        self = Battle()
        self.rules = rules
        self.units = (att, dfn)
        fa = rules.card_fx[att_card] if att_card is not None else NO_EFFECTS
        fd = rules.card_fx[def_card] if def_card is not None else NO_EFFECTS
        a = NO_EFFECTS if "cancel_card" in fd else fa
        d = NO_EFFECTS if "cancel_card" in fa else fd
        self.eff = (a, d)
        floor = rules.strength_floor
        if "ignore_defense" in a:
            def_bonus = 0
        sa = sum(att) + att_bonus + _amount(a, "strength_bonus") - _amount(d, "enemy_strength_penalty")
        sd = sum(dfn) + def_bonus + _amount(d, "strength_bonus") - _amount(a, "enemy_strength_penalty")
        sa, sd = max(floor, sa), max(floor, sd)
        self.strength = (sa, sd)
        self.need = (rules.need(sa, sd), rules.need(sd, sa))
        self.mod = (_amount(a, "roll_bonus") - _amount(d, "enemy_roll_penalty"),
                    _amount(d, "roll_bonus") - _amount(a, "enemy_roll_penalty"))
        silent = "full_defense" in a or "full_defense" in d
        self.dice = [0, 0] if silent else [len(att), len(dfn)]
        self.rerolls = [0 if silent else e.get("reroll_miss", NO_EFFECTS).get("rerolls", 0) for e in (a, d)]
        self.hits = [0, 0]
        self.misses = [0, 0]
        self.faces = ([], [])
        return self

    def clone(self) -> "Battle":
        b = Battle()
        b.rules, b.units, b.eff, b.strength, b.need, b.mod = (
            self.rules, self.units, self.eff, self.strength, self.need, self.mod)
        b.dice, b.rerolls, b.hits, b.misses = self.dice[:], self.rerolls[:], self.hits[:], self.misses[:]
        b.faces = (self.faces[0][:], self.faces[1][:])
        return b

    # ---- dice -------------------------------------------------------------------
    def next_side(self) -> int:
        """The side whose die is rolled next, or -1 when every die is rolled."""
        if self.dice[0]:
            return 0
        if self.dice[1]:
            return 1
        for side in (0, 1):
            if self.rerolls[side] and self.misses[side]:
                return side
        return -1

    def roll(self, face: int) -> None:
        """Record the next die (a reroll replaces one of that side's misses)."""
        side = self.next_side()
        if self.dice[side]:
            self.dice[side] -= 1
        else:
            self.rerolls[side] -= 1
            self.misses[side] -= 1
        if self.is_hit(side, face):
            self.hits[side] += 1
        else:
            self.misses[side] += 1
        self.faces[side].append(face)

    def is_hit(self, side: int, face: int) -> bool:
        rules = self.rules
        if face == rules.always_hit:
            return True
        if face == rules.always_miss:
            return False
        return face + self.mod[side] >= self.need[side]

    def key(self) -> tuple:
        """Everything that still matters for the outcome (faces excluded): for merging in odds."""
        return (*self.dice, *self.rerolls, *self.hits, *self.misses)

    # ---- result -----------------------------------------------------------------
    def outcome(self) -> Outcome:
        a, d = self.eff
        att_left, att_lost = _casualties(self.units[0], self.hits[1], a, d)
        def_left, def_lost = _casualties(self.units[1], self.hits[0], d, a)
        winner = 1 if def_left else (0 if att_left else None)
        return Outcome(att_left, def_left, att_lost, def_lost, winner)


def _amount(effects: Effects, key: str) -> int:
    params = effects.get(key)
    return params["amount"] if params is not None else 0


def _casualties(units: tuple[int, ...], received: int, own: Effects, enemy: Effects) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(left, lost) of one side, both sorted ascending."""
    if "full_defense" in own or "full_defense" in enemy:
        received = 0
    p = own.get("reduce_hits")
    if p is not None and received >= p["min_hits"]:
        received = max(0, received - p["amount"])
    n = len(units)
    k = min(received, n)
    if "target_strongest" in enemy:
        left, lost = units[:n - k], units[n - k:]
    else:
        lost, left = units[:k], units[k:]
    p = own.get("last_stand")
    if p is not None and received >= p["min_hits"] and not left:
        left, lost = units[:1], units[1:]
    p = own.get("militia")
    if p is not None and received >= p["min_hits"]:
        left, lost = _return(left, lost, p.get("units", 1), p["strength"])
    p = own.get("bandage")
    if p is not None and lost and left:
        left, lost = _return(left, lost, p.get("units", 1), p["strength"])
    return left, lost


def _return(left: tuple[int, ...], lost: tuple[int, ...], count: int, strength: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Bring `count` lost units back at `strength` (the weakest lost tokens come back)."""
    count = min(count, len(lost))
    if not count:
        return left, lost
    return tuple(sorted(left + (strength,) * count)), lost[count:]
