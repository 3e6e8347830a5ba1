"""The `tts` renderer: Tabletop Simulator decks, the board, table images and figurines.

It takes whatever the game's renderers share (`Renderer.takes`). For each card family:
face sheets (unique designs, cells touching, the hidden-card image — the family's back —
in the last cell; each sheet's cells as large as 4096 px allow, up to the 300 dpi render
they come from), one back image, and a saved-object JSON that spawns the whole deck
(every card, in deck order, named) in one step. A shared board: its image and a saved
Custom_Board that shows it. Table parts (`"table"`): images for a custom table. A shared
set of sheets: an image and a Custom_Tile each, the set's tiles side by side in one saved
file. Shared two-sided pieces: a front and a back image each, and per group a saved bag of
Figurine_Custom objects, one per copy. The JSON names its images by absolute file:///
URLs of where the build puts them, or, with ``--tts-url-base``, by URLs under the folder
where the user uploads them. Everything is rasterised from the masters of the renderers
that own them (`RenderContext.shared`); layout and JSON in `tts_layout`.

Files, all in ``tts/``::

    {g}-{l}-{family}.json  {g}-{l}-{family}-sheet-{key}.png  {g}-{l}-{family}-back.png
    {g}-{l}-{board}.png  {g}-{l}-{board}.json           (a shared board)
    {g}-{l}-{table part}.png  {g}-{l}-{table part, less its plural s}-{player}.png
    {g}-{l}-{sheets renderer}-{sheet id}.png  {g}-{l}-{sheets renderer}.json   (a shared set of sheets)
    {g}-{l}-{piece id}-front.png  ...-back.png  {g}-{l}-{piece group}.json
"""

from __future__ import annotations

import json
from typing import Iterable, Iterator

from PIL import Image

from pnp.components import ui_words
from pnp.components.card_family import family_title
from pnp.print import raster
from pnp.exports import tts_layout as tl
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.components.pieces import group_title
from pnp.components.sheet_set import SheetSet
from pnp.print.tile_plan import Part
from pnp.core.geometry import MM_PER_INCH, px_size
from pnp.exports.shop_presets import preset

BACK_DPI = 300  # the single back image: full print resolution of the trimmed card
TABLE_DPI = 200  # board, mats and sheets, unless that would exceed MAX_SIDE
TILE_SPACING = 12.0  # table units between the centres of a set's Custom_Tiles, so they lie apart
PIECE_DPI = 300  # a figurine's faces: print resolution
FOLDER = "tts"


def table_size(width_mm: float, height_mm: float) -> tuple[int, int, int]:
    """(width px, height px, dpi) of a large part: TABLE_DPI, or less so no side exceeds 4096 px."""
    dpi = min(TABLE_DPI, int(tl.MAX_SIDE * MM_PER_INCH / max(width_mm, height_mm)))
    return px_size(width_mm, dpi), px_size(height_mm, dpi), dpi


def sheet_bands(sheet: tl.Sheet, cells: Iterable, hidden, size: tuple[int, int]) -> Iterator:
    """A deck sheet's image one row of cells at a time, top to bottom: faces from cell 0, the
    hidden image in the last cell, white elsewhere (a row is all a PNG of the sheet needs at
    once: pnp.print.raster.png_of_bands)."""
    cells = iter(cells)
    for row in range(sheet.rows):
        band = Image.new("RGB", (sheet.cols * size[0], size[1]), (255, 255, 255))
        for index in range(row * sheet.cols, (row + 1) * sheet.cols):
            cell = hidden if index == sheet.hidden_cell else next(cells, None)
            if cell is not None:
                band.paste(cell, (tl.cell_box(sheet, index, size)[0], 0))
        yield band


def trim_box(spec, full: tuple[int, int]) -> tuple[float, float, float, float]:
    """The trim in pixels of a full-bleed render `full` px large."""
    sx, sy = full[0] / (spec.width + 2 * spec.bleed), full[1] / (spec.height + 2 * spec.bleed)
    b = spec.bleed
    return b * sx, b * sy, (b + spec.width) * sx, (b + spec.height) * sy


def full_size(spec) -> tuple[int, int]:
    """Pixel size of the 300 dpi full-bleed render of a card master (the generic print-shop's)."""
    return preset("generic").png_size(spec)


def full_job(svg: str, spec) -> raster.RasterJob:
    """The 300 dpi full-bleed render of a card master: the very job the generic print-shop runs."""
    return raster.RasterJob(svg, *full_size(spec), dpi=300)


