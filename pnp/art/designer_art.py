"""The designer's own pictures (PNG, JPEG, SVG files beside the content): read safely, measured,
placed in a box.

A picture is read once per file version: found inside the content's folder
(`pnp.content.gamefiles`), bounded in bytes, its pixel count bounded from the header before a
pixel is decoded (a small file can claim gigapixels), then decoded in full so a truncated or
corrupt file is a problem at the line that names it rather than a blank on the card. An SVG is
parsed without entities or DTD tricks (defusedxml) and may refer to nothing but its own parts
(``href="#id"``): no other file, no URL, no embedded raster.

Placed in a box (`markup`): ``contain`` shows the whole picture, centred, letterboxed;
``cover`` fills the box, the picture cropped about its centre; ``stretch`` fills the box,
distorted. A raster is cropped and lightened (ink saver) here, with Pillow, and embedded as a
PNG data URI drawn at exactly its pixel size, so cairo needs no clip and the PDF holds the
pixels that print. The ``data-pnp-px`` attribute tells pnp.print.pdf which image XObjects are
art (and which would be cairo's fallback, which it refuses).
"""

from __future__ import annotations

import base64
import io
import math
import re
import warnings
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from defusedxml import ElementTree as SafeET
from markupsafe import Markup

from pnp.content.gamefiles import Refused, locate, read_bounded
from pnp.core.errors import Mark, Problem, error, warning
from pnp.core.geometry import Box, fmt

if TYPE_CHECKING:
    from PIL import Image

SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
FITS = ("contain", "cover", "stretch")
#: a file bigger than this is refused unread (a 300 dpi A3 photograph as PNG is about 40 MB)
MOST_BYTES = 64 * 1024 * 1024
#: pixels a picture may have: a 600 x 600 mm board at 300 dpi is 50 Mpx; checked from the
#: header, before decoding (Pillow's own bomb guard stays on above this)
MOST_PIXELS = 60_000_000
#: the effective resolution at the printed size: below GOOD a warning, below LEAST an error
GOOD_DPI, LEAST_DPI = 300, 150
#: a raster finer than this at its printed size is resampled down to it before it is embedded: no
#: printer resolves more, and a camera's 24 Mpx on a 30 mm card would weigh down every file
MOST_DPI = 600
#: an SVG picture with what PDF/X-1a cannot hold as vector (transparency, gradients, patterns,
#: filters, masks) is drawn as pixels at this resolution, so every export treats it as a PNG
SVG_PIXELS_DPI = 600
_NEEDS_PIXELS_TAGS = {"linearGradient", "radialGradient", "pattern", "filter", "mask", "style"}
_OPACITY = re.compile(r"(?:^|;)\s*(?:fill-|stroke-|stop-)?opacity\s*:\s*([0-9.eE+-]+%?)")
_OPACITY_ATTRS = ("opacity", "fill-opacity", "stroke-opacity", "stop-opacity")
#: the attribute that marks an embedded raster as art for the PDF writer: "<width>x<height>"
PX_ATTR = "data-pnp-px"
PX_PATTERN = re.compile(PX_ATTR + r'="(\d+)x(\d+)"')

CODES = {
    "art-file": "A picture the content names cannot be used: missing, outside the content's folder, not a PNG, "
                "JPEG or SVG, corrupt, too big, or an SVG that refers to other files.",
    "art-resolution": f"A raster picture prints below {LEAST_DPI} dpi at its printed size (too blurred to print).",
    "art-resolution-low": f"A raster picture prints below {GOOD_DPI} dpi at its printed size (a warning: it may "
                          "look soft).",
}
_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}
_XLINK = "{http://www.w3.org/1999/xlink}href"


