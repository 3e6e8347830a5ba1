"""A data-only game's mats, sheets and player aids, drawn from the boxes `layout` works out and
printed through pnp's general parts: a mat or a sheet is a tiling `Part` (one page on the home
paper when it fits there, else a large page and tiles over the paper with an assembly map) shared
with the exporters as a `SheetSet`; the aids are card masters imposed as the cards are.

Every text is set by pnp.typeset (icons inline, the content's own among them); one that had to
shrink past what fits is a note of the build (`pnp check` refuses it before).
"""

from __future__ import annotations

from typing import Callable, ClassVar

from pnp.art import style
from pnp.art.draw import Pen, line, rect, rich
from pnp.art.icons import icon_defs
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.components.sheet_set import NamedSheet, SheetSet
from pnp.core.geometry import Box, paper as get_paper
from pnp.games.data import layout
from pnp.games.data.layout import Slot
from pnp.games.data.model import Game
from pnp.games.data.parts import Aid, Mat, Sheet, aid_trim
from pnp.games.data.render import fill_of, ink_on
from pnp.print import pdf
from pnp.print.imposition import impose_pages, render_runs, sheet_text
from pnp.print.sheetmarks import svg_page
from pnp.print.tile_plan import Part, tile_text
from pnp.print.tiling import large_page, tiled_pages


def _set(pen: Pen, slot: Slot, fill: str | None = None) -> str:
    return rich(pen, slot.markup, slot.box, face=slot.face, size=slot.size, min_size=slot.min_size, align=slot.align,
                valign=slot.valign, leading=slot.leading, fill=fill, where=slot.where)


# --- mats ----------------------------------------------------------------------------------------


def mat_part(mat: Mat, lang: str, pen: Pen) -> Part:
    colour = fill_of(mat.colour, pen.ink_saver)
    (title, _), *areas = layout.mat_slots(mat, lang)
    out = [rect(Box(0, 0, mat.width, mat.height), pen.c("paper"), pen.c("ink"), style.STROKE["thin"]),
           rect(layout.mat_band(mat), colour, pen.c("ink"), style.STROKE["regular"], style.RADIUS["panel"]),
           _set(pen, title, ink_on(colour))]
    for area in mat.areas:
        out.append(rect(area.box.box(), pen.c("panel"), pen.c("ink"), style.STROKE["regular"], style.RADIUS["panel"]))
    out += [_set(pen, slot) for slot, _ in areas]
    return Part(mat.width, mat.height, "".join(out), icon_defs(pen.icons, pen.ink_saver))


# --- sheets --------------------------------------------------------------------------------------


def sheet_part(sheet: Sheet, lang: str, pen: Pen) -> Part:
    table, cols = layout.table_box(sheet), layout.columns(sheet)
    ink, thin = pen.c("ink"), style.STROKE["thin"]
    out = [rect(Box(0, 0, sheet.width, sheet.height), pen.c("paper")),
           rect(Box(table.x, table.y, table.w, layout.HEAD_H), pen.c("panel"))]
    if sheet.row_names:
        out.append(rect(Box(cols[0].x, table.y + layout.HEAD_H, cols[0].w, table.h - layout.HEAD_H), pen.c("panel")))
    for k in range(sheet.rows + 1):
        y = table.y + layout.HEAD_H + k * sheet.row_height
        out.append(line(table.x, y, table.right, y, ink, style.STROKE["regular"] if k == 0 else thin))
    out += [line(col.x, table.y, col.x, table.bottom, ink, thin) for col in cols[1:]]
    out.append(rect(table, "none", ink, style.STROKE["regular"]))
    out += [_set(pen, slot) for slot, _ in layout.sheet_slots(sheet, lang)]
    return Part(sheet.width, sheet.height, "".join(out), icon_defs(pen.icons, pen.ink_saver))


# --- both: a page on the home paper, or a large page and tiles -----------------------------------


