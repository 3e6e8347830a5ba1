"""What the kit's large sheets have in common as renderers: the capital sheets, the magic boards, the
reference boards and the worksheet each draw one `SheetSet`, print it as a PDF of a page a sheet
(`<game>-<lang>-<name>.pdf`) and share it with the exporters (`shares = "sheets"`), drawn once a
build. A renderer says only how its set is drawn (`draw`).
"""

from __future__ import annotations

from typing import Callable, ClassVar

from pnp.components.base import OutputFile, RenderContext, Renderer
from pnp.components.sheet_set import SheetSet
from pnp.print import pdf

#: (game, lang, paper name, ink saver) -> (the set, the drawing's notes)
Draw = Callable[..., tuple[SheetSet, list[str]]]


class SheetPages(Renderer):
    shares = "sheets"  # a sheet a print-shop page, a TTS tile, a preview picture
    draw: ClassVar[Draw]

    def masters(self, game, ctx: RenderContext) -> SheetSet:
        opts = ctx.options
        return type(self).draw(game, opts.lang, opts.paper, opts.ink_saver)[0]

    def render(self, game, ctx: RenderContext) -> list[OutputFile]:
        opts = ctx.options
        drawn, notes = type(self).draw(game, opts.lang, opts.paper, opts.ink_saver)
        ctx.made[self.name] = drawn  # drawn once: these are its masters
        if not drawn.sheets:
            return []
        ctx.notes.extend(f"{self.name}: {n}" for n in notes)
        pages = [pdf.Page.of_svg(s.part.svg(), s.part.width, s.part.height) for s in drawn.sheets]
        name = f"{game.id}-{opts.lang}-{self.name}.pdf"
        ctx.path(name).write_bytes(pdf.render(pages, pdf.DocInfo(f"{game.title.get(opts.lang)}: {drawn.title}")))
        return [OutputFile(name, self.written_kinds()[0], len(pages))]
