"""«Строительство империи»'s side of the general rulebook (RULEBOOK): the cover, the figures its
templates place with ``@name`` (components, the capital's plots, diagram and income, the travel
cards of a type, the weeks, the battle types, machines, spells, the worked battle, the setup by
player count and the worked week), the worked battle and week and the table sizes for the templates'
sentences, and the check that the templates write no number of their own."""

from __future__ import annotations

from reportlab.platypus import Flowable, Spacer

from pnp.games import pack_of
from pnp.games.empire.rulebook import balance_table, tables, week_tables, worked_week
from pnp.games.empire.rulebook.book_facts import Facts
from pnp.games.empire.rulebook.capital_figure import capital
from pnp.games.empire.rulebook.example import work
from pnp.core.geometry import mm_to_pt
from pnp.rulebook import own_numbers
from pnp.rulebook.book import Book
from pnp.rulebook.build_error import RulebookError
from pnp.rulebook.game_side import RulebookSide


def figures(book: Book) -> dict:
    return {
        "components": lambda: tables.components(book), "plots": lambda: tables.plots(book),
        "capital": lambda: capital(book), "income": lambda: tables.income(book),
        "travel": lambda type_id: tables.travel(book, type_id), "weeks": lambda: tables.weeks(book),
        "battle_types": lambda: tables.battle_types(book), "machines": lambda: tables.machines(book),
        "spells": lambda: tables.spells(book), "example": lambda: tables.example(book),
        "setup": lambda: week_tables.setup(book), "week_dealt": lambda: week_tables.dealt(book),
        "week_turns": lambda: week_tables.turns(book), "balance": lambda: balance_table.table(book),
    }


def cover(book: Book) -> list[Flowable]:
    """The title page: the game's name, the book's subject, what the kit is."""
    g, lab = book.game, book.labels
    return [
        Spacer(1, mm_to_pt(40)),
        book.para(g.title.get(book.lang), "cover-title", last_pair=0),
        Spacer(1, mm_to_pt(5)),
        book.para(g.book.tagline.get(book.lang), "cover-sub"),
        Spacer(1, mm_to_pt(6)),
        book.para(lab("cover.meta"), "cover-meta", last_pair=0),
        Spacer(1, mm_to_pt(14)),
        capital(book, captions=False)[0],
        Spacer(1, mm_to_pt(12)),
        book.para(lab("cover.rulebook"), "cover-sub", last_pair=0),
    ]


def context(game, lang: str) -> tuple[dict, list[str]]:
    """The worked battle, the worked week (the engine's, played now) and the table sizes the edition seats
    for the templates' sentences, and a build note for every content `note:` that no decided gap of the
    book explains yet."""
    notes = [f"rulebook: no decided gap explains the note at {a}" for a in unexplained(game)]
    return {"ex": work(game, lang), "wk": worked_week.play(game), "P": game.play, "W": game.play.war,
            "sizes": week_tables.player_counts(game)}, notes


def unexplained(game) -> list[str]:
    """The addresses of the content's notes that no decision of `rulebook.decisions` is about."""
    explained = {a for d in game.book.decisions for a in d.about}
    return sorted(set(game.book.notes_by_address) - explained)


def check_templates(game, lang: str) -> None:
    """The book's own content is there, and every number the book prints comes from the model:
    a template may write none."""
    if game.play is None or game.book is None:
        raise RulebookError(f"{game.source}: the rulebook needs the content's `play:` and `rulebook:` sections")
    own_numbers.refuse(pack_of(game).templates / "rulebook")


RULEBOOK = RulebookSide(facts=Facts, context=context, cover=cover, figures=figures,
                        note_colours=("gold", 0.22, "gold"), check=check_templates)
