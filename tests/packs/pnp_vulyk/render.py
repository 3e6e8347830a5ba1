"""ВУЛИК's own renderer: the hex board, through pnp's general print machinery (tiling pages,
PDF). Its flower cards are pnp's card renderer's (pnp.components.cards, from the layout
templates/cards/flower.yaml)."""

from __future__ import annotations

import math

from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.print import pdf
from pnp.print.geometry import pt_to_mm
from pnp.print.tiling import Part, large_page
from pnp.typeset import fonts
from pnp_vulyk.model import Vulyk

MARGIN_MM = 5


def _hexagon(cx: float, cy: float, s: float) -> str:
    corners = [(cx + s * math.cos(math.radians(60 * k - 30)), cy + s * math.sin(math.radians(60 * k - 30)))
               for k in range(6)]
    return " ".join(f"{x:.3f},{y:.3f}" for x, y in corners)


def board_part(game: Vulyk) -> Part:
    """Pointy-top hexes: cell (q, r) centred at s·√3·(q + r/2), s·1.5·r from the centre cell."""
    s, n = game.hex_mm, game.radius
    width = math.sqrt(3) * s * (2 * n + 1) + 2 * MARGIN_MM
    height = s * (3 * n + 2) + 2 * MARGIN_MM
    body = []
    for q, r in game.cells():
        cx, cy = width / 2 + s * math.sqrt(3) * (q + r / 2), height / 2 + s * 1.5 * r
        body.append(f'<polygon points="{_hexagon(cx, cy, s)}" fill="#fdf3c4" stroke="#8a5a00" stroke-width="0.5"/>')
        body.append(f'<text x="{cx:.3f}" y="{cy + 1:.3f}" text-anchor="middle" font-size="{pt_to_mm(8):.3f}" '
                    f'{fonts.face("sans").svg_attr_text()}>{q},{r}</text>')
    return Part(width, height, "".join(body))


@register
class HexBoard(Renderer):
    name = "board"
    cost = 0.5

    def masters(self, game: Vulyk, ctx: RenderContext) -> Part:
        return board_part(game)

    def render(self, game: Vulyk, ctx: RenderContext) -> list[OutputFile]:
        lang = ctx.options.lang
        page = large_page(ctx.masters(game, self.name), game.ui("scale", lang), paper=ctx.options.paper)
        name = f"{game.id}-{lang}-board.pdf"
        ctx.path(name).write_bytes(pdf.render([page], pdf.DocInfo(f"{game.title[lang]} — {game.ui('board', lang)}")))
        return [OutputFile(name, "board", 1)]
