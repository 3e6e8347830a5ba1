"""Exact odds of «Оборона Замка»: every attack under every combination of modifiers, and a
warrior's survival with the potion, by enumerating the engine's own dice (`pnp odds`).

Each situation is set up as a real position on the game's field and resolved through
`State.need`, `State.succeeds` and `State.chance_outcomes`, so the table cannot drift
from the rules the simulator plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pnp.games.oborona_zamka.rules.field import Field
from pnp.games.oborona_zamka.rules.numbers import ATTACKER, DEFENDER, Numbers
from pnp.games.oborona_zamka.rules.state import State


@dataclass(frozen=True)
class Situation:
    kind: str  # fight | fight_over_wall | wall | capture
    side: int  # who rolls: ATTACKER or DEFENDER
    leader_on_field: bool  # the rolling side's commander stands (bonus / reroll)
    by_leader: bool  # the commander himself rolls
    at_leader: bool  # the target is the enemy commander (fights only)
    need: int
    modifier: int
    rerolled: bool
    p: Fraction


def _position(field: Field, numbers: Numbers) -> tuple[State, dict[str, int]]:
    """A state with every figure off the field, and the cells the situations use."""
    s = State(field, numbers)
    s.pos = [-1] * len(s.pos)
    seg = next(i for i, (x, y) in enumerate(field.segments) if x not in field.blocked and y not in field.blocked)
    a, b = field.segments[seg]
    # a hex beside the castle with no wall between (for the castle roll)
    capture = next(c for c, k in field.castle_side if field.wall_between(c, k) < 0)
    # two open neighbours with no wall between, away from the castle
    open_pair = next((c, n) for c in range(len(field.hexes)) if c not in field.blocked
                     for n, w in field.links[c] if w < 0 and n not in field.blocked and c != capture and n != capture)
    spare = [c for c in range(len(field.hexes)) if c not in field.blocked and c not in (a, b, capture) + open_pair]
    return s, {"wall_a": a, "wall_b": b, "open_a": open_pair[0], "open_b": open_pair[1], "capture": capture,
               "spare_a": spare[0], "spare_b": spare[1], "segment": seg}


def _attack_p(s: State, action: tuple) -> tuple[int, int, bool, Fraction]:
    s.pending = action
    s.phase = "roll"
    need, modifier = s.need(action)
    rerolled = s.rerolls()
    p = sum((q for face, q in s.chance_outcomes() if s.succeeds(action, face)), Fraction(0))
    return need, modifier, rerolled, p


def attacks(field: Field, numbers: Numbers) -> list[Situation]:
    """Every attack the rules allow, under every combination of the modifiers that apply."""
    out: list[Situation] = []
    army = numbers.army
    for kind, side in (("fight", ATTACKER), ("fight", DEFENDER), ("fight_over_wall", DEFENDER),
                       ("wall", ATTACKER), ("capture", ATTACKER)):
        for leader_on_field in (False, True):
            for by_leader in ((False, True) if leader_on_field else (False,)):
                for at_leader in ((False, True) if kind.startswith("fight") else (False,)):
                    if army == 1 and (not by_leader or (kind.startswith("fight") and not at_leader)):
                        continue  # an army of its commander alone has no warrior to attack with or at
                    s, cells = _position(field, numbers)
                    me = side * army + (0 if by_leader else 1)
                    foe = (1 - side) * army + (0 if at_leader else 1)
                    if leader_on_field and not by_leader:
                        s.pos[side * army] = cells["spare_a"]
                    if kind == "fight_over_wall":
                        s.pos[me], s.pos[foe] = cells["wall_b"], cells["wall_a"]
                        action: tuple = ("fight", me, foe)
                    elif kind == "fight":
                        s.pos[me], s.pos[foe] = cells["open_a"], cells["open_b"]
                        action = ("fight", me, foe)
                    elif kind == "wall":
                        s.pos[me] = cells["wall_a"]
                        action = ("wall", me, cells["segment"])
                    else:
                        s.pos[me] = cells["capture"]
                        action = ("capture", me)
                    s.player = side
                    need, modifier, rerolled, p = _attack_p(s, action)
                    out.append(Situation(kind, side, leader_on_field, by_leader, at_leader, need, modifier, rerolled, p))
    return out


def potion_return(numbers: Numbers) -> Fraction:
    """The chance the potion brings a defeated warrior back (the commander standing, a start hex free)."""
    return Fraction(sum(1 for face in range(1, numbers.faces + 1) if face >= numbers.potion), numbers.faces)


def survival(p_hit: Fraction, numbers: Numbers, leader_on_field: bool) -> Fraction:
    """A warrior's chance to be on the field after one attack on him hits with p_hit."""
    back = potion_return(numbers) if leader_on_field else Fraction(0)
    return 1 - p_hit * (1 - back)