@dataclass(frozen=True, eq=False)
class Picture:
    """A picture read and checked: a raster (its file's bytes `encoded`, or pixels `given`) or an
    SVG (`svg`, its bytes); `size` is the raster's pixels or the SVG's own width and height (any
    unit: only the ratio counts). A raster's pixels are decoded when first drawn (`image`), so
    `pnp check` holds no more than one decoded picture at a time."""

    name: str
    size: tuple[float, float]
    given: Image.Image | None = None
    svg: bytes | None = None
    needs_pixels: bool = False  # an SVG drawn as pixels (SVG_PIXELS_DPI): it has what PDF/X-1a cannot hold
    encoded: bytes | None = None
    form: str = ""  # the encoded raster's format: PNG or JPEG

    @property
    def is_raster(self) -> bool:
        return self.given is not None or self.encoded is not None

    @cached_property
    def image(self) -> Image.Image:
        """The pixels, RGB or RGBA (a picture `read` returns decodes: it was decoded once to check it)."""
        if self.given is not None:
            return self.given
        decoded = _decode(self.encoded, self.form)
        assert not isinstance(decoded, tuple), decoded
        return decoded


def is_file_name(value: object) -> bool:
    """Does a card's field name a file (rather than an icon)? Icon names have no dot or slash."""
    return isinstance(value, str) and ("." in value or "/" in value)


def read(name: str, folder: Path, where: Mark, key: str = "file", *, suffixes: tuple[str, ...] = SUFFIXES,
         code: str = "art-file", most_bytes: int = MOST_BYTES) -> tuple[Picture | None, Problem | None]:
    """The picture `name` (as the content's `key:` gives it) of the content folder `folder`: one of
    `suffixes`, at most `most_bytes` long; a problem of `code` when it cannot be used."""
    path, problem = locate(name, folder, where, key=key, code=code, suffixes=suffixes)
    if problem is not None:
        return None, problem
    stat = path.stat()
    if stat.st_size > most_bytes:
        return None, error(code, f"{key}: {name!r} is {stat.st_size:,} bytes, expected at most {most_bytes:,}", where,
                           "simplify the drawing, or save it as plain SVG")
    found = _read_cached(path, stat.st_mtime_ns, stat.st_size, name)
    if isinstance(found, Picture):
        return found, None
    message, hint = found
    return None, error(code, f"{key}: {name!r} {message}", where, hint)


@lru_cache(maxsize=16)
def _read_cached(path: Path, mtime_ns: int, size: int, name: str) -> Picture | tuple[str, str]:
    """The picture, or (what is wrong, a hint); keyed by the file's version, so `pnp serve` sees edits."""
    try:
        raw = read_bounded(path, MOST_BYTES)
    except Refused as exc:
        return str(exc), exc.hint
    suffix = path.suffix.lower()
    if suffix == ".svg":
        return _read_svg(raw, name)
    return _read_raster(raw, name, _FORMATS[suffix])


def _read_raster(raw: bytes, name: str, form: str) -> Picture | tuple[str, str]:
    decoded = _decode(raw, form)
    if isinstance(decoded, tuple):
        return decoded
    return Picture(name, (float(decoded.width), float(decoded.height)), encoded=raw, form=form)


def _decode(raw: bytes, form: str) -> Image.Image | tuple[str, str]:
    """The file's pixels (RGB, or RGBA when it has transparency), or (what is wrong, a hint)."""
    from PIL import Image, ImageOps  # see ALLOWED_IN_FUNCTIONS in tests/test_imports.py: only pixels need PIL

    resave = "open it in an image editor and save it again as PNG or JPEG"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            opened = Image.open(io.BytesIO(raw), formats=[form])
            width, height = opened.size
            if width * height > MOST_PIXELS:
                return (f"is {width} x {height} pixels, expected at most {MOST_PIXELS // 1_000_000} million "
                        "pixels", "scale it down to 300 dpi at its printed size")
            opened.load()
            image = ImageOps.exif_transpose(opened)
    except Image.UnidentifiedImageError:
        return f"is not a {form} file (its bytes say otherwise)", "save it as the format its name says"
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return f"claims more than {MOST_PIXELS // 1_000_000} million pixels", "scale it down"
    except (OSError, ValueError, SyntaxError, EOFError) as exc:
        return f"cannot be decoded ({exc})", resave
    alpha = image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info)
    return image.convert("RGBA" if alpha else "RGB")


