"""A general board of any topology: an SVG master, one large page and the same board tiled.

Drawn from the game's board alone (`BoardSpec`, placed by `board_shapes`): every cell
with its name (`BoardLabels.cells`) or, when the game names none, its id and its
coordinates ([col, row] on a square grid, axial [q, r] on a hex grid) so players can set
up and record games; zones filled with their colour (the content's, as given, or a tint
of the palette's) with an outline around their cells; walls as thick lines on the sides
they stand on; the links of a graph board as lines under the cells; spaces beside the
board (a castle reached through entrances) as circles linked to their entrance cells.
With labels the board carries its title above and a legend below (every zone that
shows on the board and the walls, by the names the game gives).

A game enables it by listing this module among its renderers; its model then provides
`BoardModel`. A game with a board of its own draws that as a game renderer and may share
`write_board`.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any, Callable, Protocol

from pnp.art import style, svg
from pnp.art.draw import Pen, centred_text, line, polygon, text
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.components.board_shapes import Shapes, circle, shapes
from pnp.components.board_spec import BoardLabels, BoardSpec
from pnp.components.card_faces import mix
from pnp.print import pdf
from pnp.print.tile_plan import Part, tile_text
from pnp.print.tiling import large_page, tiled_pages
from pnp.typeset import fonts, richtext, svg_fonts

MARGIN = 5.0  # mm from the part's edge to the outermost cell (a 34 mm hex field of 8 fits A3's printable width)
WALL = 1.6  # mm: a wall is the thickest line on the board
ZONE_TINT = 0.4  # share of the palette's zone colour in a cell's fill
OUTLINE_KEEP = 0.55  # a zone's outline: its fill darkened towards the ink
DARK = 0.45  # a fill darker than this (relative luminance) gets paper-coloured text
TITLE_PT, LEGEND_PT = 18.0, 10.0
SWATCH = 6.0  # mm across a legend swatch
LEGEND_GAP = 6.0  # mm between legend entries, and between the legend's rows
#: zone colours when the content gives none, in zone order
ZONE_COLOURS = ("player-a", "player-b", "mountain", "gold", "building", "upgrade", "battle", "forest")


class BoardModel(Protocol):
    """What this renderer reads of a game's model: every model with a general board provides it."""

    id: str
    title: Any  # the game's name: `.get(lang)`

    @property
    def board_spec(self) -> BoardSpec: ...  # the board

    @property
    def board_cell(self) -> float: ...  # mm across a cell (a hex's flats, a square's side, a circle)

    @property
    def board_gap(self) -> float: ...  # mm between neighbouring cells (0: they touch)

    def board_labels(self, lang: str) -> BoardLabels: ...  # the cells' names and the legend

    def ui(self, key: str, lang: str, **fields: Any) -> str: ...  # the kit's strings (board, scale, tiling)


def coordinates(pos: tuple[int, int]) -> str:
    """A cell's coordinates as printed: '2, -1'."""
    return f"{pos[0]}, {pos[1]}"


def _zone_fills(spec: BoardSpec, pen: Pen) -> dict[str, str]:
    """Each zone's fill: the content's colour as given (tinted for the ink saver), else a tint of the palette's."""
    return {z.id: mix(z.colour, ZONE_TINT) if z.colour and pen.ink_saver else z.colour
            or mix(pen.c(ZONE_COLOURS[i % len(ZONE_COLOURS)]), ZONE_TINT) for i, z in enumerate(spec.zones)}


def _owners(spec: BoardSpec) -> dict[str, str]:
    """Cell id -> the zone whose fill it shows: the last zone that lists it."""
    return {c: z.id for z in spec.zones for c in z.cells}


def text_on(fill: str, pen: Pen) -> str:
    """Ink on a light fill, paper on a dark one."""
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return pen.c("paper") if 0.2126 * r + 0.7152 * g + 0.0722 * b < DARK else pen.c("ink")


def _cells(sh: Shapes, pen: Pen, fills: dict[str, str], names: dict[str, str], name_pt: float | None = None) -> str:
    """Each cell filled by its zone and outlined, with its name (`name_pt` points, None: in
    proportion to the cell, 0: no text at all) or its id and coordinates."""
    spec = sh.spec
    owner = _owners(spec)
    label, small = sh.cell * 0.7, sh.cell * 0.4  # points: a 20 mm cell gets a 14 pt label, 8 pt coordinates
    name_size = sh.cell * 0.32 if name_pt is None else name_pt
    out = ""
    for cell in spec.cells:
        if sh.centres.get(cell.id) is None or sh.spec.graph.pos[cell.id] != cell.pos:
            continue  # a repeated id: the check reports it, the first one is drawn
        x, y = sh.centres[cell.id]
        fill = fills[owner[cell.id]] if cell.id in owner else pen.c("paper")
        out += polygon(sh.outlines[cell.id], fill, pen.c("ink"), style.STROKE["regular"])
        if name_pt == 0:  # a small picture of the board: shapes and colours only
            continue
        if cell.id in names:  # named: the name near the top, the middle free for the piece standing there
            out += centred_text(x, y - sh.cell * 0.3, names[cell.id], "sans-bold", name_size, text_on(fill, pen))
            continue
        out += centred_text(x, y - sh.cell * 0.06, cell.label or cell.id, "sans-bold", label, pen.c("ink"))
        out += centred_text(x, y + sh.cell * 0.22, coordinates(cell.pos), "sans", small, pen.c("muted"))
    return out


