"""Each race's creature deck (seed 3.2-3.3 and the orcs' strike-mark example): a creature of every level
its barracks hire, attack kinds of the battle rules, and strike marks laid out in seven equal stacks."""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.games.empire import reference
from pnp.games.empire.model import CreatureDeck, Game

ID = "creatures"

CODES = {
    "deck-race": "A creature deck names a race the content does not have, or a race has two decks.",
    "creature-id": "Two creatures share an id (an army file names a squad by it).",
    "creature-kind": "A creature's attack kind is not one of `battle.attack_kinds`.",
    "creature-level": "A level of 1-7 has no creature in the race's deck: its barracks would hire nobody.",
    "strike-stacks": "The strike marks are not seven equal stacks marked 1 to 7.",
    "strike-large": "A large creature carries a strike mark while a normal-size card has none (the seed marks "
                    "large creatures only when the race has no more normal-size cards).",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    races = {r.id for r in game.races}
    seen_races: set[str] = set()
    ids: dict[str, str] = {}
    for i, deck in enumerate(game.creature_decks):
        at = ("creature_decks", i)
        if deck.race not in races or deck.race in seen_races:
            yield error("deck-race", f"creature_decks[{i}]: race {deck.race!r} "
                        + ("has a deck already" if deck.race in seen_races else "is not one of races"),
                        game.mark(*at, "race"), f"the races: {', '.join(sorted(races))}")
        seen_races.add(deck.race)
        for j, c in enumerate(deck.creatures):
            if c.id in ids:
                yield error("creature-id", f"creature_decks[{i}] ({deck.race}): creature id {c.id!r} is also "
                            f"{ids[c.id]}'s", game.mark(*at, "cards", j, "id"))
            ids.setdefault(c.id, deck.race)
            if c.kind not in game.battle.attack_kinds:
                yield error("creature-kind", f"creature_decks[{i}] ({deck.race}): {c.id} attacks as {c.kind!r}",
                            game.mark(*at, "cards", j, "kind"),
                            f"an attack kind of battle.attack_kinds: {', '.join(game.battle.attack_kinds)}")
        yield from _levels(game, i, deck)
        yield from _strikes(game, i, deck)


def _levels(game: Game, i: int, deck: CreatureDeck) -> Iterator[Problem]:
    have = {c.level for c in deck.creatures}
    for level in reference.BARRACKS_LEVELS:
        if level not in have:
            yield error("creature-level", f"creature_decks[{i}] ({deck.race}): no creature of level {level}",
                        game.mark("creature_decks", i, "cards"),
                        f"the barracks of level {level} hire one: add a card with `level: {level}`")


def _strikes(game: Game, i: int, deck: CreatureDeck) -> Iterator[Problem]:
    marks = Counter(s for s in deck.strikes if s)
    sizes = {marks.get(n, 0) for n in reference.STRIKE_MARKS}
    if len(sizes) != 1 or 0 in sizes:
        found = ", ".join(f"{n}: {marks.get(n, 0)}" for n in reference.STRIKE_MARKS)
        yield error("strike-stacks", f"creature_decks[{i}] ({deck.race}): the cards marked 1-7 number {found}",
                    game.mark("creature_decks", i, "cards"),
                    "seven stacks of as many cards, marked 1 to 7 («7 стопок к семью метками от 1 до 7»)")
    blank_normal = any(0 in c.strikes for c in deck.creatures if not c.large)
    for j, c in enumerate(deck.creatures):
        if c.large and blank_normal and any(c.strikes):
            yield error("strike-large", f"creature_decks[{i}] ({deck.race}): large {c.id} carries strike marks "
                        "while normal-size cards have none", game.mark("creature_decks", i, "cards", j, "strikes"),
                        "mark the normal-size cards first: large creatures only when none is left (the orcs' centaurs)")
