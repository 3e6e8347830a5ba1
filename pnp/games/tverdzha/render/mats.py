"""The castle mats: one per player, in the player's colour and shape.

A mat holds what belongs to one castle: the building slots (each exactly a card plus
2 mm), the garrison (units inside the castle, capacity from the limits and the buildings
that raise it), the wounded box (sized by the infirmary buildings), the army reserve,
the storage tracks (0 to the largest cap, every cap marked with the building that
gives it) and a reminder of the round and the actions. Every number comes from the
model; the layout is computed from the card size and the counts.

The mat is larger than A4, so like the board it comes as one large page (A3 landscape)
and tiled over A4/Letter sheets with an assembly map.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.games.tverdzha import ui_keys
from pnp.games.tverdzha.model import Game
from pnp.print import pdf
from pnp.art import style
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.components.card_faces import mix
from pnp.art.draw import Pen, centred_text, icon, rect, rich, text
from pnp.core.geometry import Box
from pnp.art.icons import icon_defs
from pnp.games.tverdzha.render.mat_panels import (mat_facts, reminders_svg, spots_height, spots_width, storage_height, storage_svg,
                                   token_box_svg)
from pnp.print.tile_plan import Part, tile_text
from pnp.print.tiling import large_page, tiled_pages
from pnp.typeset.iconwords import SILENT

SLOT_MARGIN = 1.0  # each side: a slot is the card's trim + 2 mm
EDGE = 4.0  # part edge to the content
GAP = 4.0  # between slots and panels
HEADER = 12.0
SIDE_W = 88.0  # storage and the castle boxes
BOTTOM_H = 43.0  # round and actions reminder (at least)
PANEL_TOP = 9.0  # a side panel's top edge to its contents (below the title)
RESERVE_MIN_H = 20.0  # the army reserve: a title and two lines


@dataclass(frozen=True)
class MatLayout:
    width: float
    height: float
    header: Box
    slots: tuple[Box, ...]
    garrison: Box
    storage: Box
    wounded: Box
    reserve: Box
    reminders: Box


def mat_layout(game: Game) -> MatLayout:
    card = game.print.card
    sw, sh = card.width + 2 * SLOT_MARGIN, card.height + 2 * SLOT_MARGIN
    count = game.limits.building_slots
    cols = math.ceil((count + 1) / 2)  # two rows; the last place is the garrison
    grid_w = cols * sw + (cols - 1) * GAP
    top = EDGE + HEADER + GAP
    places = [Box(EDGE + c * (sw + GAP), top + r * (sh + GAP), sw, sh) for r in range(2) for c in range(cols)]
    grid_bottom = top + 2 * sh + GAP
    side = Box(EDGE + grid_w + GAP + 2, top, SIDE_W, 0)
    width = side.right + EDGE
    storage = Box(side.x, top, SIDE_W, storage_height(game))
    wounded = Box(side.x, storage.bottom + GAP, SIDE_W, PANEL_TOP + spots_height(game, 1))
    # the side column sets the height when the storage track is long; the reminder takes the rest
    height = max(grid_bottom + GAP + BOTTOM_H, wounded.bottom + GAP + RESERVE_MIN_H) + EDGE
    reserve = Box(side.x, wounded.bottom + GAP, SIDE_W, height - EDGE - wounded.bottom - GAP)
    return MatLayout(width, height, Box(EDGE, EDGE, width - 2 * EDGE, HEADER), tuple(places[:count]),
                     places[count], storage, wounded, reserve,
                     Box(EDGE, grid_bottom + GAP, grid_w, height - EDGE - grid_bottom - GAP))


def _header(game: Game, player: str, box: Box, pen: Pen, lang: str) -> str:
    colour = pen.player(player)
    out = rect(box, colour, pen.c("ink"), style.STROKE["regular"], style.RADIUS["panel"])
    out += icon(pen, f"player-{player.lower()}", box.x + 8, box.cy, 11)
    out += text(box.x + 16, box.cy + 2.6, game.ui("board_castle", lang, player=player), "serif-bold", 18,
                pen.c("on-colour"))
    note = game.ui("mat_header_note", lang)
    out += text(box.right - 4, box.cy + 1.6, note, "sans", 9, pen.c("on-colour"), anchor="end")
    return out


def _slot(game: Game, k: int, box: Box, pen: Pen, lang: str) -> str:
    """A building slot: its outline is the card plus the margin, exactly (a plain rectangle)."""
    out = rect(box, pen.c("paper"), pen.c("ink"), style.STROKE["regular"])
    card = box.inset(SLOT_MARGIN)
    out += rect(card, "none", pen.c("line"), style.STROKE["hair"], style.RADIUS["card"],
                stroke_dasharray="2 1.5")
    out += icon(pen, "building", box.cx, box.cy - 6, 18)
    out += centred_text(box.cx, box.cy + 10, game.ui("mat_slot", lang, n=k), "sans-bold", 10, pen.c("line"))
    return out


def _garrison(game: Game, box: Box, pen: Pen, lang: str, facts) -> str:
    colour = pen.player(facts.player)
    out = rect(box, mix(colour, 0.16), colour, 1.2)
    out += icon(pen, "castle", box.x + 8, box.y + 8, 9)
    out += rich(pen, f"**{game.ui('mat_garrison', lang)}**", Box(box.x + 14, box.y + 4, box.w - 16, 8),
                size=10, min_size=8, valign="middle", where="garrison title")
    spots = Box(box.x + 4, box.y + 15, box.w - 8, spots_height(game, 2))
    out += token_box_svg(game, spots, facts.garrison, game.print.unit_token, pen, lang)
    note = Box(box.x + 4, spots.bottom + 3, box.w - 8, box.bottom - spots.bottom - 6)
    out += rich(pen, facts.army_note, note, face="narrow", size=8.5, min_size=7, where="army limit")
    return out


def _panel(title_markup: str, box: Box, pen: Pen) -> str:
    out = rect(box, pen.c("paper"), pen.c("ink"), style.STROKE["regular"], style.RADIUS["panel"])
    return out + rich(pen, title_markup, Box(box.x + 3, box.y + 2, box.w - 6, 6), size=10, min_size=8,
                      valign="middle", where="panel title")


def mat_body(game: Game, player: str, lay: MatLayout, pen: Pen, lang: str) -> str:
    facts = mat_facts(game, player, lang)
    out = [_header(game, player, lay.header, pen, lang)]
    out += [_slot(game, k + 1, box, pen, lang) for k, box in enumerate(lay.slots)]
    out.append(_garrison(game, lay.garrison, pen, lang, facts))
    # a panel title's icon is its emblem: it says nothing in the text layer
    out.append(_panel(f"[storage~{SILENT}] **{game.ui('mat_storage', lang)}**", lay.storage, pen))
    out.append(storage_svg(game, lay.storage, facts, pen, lang))
    out.append(_panel(f"[wounded] **{game.ui('mat_wounded', lang)}**", lay.wounded, pen))
    spots = Box(lay.wounded.x + 3, lay.wounded.y + PANEL_TOP, spots_width(game, len(facts.wounded)),
                lay.wounded.h - PANEL_TOP - 2)
    out.append(token_box_svg(game, spots, facts.wounded, game.print.unit_token, pen, lang))
    note = Box(spots.right + 3, lay.wounded.y + PANEL_TOP, lay.wounded.right - spots.right - 6, spots.h)
    out.append(rich(pen, facts.wounded_note, note, face="narrow", size=8.5, min_size=7, where="wounded"))
    out.append(_panel(f"[army~{SILENT}] **{game.ui('mat_reserve', lang)}**", lay.reserve, pen))
    out.append(rich(pen, game.ui("mat_reserve_note", lang),
                    Box(lay.reserve.x + 3, lay.reserve.y + PANEL_TOP, lay.reserve.w - 6, lay.reserve.h - PANEL_TOP - 2),
                    face="narrow", size=8.5, min_size=7, where="reserve"))
    out.append(reminders_svg(game, lay.reminders, pen, lang))
    return "".join(out)


def mat_part(game: Game, player: str, lang: str, ink_saver: bool = False) -> tuple[Part, Pen, MatLayout]:
    lay = mat_layout(game)
    pen = Pen(ink_saver)
    body = mat_body(game, player, lay, pen, lang)
    return Part(lay.width, lay.height, body, icon_defs(pen.icons, ink_saver)), pen, lay


@register
class MatsRenderer(Renderer):
    name = "mats"
    ui = ui_keys.MATS
    shares = "table"
    cost = 2.6

    def masters(self, game: Game, ctx: RenderContext) -> dict[str, Part]:
        """{player: the mat as a tiling part} (the TTS and preview exporters reuse them)."""
        opts = ctx.options
        return {player: mat_part(game, player, opts.lang, opts.ink_saver)[0] for player in game.players}

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        opts = ctx.options
        title = f"{game.title.get(opts.lang)} — {game.ui('comp_mats', opts.lang)}"
        big_pages, tile_pages = [], []
        for player in game.players:
            part, pen, _ = mat_part(game, player, opts.lang, opts.ink_saver)
            ctx.made.setdefault(self.name, {})[player] = part  # drawn once: these are its masters
            ctx.notes.extend(f"mat {player}: {n}" for n in pen.notes)
            big_pages.append(large_page(part, game.ui("print_scale", opts.lang)))
            text = tile_text(game, opts.lang, game.ui("mat_part", opts.lang, player=player))
            tile_pages += tiled_pages(part, opts.paper, text, opts.ink_saver)[0]
        big = f"{game.id}-{opts.lang}-mats.pdf"
        ctx.path(big).write_bytes(pdf.render(big_pages, pdf.DocInfo(title)))
        tiles = f"{game.id}-{opts.lang}-mats-{opts.paper}-tiles.pdf"
        ctx.path(tiles).write_bytes(pdf.render(tile_pages, pdf.DocInfo(title)))
        return [OutputFile(big, "mats", len(big_pages)), OutputFile(tiles, "mats", len(tile_pages))]