def _links(sh: Shapes, pen: Pen) -> str:
    """The links of a graph board, and the lines from each space beside the board to its entrances."""
    graph, out = sh.spec.graph, ""
    if sh.spec.topology == "graph":
        for a, b in graph.pairs():
            (x1, y1), (x2, y2) = sh.centres[a], sh.centres[b]
            out += line(x1, y1, x2, y2, pen.c("line"), style.STROKE["bold"] * 2)
    for zone in sh.spec.zones:
        if zone.id in sh.spaces:
            x1, y1 = sh.spaces[zone.id]
            for e in zone.entrances:
                if e in sh.centres:
                    out += line(x1, y1, *sh.centres[e], pen.c("line"), style.STROKE["bold"] * 2)
    return out


def _outline_colour(fill: str, pen: Pen) -> str:
    return mix(fill, OUTLINE_KEEP, towards=pen.c("ink"))


def _zones(sh: Shapes, pen: Pen, fills: dict[str, str]) -> str:
    out = ""
    for zone in sh.spec.zones:
        fill, colour = fills[zone.id], _outline_colour(fills[zone.id], pen)
        for ring in sh.zone_outline(zone):
            out += polygon(ring, "none", colour, style.STROKE["bold"] * 2)
        if zone.id in sh.spaces:
            x, y = sh.spaces[zone.id]
            out += polygon(circle((x, y), sh.cell), fill, colour, style.STROKE["bold"] * 2)
            out += centred_text(x, y, zone.id, "sans-bold", sh.cell * 0.5, text_on(fill, pen))
    return out


def _walls(sh: Shapes, pen: Pen) -> str:
    out = ""
    for wall in sh.spec.walls:
        if sh.spec.graph.walled(wall.a, wall.b):
            (x1, y1), (x2, y2) = sh.wall(wall.a, wall.b)
            out += line(x1, y1, x2, y2, pen.c("ink"), WALL, stroke_linecap="round")
    return out


