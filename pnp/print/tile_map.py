"""The assembly map of a tiled part: a thumbnail with each sheet numbered, and the steps.

Each sheet's outline on the thumbnail is the part of the drawing that sheet keeps after
cutting (its window less the strips that go under a neighbour or are cut away), so the
outlines tile the thumbnail without overlapping, like the glued result.
"""

from __future__ import annotations

from pnp.print import pdf
from pnp.typeset import richtext
from pnp.art import style, svg
from pnp.core.geometry import Box
from pnp.art.icons import icon_defs
from pnp.print.sheetmarks import GAP, scale_bar_beside, scale_bar_blocks, svg_page, text_svg
from pnp.print.tile_plan import Part, Tile, TilePlan, TileText


def map_page(plan: TilePlan, part: Part, text: TileText, ink_saver: bool = False) -> pdf.Page:
    """A thumbnail of the part with every tile's window, the seams and the steps to join them.

    The steps go above the thumbnail or beside it, whichever leaves the bigger thumbnail;
    the scale bar goes below it, like on every other sheet.
    """
    sheet, area = plan.paper, plan.paper.printable
    bar_band = max(b.depth for b in scale_bar_blocks(text.scale_caption)) + 2 * GAP
    usable = Box(area.x, area.y, area.w, area.h - bar_band)
    steps = "\n".join(f"{k}. {s}" for k, s in enumerate(text.map_steps, start=1))
    title_h = 12.0
    best = None
    for beside in (False, True):
        text_w = area.w * 0.38 if beside else area.w
        fit = richtext.fit(steps, text_w, usable.h - title_h, "sans", 10.0, 7.5, leading=1.3)
        if beside:
            room = Box(area.x + text_w + 6, area.y + title_h, area.w - text_w - 6, usable.h - title_h)
        else:
            top = area.y + title_h + fit.height_mm + 4.0
            room = Box(area.x, top, area.w, usable.bottom - top)
        room = room.inset(1.0)  # the outlines drawn on the thumbnail have width
        scale = min(room.w / part.width, room.h / part.height)
        if best is None or scale > best[0]:
            best = (scale, room, fit)
    scale, room, fit = best
    x0 = room.x + (room.w - part.width * scale) / 2
    y0 = room.y + (room.h - part.height * scale) / 2
    body = [text_svg(area.x, area.y + 7, text.map_title, "serif-bold", 16)]
    body.append(richtext.to_svg(fit, area.x, area.y + title_h))
    body.append(svg.wrap(part.body, transform=f"{svg.translate(x0, y0)} {svg.scale(scale)}"))
    for tile in plan.tiles:
        body.append(_map_tile(plan, tile, x0, y0, scale))
    bar = scale_bar_beside(usable, area, text.scale_caption)  # in the band kept free below
    if bar is None:  # pragma: no cover - the band is reserved above
        raise ValueError("no room for the scale bar on the assembly map")
    body.append(bar)
    defs = part.defs + icon_defs(fit.icons, ink_saver)
    return pdf.Page.of_svg(svg_page(sheet.width, sheet.height, defs + "".join(body)), sheet.width, sheet.height)


def _map_tile(plan: TilePlan, tile: Tile, x0: float, y0: float, scale: float) -> str:
    """The part of the thumbnail this sheet keeps after cutting, outlined and numbered."""
    w = tile.window
    left = w.x + (plan.overlap / 2 if tile.col > 0 else 0)
    top = w.y + (plan.overlap / 2 if tile.row > 0 else 0)
    right = w.right - (plan.overlap / 2 if tile.col < plan.cols - 1 else 0)
    bottom = w.bottom - (plan.overlap / 2 if tile.row < plan.rows - 1 else 0)
    box = Box(x0 + left * scale, y0 + top * scale, (right - left) * scale, (bottom - top) * scale)
    label = f"{tile.row + 1}·{tile.col + 1}"
    ink = style.colour("ink")
    return (svg.rect(box.x, box.y, box.w, box.h, fill="none", stroke=ink, stroke_width=0.6, stroke_dasharray="4 2")
            + svg.circle(box.cx, box.cy, 9, fill="#ffffff", fill_opacity=0.9, stroke=ink, stroke_width=0.4)
            + text_svg(box.cx, box.cy + 2.6, label, "sans-bold", 20, anchor="middle", fill=ink))
