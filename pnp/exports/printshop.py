"""The `print-shop` renderer: single cards, the board and pieces for professional printing.

For every card family, in deck order, one card per page: MediaBox = BleedBox = trim +
bleed on each side, TrimBox = trim. Backs go to their own file (one back page per
front page, so a shop can pair them), or with ``--shop-order alternate`` into the same
file, each front followed by its back. A preset may fix the order: DriveThruCards wants
one file per deck, each card's back before its front, as PDF/X-1a:2003 in CMYK
(`pdfx`). Plus a folder of PNGs at 300 dpi with bleed, one per unique face (its copy
count in the name) and one per back.

The faces are the masters of whatever the game's renderers share (`Renderer.takes`):
cards (for a poker-size shop preset the cards module lays them out again at the shop's
size, `shop_presets`); a board, as one print-ready page (TrimBox = the board, bleed
round it); a set of large sheets (`sheet_set`), one such page per sheet in one file;
two-sided pieces, one page per copy and face, in the shop's order, a file per group.
Nothing here draws a card, a board, a sheet or a piece.

Files (``{p}`` = preset, ``{g}-{l}`` = game and language)::

    print-shop/{p}/{g}-{l}-{family}-fronts.pdf, ...-backs.pdf   (or {family}.pdf alternating)
    print-shop/{p}/png/{family}/{nn}-{card id}-x{count}.png, .../back.png
    print-shop/{p}/{g}-{l}-{board renderer}.pdf
    print-shop/{p}/{g}-{l}-{sheets renderer}.pdf                   (a page per sheet)
    print-shop/{p}/{g}-{l}-{piece group}-fronts.pdf, ...-backs.pdf   (or {group}.pdf alternating)
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass

from pnp.art import designer_art
from pnp.checks import card_layouts
from pnp.components import cards, ui_words
from pnp.components.card_family import family_title
from pnp.components.pieces import Piece, group_title
from pnp.print import cmyk, pdf, pdfx, raster
from pnp.components.base import BuildError, OutputFile, RenderContext, Renderer, register
from pnp.core.geometry import Box, px_to_mm
from pnp.print.tile_plan import Part
from pnp.exports.shop_presets import DPI, ORDERS, ShopPreset, preset as get_preset

BLEED = 3.0  # mm round a board or a piece (SPEC: print-shop pages), unless the preset gives its own


def shop_masters(game, ctx: RenderContext, shop: ShopPreset, name: str = cards.CardsRenderer.name
                 ) -> tuple[cards.Masters, object]:
    """(masters, card spec) for a preset: the build's own masters of cards renderer `name`, or a
    re-layout at the shop's size."""
    spec = shop.card_spec(game.print.card)
    if spec == game.print.card:
        return ctx.masters(game, name), spec
    key = f"card_masters:{shop.name}:{name}"
    if key not in ctx.cache:  # the renderer's own families, laid out again at the shop's size
        relaid = dataclasses.replace(game, print=dataclasses.replace(game.print, card=spec))
        ctx.cache[key] = cards.build_masters(relaid, ctx.options.lang, ctx.options.ink_saver,
                                             families=ctx.masters(game, name).families)
    return ctx.cache[key], spec


def card_page(svg: str, spec) -> pdf.Page:
    """One card on its own page: the page is the bleed box, the trim inside it."""
    w, h, b = spec.width, spec.height, spec.bleed
    media = Box(0, 0, w + 2 * b, h + 2 * b)
    return pdf.Page(media.w, media.h, (pdf.Placement(svg),), trim=Box(b, b, w, h), bleed=media)


def paired(fronts: list[pdf.Page], backs: list[pdf.Page], order: str) -> list[tuple[str, list[pdf.Page]]]:
    """(file suffix, pages): fronts and their backs in two files, or in one in the shop's order."""
    if order == "alternate":
        return [("", [page for pair in zip(fronts, backs) for page in pair])]
    if order == "back-first":
        return [("", [page for front, back in zip(fronts, backs) for page in (back, front)])]
    if order != "separate":
        raise ValueError(f"unknown shop order {order!r}; known: {', '.join(ORDERS)}")
    return [("-fronts", fronts), ("-backs", backs)]


