"""The rulebook's own content (`rulebook:`): each decided gap explains notes the content has, and
the worked battle is one the engine can fight with cards its deck holds, so `pnp build` can print it."""

from __future__ import annotations

import difflib
from collections import Counter
from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.games.empire.model import Game
from pnp.games.empire.rules.army import Army, Opponent, Squad
from pnp.games.empire.rules.battle.validation import BattleError, validate

ID = "rulebook"

CODES = {
    "rulebook-about": "A decided gap of the rulebook is about a note the content does not have.",
    "rulebook-example": "The rulebook's worked battle cannot be fought as written.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    if game.book is None:
        return
    notes = sorted(game.book.notes_by_address)
    for i, d in enumerate(game.book.decisions):
        for j, about in enumerate(d.about):
            if about not in game.book.notes_by_address:
                near = difflib.get_close_matches(about, notes, n=1)
                hint = f" (did you mean {near[0]!r}?)" if near else ""
                yield error("rulebook-about", f"rulebook.decisions[{i}].about: expected the address of a note, "
                            f"found {about!r}{hint}", game.mark("rulebook", "decisions", i, "about", j))
    yield from _example(game)


def _example(game: Game) -> Iterator[Problem]:
    e = game.book.example
    at = ("rulebook", "example")
    if not 1 <= e.week <= game.weeks:
        yield error("rulebook-example", f"rulebook.example.against.week: expected a week from 1 to {game.weeks}, "
                    f"found {e.week}", game.mark(*at, "against", "week"))
        return
    short = Counter(e.cards) - Counter(e.deck)
    if short:
        strike, n = min(short.items())
        yield error("rulebook-example", f"rulebook.example.cards: expected cards the deck holds, found {n} more "
                    f"with strike {strike} than the deck has", game.mark(*at, "cards"))
    army = Army(tuple(Squad(s.type, s.level, s.kind, s.cards, s.large) for s in e.squads), e.luck, e.deck, e.machine)
    try:
        validate(game.battle, army, Opponent(e.strength, e.battle, game.neutral_luck[e.week - 1]))
    except BattleError as exc:
        where = ("against",) + exc.where if exc.where == ("battle",) else exc.where
        yield error("rulebook-example", f"rulebook.example: {exc}", game.mark(*at, *where))
