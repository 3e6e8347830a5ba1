"""A data-only game's side of pnp's rulebook: the title page and the words its templates use;
the prose is the content's own sections (templates/rulebook/rulebook.j2 sets them)."""

from __future__ import annotations

from reportlab.platypus import Flowable, Spacer

from pnp.core.geometry import mm_to_pt
from pnp.rulebook.book import Book
from pnp.rulebook.book_words import BookWords
from pnp.rulebook.game_side import RulebookSide


def cover(book: Book) -> list[Flowable]:
    """The title page: the game's name and the word for the rulebook."""
    return [Spacer(1, mm_to_pt(60)), book.para(book.game.title.get(book.lang), "cover-title", last_pair=0),
            Spacer(1, mm_to_pt(8)), book.para(book.facts.ui("comp_rulebook"), "cover-sub", last_pair=0)]


RULEBOOK = RulebookSide(facts=BookWords, context=lambda game, lang: ({}, []), cover=cover,
                        figures=lambda book: {}, note_colours=("note", 0.25, "note"))
