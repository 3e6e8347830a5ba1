"""The `print-shop` renderer: single cards for professional printing, PDF and PNG.

For every card family, in deck order, one card per page: MediaBox = BleedBox = trim +
bleed on each side, TrimBox = trim. Backs go to their own file (one back page per
front page, so a shop can pair them), or with ``--shop-order alternate`` into the same
file, each front followed by its back. A preset may fix the order: DriveThruCards wants
one file per deck, each card's back before its front, as PDF/X-1a:2003 in CMYK
(`pdfx`). Plus a folder of PNGs at 300 dpi with bleed, one per unique face (its copy
count in the name) and one per back.

The faces are the cards renderer's SVG masters (declared in `needs`); for a
poker-size shop preset the cards module lays them out again at the shop's size
(`shop_presets`). Nothing here draws a card.

Files (``{p}`` = preset, ``{g}-{l}`` = game and language)::

    print-shop/{p}/{g}-{l}-{family}-fronts.pdf, ...-backs.pdf   (or {family}.pdf alternating)
    print-shop/{p}/png/{family}/{nn}-{card id}-x{count}.png, .../back.png
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass

from pnp.components import cards
from pnp.print import cmyk, pdf, pdfx, raster
from pnp.components.base import BuildError, OutputFile, RenderContext, Renderer, register
from pnp.print.geometry import Box
from pnp.exports.shop_presets import DPI, ShopPreset, preset as get_preset

ORDERS = ("separate", "alternate", "back-first")


def shop_masters(game, ctx: RenderContext, shop: ShopPreset) -> tuple[cards.Masters, object]:
    """(masters, card spec) for a preset: the build's own masters, or a re-layout at the shop's size."""
    spec = shop.card_spec(game.print.card)
    if spec == game.print.card:
        return ctx.masters(game, "cards"), spec
    key = f"card_masters:{shop.name}"
    if key not in ctx.cache:
        relaid = dataclasses.replace(game, print=dataclasses.replace(game.print, card=spec))
        ctx.cache[key] = cards.build_masters(relaid, ctx.options.lang, ctx.options.ink_saver)
    return ctx.cache[key], spec


def card_page(svg: str, spec) -> pdf.Page:
    """One card on its own page: the page is the bleed box, the trim inside it."""
    w, h, b = spec.width, spec.height, spec.bleed
    media = Box(0, 0, w + 2 * b, h + 2 * b)
    return pdf.Page(media.w, media.h, (pdf.Placement(svg),), trim=Box(b, b, w, h), bleed=media)


def family_pdfs(masters: cards.Masters, family: str, spec, order: str) -> list[tuple[str, list[pdf.Page]]]:
    """(file suffix, pages) for one family in deck order."""
    fronts = [card_page(svg, spec) for svg in masters.deck_svgs(family)]
    back = card_page(masters.backs[family], spec)
    if order == "alternate":
        return [("", [page for front in fronts for page in (front, back)])]
    if order == "back-first":
        return [("", [page for front in fronts for page in (back, front)])]
    if order != "separate":
        raise ValueError(f"unknown shop order {order!r}; known: {', '.join(ORDERS)}")
    return [("-fronts", fronts), ("-backs", [back] * len(fronts))]


def png_items(masters: cards.Masters, family: str) -> list[tuple[str, str]]:
    """(file name, svg) of every unique face (numbered in content order, count in the name) and the back."""
    counts = Counter(masters.decks[family])
    items = [(f"{k:02d}-{card_id}-x{counts[card_id]}.png", svg)
             for k, (card_id, _, svg) in enumerate(masters.faces[family], start=1) if counts[card_id]]
    return items + [("back.png", masters.backs[family])]


def _notes(masters: cards.Masters, shop: ShopPreset, lang: str) -> list[str]:
    found = [cards.shrink_note(masters, lang), cards.overflow_note(masters, lang)]
    return [f"print-shop ({shop.name} layout): {n}" for n in found if n]


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
    default = False
    kinds = ("print-shop", "png")
    needs = ("cards",)
    cost = 0.1

    def render(self, game, ctx: RenderContext) -> list[OutputFile]:
        options = ctx.options
        shop = get_preset(options.shop)
        masters, spec = shop_masters(game, ctx, shop)
        if spec != game.print.card:
            ctx.notes += _notes(masters, shop, options.lang)
        folder = f"print-shop/{shop.name}"
        pdfs = self._pdf_tasks(game, ctx, masters, spec, f"{folder}/{game.id}-{options.lang}", shop)
        width, height = shop.png_size(spec)
        pngs = [(f"{folder}/png/{family.id}/{name}", raster.RasterJob(svg, width, height, dpi=DPI))
                for family in masters.families for name, svg in png_items(masters, family.id)]
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
    def _pdf_tasks(game, ctx, masters, spec, stem: str, shop: ShopPreset) -> list[PdfTask]:
        lang = ctx.options.lang
        press = _press() if shop.pdfx else None
        tasks = []
        for family in masters.families:
            component = game.ui(family.component, lang)
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
