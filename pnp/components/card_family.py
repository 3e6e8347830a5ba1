"""What a game tells the card renderer: its card size and its card families.

A family (battle cards, building cards, ...) is declared in the content with its layout
(a layout file of the game's `templates/<id>/cards/`), its colour, its icon, its back and
where its cards come from (`rows`). The game's model builder turns that declaration into a
`CardFamily` whose `source` gives the family's cards as `CardRow`s: one per unique face,
each a flat mapping of the fields the layout's elements show. The card renderer, the
text-fit check and the exporters know cards only through these two classes, so they work
for any game and any number of families.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from pnp.core.errors import Mark

#: fields every row has beside the family's own: the family's declaration and the copy count
BUILTIN_FIELDS = ("count", "family.icon", "family.name")


@dataclass(frozen=True)
class CardSpec:
    """The card's trim size, bleed and safe margin (mm), and the smallest text size (pt)."""

    width: float
    height: float
    bleed: float
    safe: float
    min_text_pt: float


@dataclass(frozen=True)
class CardRow:
    """One unique card face: its id, how many copies the deck holds, and its fields."""

    id: str
    count: int
    mark: Mark
    #: field name -> value: str (text, may carry inline markup), int, or what an element kind
    #: reads (icons: ((icon, n), ...); track: (active?, ...) one per step; scale: (value or None, ...))
    fields: Mapping[str, Any]
    #: a family of several kinds of card that share one deck and one back (a game's travel cards)
    #: gives each card its own layout and colour; None: the family's
    layout: str | None = None
    colour: str | None = None


def _no_rows(game: Any, family: "CardFamily", lang: str) -> tuple[CardRow, ...]:
    return ()


@dataclass(frozen=True)
class CardFamily:
    id: str
    layout: str  # layout file stem in the game's templates/<id>/cards/
    colour: str  # palette key of the family colour
    icon: str  # icon of the family (face badge, back medallion)
    back: str  # template stem of the back
    name: str  # ui key: the family's name printed on its cards and backs
    component: str  # ui key: the family in component lists and sheet labels
    rows: str  # the content's source of the cards (the game says which it knows)
    fields: tuple[str, ...]  # the fields every row of the family has (beside BUILTIN_FIELDS)
    mark: Mark
    #: (game, family, lang) -> the family's rows in content order
    source: Callable[[Any, "CardFamily", str], tuple[CardRow, ...]] = field(
        default=_no_rows, compare=False, repr=False)
    #: (game, family, lang) -> the family's own title where its component's name is shared by several
    #: families (a deck a race: «Карты существ: Люди»); None: the component's ui string
    title: Callable[[Any, "CardFamily", str], str] | None = field(default=None, compare=False, repr=False)

    def cards(self, game: Any, lang: str) -> tuple[CardRow, ...]:
        return self.source(game, self, lang)

    def known_fields(self) -> tuple[str, ...]:
        return self.fields + BUILTIN_FIELDS


def family_title(game: Any, family: CardFamily, lang: str) -> str:
    """What the family's sheet labels, print-shop files, TTS deck and preview section call it."""
    return family.title(game, family, lang) if family.title is not None else game.ui(family.component, lang)


def field_value(game: Any, family: CardFamily, row: CardRow, name: str, lang: str) -> Any:
    """A row's field, or one of the built-in fields."""
    if name == "count":
        return row.count
    if name == "family.icon":
        return family.icon
    if name == "family.name":
        return game.ui(family.name, lang)
    return row.fields[name]


@dataclass(frozen=True)
class ListedRows:
    """A family source for cards listed in the content itself (a game without a model of its
    own cards): each item ``{id, count, <field>: value}``, a text field as ``{lang: text}``.

    A frozen class rather than a closure, so that masters holding the family still pickle
    (the build's forked renderers send them back to the main process).
    """

    items: tuple[tuple[str, int, Mark, tuple[tuple[str, Any], ...]], ...]

    @classmethod
    def from_data(cls, items: list[dict], marks: list[Mark]) -> "ListedRows":
        return cls(tuple((item["id"], item.get("count", 1), mark,
                          tuple((k, v) for k, v in item.items() if k not in ("id", "count")))
                         for item, mark in zip(items, marks)))

    def fields(self) -> tuple[str, ...]:
        """Every field some card has, in first-seen order."""
        return tuple(dict.fromkeys(k for *_, fields in self.items for k, _ in fields))

    def __call__(self, game: Any, family: "CardFamily", lang: str) -> tuple[CardRow, ...]:
        return tuple(CardRow(card_id, count, mark, {k: v[lang] if isinstance(v, dict) else v for k, v in fields})
                     for card_id, count, mark, fields in self.items)


def deck(rows: tuple[CardRow, ...]) -> list[str]:
    """Card ids in deck order: content order, each repeated by its count."""
    return [row.id for row in rows for _ in range(row.count)]
