"""A field battle between two players' armies («другой игрок | полевое сражение»), on the steps of
pnp.games.empire.rules.battle.

The seed counts a battle against a strength to pass; between players both sides count. This
edition's reading (docs/design-decisions-empire.md, "The battle"):
- each side's chests of bribery are paid before the first damage card and remove the other's
  weakest squad each: the lowest level, of equal levels the rightmost (a second-echelon squad
  behind it takes its place in the first row);
- only the luckier side has a luck bonus, the difference of the two lucks, opened as a
  positive bonus («Та из противоборствующих сторон, что имеет больший показатель удачи»);
- the defender opens a damage card for every squad first (it has no strength to pass), then
  the attacker opens its cards left to right until it passes the defender's total;
- the attacker wins by passing it, equal totals are a draw («При ничьей никто не продвигается»),
  less is the defender's win;
- each side sees the other's war machine: a barrier makes this side's machine count nothing, a
  mystic stone takes its penalty from each of this side's spells (pnp.games.empire.rules.battle).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Sequence

from pnp.games.empire.rules.army import Army, Opponent
from pnp.games.empire.rules.battle.march import Outcome, march, weakest as weakest_among
from pnp.games.empire.rules.battle.odds import PASSED, outcomes
from pnp.games.empire.rules.battle.target import Target
from pnp.games.empire.rules.battle.validation import BattleError, validate
from pnp.games.empire.rules.battle_rules import BattleRules, BattleType


@dataclass(frozen=True)
class Duel:
    """Both sides as they fight once the chests are paid: each sees the other as its opponent."""
    attacker: Army
    defender: Army
    kind: BattleType

    @property
    def attacker_sees(self) -> Opponent:
        return sees(self.kind, self.defender)

    @property
    def defender_sees(self) -> Opponent:
        return sees(self.kind, self.attacker)


def sees(kind: BattleType, other: Army) -> Opponent:
    """The other side as this one fights it: its luck against this one's, and its war machine (a barrier
    blocks this side's machine, a mystic stone weakens this side's spells)."""
    return Opponent(0, kind.id, other.luck, machine=other.machine)


@dataclass(frozen=True)
class DuelOutcome:
    attacker: Outcome
    defender: Outcome
    result: str  # win | draw | loss, for the attacker


def duel_type(rules: BattleRules) -> BattleType:
    found = next((t for t in rules.types if t.against == "player"), None)
    if found is None:
        raise BattleError("expected a battle type against a player in the content's battle types, found none",
                          (), "battle-type", "against")
    return found


def weakest(army: Army) -> int:
    """The squad a chest removes: the lowest level, of equal levels the rightmost (in `Army.fighters`)."""
    return weakest_among(army, range(len(army.fighters)))


def without(army: Army, i: int) -> Army:
    """The army without squad `i` of its fighters; a second-echelon squad behind it steps into its place."""
    row, second = list(army.squads), list(army.echelon)
    if i >= len(row):
        del second[i - len(row)]
        return replace(army, echelon=tuple(second))
    behind = [j for j, s in enumerate(second) if s.behind == i]
    if behind:
        row[i] = replace(second.pop(behind[0]), behind=None)
    else:
        del row[i]
        second = [replace(s, behind=s.behind - 1) if s.behind is not None and s.behind > i else s for s in second]
    return replace(army, squads=tuple(row), echelon=tuple(second))


def bribed(rules: BattleRules, army: Army, chests: int, side: str) -> Army:
    """`army` after the other side's `chests` each removed its weakest squad(s)."""
    n = chests * rules.squads_per_chest
    if n > len(army.fighters):
        raise BattleError(f"expected at most {len(army.fighters) // rules.squads_per_chest} chests (the other army has "
                          f"{len(army.fighters)} squads), found {chests}", ("bribe", "chests"), "battle-bribe",
                          "against" if side == "army" else "army")
    for _ in range(n):
        army = without(army, weakest(army))
    return army


def duel(rules: BattleRules, attacker: Army, defender: Army) -> Duel:
    kind = duel_type(rules)
    try:  # the defender's mistakes are the opponent file's
        validate(rules, defender, sees(kind, attacker))
    except BattleError as exc:
        raise BattleError(str(exc), exc.where, exc.code, "against") from None
    for side, army in (("army", attacker), ("against", defender)):
        if army.chests and army.chests_at != 1:
            raise BattleError("between players the chests are paid before the first damage card (before_card: 1), "
                              f"found {army.chests_at}", ("bribe", "before_card"), "battle-bribe", side)
    return Duel(bribed(rules, attacker, defender.chests, "against"), bribed(rules, defender, attacker.chests, "army"),
                kind)


def resolve_duel(rules: BattleRules, attacker: Army, defender: Army, attacker_cards: Sequence[int],
                 defender_cards: Sequence[int]) -> DuelOutcome:
    """The battle when each side's deck opens its cards in these orders."""
    d = duel(rules, attacker, defender)
    held = march(rules, d.defender, d.defender_sees, defender_cards, Target(None))
    came = march(rules, d.attacker, d.attacker_sees, attacker_cards, Target(held.strength, held.strength))
    result = "win" if came.won else "draw" if came.strength == held.strength else "loss"
    return DuelOutcome(came, held, result)


def duel_chances(rules: BattleRules, attacker: Army, defender: Army) -> tuple[Fraction, Fraction, Fraction]:
    """The attacker's exact chances to win, draw and lose, over every order of both decks.

    A damage card never lowers the strength (a strike or the miss damage, both at least 0, times
    the cards), so the attacker passes the defender's total T on the way exactly when the strength
    it would reach opening every card passes T: one count of each side, not one a total of T."""
    d = duel(rules, attacker, defender)
    held = _counted(rules, d.defender, d.defender_sees, "against")
    came = sorted(_counted(rules, d.attacker, d.attacker_sees, "army").items())
    win = draw = Fraction(0)
    for strength, p in held.items():
        assert strength is not PASSED  # a defender has no target to pass
        win += p * sum((q for s, q in came if s > strength), Fraction(0))
        draw += p * sum((q for s, q in came if s == strength), Fraction(0))
    return win, draw, 1 - win - draw


def _counted(rules: BattleRules, army: Army, opp: Opponent, side: str) -> dict[int, Fraction]:
    """The strength one side reaches opening every card, a refusal blamed on its own file."""
    try:
        return outcomes(rules, army, opp, Target(None))  # type: ignore[return-value]
    except BattleError as exc:
        raise BattleError(str(exc), exc.where, exc.code, side) from None
