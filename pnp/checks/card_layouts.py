"""The card families and their layout files: readable, consistent, on the card.

Each family of `card_families:` names a layout file (templates/<game>/cards/<layout>.yaml);
this check reads it with its `extends:` chain and reports, with the layout file's
position, an unknown key or element kind, a reference to nothing, a cycle, a field the
family's cards do not have, and a box outside the card at the content's card size. A
family's colour, icon and ui strings must exist too.
"""

from __future__ import annotations

from typing import Iterator

from pnp.art import icons, style
from pnp.components import card_layout, card_text
from pnp.components.card_family import CardFamily
from pnp.core.errors import Problem, error

ID = "card-layout"

CODES = {
    **card_layout.CODES,
    "family-ref": "A card family names a colour, icon or ui string that does not exist.",
}


def family_problems(game, family: CardFamily) -> list[Problem]:
    """Every problem of one family's layout (empty: the renderer can draw it)."""
    layout, problems = card_layout.load(card_text.layout_folder(game), family.layout)
    if layout is None:
        return [p if p.code != "layout-missing" or p.mark.line else error(p.code, p.message, family.mark, p.hint)
                for p in problems]
    try:
        rows = family.cards(game, game.languages[0])
    except (KeyError, ValueError):
        rows = None  # missing text, bad template: other checks say so
    steps = None if rows is None else card_text.steps(layout, rows[0]) if rows else {}
    return card_layout.check_family(layout, family, game.print.card, steps)


def check(game, lang: str | None = None) -> Iterator[Problem]:
    known_icons = set(icons.icon_names())
    for family in game.card_families:
        if family.colour not in style.PALETTE:
            yield error("family-ref", f"card family {family.id!r}: expected a palette colour, found {family.colour!r}",
                        family.mark, f"colours: {', '.join(sorted(style.PALETTE))}")
        if family.icon not in known_icons:
            yield error("family-ref", f"card family {family.id!r}: expected an icon, found {family.icon!r}", family.mark)
        for key in (family.name, family.component):
            if key not in game.ui_strings:
                yield error("family-ref", f"card family {family.id!r}: expected a ui string, found {key!r}", family.mark)
        yield from family_problems(game, family)
