"""Every card row gives every field its family's cards show, and every text gives every
language the game ships: the card renderer prints each, so a hole found only by the build
would stop it halfway."""

from __future__ import annotations

from typing import Iterator

from pnp.checks import markup
from pnp.checks.markup import markup_error
from pnp.core.errors import Problem, error

ID = "data-rows"

CODES = {
    "row-field": "A card row without a field the other cards of its family have (the layout may show it).",
    "row-language": "A card's text field without a language the game ships.",
    "row-markup": "A card's text whose markup cannot be set: an unclosed '[' or '**', a stray ']'.",
}


def check(game, lang: str | None = None) -> Iterator[Problem]:
    languages = (lang,) if lang else game.languages
    for family in game.card_families:
        fields = family.fields
        for card_id, _count, mark, given in family.source.items:
            values = dict(given)
            for name in fields:
                if name not in values:
                    yield error("row-field", f"card {card_id!r} of family {family.id!r}: expected a value for "
                                f"{name!r} (other cards of the family give one), found none", mark,
                                "give every card every field, or leave the field out of the family")
                    continue
                value = values[name]
                for code in languages if isinstance(value, dict) else ():
                    if not value.get(code):
                        yield error("row-language", f"card {card_id!r} of family {family.id!r}: field {name!r} "
                                    f"expected a text in {code!r} (game.languages), found none", mark,
                                    f"add a column {name}.{code}")
                for code, said in value.items() if isinstance(value, dict) else (("", value),):
                    reason = markup_error(said) if isinstance(said, str) else None
                    if reason:
                        yield error("row-markup", f"card {card_id!r} of family {family.id!r}: field "
                                    f"{name}{'.' + code if code else ''}: {reason}", mark, markup.HINT)
