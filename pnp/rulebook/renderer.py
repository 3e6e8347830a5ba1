"""`pnp build` renderer `rulebook`: the rules as an A4 PDF, generated from the content.

Steps: work out the battle example (with the engine's odds), fill the label and prose
templates from the model, turn the block text into flowables, and let reportlab lay
them out twice (the second pass puts page numbers into the contents).
"""

from __future__ import annotations

import io
from functools import partial

from reportlab.platypus import NextPageTemplate, PageBreak

from pnp.games.tverdzha.kit_counts import counts
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.core import i18n
from pnp.print.geometry import paper as paper_size
from pnp.rulebook import blocks, prose
from pnp.games.tverdzha.rulebook import example
from pnp.rulebook.book import Book
from pnp.rulebook.doc import RulebookDoc
from pnp.games.tverdzha.rulebook.book_facts import Facts
from pnp.rulebook.hyphenation import enable as enable_hyphenation
from pnp.rulebook.vector_icons import canvas_maker
from pnp.typeset.iconwords import IconWords, speaking
from pnp.rulebook.markup import plain
from pnp.games.tverdzha.rulebook.sections import check_templates, cover, figures
from pnp.rulebook.styles import PageGeometry, styles


def file_name(game, lang: str) -> str:
    return f"{game.id}-{lang}-rulebook.pdf"


def make_book(game, lang: str, paper: str = "a4", ink_saver: bool = False) -> tuple[Book, list[str]]:
    """Everything the figures and templates need, with the example computed."""
    enable_hyphenation()
    size = paper_size(paper)
    geometry = PageGeometry(width=size.width, height=size.height)
    worked, notes = example.build(game)
    extra = {"example": worked, "pct": partial(i18n.percent, lang=lang), "kit": counts(game)}
    labels = prose.render_labels(game, lang, extra)
    book = Book(game, lang, Facts(game, lang), labels, styles(ink_saver), geometry, ink_saver,
                worked, extra | {"labels": labels})
    return book, notes


def build_pdf(game, lang: str = "uk", paper: str = "a4", ink_saver: bool = False) -> tuple[bytes, int, list[str]]:
    """(PDF bytes, page count, notes for the build log). Raises RulebookError on bad content."""
    check_templates(game, lang)
    book, notes = make_book(game, lang, paper, ink_saver)
    text = prose.render(game, lang, book.extra)
    out = io.BytesIO()
    title = plain(game.title.get(lang))
    doc = RulebookDoc(out, book.geometry, f"{title} · {book.facts.ui('comp_rulebook')}", book.styles,
                      title=f"{title} — {book.facts.ui('comp_rulebook')}", subject=book.labels("pdf.subject"),
                      lang=lang, ink_saver=ink_saver)
    with speaking(IconWords(game, lang)) as words:  # paragraphs pick each icon's words as they are made
        story = cover(book) + [NextPageTemplate("body"), PageBreak()]
        story += blocks.flowables(blocks.parse(text), book.styles, figures(book),
                                  (book.tint("grain", 0.22), book.colour("grain-dark")))
        doc.multiBuild(story, canvasmaker=canvas_maker(ink_saver, words))
    return out.getvalue(), doc.page, notes


@register
class RulebookRenderer(Renderer):
    name = "rulebook"
    cost = 2.5

    def render(self, game, ctx: RenderContext) -> list[OutputFile]:
        options = ctx.options
        data, pages, notes = build_pdf(game, options.lang, options.paper, options.ink_saver)
        relative = file_name(game, options.lang)
        ctx.path(relative).write_bytes(data)
        ctx.notes.extend(notes)
        return [OutputFile(relative, "rulebook", pages)]
