"""The fonts an SVG master uses, carried inside the file (for the SVGs a build writes to svg/).

The masters name PT Sans, PT Sans Narrow and PT Serif; a designer who opens one in a
browser or an editor without those fonts installed sees a fallback face whose wider
glyphs make words collide. So every written SVG gets an ``@font-face`` rule per face its
text uses, with the font as a ``data:`` URL: a WOFF subset of the bundled font holding
the characters that the build's SVGs use in that face (one subset per face for the whole
set, so a build subsets each face once). The subset keeps every name record, the
ParaType licence text among them (the licence allows embedding in documents if the
licence travels with the font). Kerning and OpenType layout are left out: cairo draws
the PDFs without them, so a viewer then sets every line exactly as wide as the print.

Only the files on disk change: the in-memory masters that cairosvg draws stay as they
were, so the PDFs and PNGs are unaffected.
"""

from __future__ import annotations

import base64
import io
import xml.etree.ElementTree as ET
from functools import lru_cache
from typing import Iterable, Sequence

from pnp.render.fonts import FACES

_SVG_NS = "{http://www.w3.org/2000/svg}"
#: font tables a viewer needs to draw the subset; kerning and OpenType layout are dropped
DROPPED_TABLES = ("GSUB", "GPOS", "GDEF", "kern", "DSIG", "LTSH", "hdmx")


def _face_key(family: str, weight: str, style: str) -> str:
    for key, face in FACES.items():
        if (face.family, face.weight, face.style) == (family, weight, style):
            return key
    raise ValueError(f"an SVG master uses a font the kit does not bundle: {family} {weight} {style}")


def used_text(svg: str) -> dict[str, set[str]]:
    """Face key -> the characters set in that face (text inherits font-* from its ancestors)."""
    used: dict[str, set[str]] = {}

    def walk(node, inherited: tuple[str, str, str], in_text: bool) -> None:
        font = tuple(node.get(attr, value) for attr, value in
                     zip(("font-family", "font-weight", "font-style"), inherited))
        in_text = in_text or node.tag == f"{_SVG_NS}text"
        if in_text and node.text and node.text.strip():
            used.setdefault(_face_key(*font), set()).update(node.text)
        for child in node:
            walk(child, font, in_text)
            if in_text and child.tail and child.tail.strip():
                used.setdefault(_face_key(*font), set()).update(child.tail)

    walk(ET.fromstring(svg), ("PT Sans", "normal", "normal"), False)
    return used


@lru_cache(maxsize=32)
def woff_subset(key: str, chars: frozenset[str]) -> bytes:
    """The bundled face `key` cut down to `chars` (plus .notdef), as WOFF, the same bytes every run."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.flavor = "woff"
    options.hinting = False  # the masters are drawn at print sizes; hints only add bytes
    options.layout_features = []
    options.name_IDs = ["*"]  # copyright and licence records travel with the font
    options.name_languages = ["*"]
    font = TTFont(FACES[key].path, recalcTimestamp=False, lazy=True)
    for tag in DROPPED_TABLES:  # before subsetting, which would otherwise read them first
        if tag in font:
            del font[tag]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(chars)))
    subsetter.subset(font)
    out = io.BytesIO()
    font.flavor = "woff"
    font.save(out, reorderTables=True)
    return out.getvalue()


def font_face_css(key: str, chars: frozenset[str]) -> str:
    face = FACES[key]
    data = base64.b64encode(woff_subset(key, chars)).decode("ascii")
    return (f'@font-face{{font-family:"{face.family}";font-weight:{face.weight};font-style:{face.style};'
            f'src:url(data:font/woff;base64,{data}) format("woff")}}')


def _insert_style(svg: str, css: Iterable[str]) -> str:
    """`svg` with a <style> of `css` rules first inside the root element."""
    rules = "\n".join(css)
    if not rules:
        return svg
    start = svg.find("<svg")
    end = svg.find(">", start) + 1
    if start < 0 or end <= 0:
        raise ValueError("not an SVG document")
    return f"{svg[:end]}\n<defs><style>\n{rules}\n</style></defs>{svg[end:]}"


def with_fonts(svgs: Sequence[str]) -> list[str]:
    """Every SVG with the faces its text uses embedded (subsets shared by the whole set)."""
    used = [used_text(svg) for svg in svgs]
    union: dict[str, set[str]] = {}
    for faces in used:
        for key, chars in faces.items():
            union.setdefault(key, set()).update(chars)
    css = {key: font_face_css(key, frozenset(chars)) for key, chars in sorted(union.items())}
    return [_insert_style(svg, (css[key] for key in sorted(faces))) for svg, faces in zip(svgs, used)]
