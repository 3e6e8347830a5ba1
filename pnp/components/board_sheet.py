"""A general board of any topology: an SVG master, one large page and the same board tiled.

Drawn from the content's board alone (`BoardSpec`, placed by `board_shapes`): every cell
with its label (the id unless the content gives one) and its coordinates ([col, row] on
a square grid, axial [q, r] on a hex grid) so players can set up and record games;
zones tinted in their colour with an outline around their cells; walls as thick lines
on the sides they stand on; the links of a graph board as lines under the cells;
spaces beside the board (a castle reached through entrances) as circles linked to
their entrance cells. The cell size and the gap come from the game's `print.board`.

A game enables it by listing `BoardSheetRenderer` among its renderers; a game with a
board of its own draws that as a game renderer and may share `write_board`.
"""

from __future__ import annotations

from pnp.art import style
from pnp.art.draw import Pen, centred_text, line, polygon
from pnp.components.base import OutputFile, RenderContext, Renderer
from pnp.components.board_shapes import Shapes, circle, shapes
from pnp.components.board_spec import BoardSpec
from pnp.components.card_faces import mix
from pnp.print import pdf
from pnp.print.tile_plan import Part, tile_text
from pnp.print.tiling import large_page, tiled_pages
from pnp.typeset import svg_fonts

MARGIN = 8.0  # mm from the part's edge to the outermost cell
WALL = 1.6  # mm: a wall is the thickest line on the board
ZONE_TINT = 0.4  # share of the zone colour in a cell's fill
#: zone colours when the content gives none, in zone order
ZONE_COLOURS = ("player-a", "player-b", "mountain", "gold", "building", "upgrade", "battle", "forest")


def coordinates(pos: tuple[int, int]) -> str:
    """A cell's coordinates as printed: '2, -1'."""
    return f"{pos[0]}, {pos[1]}"


def _zone_colours(spec: BoardSpec, pen: Pen) -> dict[str, str]:
    return {z.id: z.colour or pen.c(ZONE_COLOURS[i % len(ZONE_COLOURS)]) for i, z in enumerate(spec.zones)}


def _cells(sh: Shapes, pen: Pen, colours: dict[str, str]) -> str:
    spec = sh.spec
    fill = {c: mix(colours[z.id], ZONE_TINT) for z in spec.zones for c in z.cells}
    label, small = sh.cell * 0.7, sh.cell * 0.4  # points: a 20 mm cell gets a 14 pt label, 8 pt coordinates
    out = ""
    for cell in spec.cells:
        if sh.centres.get(cell.id) is None or sh.spec.graph.pos[cell.id] != cell.pos:
            continue  # a repeated id: the check reports it, the first one is drawn
        x, y = sh.centres[cell.id]
        out += polygon(sh.outlines[cell.id], fill.get(cell.id, pen.c("paper")), pen.c("ink"), style.STROKE["regular"])
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


def _zones(sh: Shapes, pen: Pen, colours: dict[str, str]) -> str:
    out = ""
    for zone in sh.spec.zones:
        colour = colours[zone.id]
        for ring in sh.zone_outline(zone):
            out += polygon(ring, "none", colour, style.STROKE["bold"] * 2)
        if zone.id in sh.spaces:
            x, y = sh.spaces[zone.id]
            out += polygon(circle((x, y), sh.cell), mix(colour, ZONE_TINT), colour, style.STROKE["bold"] * 2)
            out += centred_text(x, y, zone.id, "sans-bold", sh.cell * 0.5, pen.c("ink"))
    return out


def _walls(sh: Shapes, pen: Pen) -> str:
    out = ""
    for wall in sh.spec.walls:
        if sh.spec.graph.walled(wall.a, wall.b):
            (x1, y1), (x2, y2) = sh.wall(wall.a, wall.b)
            out += line(x1, y1, x2, y2, pen.c("ink"), WALL, stroke_linecap="round")
    return out


def board_part(spec: BoardSpec, cell: float, gap: float, ink_saver: bool = False) -> Part:
    """The whole board as one part: links under the cells, zones over them, walls on top."""
    pen = Pen(ink_saver)
    sh = shapes(spec, cell, gap, MARGIN)
    colours = _zone_colours(spec, pen)
    body = _links(sh, pen) + _cells(sh, pen, colours) + _zones(sh, pen, colours) + _walls(sh, pen)
    return Part(sh.width, sh.height, body)


def write_board(game, ctx: RenderContext, part: Part) -> list[OutputFile]:
    """The board part on one large page (A3, or its own size) and tiled over the build's paper."""
    opts = ctx.options
    ctx.cache["board_part"] = part  # the exporters reuse it (pnp/exports/sources.py)
    title = f"{game.title.get(opts.lang)} — {game.ui('comp_board', opts.lang)}"
    big = f"{game.id}-{opts.lang}-board.pdf"
    ctx.path(big).write_bytes(pdf.render([large_page(part, game.ui("print_scale", opts.lang))], pdf.DocInfo(title)))
    text = tile_text(game, opts.lang, game.ui("comp_board", opts.lang))
    pages, _ = tiled_pages(part, opts.paper, text, opts.ink_saver)
    tiles = f"{game.id}-{opts.lang}-board-{opts.paper}-tiles.pdf"
    ctx.path(tiles).write_bytes(pdf.render(pages, pdf.DocInfo(title)))
    return [OutputFile(big, "board", 1), OutputFile(tiles, "board", len(pages))]


class BoardSheetRenderer(Renderer):
    """`<game>-<lang>-board.pdf` (one large page) and `…-board-<paper>-tiles.pdf`."""

    name = "board"

    def render(self, game, ctx: RenderContext) -> list[OutputFile]:
        part = board_part(game.board.spec, game.print.board_cell, game.print.board_gap, ctx.options.ink_saver)
        return write_board(game, ctx, part) + self._master(game, ctx, part)

    @staticmethod
    def _master(game, ctx: RenderContext, part: Part) -> list[OutputFile]:
        """The SVG master, its fonts inside it and their licence beside it."""
        [svg] = svg_fonts.with_fonts([part.svg()])
        master, licence = f"svg/board/{game.id}-board.svg", f"svg/board/{svg_fonts.LICENCE.name}"
        ctx.path(master).write_text(svg, encoding="utf-8")
        ctx.path(licence).write_bytes(svg_fonts.LICENCE.read_bytes())
        return [OutputFile(master, "board", 0), OutputFile(licence, "board", 0)]