def family_pdfs(masters: cards.Masters, family: str, spec, order: str) -> list[tuple[str, list[pdf.Page]]]:
    """(file suffix, pages) for one family in deck order."""
    fronts = [card_page(svg, spec) for svg in masters.deck_svgs(family)]
    return paired(fronts, [card_page(masters.backs[family], spec)] * len(fronts), order)


def bled_page(svg: str, width: float, height: float, bleed: float) -> pdf.Page:
    """A drawing `width` x `height` mm that stops at its edge (a board, a piece) on a page of its own:
    TrimBox = the drawing, the page `bleed` larger all round (white there, as the drawing's edge)."""
    media = Box(0, 0, width + 2 * bleed, height + 2 * bleed)
    return pdf.Page(media.w, media.h, (pdf.Placement(svg, bleed, bleed),), trim=Box(bleed, bleed, width, height),
                    bleed=media)


def board_page(part: Part, bleed: float) -> pdf.Page:
    return bled_page(part.svg(), part.width, part.height, bleed)


def piece_pdfs(pieces: tuple[Piece, ...], bleed: float, order: str) -> dict[str, list[tuple[str, list[pdf.Page]]]]:
    """Per piece group (in the pieces' order): (file suffix, pages), a front and a back page per copy."""
    groups: dict[str, list[Piece]] = {}
    for piece in pieces:
        groups.setdefault(piece.group, []).append(piece)
    out = {}
    for group, members in groups.items():
        copies = [p for p in members for _ in range(p.count)]
        out[group] = paired([bled_page(p.front, p.width, p.height, bleed) for p in copies],
                            [bled_page(p.back, p.width, p.height, bleed) for p in copies], order)
    return out


def png_items(masters: cards.Masters, family: str) -> list[tuple[str, str]]:
    """(file name, svg) of every unique face (numbered in content order, count in the name) and the back."""
    counts = Counter(masters.decks[family])
    items = [(f"{k:02d}-{card_id}-x{counts[card_id]}.png", svg)
             for k, (card_id, _, svg) in enumerate(masters.faces[family], start=1) if counts[card_id]]
    return items + [("back.png", masters.backs[family])]


def _notes(masters: cards.Masters, shop: ShopPreset, lang: str) -> list[str]:
    found = [cards.shrink_note(masters, lang), cards.overflow_note(masters, lang)]
    return [f"print-shop ({shop.name} layout): {n}" for n in found if n]


def _picture_notes(game, masters: cards.Masters, spec, shop: ShopPreset) -> list[str]:
    """The designer's pictures measured again at the shop's card size (check measured them at
    the content's): one that prints soft there is said, with its place."""
    relaid = dataclasses.replace(game, print=dataclasses.replace(game.print, card=spec))
    found = [p for family in masters.families for p in card_layouts.family_problems(relaid, family)
             if p.code in designer_art.CODES]
    return [f"print-shop ({shop.name} layout): {p.mark}: {p.message}" for p in found]


@dataclass(frozen=True)
class PdfTask:
    path: str
    pages: tuple[pdf.Page, ...]
    info: pdf.DocInfo
    press: cmyk.Press | None = None  # convert to PDF/X-1a in this CMYK


def run_task(task) -> bytes:
    """A PDF file or a PNG: one unit of work for the pool (module level, so it pickles)."""
    if isinstance(task, raster.RasterJob):
        return raster.run_job(task)
    data = pdf.render(task.pages, task.info)
    return data if task.press is None else pdfx.to_pdfx1a(data, task.press)


