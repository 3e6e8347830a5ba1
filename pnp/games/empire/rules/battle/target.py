"""What the army must pass: the neutral strength with its mercenaries, less the squads bribery's
chests remove from a given damage card on (3.4.3), plus the neutrals' morale in a dungeon."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pnp.games.empire.rules.army import Army, Opponent
from pnp.games.empire.rules.battle.validation import battle_type
from pnp.games.empire.rules.battle_rules import BattleRules


@dataclass(frozen=True)
class Target:
    """What the army must pass: `high` until the bribe's chests are paid before damage card `at`
    (from 1), `low` from then on. None: a defender with no target opens every card."""
    high: int | None
    low: int | None = None
    at: int = 1

    def before(self, opened: int) -> int | None:
        """Before the next card is opened, `opened` cards in: the chests are paid by now?"""
        return self.low if opened + 1 >= self.at else self.high

    def after(self, opened: int) -> int | None:
        """Once the cards are done, `opened` of them: the chests were paid before one of them?"""
        return self.low if opened >= self.at else self.high


def neutral_strength(rules: BattleRules, opp: Opponent, chests: int = 0) -> int:
    """The neutral strength once its mercenaries join and `chests` bribes remove its weakest squads.

    A squad of an army given as a strength and a number of squads is their average, rounded
    down (the weakest squad is at most that); a mercenary squad is the average too.
    """
    per = rules.squads_per_chest
    if opp.squads:
        army = sorted(opp.squads + (sum(opp.squads) // len(opp.squads),) * (opp.mercenaries * per))
        return sum(army[chests * per:])
    if opp.count:
        return opp.strength + opp.strength // opp.count * (opp.mercenaries - chests) * per
    return opp.strength


def morale_outcomes(rules: BattleRules, opp: Opponent) -> tuple[tuple[int, Fraction], ...]:
    """The neutrals' extra strength from morale and its chance: a domino tile in a dungeon, else none."""
    if not battle_type(rules, opp).morale:
        return ((0, Fraction(1)),)
    p = rules.morale.chance()
    return ((rules.morale.bonus, p), (0, 1 - p))


def target(rules: BattleRules, army: Army, opp: Opponent, morale: int = 0) -> Target:
    return Target(neutral_strength(rules, opp) + morale, neutral_strength(rules, opp, army.chests) + morale,
                  army.chests_at if army.chests else 1)
