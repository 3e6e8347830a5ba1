"""What makes the preview page self-contained: inline SVG masters and embedded fonts.

Why inline SVG and not PNG thumbnails: rasterising the ~90 masters costs seconds; the
page shows the very same vector masters, sharp at any zoom, for a few milliseconds of
string work. An SVG drawn by <img> cannot load fonts, and Chromium refuses @font-face
files from file:// pages (CORS), so the masters are inlined and the bundled faces they
use are embedded as data: URIs, subset to the characters on the page (no hinting, no
layout tables: the masters position every word themselves, as cairo does for the PDFs).

Several masters on one page would share ids (every card defines ``icon-wood``), so each
inlined master gets its own id prefix.
"""

from __future__ import annotations

import base64
import io
import re
from typing import Iterable
import hashlib
import html

from markupsafe import Markup
import fontTools
from fontTools import subset
from fontTools.ttLib import TTFont

from pnp.core import private
from pnp.typeset import fonts
from pnp.print.pdf import svg_size_mm

_ROOT = re.compile(r"<svg\b[^>]*>")
_ATTR = {name: re.compile(rf'\s{name}="[^"]*"') for name in ("width", "height", "viewBox", "preserveAspectRatio")}
_ID = re.compile(r'\bid="([^"]+)"')
_HREF = re.compile(r'href="#([^"]+)"')
_URL = re.compile(r"url\(#([^)]+)\)")
_FONT_TAG = re.compile(r"<(?:text|tspan)\b[^>]*>")
_TEXT = re.compile(r">([^<]+)<")
#: always in the subset: printable ASCII and the Ukrainian alphabet, so the page's own
#: labels and numbers never fall back to another font
BASE_CHARS = "".join(map(chr, range(0x20, 0x7F))) + "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯабвгґдеєжзиіїйклмнопрстуфхцчшщьюяʼ’«»—–…×·№"


def inline_svg(svg: str, prefix: str, view: tuple[float, float, float, float] | None = None,
               label: str = "") -> Markup:
    """A master ready to paste into HTML: ids prefixed, sized by CSS, cropped to `view`."""
    start = svg.find("<svg")
    body = svg[start:]
    root = _ROOT.match(body)
    if root is None:
        raise ValueError("not an SVG master")
    tag = root.group(0)
    for pattern in _ATTR.values():
        tag = pattern.sub("", tag)
    extra = f' viewBox="{" ".join(_num(v) for v in view)}"' if view else _attr(root.group(0), "viewBox")
    aria = f' role="img" aria-label="{_escape(label)}"' if label else ""
    tag = tag[:-1].rstrip("/").rstrip() + extra + aria + ">"
    body = tag + body[root.end():]
    body = _ID.sub(lambda m: f'id="{prefix}{m.group(1)}"', body)
    body = _HREF.sub(lambda m: f'href="#{prefix}{m.group(1)}"', body)
    body = _URL.sub(lambda m: f"url(#{prefix}{m.group(1)})", body)
    return Markup(body)


def _attr(tag: str, name: str) -> str:
    match = _ATTR[name].search(tag)
    return match.group(0) if match else ""


def _num(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return text or "0"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def svg_view(svg: str, inset: float) -> tuple[float, float, float, float]:
    """The master's viewBox shrunk by `inset` on every side (the trim box of a master with bleed)."""
    width, height = svg_size_mm(svg)
    return inset, inset, width - 2 * inset, height - 2 * inset


# --- fonts ---------------------------------------------------------------------------------


def faces_used(markup: Iterable[str]) -> list[str]:
    """Keys of the bundled faces the markup asks for (family + weight + style on text/tspan)."""
    wanted = set()
    for chunk in markup:
        for tag in _FONT_TAG.findall(chunk):
            family = re.search(r'font-family="([^"]+)"', tag)
            if family is None:
                continue
            weight = re.search(r'font-weight="([^"]+)"', tag)
            style = re.search(r'font-style="([^"]+)"', tag)
            wanted.add((family.group(1), weight.group(1) if weight else "normal", style.group(1) if style else "normal"))
    return sorted(key for key, f in fonts.FACES.items() if (f.family, f.weight, f.style) in wanted)


def text_chars(markup: Iterable[str]) -> str:
    """Every character that appears as text in the markup, with BASE_CHARS, sorted."""
    chars = set(BASE_CHARS)
    for chunk in markup:
        for text in _TEXT.findall(chunk):
            chars.update(html.unescape(text))
    return "".join(sorted(c for c in chars if c.isprintable()))


def subset_font(job: tuple[str, str]) -> bytes:
    """The face `key` cut down to `chars`: glyph outlines only, no hinting or layout tables.

    Deterministic: fontTools keeps the source's head.modified (no recalculated time stamp).
    """
    key, chars = job
    font = TTFont(fonts.face(key).path, recalcTimestamp=False, lazy=True)
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.notdef_outline = True
    options.drop_tables += ["GPOS", "GSUB", "GDEF", "kern", "DSIG"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def font_face_css(keys: list[str], chars: str) -> Markup:
    """@font-face rules with the subset faces inlined as data: URIs."""
    rules = []
    for key in keys:
        face = fonts.face(key)
        encoded = base64.b64encode(cached_subset(key, chars)).decode("ascii")
        rules.append(f'@font-face {{ font-family: "{face.family}"; font-weight: {face.weight}; '
                     f'font-style: {face.style}; src: url(data:font/ttf;base64,{encoded}) format("truetype"); }}')
    return Markup("\n".join(rules))


SUBSET_VERSION = "1"  # bump when subset_font's options change


def cached_subset(key: str, chars: str) -> bytes:
    """subset_font, remembered in the user's cache folder: importing fontTools' subsetter and
    cutting five faces costs ~0.5 s, and the result only changes with the font file or the
    page's characters, which name the cached file. The cache holds exactly what subset_font
    returns, so output bytes never depend on it."""
    digest = hashlib.sha256()
    for part in (f"{SUBSET_VERSION}/{fontTools.version}".encode(), fonts.face(key).path.read_bytes(),
                 chars.encode("utf-8")):
        digest.update(hashlib.sha256(part).digest())
    name = f"{key}-{digest.hexdigest()[:32]}.ttf"
    data = private.cache_get("font-subsets", name)
    if data is None:
        data = subset_font((key, chars))
        private.cache_put("font-subsets", name, data)
    return data