def _swatch(x: float, cy: float, fill: str, outline: str, topology: str) -> str:
    """A cell-shaped legend swatch SWATCH mm across, its left edge at x."""
    c = x + SWATCH / 2
    if topology == "hex":
        r = SWATCH / math.sqrt(3)
        ring = [(c + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in (-90, -30, 30, 90, 150, 210)]
    elif topology == "square":
        h = SWATCH / 2
        ring = [(c - h, cy - h), (c + h, cy - h), (c + h, cy + h), (c - h, cy + h)]
    else:
        ring = list(circle((c, cy), SWATCH))
    return polygon(ring, fill, outline, style.STROKE["bold"] * 2)


def _wall_swatch(x: float, cy: float, ink: str) -> str:
    """The walls' legend swatch: a wall SWATCH mm long."""
    return line(x, cy, x + SWATCH, cy, ink, WALL, stroke_linecap="round")


def _legend(spec: BoardSpec, labels: BoardLabels, pen: Pen, fills: dict[str, str], width: float
            ) -> tuple[str, float]:
    """(SVG from y = 0, height) of the legend rows, centred in `width`: each zone that shows its
    fill on the board and has a name, then the walls; entries wrap to a new row when one is full."""
    shown = set(_owners(spec).values()) | {z.id for z in spec.zones if z.pos is not None}
    entries: list[tuple[Callable[[float, float], str], str]] = [
        (partial(_swatch, fill=fills[z.id], outline=_outline_colour(fills[z.id], pen), topology=spec.topology),
         labels.zones[z.id]) for z in spec.zones if z.id in shown and z.id in labels.zones]
    if labels.wall and spec.walls:
        entries.append((partial(_wall_swatch, ink=pen.c("ink")), labels.wall))
    rows: list[list[tuple[Callable[[float, float], str], str, float]]] = [[]]
    room = width - 2 * MARGIN
    for draw, name in entries:
        size = SWATCH + 2.0 + fonts.text_width_mm(name, "sans", LEGEND_PT)
        used = sum(e[2] for e in rows[-1]) + LEGEND_GAP * len(rows[-1])
        if rows[-1] and used + size > room:
            rows.append([])
        rows[-1].append((draw, name, size))
    out, cap = "", richtext.cap_height_mm("sans", LEGEND_PT)
    for k, row in enumerate(rows):
        cy = SWATCH / 2 + k * (SWATCH + LEGEND_GAP / 2)
        x = (width - sum(e[2] for e in row) - LEGEND_GAP * (len(row) - 1)) / 2
        for draw, name, size in row:
            out += draw(x, cy) + text(x + SWATCH + 2.0, cy + cap / 2, name, "sans", LEGEND_PT, pen.c("ink"))
            x += size + LEGEND_GAP
    return (out, len(rows) * (SWATCH + LEGEND_GAP / 2) + MARGIN) if entries else ("", 0.0)


def board_part(spec: BoardSpec, cell: float, gap: float, ink_saver: bool = False,
               labels: BoardLabels = BoardLabels(), title: str = "", name_pt: float | None = None) -> Part:
    """The whole board as one part: links under the cells, zones over them, walls on top; the
    `title` above it and the legend of `labels` below it. `name_pt` sets the cells' names in
    points (a small diagram keeps them readable; 0 prints no cell text), None scales them
    with the cell."""
    pen = Pen(ink_saver)
    sh = shapes(spec, cell, gap, MARGIN)
    fills = _zone_fills(spec, pen)
    body = _links(sh, pen) + _cells(sh, pen, fills, dict(labels.cells), name_pt) + _zones(sh, pen, fills) + _walls(sh, pen)
    if not title and not labels.zones and not labels.wall:
        return Part(sh.width, sh.height, body)
    cap = richtext.cap_height_mm("sans-bold", TITLE_PT)
    top = MARGIN + cap if title else 0.0
    heading = centred_text(sh.width / 2, MARGIN + cap / 2, title, "sans-bold", TITLE_PT, pen.c("ink")) if title else ""
    legend, depth = _legend(spec, labels, pen, fills, sh.width)
    below = svg.wrap(legend, transform=svg.translate(0, top + sh.height)) if legend else ""
    return Part(sh.width, round(top + sh.height + depth, 6), heading + svg.wrap(body, transform=svg.translate(0, top)) + below)


def write_board(game, ctx: RenderContext, part: Part) -> list[OutputFile]:
    """The board part on one large page (A3, or its own size) and tiled over the build's paper."""
    opts = ctx.options
    title = f"{game.title.get(opts.lang)} — {game.ui('comp_board', opts.lang)}"
    big = f"{game.id}-{opts.lang}-board.pdf"
    ctx.path(big).write_bytes(pdf.render([large_page(part, game.ui("print_scale", opts.lang))], pdf.DocInfo(title)))
    text = tile_text(game, opts.lang, game.ui("comp_board", opts.lang))
    pages, _ = tiled_pages(part, opts.paper, text, opts.ink_saver)
    tiles = f"{game.id}-{opts.lang}-board-{opts.paper}-tiles.pdf"
    ctx.path(tiles).write_bytes(pdf.render(pages, pdf.DocInfo(title)))
    return [OutputFile(big, "board", 1), OutputFile(tiles, "board", len(pages))]


@register
class BoardSheetRenderer(Renderer):
    """`<game>-<lang>-board.pdf` (one large page), `…-board-<paper>-tiles.pdf` and the SVG master,
    for any game whose model is a `BoardModel`."""

    name = "board"
    shares = "board"
    cost = 0.5

    def masters(self, game: BoardModel, ctx: RenderContext) -> Part:
        """The board as a tiling part, titled, with its legend (the exporters reuse it)."""
        lang = ctx.options.lang
        title = f"{game.title.get(lang)} — {game.ui('comp_board', lang)}"
        return board_part(game.board_spec, game.board_cell, game.board_gap, ctx.options.ink_saver,
                          game.board_labels(lang), title)

    def render(self, game: BoardModel, ctx: RenderContext) -> list[OutputFile]:
        part = ctx.masters(game, self.name)
        return write_board(game, ctx, part) + self._master(game, ctx, part)

    @staticmethod
    def _master(game, ctx: RenderContext, part: Part) -> list[OutputFile]:
        """The SVG master, its fonts inside it and their licence beside it."""
        [svg] = svg_fonts.with_fonts([part.svg()])
        master, licence = f"svg/board/{game.id}-board.svg", f"svg/board/{svg_fonts.LICENCE.name}"
        ctx.path(master).write_text(svg, encoding="utf-8")
        ctx.path(licence).write_bytes(svg_fonts.LICENCE.read_bytes())
        return [OutputFile(master, "board", 0), OutputFile(licence, "board", 0)]
