"""The `tts` renderer: Tabletop Simulator decks, card backs, board and mats as images.

For each card family: face sheets (unique designs, cells touching, the hidden-card
image — the family's back — in the last cell), one back image, and a saved-object JSON
that spawns the whole deck (every card, in deck order, named) in one step. The board
and the two mats as PNGs for a custom table. Everything is rasterised from the masters
of the modules that own them (`sources`); layout and JSON structure in `tts_layout`.

Files, all in ``tts/``::

    {g}-{l}-{family}.json  {g}-{l}-{family}-sheet-{key}.png  {g}-{l}-{family}-back.png
    {g}-{l}-board.png  {g}-{l}-mat-{player}.png
"""

from __future__ import annotations

import json

from pnp.content.model import Game
from pnp.render import cards, raster, sources
from pnp.render import tts_layout as tl
from pnp.render.base import OutputFile, RenderContext, Renderer, register
from pnp.render.geometry import MM_PER_INCH, px_size

BACK_DPI = 300  # the single back image: full print resolution of the trimmed card
TABLE_DPI = 200  # board and mats, unless that would exceed MAX_SIDE
FOLDER = "tts"


def table_size(width_mm: float, height_mm: float) -> tuple[int, int, int]:
    """(width px, height px, dpi) of a large part: TABLE_DPI, or less so no side exceeds 4096 px."""
    dpi = min(TABLE_DPI, int(tl.MAX_SIDE * MM_PER_INCH / max(width_mm, height_mm)))
    return px_size(width_mm, dpi), px_size(height_mm, dpi), dpi


def compose(sheet: tl.Sheet, cells: list, hidden, size: tuple[int, int]):
    """The sheet image: faces from cell 0, the hidden image in the last cell, white elsewhere."""
    from PIL import Image

    image = Image.new("RGB", (sheet.cols * size[0], sheet.rows * size[1]), (255, 255, 255))
    for index, cell in enumerate(cells):
        image.paste(cell, tl.cell_box(sheet, index, size))
    image.paste(hidden, tl.cell_box(sheet, sheet.hidden_cell, size))
    return image


@register
class TTSRenderer(Renderer):
    name = "tts"
    default = False

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        masters = sources.card_masters(game, ctx)
        spec = game.print.card
        trim = (spec.bleed, spec.bleed, spec.width, spec.height)
        size = tl.cell_size(spec.width, spec.height)
        stem = f"{FOLDER}/{game.id}-{ctx.options.lang}"
        plans, key = [], 1
        for family in cards.FAMILIES:
            deck = set(masters.decks[family])
            unique = [card_id for card_id, _, _ in masters.faces[family] if card_id in deck]
            plans.append((family, tl.sheets(unique, key)))
            key += len(plans[-1][1])
        table = self._table_parts(game, ctx)
        jobs = self._jobs(masters, plans, trim, size, spec)
        jobs.update(self._table_jobs(table))
        images = self._rasterise(ctx, jobs)  # one batch: the pool balances big and small jobs
        files = []
        for family, sheet_list in plans:
            files += self._deck(game, ctx, masters, family, sheet_list, images, stem, size)
        for label, _ in table:
            name = f"{stem}-{label}.png"
            ctx.path(name).write_bytes(images["table", label])
            files.append(OutputFile(name, "tts", 0))
        return files

    @staticmethod
    def _jobs(masters, plans, trim, size, spec) -> dict:
        """Every raster this renderer needs, by (family, card id | "hidden" | "back")."""
        jobs = {}
        for family, _ in plans:
            by_id = {card_id: svg for card_id, _, svg in masters.faces[family]}
            for card_id in (c for s in dict(plans)[family] for c in s.faces):
                jobs[family, card_id] = raster.RasterJob(by_id[card_id], *size, view=trim, raw=True)
            back = masters.backs[family]
            jobs[family, "hidden"] = raster.RasterJob(back, *size, view=trim, raw=True)
            jobs[family, "back"] = raster.RasterJob(back, px_size(spec.width, BACK_DPI), px_size(spec.height, BACK_DPI),
                                                    view=trim, dpi=BACK_DPI)
        return jobs

    @staticmethod
    def _rasterise(ctx: RenderContext, jobs: dict) -> dict:
        keys = list(jobs)
        results = raster.render_many([jobs[k] for k in keys], raster.cache_of(ctx))
        return {k: (raster.image_from_raw(jobs[k], data) if jobs[k].raw else data) for k, data in zip(keys, results)}

    @staticmethod
    def _deck(game, ctx, masters, family, sheet_list, cells, stem, size) -> list[OutputFile]:
        files, urls = [], {}
        back_name = f"{stem}-{family}-back.png"
        ctx.path(back_name).write_bytes(cells[family, "back"])
        files.append(OutputFile(back_name, "tts", 0))
        for sheet in sheet_list:
            name = f"{stem}-{family}-sheet-{sheet.key}.png"
            image = compose(sheet, [cells[family, c] for c in sheet.faces], cells[family, "hidden"], size)
            ctx.path(name).write_bytes(raster.png_bytes(image))
            files.append(OutputFile(name, "tts", 0))
            urls[sheet.key] = (name.rsplit("/", 1)[-1], back_name.rsplit("/", 1)[-1])
        names = {card_id: name for card_id, name, _ in masters.faces[family]}
        deck = [(card_id, names[card_id]) for card_id in masters.decks[family]]
        title = game.ui(cards.COMPONENT_UI[family], ctx.options.lang)
        data = tl.saved_object(title, family, deck, sheet_list, urls)
        name = f"{stem}-{family}.json"
        ctx.path(name).write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        return files + [OutputFile(name, "tts", 0)]

    @staticmethod
    def _table_parts(game: Game, ctx: RenderContext) -> list[tuple[str, object]]:
        parts = [("board", sources.board_part(game, ctx))]
        return parts + [(f"mat-{player.lower()}", part) for player, part in sources.mat_parts(game, ctx).items()]

    @staticmethod
    def _table_jobs(parts) -> dict:
        jobs = {}
        for label, part in parts:
            width, height, dpi = table_size(part.width, part.height)
            jobs["table", label] = raster.RasterJob(part.svg(), width, height, dpi=dpi)
        return jobs
