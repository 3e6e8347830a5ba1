"""The worked battle: the content's example army against a neutral army, computed at build time.

The scene (the army, its creature deck, the order the cards open in, the opponent) is content
(`rulebook.example`); every step of it is pnp.games.empire.rules.battle's: `resolve` gives the
lines in the seed's order and the outcome, `win_probability` the exact chance over every order
of the deck. The book only says each line in the reader's language: a line's `what` is matched
against the engine's forms below and told by the label `example.<form>`; a line of a form not
listed stops the build, so the book never prints a step it cannot name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from pnp.games.empire.book_model import Example
from pnp.games.empire.model import Game
from pnp.games.empire.rules.army import Army, Opponent, Squad
from pnp.games.empire.rules.battle.lines import Line
from pnp.games.empire.rules.battle.march import Outcome, resolve
from pnp.games.empire.rules.battle.odds import win_probability
from pnp.games.empire.rules.battle.validation import BattleError
from pnp.rulebook.build_error import RulebookError

#: the engine's lines (rules/battle.py, `Line.what`) by the label that tells them
FORMS = (
    ("formations", re.compile(r"formations")),
    ("line", re.compile(r"line of (?P<n>\d+) (?P<type>\S+)")),
    ("straight", re.compile(r"royal straight of (?P<n>\d+) levels")),
    ("mixed", re.compile(r"mixed ranks of (?P<n>\d+) levels")),
    ("magic", re.compile(r"(?P<n>\d+) magic attacks?")),
    ("weapon", re.compile(r"(?P<n>\d+) (?P<kind>\w+) squads?")),
    ("machine", re.compile(r"war machine (?P<machine>\S+)")),
    ("spell", re.compile(r"spell (?P<spell>\S+)")),
    ("hero", re.compile(r"hero (?P<hero>.+?)(?: \(courage \+(?P<courage>\d+)\))?")),
    ("luck", re.compile(r"luck (?P<luck>[+−-]?\d+) × strike (?P<strike>\d+)")),
    ("damage", re.compile(r"squads? (?P<squads>[\d-]+) \((?P<type>\S+)\): strike (?P<strike>\d+)")),
    # 3.3.3, after the battle: the first-aid tent's card (a strike restores the weakest routed squad)
    ("tent", re.compile(r"(?P<machine>\S+): strike (?P<strike>[1-9]\d*)")),
    ("tent_miss", re.compile(r"(?P<machine>\S+): strike 0")),
)


@dataclass(frozen=True)
class Step:
    line: Line
    form: str  # the label `example.<form>` that tells it
    fields: dict  # the numbers and names it names
    total: int  # the army's strength after it


@dataclass(frozen=True)
class Worked:
    army: Army
    opponent: Opponent
    outcome: Outcome
    steps: tuple[Step, ...]
    before_cards: int  # the bonuses known before a card opens (3.2.2-3.2.5)
    chance: Fraction  # win_probability: the chance over every order of the deck


def army_of(game: Game, e: Example) -> tuple[Army, Opponent]:
    squads = tuple(Squad(s.type, s.level, s.kind, s.cards, s.large) for s in e.squads)
    if not 1 <= e.week <= game.weeks:
        raise RulebookError(f"{_at(e)}: the example's week {e.week} is not on the week track (1-{game.weeks})")
    return (Army(squads, e.luck, e.deck, e.machine),
            Opponent(e.strength, e.battle, game.neutral_luck[e.week - 1]))


def _at(e: Example) -> str:
    return f"{e.mark.file}:{e.mark.line}:{e.mark.col}"


def work(game: Game, lang: str) -> Worked:
    """The example battle, resolved for its card order, and its exact chance."""
    e = game.book.example
    army, opp = army_of(game, e)
    left = list(e.deck)
    for strike in e.cards:
        if strike not in left:
            raise RulebookError(f"{_at(e)}: the example opens a card with strike {strike} that its deck does not hold")
        left.remove(strike)
    try:
        outcome = resolve(game.battle, army, opp, e.cards)
        chance = win_probability(game.battle, army, opp)
    except BattleError as exc:
        raise RulebookError(f"{_at(e)}: the example's army cannot fight: {exc}") from None
    steps, total = [], 0
    for line in outcome.lines:
        total += line.value
        form, fields = told(line)
        steps.append(Step(line, form, fields, total))
    before = sum(s.line.value for s in steps if s.form not in ("luck", "damage"))
    return Worked(army, opp, outcome, tuple(steps), before, chance)


def told(line: Line) -> tuple[str, dict]:
    for form, pattern in FORMS:
        match = pattern.fullmatch(line.what)
        if match:
            return form, {k: v for k, v in match.groupdict().items() if v is not None}
    raise RulebookError(f"the worked battle has a step the rulebook cannot tell: {line.step} {line.what!r} "
                        f"({line.rule}); add its form to pnp/games/empire/rulebook/example.py")