def trim_px(spec) -> tuple[int, int]:
    """The trimmed card at BACK_DPI (the resolution of the renders every image comes from)."""
    return px_size(spec.width, BACK_DPI), px_size(spec.height, BACK_DPI)


def sheet_cell(spec, sheet: tl.Sheet) -> tuple[int, int]:
    """The cell size of one sheet: as large as its grid allows in 4096 px, never upsampled."""
    return tl.cell_size(spec.width, spec.height, sheet.cols, sheet.rows, largest=trim_px(spec))


def cell_job(full_png: bytes, spec, size: tuple[int, int]) -> raster.Resample:
    """A sheet cell: the trim of the 300 dpi render, resampled to the cell size."""
    return raster.Resample(full_png, trim_box(spec, full_size(spec)), *size, raw=True)


def card_cell(svg: str, spec, size: tuple[int, int]):
    """One cell image from scratch (what the renderer pastes), as a Pillow image."""
    return raster.image_from_raw(size, raster.resample(cell_job(raster.run_job(full_job(svg, spec)), spec, size)))


@register
class TTSRenderer(Renderer):
    name = "tts"
    ui = ui_words.TTS
    default = False
    takes = ("cards", "board", "table", "sheets", "pieces")
    cost = 1.7

    def render(self, game, ctx: RenderContext) -> list[OutputFile]:
        stem = f"{FOLDER}/{game.id}-{ctx.options.lang}"
        decks = [masters for _, masters in ctx.shared(game, "cards")]
        spec = game.print.card if decks else None
        plans, key = [], 1
        for masters in decks:
            for family in masters.families:
                deck = set(masters.decks[family.id])
                unique = [card_id for card_id, _, _ in masters.faces[family.id] if card_id in deck]
                plans.append((masters, family, tl.sheets(unique, key)))
                key += len(plans[-1][2])
        table = self._table_jobs(game, ctx)
        pieces = self._piece_jobs(game, ctx)
        svgs = self._svgs(plans)
        # one batch: big table images and small cards balance over the pool; the cards'
        # 300 dpi renders are the print-shop's own (reused when it ran in this build)
        jobs = [full_job(svg, spec) for svg in svgs.values()] + list(table.values()) + list(pieces.values())
        done = raster.render_many(jobs, raster.cache_of(ctx))
        full = dict(zip(svgs, done))
        files = []
        for masters, family, sheet_list in plans:
            files += self._deck(game, ctx, masters, family, sheet_list, full, stem)
        rendered = dict(zip(list(table) + list(pieces), done[len(svgs):]))
        for label in list(table) + list(pieces):
            name = f"{stem}-{label}.png"
            ctx.path(name).write_bytes(rendered[label])
            files.append(OutputFile(name, "tts", 0))
        return files + self._objects(game, ctx, stem)

    @staticmethod
    def _svgs(plans) -> dict:
        """Every master this renderer shows, by (family, card id | "back")."""
        svgs = {}
        for masters, family, sheet_list in plans:
            by_id = {card_id: svg for card_id, _, svg in masters.faces[family.id]}
            for card_id in (c for s in sheet_list for c in s.faces):
                svgs[family.id, card_id] = by_id[card_id]
            svgs[family.id, "back"] = masters.backs[family.id]
        return svgs

    @staticmethod
    def _sheet(full: dict, family: str, sheet: tl.Sheet, spec) -> bytes:
        """A deck sheet's PNG, its cells resampled from the 300 dpi renders in the workers and
        pasted into a row of cells as they come: a row and a cell or two are all the memory it
        holds (every deck's cells at once, the whole sheet and four copies of it in its PNG once
        made this step the build's peak)."""
        size = sheet_cell(spec, sheet)
        hidden = raster.image_from_raw(size, raster.resample(cell_job(full[family, "back"], spec, size)))
        raws = raster.parallel_iter(raster.resample, [cell_job(full[family, c], spec, size) for c in sheet.faces])
        faces = (raster.image_from_raw(size, raw) for raw in raws)
        width, height = sheet.cols * size[0], sheet.rows * size[1]
        return raster.png_of_bands((width, height), sheet_bands(sheet, faces, hidden, size))

    @classmethod
    def _deck(cls, game, ctx, masters, declared, sheet_list, full, stem) -> list[OutputFile]:
        files, urls, family = [], {}, declared.id
        spec = game.print.card
        back_name = f"{stem}-{family}-back.png"
        back = raster.Resample(full[family, "back"], trim_box(spec, full_size(spec)), *trim_px(spec), dpi=BACK_DPI)
        ctx.path(back_name).write_bytes(raster.resample(back))
        files.append(OutputFile(back_name, "tts", 0))
        folder, base = ctx.final_path(FOLDER), ctx.options.tts_url_base
        for sheet in sheet_list:
            name = f"{stem}-{family}-sheet-{sheet.key}.png"
            ctx.path(name).write_bytes(cls._sheet(full, family, sheet, spec))
            files.append(OutputFile(name, "tts", 0))
            urls[sheet.key] = tuple(tl.image_url(n.rsplit("/", 1)[-1], folder, base) for n in (name, back_name))
        names = {card_id: name for card_id, name, _ in masters.faces[family]}
        deck = [(card_id, names[card_id]) for card_id in masters.decks[family]]
        title = family_title(game, declared, ctx.options.lang)
        data = tl.saved_object(title, family, deck, sheet_list, urls)
        name = f"{stem}-{family}.json"
        ctx.path(name).write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        return files + [OutputFile(name, "tts", 0)]

    @staticmethod
    def _table_jobs(game, ctx: RenderContext) -> dict[str, raster.RasterJob]:
        """Shared boards, table parts and sheets at table resolution, by file label."""
        jobs = {}
        for renderer, masters in ctx.shared(game, "board") + ctx.shared(game, "table") + ctx.shared(game, "sheets"):
            if isinstance(masters, SheetSet):
                parts = [(f"{renderer.name}-{sheet.id}", sheet.part) for sheet in masters.sheets]
            elif isinstance(masters, Part):
                parts = [(renderer.name, masters)]
            else:
                parts = [(f"{renderer.name.removesuffix('s')}-{player.lower()}", part) for player, part in masters.items()]
            for label, part in parts:
                width, height, dpi = table_size(part.width, part.height)
                jobs[label] = raster.RasterJob(part.svg(), width, height, dpi=dpi)
        return jobs

    @staticmethod
    def _piece_jobs(game, ctx: RenderContext) -> dict[str, raster.RasterJob]:
        """Both faces of every shared piece at PIECE_DPI, by file label."""
        jobs = {}
        for _, pieces in ctx.shared(game, "pieces"):
            for piece in pieces:
                width, height = px_size(piece.width, PIECE_DPI), px_size(piece.height, PIECE_DPI)
                for side, svg in (("front", piece.front), ("back", piece.back)):
                    jobs[f"{piece.id}-{side}"] = raster.RasterJob(svg, width, height, dpi=PIECE_DPI)
        return jobs

    @staticmethod
    def _objects(game, ctx: RenderContext, stem: str) -> list[OutputFile]:
        """The saved objects that show the images: a Custom_Board per shared board, a row of
        Custom_Tiles per shared set of sheets, a bag of figurines per group of shared pieces (one
        figurine per copy)."""
        folder, base, lang = ctx.final_path(FOLDER), ctx.options.tts_url_base, ctx.options.lang

        def url(label: str) -> str:
            return tl.image_url(f"{stem}-{label}.png".rsplit("/", 1)[-1], folder, base)

        objects: dict[str, list[dict]] = {}
        for renderer, part in ctx.shared(game, "board"):
            name = f"{game.title.get(lang)} — {game.ui(f'comp_{renderer.name}', lang)}"
            objects[renderer.name] = [tl.board(f"{game.id}/{renderer.name}", name, url(renderer.name),
                                               part.width, part.height)]
        for renderer, sheets in ctx.shared(game, "sheets"):
            objects[renderer.name] = [
                tl.tile(f"{game.id}/{renderer.name}/{s.id}", f"{sheets.title} — {s.name}", url(f"{renderer.name}-{s.id}"),
                        s.part.width, s.part.height, k * TILE_SPACING) for k, s in enumerate(sheets.sheets)]
        for _, pieces in ctx.shared(game, "pieces"):
            groups: dict[str, list] = {}
            for piece in pieces:
                groups.setdefault(piece.group, []).extend(
                    tl.figurine(f"{piece.id}/{n}", piece.name, url(f"{piece.id}-front"), url(f"{piece.id}-back"),
                                piece.width, piece.height) for n in range(piece.count))
            for group, figurines in groups.items():
                objects[group] = [tl.bag(f"{game.id}/{group}", group_title(pieces, group), figurines)]
        files = []
        for label, objs in objects.items():
            name = f"{stem}-{label}.json"
            ctx.path(name).write_text(json.dumps(tl.saved(objs), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
            files.append(OutputFile(name, "tts", 0))
        return files