def _read_svg(raw: bytes, name: str) -> Picture | tuple[str, str]:
    try:
        root = SafeET.fromstring(raw, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except SafeET.ParseError as exc:
        return f"is not well-formed XML ({exc})", "open it in a drawing program and save it again as plain SVG"
    except Exception as exc:  # defusedxml's refusals (entities, external references) share no base
        return f"uses what an SVG picture may not ({type(exc).__name__})", "save it as plain SVG, without entities"
    if not root.tag.endswith("svg"):
        return f"expected an <svg> document, found <{root.tag}>", ""
    for element in root.iter():
        for attr in ("href", _XLINK):
            target = element.get(attr)
            if target is not None and not target.startswith("#"):
                return (f"refers to {target[:60]!r}: an SVG picture may refer only to its own parts (#id)",
                        "embed or draw everything in the SVG itself; raster pictures go in their own image element")
    size = _svg_size(root)
    if size is None:
        return "has no size: expected a viewBox, or a width and height", "give the root <svg> a viewBox"
    return Picture(name, size, svg=raw, needs_pixels=_needs_pixels(root))


def _needs_pixels(root) -> bool:
    """Does the SVG use transparency, gradients, patterns, filters, masks or CSS (which may hold any)?"""
    for element in root.iter():
        if element.tag.rpartition("}")[2] in _NEEDS_PIXELS_TAGS:
            return True
        values = [element.get(a) for a in _OPACITY_ATTRS if element.get(a) is not None]
        values += _OPACITY.findall(element.get("style", ""))
        if any(_fraction(v) < 1 for v in values):
            return True
    return False


def _fraction(value: str) -> float:
    try:
        return float(value[:-1]) / 100 if value.endswith("%") else float(value)
    except ValueError:
        return 0.0  # unreadable: drawn as pixels, which is always safe


def _svg_size(root) -> tuple[float, float] | None:
    box = [v for v in re.split(r"[\s,]+", root.get("viewBox", "").strip()) if v]
    try:
        if len(box) == 4 and float(box[2]) > 0 and float(box[3]) > 0:
            return float(box[2]), float(box[3])
        width, height = (float(re.match(r"\s*([0-9.]+)", root.get(k, "")).group(1)) for k in ("width", "height"))
    except (ValueError, AttributeError):
        return None
    return (width, height) if width > 0 and height > 0 else None


# --- printed size ------------------------------------------------------------------------


def _scale(picture: Picture, box: Box, fit: str) -> tuple[float, float]:
    """mm per unit of the picture across and down."""
    across, down = box.w / picture.size[0], box.h / picture.size[1]
    if fit == "stretch":
        return across, down
    same = min(across, down) if fit == "contain" else max(across, down)
    return same, same


def dpi(picture: Picture, box: Box, fit: str) -> float:
    """A raster's effective resolution placed in `box` (the coarser axis when stretched)."""
    return 25.4 / max(_scale(picture, box, fit))


def resolution_problem(picture: Picture, box: Box, fit: str, where: Mark, what: str) -> Problem | None:
    """An error below LEAST_DPI, a warning below GOOD_DPI, at the printed size; None for SVG."""
    if not picture.is_raster or box.w <= 0 or box.h <= 0:
        return None
    found = dpi(picture, box, fit)
    if found >= GOOD_DPI:
        return None
    w, h = (int(v) for v in picture.size)
    message = (f"{what}: {picture.name!r} ({w} x {h} px) prints at {found:.0f} dpi in {box.w:.1f} x {box.h:.1f} mm "
               f"({fit}); expected at least {LEAST_DPI if found < LEAST_DPI else GOOD_DPI} dpi")
    need = [math.ceil(side * GOOD_DPI / found) for side in picture.size]
    hint = f"for {GOOD_DPI} dpi at this size the picture needs about {need[0]} x {need[1]} px"
    if found < LEAST_DPI:
        return error("art-resolution", message, where, hint)
    return warning("art-resolution-low", message, where, hint)


def pixel_size(picture: Picture, box: Box, fit: str, at_dpi: float = SVG_PIXELS_DPI) -> tuple[int, int]:
    """The pixels an SVG picture is drawn into to print at `at_dpi` placed in `box` by `fit`."""
    sx, sy = _scale(picture, box, fit)
    return (max(1, round(picture.size[0] * sx / 25.4 * at_dpi)), max(1, round(picture.size[1] * sy / 25.4 * at_dpi)))


# --- placed in a box ---------------------------------------------------------------------


@lru_cache(maxsize=16)  # a background behind every card is encoded once; each entry holds a PNG as text
def markup(picture: Picture, box: Box, fit: str, lighten: float | None = None) -> Markup:
    """The picture placed in `box` (mm) by `fit`; `lighten`: keep this much of each colour (ink saver)."""
    if not picture.is_raster:
        if lighten is not None:
            raise ValueError(f"{picture.name}: an SVG picture is lightened as pixels (see pixel_size)")
        return _svg_markup(picture, box, fit)
    pixels, placed = _placed(picture, box, fit)
    return Markup(_image_tag(placed, _png(pixels, lighten), pixels.size))


def _placed(picture: Picture, box: Box, fit: str) -> tuple[Image.Image, Box]:
    """The pixels to embed (the picture, cropped for `cover`) and the box they are drawn in."""
    from PIL import Image  # only pixels need PIL (ALLOWED_IN_FUNCTIONS)

    image = picture.image
    sx, sy = _scale(picture, box, fit)
    if fit == "stretch":
        placed = box
    elif fit == "contain":
        w, h = image.width * sx, image.height * sy
        placed = Box(box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h)
    else:  # cover: the pixels the box shows, about the centre, whole pixels (the box keeps its size)
        cw, ch = min(image.width, max(1, round(box.w / sx))), min(image.height, max(1, round(box.h / sy)))
        left, top = (image.width - cw) // 2, (image.height - ch) // 2
        image, placed = image.crop((left, top, left + cw, top + ch)), box
    most = (max(1, round(placed.w / 25.4 * MOST_DPI)), max(1, round(placed.h / 25.4 * MOST_DPI)))
    if image.width > most[0] and image.height > most[1]:
        image = image.resize(most, Image.Resampling.LANCZOS)
    return image, placed


def _png(image: Image.Image, lighten: float | None) -> bytes:
    """The pixels as PNG (alpha kept), lightened towards white by `lighten` (ink saver)."""
    from PIL import Image  # only pixels need PIL (ALLOWED_IN_FUNCTIONS)

    if lighten is not None:
        white = Image.new(image.mode, image.size, (255,) * len(image.mode))
        mixed = Image.blend(white, image, lighten)
        if image.mode == "RGBA":
            mixed.putalpha(image.getchannel("A"))
        image = mixed
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False)
    return out.getvalue()


