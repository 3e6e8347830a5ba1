"""ВУЛИК's renderers: flower cards on home sheets and the hex board, through pnp's general
print machinery (imposition, tiling pages, PDF)."""

from __future__ import annotations

import math

import jinja2
from markupsafe import Markup

from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.print import pdf
from pnp.print.geometry import pt_to_mm
from pnp.print.imposition import SheetText, impose
from pnp.print.tiling import Part, large_page
from pnp.typeset import fonts
from pnp_vulyk.checks.names import NAME_PT
from pnp_vulyk.model import Vulyk
from pnp_vulyk.pack import PACK

TEMPLATES = jinja2.Environment(loader=jinja2.FileSystemLoader(str(PACK.templates / "cards")), autoescape=True,
                               undefined=jinja2.StrictUndefined)
MARGIN_MM = 5


def _face(game: Vulyk, name: str, text: str, fill: str) -> str:
    w, h, bleed = game.card
    return TEMPLATES.get_template("flower.svg.j2").render(
        w=w + 2 * bleed, h=h + 2 * bleed, fill=fill, name=name, text=text,
        name_size=pt_to_mm(NAME_PT), name_font=Markup(fonts.face("sans-bold").svg_attr_text()),
        text_size=pt_to_mm(9), text_font=Markup(fonts.face("sans").svg_attr_text()))


@register
class FlowerCards(Renderer):
    name = "cards"
    cost = 1.0

    def masters(self, game: Vulyk, ctx: RenderContext) -> tuple[list[str], str]:
        """(a face for every copy, in content order; the back)."""
        lang = ctx.options.lang
        faces = [_face(game, f.name[lang], game.ui("honey", lang).replace("{honey}", str(f.honey)), "#fdf3c4")
                 for f in game.flowers for _ in range(f.count)]
        return faces, _face(game, game.title[lang], "", "#e0a526")

    def render(self, game: Vulyk, ctx: RenderContext) -> list[OutputFile]:
        o, lang = ctx.options, ctx.options.lang
        faces, back = ctx.masters(game, self.name)
        label = f"{game.ui('cards', lang)} · {game.ui('sheet_page', lang)}"
        text = SheetText(f"{label} · {game.ui('front', lang)}", f"{label} · {game.ui('reverse', lang)}",
                         game.ui("scale", lang))
        w, h, bleed = game.card
        imposed = impose(faces, back, trim=(w, h), bleed=bleed, text=text, title=game.title[lang],
                         paper=o.paper, duplex=o.duplex, back_offset=o.back_offset)
        backs = (imposed.backs_pdf, imposed.backs_pages) if imposed.backs_pdf else None
        return ctx.write_sheets(f"{game.id}-{lang}-cards", "cards", (imposed.pdf, imposed.pages), backs)


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
