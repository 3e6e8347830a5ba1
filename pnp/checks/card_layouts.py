"""The card families and their layout files: readable, consistent, on the card.

Each family of `card_families:` names a layout file (templates/<game>/cards/<layout>.yaml);
this check reads it with its `extends:` chain and reports, with the layout file's
position, an unknown key or element kind, a reference to nothing, a cycle, a field the
family's cards do not have, and a box outside the card at the content's card size. A
family's colour, icon and ui strings must exist too.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Iterator

from pnp.art import designer_art, icons, style
from pnp.components import card_art, card_layout, card_text
from pnp.checks._memo import of_model
from pnp.components.card_family import CardFamily
from pnp.core.errors import Problem, error

ID = "card-layout"

HEX = re.compile(r"#[0-9a-fA-F]{6}")  # a colour of the content's own, beside the palette's keys

CODES = {
    **card_layout.CODES,
    **designer_art.CODES,
    "family-ref": "A card family names a colour, icon or ui string that does not exist.",
}


def _read(game, name: str, mark) -> tuple[card_layout.Layout | None, list[Problem]]:
    """Layout `name`, or its problems (a missing file said at `mark`, the declaration that names it)."""
    layout, problems = card_layout.load(card_text.layout_folder(game), name)
    return layout, [p if p.code != "layout-missing" or p.mark.line else error(p.code, p.message, mark, p.hint)
                    for p in problems]


@of_model
def family_rows(game, family: CardFamily, lang: str) -> tuple:
    """The family's cards in `lang`, made once a check run: card-layout, the pictures' check and text-fit
    all read them (the rows fill their templates, the empire's thousands of words)."""
    return family.cards(game, lang)


def family_problems(game, family: CardFamily) -> list[Problem]:
    """Every problem of one family's layout and of its cards' own layouts (empty: the renderer can draw them)."""
    return list(_family_problems(game, family))


@of_model
def _family_problems(game, family: CardFamily) -> tuple[Problem, ...]:
    layout, problems = _read(game, family.layout, family.mark)
    if layout is None:
        return tuple(problems)
    try:
        rows = family_rows(game, family, game.languages[0])
    except (KeyError, ValueError):
        rows = None  # missing text, bad template: other checks say so
    steps = None if rows is None else card_text.steps(layout, rows[0]) if rows else {}
    out = card_layout.check_family(layout, family, game.print.card, steps)
    if rows is not None and not out:
        own = [r for r in rows if r.layout is None]
        out += card_art.problems(game, family, layout, own, lambda row: card_text.steps(layout, row), family_rows)
    for name in dict.fromkeys(r.layout for r in rows or () if r.layout is not None):
        own = [r for r in rows or () if r.layout == name]
        layout, problems = _read(game, name, own[0].mark)
        if layout is None:
            out += problems
            continue
        # the fields every card of this layout has: what its elements may show
        fields = tuple(f for f in own[0].fields if all(f in r.fields for r in own))
        more = card_layout.check_family(layout, dataclasses.replace(family, fields=fields), game.print.card,
                                        card_text.steps(layout, own[0]))
        if not more:
            more = card_art.problems(game, family, layout, own, lambda row, layout=layout: card_text.steps(layout, row),
                                     family_rows)
        out += more
    return tuple(out)


def _colour_problem(family: CardFamily, colour: str, mark) -> list[Problem]:
    if colour in style.palette() or HEX.fullmatch(colour):
        return []
    return [error("family-ref", f"card family {family.id!r}: expected a palette colour or #rrggbb, found {colour!r}",
                  mark, f"colours: {', '.join(sorted(style.palette()))}")]


def check(game, lang: str | None = None) -> Iterator[Problem]:
    known_icons = set(icons.icon_names())
    for family in game.card_families:
        yield from _colour_problem(family, family.colour, family.mark)
        try:
            rows = family_rows(game, family, game.languages[0])
        except (KeyError, ValueError):
            rows = ()  # other checks say so
        for row in rows:
            if row.colour is not None:
                yield from _colour_problem(family, row.colour, row.mark)
        if family.icon not in known_icons:
            yield error("family-ref", f"card family {family.id!r}: expected an icon, found {family.icon!r}", family.mark)
        for key in (family.name, family.component):
            if key not in game.ui_strings:
                yield error("family-ref", f"card family {family.id!r}: expected a ui string, found {key!r}", family.mark)
        yield from family_problems(game, family)
