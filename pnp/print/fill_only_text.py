"""Text laid out once, not twice, by cairosvg drawing into a PDF: the same calls that paint.

cairosvg draws a `text`, `tspan` or `textPath` node in two passes: first as glyph outlines
(`text_path`, letter by letter), then, for the fill, as glyphs (`show_text`). The outlines
are stroked with the node's stroke and then dropped. When the node has no stroke, that
stroke paints a transparent colour, which cairo skips before it reaches any surface
(`nothing_to_do` in cairo-surface.c: a clear source under OVER), so the first pass
leaves nothing in the output; it cost about half of all the time cairosvg spent on text
(every letter measured, moved to and outlined, with Python between each call).

The first pass has other readers, and the pass is kept wherever one of them may look:
- a clip path draws its text with no fill or stroke (`stroke_and_fill` false): the
  outlines are the clip;
- a fill or stroke from a gradient or pattern is sized by the node's text box, which the
  first pass computes (`text_bounding_box`);
- a node that is not shown gets no second pass, so the text cursor it leaves behind is
  the first pass's.
Anywhere else the second pass starts from the cursor the first started from (cairosvg
puts it back) and sets the same text box, so skipping the first changes no byte.

Only drawers that ask (`FILL_ONLY` true on the cairosvg surface: pnp's PDF drawer) skip it;
any other cairosvg drawing in the process keeps cairosvg's own behaviour.
"""

from __future__ import annotations

import cairosvg.surface as surface
from cairosvg.helpers import paint
from cairosvg.text import text as cairosvg_text

FILL_ONLY = "pnp_fill_only_text"  # the surface attribute that asks for the skip


def _outlines_unused(drawer, node) -> bool:
    """Would cairosvg throw away what the first (outline) pass of `node` draws?

    Mirrors the tests of cairosvg's `Surface.draw` that decide the second pass and the stroke.
    """
    if not drawer.stroke_and_fill:
        return False
    if node.get("display", "inline") == "none" or node.get("visibility", "visible") == "hidden":
        return False
    fill_source, _ = paint(node.get("fill", "black"))
    stroke_source, stroke_colour = paint(node.get("stroke"))
    return fill_source is None and stroke_source is None and stroke_colour in (None, "none")


def text(drawer, node, draw_as_text: bool = False) -> None:
    """cairosvg's text drawer, without the outline pass where nothing reads it (see above)."""
    if not draw_as_text and getattr(drawer, FILL_ONLY, False) and _outlines_unused(drawer, node):
        return
    cairosvg_text(drawer, node, draw_as_text)


def install() -> None:
    """Put `text` where cairosvg's `Surface.draw` finds its text drawer: the tag table, and the
    module name it compares the table's entry with before the second pass. Idempotent."""
    for tag, drawer in list(surface.TAGS.items()):
        if drawer is cairosvg_text:
            surface.TAGS[tag] = text
    surface.text = text
