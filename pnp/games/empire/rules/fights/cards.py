"""A battle's damage cards (and a dungeon's domino), each its own chance step with exact odds: the
engine asks the calculator whether the count reads one more card, draws it, and once the count is done
hands the battle to its aftermath."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Sequence

from pnp.games.empire.rules.army import Army, Opponent
from pnp.games.empire.rules.battle.march import Outcome, march
from pnp.games.empire.rules.battle.target import Target, morale_outcomes, target
from pnp.games.empire.rules.fights import money
from pnp.games.empire.rules.fights.aftermath import end_battle, end_duel
from pnp.games.empire.rules.tables import Tables

if TYPE_CHECKING:
    from pnp.games.empire.rules.position import Position as State


#: a strike that stands for "some card" when asking whether the count reads the next one: a card is read,
#: or not, before its strike is seen, and a strike (not a miss) changes every outcome that reads it
_PROBE = 1


def needs_card(count: Callable[[Sequence[int]], Outcome], drawn: Sequence[int], left: int) -> bool:
    """Does the count read one more card than `drawn`? (`left`: cards still in the deck.)"""
    return left > 0 and count([*drawn, _PROBE]) != count(drawn)


def neutral_count(t: Tables, army: Army, opp: Opponent, morale: int) -> Callable[[Sequence[int]], Outcome]:
    goal = target(t.rules, army, opp, morale)
    return lambda cards: march(t.rules, army, opp, cards, goal)


def defender_count(t: Tables, army: Army, opp: Opponent) -> Callable[[Sequence[int]], Outcome]:
    return lambda cards: march(t.rules, army, opp, cards, Target(None))


def attacker_count(t: Tables, army: Army, opp: Opponent, held: int) -> Callable[[Sequence[int]], Outcome]:
    return lambda cards: march(t.rules, army, opp, cards, Target(held, held))


def _count(s: State, f: dict):
    t = s.t
    if f["kind"] == "duel":
        if f["side"] == "defender":
            return defender_count(t, f["def_army"], f["def_opp"]), f["def_drawn"], f["def_pool"]
        return attacker_count(t, f["army"], f["opp"], f["held"]), f["drawn"], f["pool"]
    return neutral_count(t, f["army"], f["opp"], f["morale"]), f["drawn"], f["pool"]


def chance_outcomes(s: State, task: tuple) -> list[tuple[Any, Fraction]]:
    f = s.fight
    assert f is not None
    if task[0] == "morale":
        return list(morale_outcomes(s.t.rules, f["opp"]))
    _, _, pool = _count(s, f)
    total = sum(pool.values())
    return [(v, Fraction(n, total)) for v, n in sorted(pool.items()) if n]


def resolve_chance(s: State, task: tuple, outcome: Any) -> None:
    f = s.fight
    assert f is not None
    if task[0] == "morale":
        f["morale"] = outcome
        return
    _, drawn, pool = _count(s, f)
    drawn.append(outcome)
    pool[outcome] -= 1
    if not pool[outcome]:
        del pool[outcome]


def fight_step(s: State) -> bool:
    """Asks for the chests around the battle, the next card (or the dungeon's domino), or ends the battle;
    True: the flow goes on, False: a player decides (pnp.games.empire.rules.fights.money)."""
    f = s.fight
    assert f is not None
    if "asking" in f and money.waiting(s, f):
        return False
    if f.get("morale", 0) is None:
        s.chance.append(("morale",))
        return True
    count, drawn, pool = _count(s, f)
    if needs_card(count, drawn, sum(pool.values())):
        s.chance.append(("card",))
        return True
    if f["kind"] == "duel" and f["side"] == "defender":
        f["held"] = count(drawn).strength
        f["side"] = "attacker"
        return True
    s.fight = None
    if f["kind"] == "duel":
        end_duel(s, f)
    else:
        end_battle(s, f)
    return True
