"""`pnp build` renderer `rulebook`: the rules as a PDF, generated from the content.

Steps: ask the game's rulebook side (game_side.py) for its extra template names (a worked
example with the engine's odds, component counts), fill the label and prose templates
from the model, turn the block text into flowables, and let reportlab lay them out twice
(the second pass puts page numbers into the contents).
"""

from __future__ import annotations

import io
from functools import partial

from reportlab.platypus import CondPageBreak, Flowable, NextPageTemplate, PageBreak, Spacer

from pnp.components import ui_words
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.core import i18n
from pnp.core.geometry import mm_to_pt, paper as paper_size
from pnp.rulebook import blocks, prose
from pnp.rulebook.book import Book
from pnp.rulebook.doc import RulebookDoc, contents, foresee_contents
from pnp.rulebook.game_side import side_of
from pnp.rulebook.hyphenation import enable as enable_hyphenation
from pnp.rulebook.vector_icons import canvas_maker
from pnp.typeset.iconwords import speaking, words_of
from pnp.rulebook.markup import plain
from pnp.rulebook.styles import PageGeometry, styles


def file_name(game, lang: str) -> str:
    return f"{game.id}-{lang}-rulebook.pdf"


def make_book(game, lang: str, paper: str = "a4", ink_saver: bool = False) -> tuple[Book, list[str]]:
    """Everything the figures and templates need, with the example computed."""
    enable_hyphenation()
    side = side_of(game)
    size = paper_size(paper)
    geometry = PageGeometry(width=size.width, height=size.height)
    own, notes = side.context(game, lang)
    extra = {"pct": partial(i18n.percent, lang=lang), **own}
    labels = prose.render_labels(game, lang, extra)
    book = Book(game, lang, side.facts(game, lang), labels, styles(ink_saver), geometry, ink_saver,
                extra | {"labels": labels})
    return book, notes


def figures(book: Book) -> dict:
    """The figures every rulebook may place (contents, summary columns, space), and the game's."""
    general = {
        "contents": lambda: [contents(book.styles)],
        "summary": lambda: [NextPageTemplate("summary"), PageBreak()],
        "space": lambda mm="4": [Spacer(1, mm_to_pt(float(mm)))],
        # start a new page unless this much room (mm) is left: keeps a worked example whole
        "need": lambda mm: [CondPageBreak(mm_to_pt(float(mm)))],
    }
    return general | dict(side_of(book.game).figures(book))


def build_pdf(game, lang: str = "uk", paper: str = "a4", ink_saver: bool = False) -> tuple[bytes, int, list[str]]:
    """(PDF bytes, page count, notes for the build log). Raises RulebookError on bad content."""
    side = side_of(game)
    side.check(game, lang)
    book, notes = make_book(game, lang, paper, ink_saver)
    text = prose.render(game, lang, book.extra)
    out = io.BytesIO()
    title = plain(game.title.get(lang))
    doc = RulebookDoc(out, book.geometry, f"{title} · {book.facts.ui('comp_rulebook')}", book.styles,
                      title=f"{title} — {book.facts.ui('comp_rulebook')}", subject=book.labels("pdf.subject"),
                      lang=lang, ink_saver=ink_saver)
    words = words_of(game, lang)
    fill, keep, rule = side.note_colours
    with speaking(words):  # paragraphs pick each icon's words as they are made
        story: list[Flowable] = side.cover(book) + [NextPageTemplate("body"), PageBreak()]
        story += blocks.flowables(blocks.parse(text), book.styles, figures(book),
                                  (book.tint(fill, keep), book.colour(rule)), side.loose_figures)
        foresee_contents(story)
        doc.multiBuild(story, canvasmaker=canvas_maker(ink_saver, words))
    return out.getvalue(), doc.page, notes


@register
class RulebookRenderer(Renderer):
    name = "rulebook"
    ui = ui_words.RULEBOOK
    cost = 2.5

    def render(self, game, ctx: RenderContext) -> list[OutputFile]:
        options = ctx.options
        data, pages, notes = build_pdf(game, options.lang, options.paper, options.ink_saver)
        relative = file_name(game, options.lang)
        ctx.path(relative).write_bytes(data)
        ctx.notes.extend(notes)
        return [OutputFile(relative, "rulebook", pages)]
