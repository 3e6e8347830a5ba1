"""The `alignment` renderer: the front/back test pair a player prints before the cards
(the pages themselves are pnp.print.alignment's)."""

from __future__ import annotations

from pnp.components import ui_words
from pnp.components.base import OutputFile, Renderer, register
from pnp.print import pdf
from pnp.print.alignment import AlignmentText, alignment_pdf


@register
class AlignmentRenderer(Renderer):
    """Kind `alignment`: the front/back test pair a player prints before the cards."""

    name = "alignment"
    ui = ui_words.ALIGNMENT
    cost = 0.1

    def render(self, game, ctx) -> list[OutputFile]:
        lang, opts = ctx.options.lang, ctx.options
        steps = tuple(game.ui(f"align_step_{i}", lang) for i in range(1, 5))
        text = AlignmentText(
            title=game.ui("align_title", lang),
            steps=steps,
            front_label=game.ui("align_front", lang),
            back_label=game.ui("align_back", lang),
            scale_caption=game.ui("print_scale", lang),
            # `{offset}` is filled by the page itself with the offset in use
            offset_note=game.ui("align_offset", lang),
        )
        title = f"{game.title.get(lang)} — {text.title}"
        data = alignment_pdf(opts.paper, opts.duplex, opts.back_offset, text, title)
        path = f"{game.id}-{lang}-alignment.pdf"
        ctx.path(path).write_bytes(data)
        return [OutputFile(path, "alignment", pdf.page_count(data))]
