"""ВУЛИК's flower cards on home sheets, through pnp's general print machinery (imposition,
PDF); its hex board is pnp's general board renderer (the pack lists pnp.components.board_sheet)."""

from __future__ import annotations

import jinja2
from markupsafe import Markup

from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.print.geometry import pt_to_mm
from pnp.print.imposition import SheetText, impose
from pnp.typeset import fonts
from pnp_vulyk.checks.names import NAME_PT
from pnp_vulyk.model import Vulyk
from pnp_vulyk.pack import PACK

TEMPLATES = jinja2.Environment(loader=jinja2.FileSystemLoader(str(PACK.templates / "cards")), autoescape=True,
                               undefined=jinja2.StrictUndefined)


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
