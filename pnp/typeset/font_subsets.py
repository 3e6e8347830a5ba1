"""The bundled faces an SVG uses, cut down to the characters it sets and carried as
@font-face rules (data: URIs): for the preview page and the SVG masters a build writes.

Subset to the characters on the page, with no hinting and no layout tables: the masters
position every word themselves, as cairo does for the PDFs, so a viewer sets every line
exactly as wide as the print.
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import logging
import re
from typing import Iterable

import fontTools
from fontTools.ttLib import TTFont
from markupsafe import Markup

from pnp.core import private
from pnp.typeset import fonts

# a designer's font may carry tables the subsetter does not know (FontForge's FFTM time stamps):
# they are dropped, as they should be, without a warning line in the build's output
logging.getLogger("fontTools.subset").setLevel(logging.ERROR)

_FONT_TAG = re.compile(r"<(?:text|tspan)\b[^>]*>")
_TEXT = re.compile(r">([^<]+)<")
#: always in the subset: printable ASCII and the Ukrainian alphabet, so the page's own
#: labels and numbers never fall back to another font
BASE_CHARS = "".join(map(chr, range(0x20, 0x7F))) + "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯабвгґдеєжзиіїйклмнопрстуфхцчшщьюяʼ’«»—–…×·№"


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
    return sorted(key for key, f in fonts.faces().items() if (f.family, f.weight, f.style) in wanted)


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
    from fontTools import subset  # the subsetter's import (about 0.1 s) only when a subset is cut, not cached

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
