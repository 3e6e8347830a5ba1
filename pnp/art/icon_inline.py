"""Icons drawn in place (a scaled group) instead of <use> of a <symbol>, and how much of
its square an icon's ink takes (for setting icons in running text by their ink).

cairosvg resolves every <use> by re-reading the referenced subtree from the whole
document, and a card face places a dozen icons; drawing the same shapes inline cut the
time to draw all card faces by about a sixth (0.63 s -> 0.53 s here). The art is the
same `icons.art` drawing, so the look cannot drift from the icon set. Icons inside
running text still come from richtext as <use>, with their <defs>.
"""

from __future__ import annotations

import hashlib
import io
from functools import lru_cache

from markupsafe import Markup

from pnp.art import icons, svg
from pnp.core import installed, private

ICON_BOX = 100.0  # the icon set's viewBox side
#: pixels across the square when measuring ink: a 0.5 % step of the box, far below a
#: printed icon's 2-4 mm (0.02 mm), and ~15 ms an icon
INK_RASTER_PX = 200


def icon(name: str, x: float, y: float, size: float, ink_saver: bool = False, colour_in: bool = False) -> Markup:
    """Icon `name` with its top-left corner at (x, y), `size` mm square."""
    return Markup(svg.wrap(icons.art(name, ink_saver, colour_in), transform=f"{svg.translate(x, y)} {svg.scale(size / ICON_BOX)}"))


def ink_span(name: str) -> tuple[float, float]:
    """Where the icon's ink starts and ends across its square, as fractions of the side.

    Measured on the drawing itself (rasterised once per icon and drawing, outline strokes
    included), so a new or redrawn icon needs no table: a wheat ear (grain) takes half its
    square, a rock nearly all of it. The measured pixel columns are remembered in the user's
    cache folder, named by the drawing and the rasteriser's version: `pnp check` sets text
    with icons, and importing cairo alone costs it about 0.6 s. The cache holds exactly the
    two integers the raster gives, so the result never depends on it.
    """
    return _span(icons.art(name))


@lru_cache(maxsize=None)
def _span(drawing: str) -> tuple[float, float]:
    """`ink_span` of one drawing (keyed by it: a game's own icon may share a pack icon's name)."""
    doc = svg.document(ICON_BOX, ICON_BOX, drawing, unit="px")
    key = hashlib.sha256(f"{installed.version('cairosvg')}/{INK_RASTER_PX}/{doc}".encode("utf-8")).hexdigest()[:32]
    columns = _cached_columns(key)
    if columns is None:
        columns = _ink_columns(doc)
        private.cache_put("ink-spans", key, f"{columns[0]} {columns[1]}".encode("ascii"))
    left, right = columns
    return left / INK_RASTER_PX, right / INK_RASTER_PX


def _cached_columns(key: str) -> tuple[int, int] | None:
    """The remembered columns, or None when there are none or the entry is not two columns in order."""
    data = private.cache_get("ink-spans", key)
    try:
        left, right = (int(v) for v in (data or b"").split())
    except ValueError:
        return None
    return (left, right) if 0 <= left <= right <= INK_RASTER_PX else None


def _ink_columns(doc: str) -> tuple[int, int]:
    """The first and past-the-last pixel columns with ink; the whole width when there is none."""
    import cairosvg  # see ALLOWED_IN_FUNCTIONS in tests/test_imports.py: only a measurement needs cairo
    from PIL import Image  # the same: the measured pixels alone need PIL

    png = cairosvg.svg2png(bytestring=doc.encode("utf-8"), output_width=INK_RASTER_PX,
                           output_height=INK_RASTER_PX)
    box = Image.open(io.BytesIO(png)).getchannel("A").getbbox()
    if box is None:
        return 0, INK_RASTER_PX  # an icon with no ink keeps its whole square (0.0 to 1.0)
    return box[0], box[2]
