"""«Оборона Замка»'s side of the general rulebook (RULEBOOK): the cover, the figures its
templates place with ``@name`` (the field, the components, the balance), the counts, and
the check that its templates write no number of their own."""

from __future__ import annotations

from markupsafe import Markup
from reportlab.platypus import Flowable, Spacer

from pnp.games import pack_of
from pnp.games.oborona_zamka.rulebook.book_facts import Facts
from pnp.games.oborona_zamka.rulebook.field_figure import field_drawing
from pnp.core.geometry import mm_to_pt
from pnp.rulebook import own_numbers
from pnp.rulebook.book import Book
from pnp.rulebook.build_error import RulebookError
from pnp.rulebook.game_side import RulebookSide
from pnp.rulebook.ruled import ruled_table

#: the rows of the components table, in order (labels components.<row>.name/.count/.note)
COMPONENT_ROWS = ("field", "walls", "castle", "standees", "dice")
#: mm across a hex's flats on the cover's field
COVER_CELL = 11.0


def components(book: Book) -> list[Flowable]:
    lab = book.labels
    rows = [[book.cell(lab(k), "table-head") for k in
             ("components.head.item", "components.head.count", "components.head.notes")]]
    for row in COMPONENT_ROWS:
        rows.append([book.cell(Markup("<b>{}</b>").format(lab(f"components.{row}.name"))),
                     book.cell(lab(f"components.{row}.count"), "table-num"), book.cell(lab(f"components.{row}.note"))])
    return [ruled_table(book, rows, (38, 24, 108))]


def balance(book: Book) -> list[Flowable]:
    """What the simulator measured: each side's wins with its interval, then each victory type."""
    b, f, lab = book.game.balance, book.facts, book.labels
    rows = [[book.cell(lab(k), "table-head") for k in ("balance.head.what", "balance.head.share",
                                                       "balance.head.interval")]]
    for side in book.game.sides:
        share = getattr(b, side.id)
        rows.append([book.cell(Markup("<b>{}</b>").format(lab("balance.wins", side=f.side(side.id)))),
                     book.cell(f.pct(share.rate), "table-num"), book.cell(f.interval(share.ci95), "table-num")])
    for kind, rate in b.victories.items():
        rows.append([book.cell(lab(f"victory.{kind}")), book.cell(f.pct(rate), "table-num"), book.cell("")])
    return [ruled_table(book, rows, (100, 30, 40))]


def field(book: Book) -> list[Flowable]:
    return [field_drawing(book.game, book.lang, book.ink_saver), book.cell(book.labels("field.caption"), "caption")]


def figures(book: Book) -> dict:
    return {"field": lambda: field(book), "components": lambda: components(book), "balance": lambda: balance(book)}


def cover(book: Book) -> list[Flowable]:
    """The title page: the game's name, its tagline, who plays how long, the field."""
    g, lab = book.game, book.labels
    return [
        Spacer(1, mm_to_pt(22)),
        book.para(g.title.get(book.lang), "cover-title", last_pair=0),
        Spacer(1, mm_to_pt(3)),
        book.para(g.tagline.get(book.lang), "cover-sub"),
        Spacer(1, mm_to_pt(4)),
        book.para(lab("cover.meta"), "cover-meta", last_pair=0),
        Spacer(1, mm_to_pt(12)),
        field_drawing(g, book.lang, book.ink_saver, COVER_CELL, name_pt=0),  # a picture: the setup names the hexes
        Spacer(1, mm_to_pt(10)),
        book.para(lab("cover.rulebook"), "cover-sub", last_pair=0),
    ]


def context(game, lang: str) -> tuple[dict, list[str]]:
    """Short names for the templates: the two sides, the rules, the balance, the kit's counts."""
    attacker, defender = game.sides
    return {"A": attacker, "D": defender, "R": game.rules, "B": game.balance, "kit": dict(pack_of(game).counts(game)),
            "walls": len(game.field.walls()), "hexes": len(game.field.cells)}, []


# --- every number from the model ----------------------------------------------------------

def check_templates(game, lang: str) -> None:
    """Fail if the book has no balance finding to print, or a template writes a digit of its own:
    every number the book prints comes from the model."""
    if game.balance is None:
        raise RulebookError(f"{game.source}: the rulebook prints the simulator's finding: the content needs "
                            "`balance:` (see its comment for the command)")
    own_numbers.refuse(pack_of(game).templates / "rulebook")


RULEBOOK = RulebookSide(facts=Facts, context=context, cover=cover, figures=figures,
                        note_colours=("player-b", 0.18, "player-b"), check=check_templates)
