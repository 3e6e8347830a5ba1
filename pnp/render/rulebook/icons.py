"""The kit's SVG icons inside reportlab, kept vector: inline in text and drawn on diagrams.

Each icon is read once from pnp.render.icons (svglib turns the SVG into a reportlab
Drawing) and written once per document as a form XObject; every use references it.

Inline icons ride on reportlab's paragraph `<img>` tag, which reserves the right width
and line height. Its `src` is a 1x1 transparent PNG as a data URI tagged with the icon
name; `IconCanvas.drawImage` recognises the tag and paints the vector form instead, so
no raster ever reaches the PDF.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from pnp.render import icons as kit_icons
from pnp.render.fonts import face

# A 1x1 transparent PNG: only its size matters, the pixels are never drawn.
_BLANK_PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)
_URI = "data:image/png;icon={name};base64," + _BLANK_PNG
_URI_NAME = re.compile(r"^data:image/png;icon=([a-z0-9_-]+);base64,")
ICON_UNITS = 100.0  # icon viewBox size


class UnknownIcon(ValueError):
    pass


def check_icon(name: str) -> str:
    if name not in kit_icons.icon_names():
        raise UnknownIcon(f"unknown icon [{name}]; the icon set has: {', '.join(kit_icons.icon_names())}")
    return name


@lru_cache(maxsize=None)
def _drawing(name: str, ink_saver: bool):
    """The icon as a reportlab Drawing of ICON_UNITS points square."""
    from svglib.svglib import svg2rlg

    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{ICON_UNITS:g}" height="{ICON_UNITS:g}" viewBox="0 0 100 100">'
        f"{kit_icons.icon_defs([name], ink_saver=ink_saver)}"
        f"{kit_icons.use_icon(name, 0, 0, ICON_UNITS)}</svg>"
    )
    drawing = svg2rlg(io.BytesIO(svg.encode("utf-8")))
    if drawing is None:
        raise UnknownIcon(f"icon [{name}] could not be read as SVG")
    return drawing


@lru_cache(maxsize=None)
def cap_height_ratio(face_key: str) -> float:
    """Capital height as a fraction of the font size (PT fonts: about 0.7)."""
    from fontTools.ttLib import TTFont

    font = TTFont(face(face_key).path, lazy=True)
    return font["OS/2"].sCapHeight / font["head"].unitsPerEm


def inline_size(face_key: str, font_size: float, scale: float) -> tuple[float, float]:
    """(icon size, bottom offset from the baseline) in points for text set in `face_key`.

    The icon is centred on the middle of the capitals, `scale` times their height.
    """
    cap = cap_height_ratio(face_key) * font_size
    size = cap * scale
    return size, cap / 2 - size / 2


def icon_tag(name: str, face_key: str, font_size: float, scale: float) -> str:
    """Paragraph markup for an inline icon."""
    check_icon(name)
    size, bottom = inline_size(face_key, font_size, scale)
    return f'<img src="{_URI.format(name=name)}" width="{size:.2f}" height="{size:.2f}" valign="{bottom:.2f}"/>'


class IconCanvas(Canvas):
    """A canvas that draws icon placeholders as vector forms and knows the palette variant."""

    ink_saver = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._icon_forms: set[str] = set()

    def draw_icon(self, name: str, x: float, y: float, size: float) -> None:
        """Icon `name` with its lower-left corner at (x, y), `size` points square."""
        form = self._icon_form(check_icon(name))
        self.saveState()
        self.translate(x, y)
        self.scale(size / ICON_UNITS, size / ICON_UNITS)
        self.doForm(form)
        self.restoreState()

    def _icon_form(self, name: str) -> str:
        from reportlab.graphics import renderPDF

        form = f"icon-{name}"
        if form not in self._icon_forms:
            self.beginForm(form, 0, 0, ICON_UNITS, ICON_UNITS)
            renderPDF.draw(_drawing(name, self.ink_saver), self, 0, 0)
            self.endForm()
            self._icon_forms.add(form)
        return form

    def drawImage(self, image, x, y, width=None, height=None, mask=None, *args, **kwargs):
        source = getattr(image, "fileName", image)
        match = _URI_NAME.match(source) if isinstance(source, str) else None
        if match:
            self.draw_icon(match.group(1), x, y, width)
            return (width, height)
        return super().drawImage(image, x, y, width, height, mask, *args, **kwargs)


def canvas_maker(ink_saver: bool):
    """A canvas class for BaseDocTemplate.build(canvasmaker=...)."""
    return type("RulebookCanvas", (IconCanvas,), {"ink_saver": ink_saver})
