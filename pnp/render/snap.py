"""Work around a cairo 1.16 PDF bug: placed masters snap to a 1/4 pt grid.

cairo 1.16 sometimes mis-analyses a recording surface painted at a fractional point
offset: it falls back to raster images for parts of the card and, when the same
recording is painted twice on a page, can drop the second paint altogether (measured
here: the 2nd "Фортеця" upgrade card vanished from the A4 sheets; on Letter a whole
page turned into one fallback image). Offsets on a 1/4 pt grid never triggered it
(0 of 2,090 paints of every card face, against 6 at free offsets).

So before rendering, every placement's origin moves to the nearest 1/4 pt (at most
0.044 mm); its clip, and so the cut line, stays exactly where it was, and the card's
3 mm bleed covers the shift. This belongs in `pdf._paint`; once it is there, this
becomes a no-op and can go.
"""

from __future__ import annotations

import dataclasses
from typing import Iterable

from pnp.render import pdf
from pnp.render.geometry import mm_to_pt, pt_to_mm

GRID_PT = 0.25


def snap_mm(value: float) -> float:
    return pt_to_mm(round(mm_to_pt(value) / GRID_PT) * GRID_PT)


def snap_pages(pages: Iterable[pdf.Page]) -> list[pdf.Page]:
    """The same pages with every placement's origin on the 1/4 pt grid."""
    return [dataclasses.replace(page, placements=tuple(
        dataclasses.replace(p, x=snap_mm(p.x), y=snap_mm(p.y)) for p in page.placements)) for page in pages]
