"""The `cards` renderer: SVG masters of every card face and back, and the home sheets.

Writes ``{game}-{lang}-cards.pdf`` (one sheet run per card family of the content, in its
order, each front page followed by its back page; with ``--duplex none`` the backs go to
``{game}-{lang}-cards-backs.pdf`` for gluing) and one SVG master per unique face and per
back under ``svg/cards/``. Its masters (`Masters`: the faces, backs and decks in deck
order with repeats, per family) are what the print-shop, TTS and preview exporters reuse,
through `RenderContext.masters(game, "cards")`, instead of drawing again.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.components import card_faces, card_text, ui_words
from pnp.components.card_family import CardFamily, deck, family_title
from pnp.print import pdf
from pnp.typeset import svg_fonts
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.print.imposition import impose_pages, sheet_text



@dataclass(frozen=True)
class Masters:
    families: tuple[CardFamily, ...]
    faces: dict[str, list[tuple[str, str, str]]]  # family -> [(card_id, name, svg)], content order
    backs: dict[str, str]
    decks: dict[str, list[str]]  # family -> card ids in deck order, repeated by count
    texts: tuple[card_text.CardText, ...]
    #: (card, element) of every text shrunk below its style's size (CardText.shrunk)
    shrunk: tuple[tuple[card_text.CardText, str], ...]

    def deck_svgs(self, family: str) -> list[str]:
        by_id = {card_id: svg for card_id, _, svg in self.faces[family]}
        return [by_id[card_id] for card_id in self.decks[family]]


def build_masters(game, lang: str, ink_saver: bool = False, colour_in: bool = False,
                  families: tuple[CardFamily, ...] | None = None) -> Masters:
    """Draw every unique face of every family (the game's, or `families`) and each family's back once;
    `colour_in`: their outlines on white, for colouring by hand."""
    chosen = tuple(game.card_families) if families is None else families
    faces: dict[str, list[tuple[str, str, str]]] = {}
    decks, texts, shrunk = {}, [], []
    for family in chosen:
        rows = family.cards(game, lang)
        faces[family.id] = []
        for row in rows:
            layout = card_text.row_layout(game, family, row)
            text = card_text.fit_card(game, family, layout, row, lang)
            texts.append(text)
            shrunk += [(text, name) for name, _ in text.shrunk(layout)]
            faces[family.id].append((row.id, text.name, card_faces.face(game, family, layout, row, text, lang,
                                                                        ink_saver, colour_in)))
        decks[family.id] = deck(rows)
    backs = {f.id: card_faces.back(game, f, lang, ink_saver, colour_in) for f in chosen}
    return Masters(chosen, faces, backs, decks, tuple(texts), tuple(shrunk))


def shrink_note(masters: Masters, lang: str) -> str | None:
    """Which texts are set smaller than their style's size (down to their minimum) to fit."""
    if not masters.shrunk:
        return None
    listed = ", ".join(f"{t.name} ({t.family} {t.card_id}, {name} {t.fits[name].size:g} pt)" for t, name in masters.shrunk)
    cards = len({(t.family, t.card_id) for t, _ in masters.shrunk})
    return f"cards ({lang}): text shrunk below its style's size to fit on {cards} card(s): {listed}"


def overflow_note(masters: Masters, lang: str) -> str | None:
    bad = [f"{t.name} ({t.family} {t.card_id}) {part} {missing:.1f} mm"
           for t in masters.texts for part, _, missing in t.overflows()]
    return f"cards ({lang}): text does not fit on: " + ", ".join(bad) if bad else None


def sheet_pages(game, masters: Masters, options) -> tuple[list[pdf.Page], list[pdf.Page], list[str]]:
    """All card sheets: (pages in print order, back pages for a separate file, notes)."""
    spec = game.print.card
    ordered, backs_only, notes = [], [], []
    for family in masters.families:
        text = sheet_text(game, options.lang, family_title(game, family, options.lang))
        sheet = impose_pages(
            masters.deck_svgs(family.id), masters.backs[family.id], trim=(spec.width, spec.height),
            bleed=spec.bleed, text=text, paper=options.paper,
            duplex=options.duplex, back_offset=options.back_offset)
        notes += sheet.notes
        if options.duplex == "none":
            ordered += sheet.fronts
            backs_only += sheet.backs
        else:
            ordered += sheet.interleaved()
    return list(ordered), list(backs_only), notes


def doc_title(game, lang: str) -> str:
    parts = ", ".join(dict.fromkeys(game.ui(f.component, lang) for f in game.card_families))
    return f"{game.title.get(lang)}: {parts}"


@register
class CardsRenderer(Renderer):
    name = "cards"
    ui = ui_words.CARDS
    shares = "cards"
    kinds = ("cards", "svg")
    cost = 2.3

    def masters(self, game, ctx: RenderContext) -> Masters:
        return build_masters(game, ctx.options.lang, ctx.options.ink_saver)

    def render(self, game, ctx: RenderContext) -> list[OutputFile]:
        lang, options = ctx.options.lang, ctx.options
        masters = ctx.masters(game, self.name)
        ctx.notes += [n for n in (shrink_note(masters, lang), overflow_note(masters, lang)) if n]
        files = self._write_svgs(game, masters, ctx)
        pages, back_pages, notes = sheet_pages(game, masters, options)
        ctx.notes += [f"cards: {n}" for n in notes]
        info = pdf.DocInfo(doc_title(game, lang), duplex=options.duplex)
        backs = (pdf.render(back_pages, info), len(back_pages)) if back_pages else None
        return files + ctx.write_sheets(f"{game.id}-{lang}-cards", "cards", (pdf.render(pages, info), len(pages)), backs)

    @staticmethod
    def _write_svgs(game, masters: Masters, ctx: RenderContext) -> list[OutputFile]:
        files = []
        items = [(f"{family.id}-{card_id}", svg) for family in masters.families
                 for card_id, _, svg in masters.faces[family.id]]
        items += [(f"back-{family}", svg) for family, svg in masters.backs.items()]
        # the files carry their fonts (svg_fonts); the masters in memory stay as cairosvg draws them
        for (stem, _), svg in zip(items, svg_fonts.with_fonts([svg for _, svg in items])):
            path = f"svg/cards/{stem}.svg"
            ctx.path(path).write_text(svg, encoding="utf-8")
            files.append(OutputFile(path, "svg", 0))
        licence = f"svg/{svg_fonts.LICENCE.name}"  # the fonts inside the files travel with their licence
        ctx.path(licence).write_bytes(svg_fonts.LICENCE.read_bytes())
        return files + [OutputFile(licence, "svg", 0)]
