"""The `models` renderer: ``<game>-<lang>-models.pdf``, the paper wall and castle to cut out.

The wall pieces (one per segment, then the spares) with the legend of the marks and the
wall's assembly steps come first; then, from a new sheet, the two half-towers, the joining
walls and the castle's assembly steps. On the shipped field that is a sheet each; a larger
hex flows onto more sheets. Every sheet carries, like every sheet of the kit,
its page label (above) and the 50 mm scale bar with its caption (below), all inside the
printable area (nothing within the no-print margin). The nets are also written as SVG
masters (svg/models/), their fonts inside them, as the board's master is.
"""

from __future__ import annotations

from pnp.art.draw import Pen
from pnp.art import svg
from pnp.components.pieces import Piece
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.games.oborona_zamka import ui_keys
from pnp.games.oborona_zamka.model import Game
from pnp.games.oborona_zamka.render import castle, steps, walls
from pnp.games.oborona_zamka.render.papercraft import Net, legend
from pnp.print import pdf
from pnp.core.geometry import Box, paper as get_paper
from pnp.print.sheetmarks import Slot, first_fit, label_blocks, put, scale_bar_blocks, svg_page
from pnp.typeset import svg_fonts

GAP = 2.5  # mm between nets (each is cut along its own outline)
SECTION_GAP = 5.0
BAND = 7.0  # the label band above, the scale bar band below
EDGE = 0.5  # a cut line's half stroke and then some, inside the printable area


def _rows(nets: list[Net], width: float) -> list[list[Net]]:
    """Nets left to right in rows no wider than `width`."""
    rows: list[list[Net]] = [[]]
    for net in nets:
        used = sum(n.width for n in rows[-1]) + GAP * len(rows[-1])
        if rows[-1] and used + net.width > width:
            rows.append([])
        rows[-1].append(net)
    return rows


def _flow(parts: list[list[list[Net]]], area: Box) -> list[str]:
    """Each part's blocks of nets, row by row, top to bottom, on as many sheets as they need.

    A part (the wall, the castle) starts a sheet of its own; its blocks (the nets, the key,
    the steps) follow each other SECTION_GAP apart, and a row that no longer fits goes on
    to the next sheet, so a larger hex means more sheets, never a clipped piece. Each row
    is centred; the SVG body of every sheet, in order.
    """
    bodies: list[str] = []
    for part in parts:
        body, y = "", area.y
        for k, block in enumerate(part):
            for j, row in enumerate(_rows(block, area.w)):
                width = sum(n.width for n in row) + GAP * (len(row) - 1)
                height = max(n.height for n in row)
                if width > area.w + 1e-6 or height > area.h + 1e-6:
                    raise ValueError(f"{row[0].name}: {width:.1f} x {height:.1f} mm is larger than a sheet's "
                                     f"{area.w:.1f} x {area.h:.1f} mm")
                top = y + (SECTION_GAP if k and not j and y > area.y else 0.0)
                if top + height > area.bottom + 1e-6:
                    bodies.append(body)
                    body, top = "", area.y
                x = area.x + (area.w - width) / 2
                for net in row:
                    body += svg.wrap(net.svg, transform=svg.translate(x, top))
                    x += net.width + GAP
                y = top + height + GAP
        bodies.append(body)
    return bodies


def sheets(game: Game, lang: str, paper: str, ink_saver: bool) -> tuple[list[pdf.Page], list[Net], list[str]]:
    """The model sheets, every net (for the SVG masters) and the notes of text that had to shrink."""
    sheet = get_paper(paper)
    printable = sheet.printable
    area = Box(printable.x + EDGE, printable.y + BAND, printable.w - 2 * EDGE, printable.h - 2 * BAND)
    pen = Pen(ink_saver)
    wall_nets = walls.wall_nets(game, lang, ink_saver)
    castle_nets = castle.castle_nets(game, lang, ink_saver)
    names = tuple(game.hex_name(c, lang) for c in game.field.castle)
    key = legend(game, lang, area.w)
    bodies = _flow([
        [wall_nets, [key], [steps.wall_steps(game, lang, pen, area.w, wall_nets[0])]],
        [castle_nets, [key], [steps.castle_steps(game, lang, pen, area.w, castle_nets[0], (names[0], names[1]))]],
    ], area)
    component = game.ui("models_title", lang)
    caption = game.ui("print_scale", lang)
    pages = []
    for number, body in enumerate(bodies, start=1):
        label = f"{component} · {game.ui('print_page', lang, page=number, pages=len(bodies))}"
        top = Slot(Box(printable.x, printable.y, printable.w, BAND - 1.0), False, "top")
        bottom = Slot(Box(printable.x, printable.bottom - BAND + 1.0, printable.w, BAND - 1.0), False, "bottom")
        chrome = [first_fit([top], label_blocks(label)), first_fit([bottom], scale_bar_blocks(caption))]
        if None in chrome:
            raise ValueError(f"no room for the page label or the scale bar on {paper}")
        body += "".join(put(*placed) for placed in chrome if placed is not None)
        pages.append(pdf.Page.of_svg(svg_page(sheet.width, sheet.height, body), sheet.width, sheet.height))
    return pages, wall_nets + castle_nets, pen.notes


@register
class ModelsRenderer(Renderer):
    """`<game>-<lang>-models.pdf`: the fortress wall's pieces and the castle, with assembly steps."""

    name = "models"
    ui = ui_keys.MODELS
    cost = 0.3
    shares = "pieces"  # the wall pieces, two-sided (pnp.components.pieces), for the exporters

    def masters(self, game: Game, ctx: RenderContext) -> tuple[Piece, ...]:
        """The fortress wall's pieces as they stand (the castle is a model, not a flat piece)."""
        return walls.wall_pieces(game, ctx.options.lang, ctx.options.ink_saver)

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        opts = ctx.options
        pages, nets, notes = sheets(game, opts.lang, opts.paper, opts.ink_saver)
        ctx.notes.extend(notes)
        title = f"{game.title.get(opts.lang)} — {game.ui('models_title', opts.lang)}"
        path = f"{game.id}-{opts.lang}-models.pdf"
        ctx.path(path).write_bytes(pdf.render(pages, pdf.DocInfo(title)))
        return [OutputFile(path, "models", len(pages))] + self._masters(game, ctx, nets)

    @staticmethod
    def _masters(game: Game, ctx: RenderContext, nets: list[Net]) -> list[OutputFile]:
        """One SVG master per net (fonts inside), and the fonts' licence beside them."""
        docs = [svg.document(n.width, n.height, n.svg, title=n.name) for n in nets]
        files = []
        for net, doc in zip(nets, svg_fonts.with_fonts(docs)):
            path = f"svg/models/{game.id}-{ctx.options.lang}-{net.slug}.svg"
            ctx.path(path).write_text(doc, encoding="utf-8")
            files.append(OutputFile(path, "models", 0))
        licence = f"svg/models/{svg_fonts.LICENCE.name}"
        ctx.path(licence).write_bytes(svg_fonts.LICENCE.read_bytes())
        return files + [OutputFile(licence, "models", 0)]
