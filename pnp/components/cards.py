"""The `cards` renderer: SVG masters of every card face and back, and the home sheets.

Writes ``{game}-{lang}-cards.pdf`` (battle, building and upgrade sheets, each front page
followed by its back page; with ``--duplex none`` the backs go to
``{game}-{lang}-cards-backs.pdf`` for gluing) and one SVG master per unique face and
per back under ``svg/cards/``. Its masters (`Masters`: the faces, backs and decks in deck
order with repeats) are what the print-shop, TTS and preview exporters reuse, through
`RenderContext.masters(game, "cards")`, instead of drawing again.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.tverdzha import kit_counts as kit
from pnp.games.tverdzha.model import Game
from pnp.components import card_faces, card_layout
from pnp.print import pdf
from pnp.typeset import svg_fonts
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.print.imposition import impose_pages, sheet_text

FAMILIES = card_layout.FAMILIES
COMPONENT_UI = {"battle": "comp_battle_cards", "building": "comp_building_cards", "upgrade": "comp_upgrade_cards"}


@dataclass(frozen=True)
class Masters:
    faces: dict[str, list[tuple[str, str, str]]]  # family -> [(card_id, name, svg)], content order
    backs: dict[str, str]
    decks: dict[str, list[str]]  # family -> card ids in deck order, repeated by count
    texts: tuple[card_layout.CardText, ...]

    def deck_svgs(self, family: str) -> list[str]:
        by_id = {card_id: svg for card_id, _, svg in self.faces[family]}
        return [by_id[card_id] for card_id in self.decks[family]]


def build_masters(game: Game, lang: str, ink_saver: bool = False) -> Masters:
    """Draw every unique face and the three backs once."""
    texts = {(t.family, t.card_id): t for t in card_layout.card_texts(game, lang)}
    faces: dict[str, list[tuple[str, str, str]]] = {f: [] for f in FAMILIES}
    for card in game.battle_cards:
        t = texts["battle", card.id]
        faces["battle"].append((card.id, t.name, card_faces.battle_face(game, card, t, lang, ink_saver)))
    for b in game.buildings:
        t = texts["building", b.id]
        faces["building"].append((b.id, t.name, card_faces.building_face(game, b, t, lang, ink_saver)))
    for b in game.buildings:
        t = texts["upgrade", b.upgrade.id]
        faces["upgrade"].append((b.upgrade.id, t.name, card_faces.upgrade_face(game, b, t, lang, ink_saver)))
    backs = {f: card_faces.back(game, f, lang, ink_saver) for f in FAMILIES}
    decks = {"battle": kit.battle_deck(game), "building": kit.building_deck(game),
             "upgrade": kit.upgrade_deck(game)}
    return Masters(faces, backs, decks, tuple(texts.values()))


def shrink_note(masters: Masters, lang: str, full_size: float) -> str | None:
    shrunk = [t for t in masters.texts if t.effect.size < full_size]
    if not shrunk:
        return None
    listed = ", ".join(f"{t.name} ({t.family} {t.card_id}, {t.effect.size:g} pt)" for t in shrunk)
    return f"cards ({lang}): effect text shrunk below {full_size:g} pt to fit on {len(shrunk)} card(s): {listed}"


def overflow_note(masters: Masters, lang: str) -> str | None:
    bad = [f"{t.name} ({t.family} {t.card_id}) {part} {r.overflow_mm:.1f} mm"
           for t in masters.texts for part, r in t.overflows()]
    return f"cards ({lang}): text does not fit on: " + ", ".join(bad) if bad else None


def sheet_pages(game: Game, masters: Masters, options) -> tuple[list[pdf.Page], list[pdf.Page], list[str]]:
    """All card sheets: (pages in print order, back pages for a separate file, notes)."""
    spec = game.print.card
    ordered, backs_only, notes = [], [], []
    for family in FAMILIES:
        text = sheet_text(game, options.lang, game.ui(COMPONENT_UI[family], options.lang))
        sheet = impose_pages(
            masters.deck_svgs(family), masters.backs[family], trim=(spec.width, spec.height),
            bleed=spec.bleed, text=text, paper=options.paper,
            duplex=options.duplex, back_offset=options.back_offset)
        notes += sheet.notes
        if options.duplex == "none":
            ordered += sheet.fronts
            backs_only += sheet.backs
        else:
            ordered += sheet.interleaved()
    return list(ordered), list(backs_only), notes


def doc_title(game: Game, lang: str) -> str:
    parts = ", ".join(game.ui(COMPONENT_UI[f], lang) for f in FAMILIES)
    return f"{game.title.get(lang)}: {parts}"


@register
class CardsRenderer(Renderer):
    name = "cards"
    kinds = ("cards", "svg")
    cost = 2.3

    def masters(self, game: Game, ctx: RenderContext) -> Masters:
        return build_masters(game, ctx.options.lang, ctx.options.ink_saver)

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        lang, options = ctx.options.lang, ctx.options
        masters = ctx.masters(game, self.name)
        ctx.notes += [n for n in (shrink_note(masters, lang, card_layout.EFFECT.size),
                                  overflow_note(masters, lang)) if n]
        files = self._write_svgs(game, masters, ctx)
        pages, back_pages, notes = sheet_pages(game, masters, options)
        ctx.notes += [f"cards: {n}" for n in notes]
        info = pdf.DocInfo(doc_title(game, lang), duplex=options.duplex)
        backs = (pdf.render(back_pages, info), len(back_pages)) if back_pages else None
        return files + ctx.write_sheets(f"{game.id}-{lang}-cards", "cards", (pdf.render(pages, info), len(pages)), backs)

    @staticmethod
    def _write_svgs(game: Game, masters: Masters, ctx: RenderContext) -> list[OutputFile]:
        files = []
        items = [(f"{family}-{card_id}", svg) for family in FAMILIES for card_id, _, svg in masters.faces[family]]
        items += [(f"back-{family}", svg) for family, svg in masters.backs.items()]
        # the files carry their fonts (svg_fonts); the masters in memory stay as cairosvg draws them
        for (stem, _), svg in zip(items, svg_fonts.with_fonts([svg for _, svg in items])):
            path = f"svg/cards/{stem}.svg"
            ctx.path(path).write_text(svg, encoding="utf-8")
            files.append(OutputFile(path, "svg", 0))
        licence = f"svg/{svg_fonts.LICENCE.name}"  # the fonts inside the files travel with their licence
        ctx.path(licence).write_bytes(svg_fonts.LICENCE.read_bytes())
        return files + [OutputFile(licence, "svg", 0)]
