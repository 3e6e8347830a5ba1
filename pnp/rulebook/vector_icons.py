"""The kit's SVG icons inside reportlab, kept vector: inline in text and drawn on diagrams.

Each icon is read once from pnp.art.icons (svglib turns the SVG into a reportlab
Drawing) and written once per document as a form XObject; every use references it.

Inline icons ride on reportlab's paragraph `<img>` tag, which reserves the right width
and line height. Its `src` is a placeholder file, a 1x1 transparent PNG named after the
icon; `IconCanvas.drawImage` recognises the name and paints the vector form instead, so
no raster ever reaches the PDF (and the placeholder's path never enters it).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import io
import os
import re
import tempfile
from functools import lru_cache
from pathlib import Path

from reportlab.graphics import renderPDF
from svglib.svglib import svg2rlg

from pnp.core import private
from pnp.art import icons as kit_icons, svg
from pnp.typeset.fonts import cap_height_em
from pnp.typeset.reportlab_fonts import register_reportlab_fonts
from pnp.typeset.iconwords import SILENT
from pnp.print.timeless import TimelessCanvas

# A 1x1 transparent PNG: only its size matters, the pixels are never drawn.
_BLANK_PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)
# kind, icon scale in hundredths (to find the text's baseline again), icon names
_PLACEHOLDER_NAME = re.compile(r"pnp-inline-(icon|deco)-(\d+)-([a-z0-9_+~-]+)\.png$")
RUN_GAP = 0.08  # space between the icons of a run, as a fraction of the icon size
MIN_SQUEEZE = 25.0  # per cent: the narrowest horizontal scale for an icon's invisible text
ICON_UNITS = 100.0  # icon viewBox size


class UnknownIcon(ValueError):
    pass


def check_icon(name: str) -> str:
    if name not in kit_icons.icon_names():
        raise UnknownIcon(f"unknown icon [{name}]; the icon set has: {', '.join(kit_icons.icon_names())}")
    return name


def _drawing(name: str, ink_saver: bool):
    """The icon as a reportlab Drawing of ICON_UNITS points square (drawn once a drawing: a game's
    own icon may share a pack icon's name)."""
    return _drawing_of(name, kit_icons.art(name, ink_saver), ink_saver)


@lru_cache(maxsize=None)
def _drawing_of(name: str, art: str, ink_saver: bool):
    body = kit_icons.icon_defs([name], ink_saver=ink_saver) + kit_icons.use_icon(name, 0, 0, ICON_UNITS)
    document = svg.document(ICON_UNITS, ICON_UNITS, body, unit="", view_box="0 0 100 100")
    drawing = _read_svg(document)
    if drawing is None:
        raise UnknownIcon(f"icon [{name}] could not be read as SVG")
    # svglib reads the unitless 100 as px and makes it 75 pt: scale back to ICON_UNITS,
    # or every icon is drawn at 3/4 size in the lower-left of its box (a gap after it)
    k = ICON_UNITS / drawing.width
    drawing.scale(k, k)
    drawing.width = drawing.height = ICON_UNITS
    # reportlab's renderer sets the drawing's font even when nothing is written; left at
    # its default, that would put an unembedded Helvetica into the PDF
    register_reportlab_fonts()
    drawing.initialFontName = "sans"
    return drawing


def cap_height_ratio(face_key: str) -> float:
    """Capital height as a fraction of the font size (PT fonts: about 0.7)."""
    return cap_height_em(face_key)


def inline_size(face_key: str, font_size: float, scale: float) -> tuple[float, float]:
    """(icon size, bottom offset from the baseline) in points for text set in `face_key`.

    The icon is centred on the middle of the capitals, `scale` times their height.
    """
    cap = cap_height_ratio(face_key) * font_size
    size = cap * scale
    return size, cap / 2 - size / 2


#: an SVG picture inside an icon (a content's own icon is its designer's SVG file, as a data URI)
_SVG_DATA = re.compile(r'href="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"')


def _read_svg(document: str):
    """The icon as a reportlab Drawing. svglib draws an SVG picture inside it only from a file
    beside the document, not from a data URI, so each is written as a file in this process's
    private folder (named by its SHA-256) and the document read from there, with references
    held inside that folder."""
    if not _SVG_DATA.search(document):
        return svg2rlg(io.BytesIO(document.encode("utf-8")))
    folder = private.scratch_dir() / "rulebook-icons"
    folder.mkdir(exist_ok=True)

    def to_file(match: re.Match) -> str:
        data = base64.b64decode(match.group(1))
        name = f"{hashlib.sha256(data).hexdigest()[:32]}.svg"
        _scratch_write(folder, name, data)
        return f'href="{name}"'

    document = _SVG_DATA.sub(to_file, document)
    path = _scratch_write(folder, f"{hashlib.sha256(document.encode('utf-8')).hexdigest()[:32]}-icon.svg",
                          document.encode("utf-8"))
    return svg2rlg(str(path), external_reference_root=str(folder))


@lru_cache(maxsize=None)
def placeholder(names: tuple[str, ...], decorative: bool = False, scale: float = 1.4) -> str:
    """The path of the placeholder image that stands for a run of icons in paragraph markup.

    It lies in this process's private folder (forked renderers write into their parent's).
    """
    kind = "deco" if decorative else "icon"
    for token in names:  # a token is an icon name, or name~n for the form it speaks (iconwords.py)
        check_icon(token.partition("~")[0])
    name = f"pnp-inline-{kind}-{round(scale * 100)}-{'+'.join(names)}.png"
    return str(_scratch_write(private.scratch_dir(), name, base64.b64decode(_BLANK_PNG)))


def _scratch_write(folder: Path, name: str, data: bytes) -> Path:
    """`folder/name` (in this process's scratch folder) written whole before it takes its name,
    since a forked renderer may write the same one, but never synced to the disk: the folder
    lives only as long as the process (an fsync per placeholder was a quarter of a second of
    the rulebook's wall time)."""
    fd, partial = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(partial, folder / name)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(partial)
        raise
    return folder / name


def icon_tag(names: str | tuple[str, ...], face_key: str, font_size: float, scale: float,
             decorative: bool = False) -> str:
    """Paragraph markup for an inline icon, or for a run of icons that must not be split
    across lines (a cost such as [wood][wood][stone] is one image to the line breaker).

    A decorative icon (beside a heading) carries no text; any other gets its name as
    invisible text, so the PDF can be searched and read aloud ("2 зерно").
    """
    names = (names,) if isinstance(names, str) else tuple(names)
    size, bottom = inline_size(face_key, font_size, scale)
    width = size * len(names) + size * RUN_GAP * (len(names) - 1)
    return (f'<img src="{placeholder(names, decorative, scale)}" width="{width:.2f}" height="{size:.2f}" '
            f'valign="{bottom:.2f}"/>')


class IconCanvas(TimelessCanvas):
    """A canvas that draws icon placeholders as vector forms and knows the palette variant."""

    ink_saver = False
    #: icon token -> the words its invisible text says (iconwords.IconWords; a dict in tests)
    words: dict = {}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._icon_forms: set[str] = set()

    def icon_text(self, name: str, x: float, y: float, size: float, scale: float, space: bool = False) -> None:
        """The icon's name as invisible text over it, squeezed to the icon's width.

        It sits on the baseline of the text around the icon, at about that text's size
        (the icon is `scale` cap heights tall, centred on the capitals), so text
        extraction reads it as part of the line: "Заплати 2 зерна і …".
        """
        words = self.words.get(name)
        if words is None:
            words = kit_icons.icon_label(name.partition("~")[0])
        if not words:
            return  # a silent icon: its words are said by a neighbour
        # a space only between the icons of a run: punctuation after an icon follows it at once
        text = f"{words} " if space else words
        font_size = size / (scale * cap_height_ratio("sans"))
        natural = self.stringWidth(text, "sans", font_size)
        # squeeze to the icon's width, but not below the point where extraction tools start
        # to split the word (measured with pdftotext: about 20 %); past that, set it smaller
        squeeze = 100.0 * size / natural if natural > size else 100.0
        if squeeze < MIN_SQUEEZE:
            font_size *= squeeze / MIN_SQUEEZE
            squeeze = MIN_SQUEEZE
        self.saveState()  # the render mode must not leak into the text that follows
        t = self.beginText(x, y + size * (0.5 - 0.5 / scale))
        t.setTextRenderMode(3)  # neither filled nor stroked: extractable, never seen
        t.setFont("sans", font_size)
        t.setHorizScale(squeeze)
        t.textOut(text)
        self.drawText(t)
        self.restoreState()

    def draw_icon(self, name: str, x: float, y: float, size: float) -> None:
        """Icon `name` with its lower-left corner at (x, y), `size` points square."""
        form = self._icon_form(check_icon(name))
        self.saveState()
        self.translate(x, y)
        self.scale(size / ICON_UNITS, size / ICON_UNITS)
        self.doForm(form)
        self.restoreState()

    def _icon_form(self, name: str) -> str:
        form = f"icon-{name}"
        if form not in self._icon_forms:
            self.beginForm(form, 0, 0, ICON_UNITS, ICON_UNITS)
            renderPDF.draw(_drawing(name, self.ink_saver), self, 0, 0)
            self.endForm()
            self._icon_forms.add(form)
        return form

    def drawImage(self, image, x, y, width=None, height=None, mask=None, *args, **kwargs):
        source = getattr(image, "fileName", image)
        match = _PLACEHOLDER_NAME.search(source) if isinstance(source, str) else None
        if match:
            kind, scale = match.group(1), int(match.group(2)) / 100
            tokens = match.group(3).split("+")
            last_spoken = max((i for i, t in enumerate(tokens) if not t.endswith(f"~{SILENT}")), default=-1)
            for i, token in enumerate(tokens):
                left = x + i * height * (1 + RUN_GAP)
                self.draw_icon(token.partition("~")[0], left, y, height)
                if kind == "icon":
                    self.icon_text(token, left, y, height, scale, space=i < last_spoken)
            return (width, height)
        return super().drawImage(image, x, y, width, height, mask, *args, **kwargs)


def canvas_maker(ink_saver: bool, words=None):
    """A canvas class for BaseDocTemplate.build(canvasmaker=...); `words` has .get(token)."""
    return type("RulebookCanvas", (IconCanvas,), {"ink_saver": ink_saver, "words": words if words is not None else {}})
