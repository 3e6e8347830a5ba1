"""Every card's text fits its template, in every language, at no less than the minimum size.

The card templates give each text a zone (pnp.components.card_layout) and a size it may
shrink from down to `print.card.min_text_pt`. This check sets every card's title,
effect, upgrade line and timing label exactly as the renderer will (same layout, same
font metrics) and reports what still overflows at the minimum: which card, which
language, and how many millimetres are missing.
"""

from __future__ import annotations

from typing import Iterator

from pnp.games.tverdzha.model import Game
from pnp.core.errors import Problem, error
from pnp.components import card_layout
from pnp.core import typography

ID = "text-fit"

CODES = {
    "text-overflow": "A card text does not fit its zone even at the smallest allowed size.",
    "card-too-small": "The card size in `print.card` leaves a text zone no room inside the safe area.",
}

_PART_NAMES = {"title": "title", "effect": "effect text", "foot": "upgrade line", "timing": "timing label"}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    if lang is not None and lang not in game.languages:
        return  # the strings check reports the unknown language
    spec_mark = game.mark("print", "card")
    for family in card_layout.FAMILIES:
        bad = card_layout.check_zones(card_layout.zones(game.print.card, family))
        if bad:
            yield error("card-too-small", f"{family} cards: {'; '.join(bad)} "
                        f"(card {game.print.card.width:g}x{game.print.card.height:g} mm, "
                        f"safe zone {game.print.card.safe:g} mm)", spec_mark,
                        "make the card larger or the safe zone smaller")
            return
    for code in (lang,) if lang else game.languages:
        for family, card_id, mark, fitter in card_layout.card_jobs(game):
            try:
                with typography.using(code):
                    text = fitter(code)
            except (KeyError, ValueError):
                continue  # missing text, unknown icon, bad template: other checks say so
            for part, result in text.overflows():
                yield _overflow(text, part, result, code, mark, game.print.card.min_text_pt)


def _overflow(text: card_layout.CardText, part: str, result, lang: str, mark, min_pt: float) -> Problem:
    what = _PART_NAMES.get(part, part)
    if result.overflow_mm > 0:
        missing = f"{result.overflow_mm:.1f} mm missing"
    else:
        missing = "a word is wider than the zone"
    return error(
        "text-overflow",
        f"{text.family} card {text.name!r} ({text.card_id}), {lang}: the {what} does not fit even at "
        f"{result.size:g} pt: {missing} ({len(result.lines)} lines in a {result.box_w:.1f}x{result.box_h:.1f} mm zone)",
        mark,
        f"shorten the text (the minimum size is {min_pt:g} pt: print.card.min_text_pt)" if part == "effect"
        else "shorten the text",
    )
