"""Every card's text fits its box, in every language, at no less than its minimum size.

Each text element of a family's layout (templates/<game>/cards/*.yaml) has a box and a
style it may shrink from down to its minimum (the style's `min:`, else the content's
`print.card.min_text_pt`). This check fills and sets every text element of every card
exactly as the renderer will (`pnp.components.card_text`: same layout, same font metrics)
and reports what still overflows: which card, which element, which language, and how many
millimetres are missing. Families whose layout has problems are the card-layout check's.
"""

from __future__ import annotations

from typing import Iterator

from pnp.checks.card_layouts import family_problems, family_rows
from pnp.components import card_text
from pnp.core import typography
from pnp.core.errors import Problem, error

ID = "text-fit"

CODES = {
    "text-overflow": "A card text does not fit its box even at the smallest allowed size.",
}


def check(game, lang: str | None = None) -> Iterator[Problem]:
    if lang is not None and lang not in game.languages:
        return  # the strings check reports the unknown language
    for family in game.card_families:
        if family_problems(game, family):
            continue
        for code in (lang,) if lang else game.languages:
            try:
                rows = family_rows(game, family, code)
            except (KeyError, ValueError):
                continue  # missing text, bad template: other checks say so
            for row in rows:
                layout = card_text.row_layout(game, family, row)
                try:
                    with typography.using(code):  # the language's own line-breaking rules
                        text = card_text.fit_card(game, family, layout, row, code)
                except (KeyError, ValueError):
                    continue  # missing text, unknown icon, bad template: other checks say so
                for element, result, missing in text.overflows():
                    yield _overflow(text, layout, element, result, missing, code, row.mark, game.print.card.min_text_pt)


def _overflow(text: card_text.CardText, layout, element: str, result, missing_mm: float, lang: str, mark,
              min_pt: float) -> Problem:
    style = layout.styles[layout.element(element).get("style")]
    if result is None:
        where = f"the {element} line does not fit at {style.size:g} pt: {missing_mm:.1f} mm too wide"
    else:
        missing = f"{missing_mm:.1f} mm missing" if missing_mm > 0 else "a word is wider than the box"
        where = (f"the {element} text does not fit even at {result.size:g} pt: {missing} "
                 f"({len(result.lines)} lines in a {result.box_w:.1f}x{result.box_h:.1f} mm box)")
    hint = "shorten the text"
    if style.min is None:
        hint += f" (the minimum size is {min_pt:g} pt: print.card.min_text_pt)"
    return error("text-overflow", f"{text.family} card {text.name!r} ({text.card_id}), {lang}: {where}", mark, hint)