@register
class PrintShopRenderer(Renderer):
    name = "print-shop"
    ui = ui_words.PRINT_SHOP
    default = False
    kinds = ("print-shop", "png")
    takes = ("cards", "board", "sheets", "pieces")
    cost = 0.1

    def render(self, game, ctx: RenderContext) -> list[OutputFile]:
        options = ctx.options
        shop = get_preset(options.shop)
        folder = f"print-shop/{shop.name}"
        stem = f"{folder}/{game.id}-{options.lang}"
        pdfs, pngs = [], []
        for renderer, _ in ctx.shared(game, "cards"):
            masters, spec = shop_masters(game, ctx, shop, renderer.name)
            if spec != game.print.card:
                ctx.notes += _notes(masters, shop, options.lang) + _picture_notes(game, masters, spec, shop)
            pdfs += self._pdf_tasks(game, ctx, masters, spec, stem, shop)
            width, height = shop.png_size(spec)
            pngs += [(f"{folder}/png/{family.id}/{name}", raster.RasterJob(svg, width, height, dpi=DPI))
                     for family in masters.families for name, svg in png_items(masters, family.id)]
        pdfs += self._large_tasks(game, ctx, stem, shop)
        # One batch over every core: the PDFs (the longest tasks) first, the PNGs fill in.
        # PNGs already drawn in this build are reused, and kept for the TTS renderer.
        memo = raster.cache_of(ctx)
        todo = [job for job in dict.fromkeys(job for _, job in pngs) if job not in memo]
        results = raster.parallel_map(run_task, list(pdfs) + todo)
        memo.update(zip(todo, results[len(pdfs):]))
        files = []
        for task, data in zip(pdfs, results):
            ctx.path(task.path).write_bytes(data)
            files.append(OutputFile(task.path, "print-shop", len(task.pages)))
        for path, job in pngs:
            ctx.path(path).write_bytes(memo[job])
            files.append(OutputFile(path, "png", 0))
        return files

    @staticmethod
    def _large_tasks(game, ctx: RenderContext, stem: str, shop: ShopPreset) -> list[PdfTask]:
        """The shared boards, a page each, the shared sheet sets, a file each, and the shared pieces, a file per group."""
        lang = ctx.options.lang
        press = _press() if shop.pdfx else None
        bleed = px_to_mm(shop.bleed_px, DPI) if shop.bleed_px is not None else BLEED
        subject = f"print-shop, {shop.description}"
        tasks = [PdfTask(f"{stem}-{r.name}.pdf", (board_page(part, bleed),),
                         pdf.DocInfo(f"{game.title.get(lang)}: {game.ui(f'comp_{r.name}', lang)}", subject=subject), press)
                 for r, part in ctx.shared(game, "board")]
        tasks += [PdfTask(f"{stem}-{r.name}.pdf", tuple(board_page(s.part, bleed) for s in sheets.sheets),
                          pdf.DocInfo(f"{game.title.get(lang)}: {sheets.title}", subject=subject), press)
                  for r, sheets in ctx.shared(game, "sheets")]
        for _, pieces in ctx.shared(game, "pieces"):
            for group, files in piece_pdfs(pieces, bleed, shop.order or ctx.options.shop_order).items():
                info = pdf.DocInfo(f"{game.title.get(lang)}: {group_title(pieces, group)}", subject=subject)
                tasks += [PdfTask(f"{stem}-{group}{suffix}.pdf", tuple(pages), info, press) for suffix, pages in files]
        return tasks

    @staticmethod
    def _pdf_tasks(game, ctx, masters, spec, stem: str, shop: ShopPreset) -> list[PdfTask]:
        lang = ctx.options.lang
        press = _press() if shop.pdfx else None
        tasks = []
        for family in masters.families:
            component = family_title(game, family, lang)
            info = pdf.DocInfo(f"{game.title.get(lang)}: {component}", subject=f"print-shop singles, {shop.description}")
            for suffix, pages in family_pdfs(masters, family.id, spec, shop.order or ctx.options.shop_order):
                tasks.append(PdfTask(f"{stem}-{family.id}{suffix}.pdf", tuple(pages), info, press))
        return tasks


def _press() -> cmyk.Press:
    """The CMYK the PDF/X files are made for; a missing profile is the user's setup, said plainly."""
    try:
        return cmyk.Press(cmyk.profile_path())
    except FileNotFoundError as error:
        raise BuildError(f"--shop dtc: {error}") from None