def fits_paper(part: Part, paper: str) -> bool:
    area = get_paper(paper).printable
    return (part.width <= area.w and part.height <= area.h) or (part.width <= area.h and part.height <= area.w)


class LargeParts(Renderer):
    """Mats or sheets: a SheetSet shared with the exporters (a print-shop page, a TTS tile and a
    preview picture each), printed one page each in `<game>-<lang>-<name>.pdf`, on the home paper
    when it fits there, else on a large page, and then tiled in `…-<name>-<paper>-tiles.pdf`."""

    shares = "sheets"
    cost = 0.5
    #: the ui key of the component's name
    component: ClassVar[str] = ""
    #: (game) -> the parts in content order; (part, lang, pen) -> its drawing
    items: ClassVar[Callable] = staticmethod(lambda game: ())
    draw: ClassVar[Callable] = staticmethod(lambda item, lang, pen: None)

    def applies(self, game: Game) -> bool:
        return bool(type(self).items(game))

    def drawn(self, game: Game, lang: str, ink_saver: bool) -> tuple[SheetSet, list[str]]:
        sheets, notes = [], []
        for item in type(self).items(game):
            pen = Pen(ink_saver)
            sheets.append(NamedSheet(item.id, item.name.get(lang), type(self).draw(item, lang, pen)))
            notes += pen.notes
        return SheetSet(game.ui(self.component, lang), tuple(sheets)), notes

    def masters(self, game: Game, ctx: RenderContext) -> SheetSet:
        return self.drawn(game, ctx.options.lang, ctx.options.ink_saver)[0]

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        opts = ctx.options
        drawn, notes = self.drawn(game, opts.lang, opts.ink_saver)
        ctx.made[self.name] = drawn  # drawn once: these are its masters
        ctx.notes.extend(f"{self.name}: {n}" for n in notes)
        title = f"{game.title.get(opts.lang)}: {drawn.title}"
        caption = game.ui("print_scale", opts.lang)
        pages, tiles = [], []
        for sheet in drawn.sheets:
            if fits_paper(sheet.part, opts.paper):
                pages.append(large_page(sheet.part, caption, opts.paper))
                continue
            pages.append(large_page(sheet.part, caption))
            text = tile_text(game, opts.lang, f"{drawn.title}: {sheet.name}")
            tiles += tiled_pages(sheet.part, opts.paper, text, opts.ink_saver)[0]
        whole = f"{game.id}-{opts.lang}-{self.name}.pdf"
        ctx.path(whole).write_bytes(pdf.render(pages, pdf.DocInfo(title)))
        files = [OutputFile(whole, self.name, len(pages))]
        if tiles:
            tiled = f"{game.id}-{opts.lang}-{self.name}-{opts.paper}-tiles.pdf"
            ctx.path(tiled).write_bytes(pdf.render(tiles, pdf.DocInfo(title)))
            files.append(OutputFile(tiled, self.name, len(tiles)))
        return files


@register
class Mats(LargeParts):
    name = "mats"
    component = "comp_mats"
    items = staticmethod(lambda game: game.mats)
    draw = staticmethod(mat_part)


@register
class Sheets(LargeParts):
    name = "sheets"
    component = "comp_sheets"
    items = staticmethod(lambda game: game.sheets)
    draw = staticmethod(sheet_part)


# --- aids ----------------------------------------------------------------------------------------


def aid_front(game: Game, aid: Aid, lang: str, pen: Pen) -> str:
    frame = layout.aid_frame(aid, game.print.card)
    w, h = frame.full
    colour = fill_of(aid.colour, pen.ink_saver)
    (title, _), *columns = layout.aid_slots(aid, game.print.card, lang)
    out = rect(Box(0, 0, w, h), pen.c("paper")) + rect(Box(0, 0, w, frame.bleed + frame.header), colour)
    out += _set(pen, title, ink_on(colour))
    # one size for every column: the largest at which the fullest fits
    fits = [layout.fit(slot) for slot, _ in columns]
    size = min(fit.size for fit in fits)
    out += "".join(_set(pen, Slot(s.markup, s.box, s.face, size, size, where=s.where)) for s, _ in columns)
    return svg_page(w, h, icon_defs(pen.icons, pen.ink_saver) + out)


