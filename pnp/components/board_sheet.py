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

from shapely.affinity import translate
from shapely.geometry import Polygon, box as shapely_box
from shapely.ops import unary_union

from pnp.art import style, svg
from pnp.art.draw import Pen, centred_text, line, polygon, rect, text
from pnp.components import board_terrain, ui_words
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.components.board_shapes import Shapes, circle, shapes
from pnp.components.board_spec import BoardLabels, BoardSpec
from pnp.components.card_faces import mix
from pnp.print import pdf
from pnp.core.geometry import Box
from pnp.print.tile_plan import Part, tile_text
from pnp.print.tiling import large_page, room_on, tiled_pages
from pnp.typeset import fonts, richtext, svg_fonts

MARGIN = 5.0  # mm from the part's edge to the outermost cell (a 34 mm hex field of 8 fits A3's printable width)
WALL = 1.6  # mm: a wall is the thickest line on the board
ZONE_TINT = 0.4  # share of the palette's zone colour in a cell's fill
OUTLINE_KEEP = 0.55  # a zone's outline: its fill darkened towards the ink
DARK = 0.45  # a fill darker than this (relative luminance) gets paper-coloured text
TITLE_PT, LEGEND_PT = 18.0, 10.0
SWATCH = 6.0  # mm across a legend swatch
LEGEND_GAP = 6.0  # mm between legend entries, and between the legend's rows
FRAME_BAND = 4.0  # mm from the part's edge to the framed board's title and legend
FRAME_OUTER, FRAME_INNER = 1.0, 0.3  # mm: the frame's two lines, the inner one FRAME_GAP inside the outer
FRAME_GAP = 1.4
PANEL_PAD = 3.0  # mm around the text of the title's cartouche and the legend's strip


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
            or mix(pen.c(style.ZONE_COLOURS[i % len(style.ZONE_COLOURS)]), ZONE_TINT) for i, z in enumerate(spec.zones)}


def _owners(spec: BoardSpec) -> dict[str, str]:
    """Cell id -> the zone whose fill it shows: the last zone that lists it."""
    return {c: z.id for z in spec.zones for c in z.cells}


def text_on(fill: str, pen: Pen) -> str:
    """Ink on a light fill, paper on a dark one."""
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return pen.c("paper") if 0.2126 * r + 0.7152 * g + 0.0722 * b < DARK else pen.c("ink")


def _ground_fill(spec: BoardSpec, pen: Pen) -> str | None:
    """The ground's fill (a tint with the ink saver), None when the board has no ground."""
    if spec.ground is None:
        return None
    return mix(spec.ground.colour, ZONE_TINT) if pen.ink_saver else spec.ground.colour


def _cells(sh: Shapes, pen: Pen, fills: dict[str, str], names: dict[str, str], name_pt: float | None = None) -> str:
    """Each cell filled by its zone (a cell of no zone shows the ground, or paper) and drawn as
    its zone's terrain, outlined, with its name (`name_pt` points, None: in proportion to the
    cell, 0: no text at all) or its id and coordinates."""
    spec = sh.spec
    owner = _owners(spec)
    terrain = {z.id: z.terrain for z in spec.zones if z.terrain}
    ground = _ground_fill(spec, pen)
    label, small = sh.cell * 0.7, sh.cell * 0.4  # points: a 20 mm cell gets a 14 pt label, 8 pt coordinates
    name_size = sh.cell * 0.32 if name_pt is None else name_pt
    out = ""
    for k, cell in enumerate(spec.cells):
        if sh.centres.get(cell.id) is None or sh.spec.graph.pos[cell.id] != cell.pos:
            continue  # a repeated id: the check reports it, the first one is drawn
        x, y = sh.centres[cell.id]
        zone = owner.get(cell.id)
        fill = fills[zone] if zone is not None else ground or pen.c("paper")
        if zone in terrain:  # the fill, the terrain's art over it, then the outline
            out += polygon(sh.outlines[cell.id], fill)
            out += board_terrain.draw(terrain[zone], Polygon(sh.outlines[cell.id]), sh.cell, fill, pen, salt=k)
            out += polygon(sh.outlines[cell.id], "none", pen.c("ink"), style.STROKE["regular"])
        else:  # the ground (drawn under the board) shows through a cell of no zone
            out += polygon(sh.outlines[cell.id], "none" if zone is None and ground else fill, pen.c("ink"),
                           style.STROKE["regular"])
        if name_pt == 0:  # a small picture of the board: shapes and colours only
            continue
        if cell.id in names:  # named: the name near the top, the middle free for the piece standing there
            out += centred_text(x, y - sh.cell * 0.3, names[cell.id], "sans-bold", name_size, text_on(fill, pen))
            continue
        out += centred_text(x, y - sh.cell * 0.06, cell.label or cell.id, "sans-bold", label, pen.c("ink"))
        out += centred_text(x, y + sh.cell * 0.22, coordinates(cell.pos), "sans", small, pen.c("muted"))
    return out