def _image_tag(box: Box, png: bytes, pixels: tuple[int, int]) -> str:
    data = base64.b64encode(png).decode("ascii")
    return (f'<image x="{fmt(box.x)}" y="{fmt(box.y)}" width="{fmt(box.w)}" height="{fmt(box.h)}" '
            f'preserveAspectRatio="none" {PX_ATTR}="{pixels[0]}x{pixels[1]}" href="data:image/png;base64,{data}"/>')


def _svg_markup(picture: Picture, box: Box, fit: str) -> Markup:
    """A plain SVG as vector (one to lighten or with transparency comes here as pixels)."""
    ratio = {"contain": "xMidYMid meet", "cover": "xMidYMid slice", "stretch": "none"}[fit]
    data = base64.b64encode(picture.svg).decode("ascii")
    return Markup(f'<image x="{fmt(box.x)}" y="{fmt(box.y)}" width="{fmt(box.w)}" height="{fmt(box.h)}" '
                  f'preserveAspectRatio="{ratio}" href="data:image/svg+xml;base64,{data}"/>')


def art_pixel_sizes(svg_text: str) -> set[tuple[int, int]]:
    """The pixel sizes of the art rasters embedded in an SVG master (see PX_ATTR)."""
    return {(int(w), int(h)) for w, h in PX_PATTERN.findall(svg_text)} if PX_ATTR in svg_text else set()