def aid_back(game: Game, aid: Aid, lang: str, pen: Pen) -> str:
    frame = layout.aid_frame(aid, game.print.card)
    w, h = frame.full
    colour = fill_of(aid.colour, pen.ink_saver)
    ink, b = ink_on(colour), frame.bleed
    inner = Box(b + frame.safe, b + frame.safe, frame.width - 2 * frame.safe, frame.height - 2 * frame.safe)
    out = rect(Box(0, 0, w, h), colour) + rect(inner, "none", ink, style.STROKE["regular"], style.RADIUS["card"])
    middle = Box(inner.x + 2, inner.y + 2, inner.w - 4, inner.h - 4)
    markup = f"**{game.title.get(lang)}**\n{aid.name.get(lang)}"
    out += _set(pen, Slot(markup, middle, "serif", frame.title_pt + 2, 8, align="center", valign="middle",
                          where=f"aid {aid.id} back"), ink)
    return svg_page(w, h, icon_defs(pen.icons, pen.ink_saver) + out)


def aid_masters(game: Game, lang: str, ink_saver: bool) -> tuple[list[tuple[Aid, str, str]], list[str]]:
    """((aid, front, back) per copy, in content order; the notes of what had to shrink)."""
    out, notes = [], []
    for aid in game.aids:
        pen = Pen(ink_saver)
        front, back = aid_front(game, aid, lang, pen), aid_back(game, aid, lang, pen)
        out += [(aid, front, back)] * aid.count
        notes += pen.notes
    return out, notes


@register
class Aids(Renderer):
    """`<game>-<lang>-aids.pdf`: the player aids imposed with their backs, the card-sized ones on
    sheets of their own before the half-page ones (with --duplex none the backs go to
    `…-aids-backs.pdf`)."""

    name = "aids"
    shares = "aids"
    cost = 0.3

    def applies(self, game: Game) -> bool:
        return bool(game.aids)

    @staticmethod
    def names(game: Game, lang: str) -> list[str]:
        """The fronts' names in `masters` order (the preview's labels)."""
        return [aid.name.get(lang) for aid in game.aids for _ in range(aid.count)]

    def masters(self, game: Game, ctx: RenderContext) -> tuple[list[str], list[str]]:
        made, _ = aid_masters(game, ctx.options.lang, ctx.options.ink_saver)
        return [front for _, front, _ in made], [back for _, _, back in made]

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        opts = ctx.options
        made, notes = aid_masters(game, opts.lang, opts.ink_saver)
        ctx.made[self.name] = ([f for _, f, _ in made], [b for _, _, b in made])
        ctx.notes.extend(f"aids: {n}" for n in notes)
        text = sheet_text(game, opts.lang, game.ui("comp_aids", opts.lang))
        runs = []
        for size in ("card", "half-page"):
            chosen = [(aid, f, b) for aid, f, b in made if aid.size == size]
            if not chosen:
                continue
            sheet = impose_pages([f for _, f, _ in chosen], [b for _, _, b in chosen],
                                 trim=aid_trim(chosen[0][0], game.print.card), bleed=game.print.card.bleed, text=text,
                                 paper=opts.paper, duplex=opts.duplex, back_offset=opts.back_offset)
            ctx.notes.extend(f"aids: {n}" for n in sheet.notes)
            runs.append(sheet)
        title = f"{game.title.get(opts.lang)}: {game.ui('comp_aids', opts.lang)}"
        return ctx.write_sheets(f"{game.id}-{opts.lang}-aids", "aids", *render_runs(runs, title, opts.duplex))
