"""The battle deck: its cards add up to `battle_deck.size`, and every type's count is the
one the original rules give (pnp/games/tverdzha/reference.py). A count that differs from the
rules is an error, or a warning when a `note:` beside it explains the change.
"""

from __future__ import annotations

from typing import Iterator

from pnp.checks._util import explained, note_for
from pnp.games.tverdzha.model import Game
from pnp.core.errors import Problem, error, warning
from pnp.games.tverdzha import reference

ID = "deck"

CODES = {
    "deck-size": "The battle cards' counts do not add up to `battle_deck.size`.",
    "card-count": "A battle card's count differs from the original rules.",
    "card-not-in-rules": "A battle card the original rules do not have.",
    "card-missing": "A battle card of the original rules is missing from the content.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    total = sum(card.count for card in game.battle_cards)
    size = game.battle_deck_size
    if total != size:
        whose = "the rules need" if size == reference.DECK_SIZE else "battle_deck.size says"
        counts = " + ".join(str(c.count) for c in game.battle_cards)
        yield error("deck-size", f"battle deck has {total} cards, {whose} {size}", game.mark("battle_deck", "size"),
                    f"the counts are {counts}")
    yield from _counts(game)


def _counts(game: Game) -> Iterator[Problem]:
    present = {card.id for card in game.battle_cards}
    for i, card in enumerate(game.battle_cards):
        rule = reference.BATTLE_CARDS.get(card.id)
        if rule is None:
            noted = bool(note_for(game, "battle_cards", i, "id"))
            yield (warning if noted else error)(
                "card-not-in-rules", f"battle card {card.id!r} is not in the original rules", game.mark("battle_cards", i, "id"),
                "" if noted else "add a note: to the card saying why the deck has it")
        elif card.count != rule[1]:
            noted = explained(game, ("battle_cards", i, "count"), card.count)
            yield (warning if noted else error)(
                "card-count", f"battle card {card.id!r} ({rule[0]}): {card.count} in the deck, the rules have {rule[1]}"
                + (" (a note explains why)" if noted else ""), game.mark("battle_cards", i, "count"),
                "" if noted else f"fix the count, or add a note: naming the new count ({card.count}) and why")
    for card_id, (name, count) in reference.BATTLE_CARDS.items():
        if card_id not in present:
            yield error("card-missing", f"battle card {card_id!r} ({name}, {count} in the rules) is missing",
                        game.mark("battle_cards"))
