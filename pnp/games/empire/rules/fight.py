"""Battles in the game: a player's army as the calculator reads it, and the damage cards drawn one at a time.

The battle itself is the calculator's (`pnp.games.empire.rules.battle.march`/`resolve` and
`pnp.games.empire.rules.duel.resolve_duel`): this module only builds the `Army` and the `Opponent` from a
player's hand, heroes and capital, and says whether the count reads one more card of the creature deck
(`needs_card`), so that the engine draws each card as its own chance step with exact odds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Callable, Sequence

from pnp.games.empire.rules import battle
from pnp.games.empire.rules.army import Army, Casting, Hero, Opponent, Squad
from pnp.games.empire.rules.battle import Outcome, Target, march
from pnp.games.empire.rules.tables import Tables

#: a strike that stands for "some card" when asking whether the count reads the next one: a card is read,
#: or not, before its strike is seen, and a strike (not a miss) changes every outcome that reads it
_PROBE = 1


def squads(t: Tables, race: int, hand: Counter, upgrades: dict[str, int], large: bool) -> tuple[Squad, ...]:
    """The hand as a first row: a column a creature (its cards on each other), levels rising left to right
    (a royal straight where the levels run on), large creatures only where the battle allows them."""
    rt = t.races[race]
    out = []
    for c in rt.creatures:
        n = hand.get(c.id, 0)
        if n and (large or not c.large):
            out.append(Squad(c.id, c.level, c.kind, n, c.large, upgrades=upgrades.get(rt.barracks(c.level), 0)))
    return tuple(out)


def machine(t: Tables, forge: int, battle_type: str) -> str | None:
    """The war machine of the forge's levels that counts most in this battle (None: no forge or none counts)."""
    kind = t.rules.type(battle_type)
    if not forge or kind is None or kind.machines == "none":
        return None
    best = max(((m.strength(kind.machines) or 0, -m.level, m.id) for m in t.rules.machines if m.level <= forge),
               default=None)
    return best[2] if best and best[0] > 0 else None


def spells(t: Tables, army: Army, opp: Opponent, school: str | None) -> tuple[Casting, ...]:
    """The spells the army casts: its school's (and the ether's) spells up to the tower's level, the ones
    that count most in this battle as the calculator counts them, as many as its heroes allow."""
    if not army.tower or not army.heroes or school is None:
        return ()
    magic = t.rules.magic
    schools = [s for s in magic.schools if s.id == school or s.joins_every_school]
    most = max((h.ability.spells for h in army.heroes if h.ability is not None), default=1)
    valued = []
    for s in schools:
        for sp in s.spells:
            if (sp.level is not None and sp.level > army.tower) or sp.effect.maximal == "one":
                continue
            try:
                cast = battle.cast_spells(t.rules, replace(army, spells=(Casting(sp.id),)), opp)
            except battle.BattleError:
                continue
            value = sum(v for what, v, _ in cast.lines if what.startswith("spell")) + 3 * cast.luck \
                + 4 * len(cast.maximal)
            if value > 0:
                valued.append((-value, sp.id))
    return tuple(Casting(sid) for _, sid in sorted(valued)[:most])


def needs_card(count: Callable[[Sequence[int]], Outcome], drawn: Sequence[int], left: int) -> bool:
    """Does the count read one more card than `drawn`? (`left`: cards still in the deck.)"""
    return left > 0 and count([*drawn, _PROBE]) != count(drawn)


def neutral_count(t: Tables, army: Army, opp: Opponent, morale: int) -> Callable[[Sequence[int]], Outcome]:
    goal = battle.target(t.rules, army, opp, morale)
    return lambda cards: march(t.rules, army, opp, cards, goal)


def defender_count(t: Tables, army: Army, opp: Opponent) -> Callable[[Sequence[int]], Outcome]:
    return lambda cards: march(t.rules, army, opp, cards, Target(None))


def attacker_count(t: Tables, army: Army, opp: Opponent, held: int) -> Callable[[Sequence[int]], Outcome]:
    return lambda cards: march(t.rules, army, opp, cards, Target(held, held))


def heroes(t: Tables, race: int, hired: Sequence[tuple[str, int]]) -> tuple[Hero, ...]:
    rt = t.races[race]
    out = []
    for hid, courage in hired:
        h = next(x for x in rt.heroes if x.id == hid)
        out.append(Hero(hid, t.hero_attack, courage, ability=h.ability))
    return tuple(out)