def _ground(sh: Shapes, pen: Pen, area: Polygon, keep_out: Polygon | None = None) -> str:
    """The ground's fill over `area` and its terrain, kept off the zones' cells (they draw their own)
    and off `keep_out` (the title and the legend)."""
    spec = sh.spec
    if spec.ground is None:
        return ""
    fill = _ground_fill(spec, pen)
    zoned = unary_union([Polygon(sh.outlines[c]) for z in spec.zones for c in z.cells if c in sh.outlines])
    w, h = sh.cell * 0.46, sh.cell * 0.24  # around a cell's name (board_sheet._cells): left clear to read it
    names = unary_union([shapely_box(x - w / 2, y - sh.cell * 0.3 - h / 2, x + w / 2, y - sh.cell * 0.3 + h / 2)
                         for x, y in sh.centres.values()])
    avoid = unary_union([g for g in (zoned, names, keep_out) if g is not None and not g.is_empty])
    ring = [(round(x, 3), round(y, 3)) for x, y in area.exterior.coords[:-1]]
    return polygon(ring, fill) + board_terrain.draw(spec.ground.terrain, area, sh.cell, fill, pen, avoid)


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


def _swatch(x: float, cy: float, fill: str, outline: str, topology: str, terrain: str | None = None,
            pen: Pen | None = None) -> str:
    """A cell-shaped legend swatch SWATCH mm across, its left edge at x, drawn as the zone's
    `terrain` when it has one (as its cells are)."""
    c = x + SWATCH / 2
    if topology == "hex":
        r = SWATCH / math.sqrt(3)
        ring = [(c + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in (-90, -30, 30, 90, 150, 210)]
    elif topology == "square":
        h = SWATCH / 2
        ring = [(c - h, cy - h), (c + h, cy - h), (c + h, cy + h), (c - h, cy + h)]
    else:
        ring = list(circle((c, cy), SWATCH))
    if terrain is None or pen is None:
        return polygon(ring, fill, outline, style.STROKE["bold"] * 2)
    return (polygon(ring, fill) + board_terrain.draw(terrain, Polygon(ring), SWATCH, fill, pen)
            + polygon(ring, "none", outline, style.STROKE["bold"] * 2))


def _wall_swatch(x: float, cy: float, ink: str) -> str:
    """The walls' legend swatch: a wall SWATCH mm long."""
    return line(x, cy, x + SWATCH, cy, ink, WALL, stroke_linecap="round")


def _legend(spec: BoardSpec, labels: BoardLabels, pen: Pen, fills: dict[str, str], width: float
            ) -> tuple[str, float]:
    """(SVG from y = 0, height) of the legend rows, centred in `width`: each zone that shows its
    fill on the board and has a name, then the walls; entries wrap to a new row when one is full."""
    shown = set(_owners(spec).values()) | {z.id for z in spec.zones if z.pos is not None}
    entries: list[tuple[Callable[[float, float], str], str]] = [
        (partial(_swatch, fill=fills[z.id], outline=_outline_colour(fills[z.id], pen), topology=spec.topology,
                 terrain=z.terrain, pen=pen),
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
               labels: BoardLabels = BoardLabels(), title: str = "", name_pt: float | None = None,
               room: tuple[float, float] | None = None) -> Part:
    """The whole board as one part: links under the cells, zones over them, walls on top; the
    `title` above it and the legend of `labels` below it. `name_pt` sets the cells' names in
    points (a small diagram keeps them readable; 0 prints no cell text), None scales them
    with the cell.

    A board with a ground lies on it: under its cells, and with `room` ((width, height) mm, the
    page's) on a framed piece of land that fills the room, the title in a cartouche at its top
    and the legend on a strip at its bottom; the cells keep their size."""
    pen = Pen(ink_saver)
    sh = shapes(spec, cell, gap, MARGIN)
    fills = _zone_fills(spec, pen)
    body = _links(sh, pen) + _cells(sh, pen, fills, dict(labels.cells), name_pt) + _zones(sh, pen, fills) + _walls(sh, pen)
    if spec.ground is not None and room is not None:
        return _framed(sh, pen, fills, labels, title, body, room)
    if spec.ground is not None:  # no room: the ground under the cells only
        cells = unary_union([Polygon(ring) for ring in sh.outlines.values()])
        body = "".join(_ground(sh, pen, area) for area in getattr(cells, "geoms", [cells])) + body
    if not title and not labels.zones and not labels.wall:
        return Part(sh.width, sh.height, body)
    cap = richtext.cap_height_mm("sans-bold", TITLE_PT)
    top = MARGIN + cap if title else 0.0
    heading = centred_text(sh.width / 2, MARGIN + cap / 2, title, "sans-bold", TITLE_PT, pen.c("ink")) if title else ""
    legend, depth = _legend(spec, labels, pen, fills, sh.width)
    below = svg.wrap(legend, transform=svg.translate(0, top + sh.height)) if legend else ""
    return Part(sh.width, round(top + sh.height + depth, 6), heading + svg.wrap(body, transform=svg.translate(0, top)) + below)


def _framed(sh: Shapes, pen: Pen, fills: dict[str, str], labels: BoardLabels, title: str, body: str,
            room: tuple[float, float]) -> Part:
    """The board on its ground, filling `room` inside a frame: the title's cartouche at the top,
    the cells in the middle, the legend's strip at the bottom (the room grows if they need more)."""
    width = max(room[0], sh.width)
    cap = richtext.cap_height_mm("sans-bold", TITLE_PT)
    title_h = cap + 2 * PANEL_PAD if title else 0.0
    legend, depth = _legend(sh.spec, labels, pen, fills, width)
    legend_h = depth - MARGIN + 2 * PANEL_PAD if legend else 0.0
    top = FRAME_BAND + title_h
    height = max(room[1], top + sh.height + legend_h + FRAME_BAND)
    x0 = round((width - sh.width) / 2, 6)
    y0 = round(top + (height - FRAME_BAND - legend_h - top - sh.height) / 2, 6)
    out, panels = "", []
    if title:
        w = fonts.text_width_mm(title, "sans-bold", TITLE_PT) + 4 * PANEL_PAD
        panels.append(Box((width - w) / 2, FRAME_BAND, w, title_h))
    if legend:
        panels.append(Box(FRAME_BAND, height - FRAME_BAND - legend_h, width - 2 * FRAME_BAND, legend_h))
    land = shapely_box(FRAME_OUTER, FRAME_OUTER, width - FRAME_OUTER, height - FRAME_OUTER)
    keep_out = unary_union([shapely_box(b.x, b.y, b.right, b.bottom).buffer(1.0) for b in panels]) if panels else None
    # the ground is drawn in the cells' coordinates, moved with them
    moved_out = None if keep_out is None else translate(keep_out, -x0, -y0)
    out += svg.wrap(_ground(sh, pen, translate(land, -x0, -y0), moved_out) + body, transform=svg.translate(x0, y0))
    for b in panels:
        out += rect(b, pen.c("paper"), _frame_colour(pen), FRAME_INNER, PANEL_PAD)
    if title:
        out += centred_text(width / 2, FRAME_BAND + title_h / 2, title, "sans-bold", TITLE_PT, pen.c("ink"))
    if legend:
        out += svg.wrap(legend, transform=svg.translate(0, height - FRAME_BAND - legend_h + PANEL_PAD))
    out += _frame(width, height, pen)
    return Part(width, round(height, 6), out)


def _frame_colour(pen: Pen) -> str:
    return pen.c("ink") if pen.ink_saver else mix(pen.c("ink"), 0.85)


def _frame(width: float, height: float, pen: Pen) -> str:
    """Two lines around the land: a strong one at its edge and a thin one inside it."""
    colour, half = _frame_colour(pen), FRAME_OUTER / 2
    out = rect(Box(half, half, width - FRAME_OUTER, height - FRAME_OUTER), "none", colour, FRAME_OUTER)
    inner = FRAME_OUTER + FRAME_GAP
    return out + rect(Box(inner, inner, width - 2 * inner, height - 2 * inner), "none", colour, FRAME_INNER)


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
    ui = ui_words.BOARD
    shares = "board"
    cost = 0.5

    def masters(self, game: BoardModel, ctx: RenderContext) -> Part:
        """The board as a tiling part, titled, with its legend (the exporters reuse it)."""
        lang = ctx.options.lang
        title = f"{game.title.get(lang)} — {game.ui('comp_board', lang)}"
        spec = game.board_spec
        room = room_on(game.ui("print_scale", lang)) if spec.ground is not None else None
        return board_part(spec, game.board_cell, game.board_gap, ctx.options.ink_saver,
                          game.board_labels(lang), title, room=room)

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
