"""The bundled fonts: where they are, what they are called, how wide text set in them is.

Everything printed uses only the fonts in ``fonts/`` (ParaType's PT Sans, PT Sans Narrow
and PT Serif, free licence in fonts/LICENSE-ParaType.txt). cairosvg finds fonts through
fontconfig, so `use_bundled_fonts()` writes a fonts.conf that lists only that folder and
points FONTCONFIG_FILE at it before cairo starts; the build never depends on system fonts.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from html import escape

from fontTools.ttLib import TTFont

from pnp.core import private
from pnp.core.geometry import PT_PER_MM
from pnp.core.resources import bundled

FONT_DIR = bundled("fonts")


@dataclass(frozen=True)
class Face:
    key: str  # our short name, used in layouts: "sans", "sans-bold", ...
    family: str  # the family name fontconfig and SVG use
    weight: str  # "normal" | "bold"
    style: str  # "normal" | "italic"
    file: str  # file name in fonts/

    @property
    def path(self) -> Path:
        return FONT_DIR / self.file

    def svg_attrs(self) -> dict[str, str]:
        """Attributes that select this face in an SVG <text> element."""
        return {"font-family": self.family, "font-weight": self.weight, "font-style": self.style}

    def svg_attr_text(self) -> str:
        """`svg_attrs` written out as SVG attribute text: font-family="..." font-weight="..." ..."""
        return " ".join(f'{k}="{v}"' for k, v in self.svg_attrs().items())


FACES: dict[str, Face] = {
    face.key: face
    for face in (
        Face("sans", "PT Sans", "normal", "normal", "PTS55F.ttf"),
        Face("sans-italic", "PT Sans", "normal", "italic", "PTS56F.ttf"),
        Face("sans-bold", "PT Sans", "bold", "normal", "PTS75F.ttf"),
        Face("sans-bold-italic", "PT Sans", "bold", "italic", "PTS76F.ttf"),
        Face("narrow", "PT Sans Narrow", "normal", "normal", "PTN57F.ttf"),
        Face("narrow-bold", "PT Sans Narrow", "bold", "normal", "PTN77F.ttf"),
        Face("serif", "PT Serif", "normal", "normal", "PTF55F.ttf"),
        Face("serif-italic", "PT Serif", "normal", "italic", "PTF56F.ttf"),
        Face("serif-bold", "PT Serif", "bold", "normal", "PTF75F.ttf"),
    )
}


def face(key: str) -> Face:
    try:
        return FACES[key]
    except KeyError:
        raise KeyError(f"unknown font face {key!r}; known: {', '.join(sorted(FACES))}") from None


def _metrics(key: str) -> tuple[dict[int, int], float, float, float]:
    """(codepoint -> advance in font units, units per em, ascent, descent) of a face."""
    return _file_metrics(face(key).path)


@lru_cache(maxsize=None)
def _file_metrics(path: Path) -> tuple[dict[int, int], float, float, float]:
    font = TTFont(path, lazy=True)
    cmap = font.getBestCmap()
    hmtx = font["hmtx"].metrics
    advances = {cp: hmtx[name][0] for cp, name in cmap.items()}
    hhea = font["hhea"]
    return advances, float(font["head"].unitsPerEm), float(hhea.ascent), float(hhea.descent)


def has_glyph(key: str, char: str) -> bool:
    return ord(char) in _metrics(key)[0]


def missing_glyphs(text: str, key: str = "sans", file: Path | None = None) -> list[str]:
    """Characters of `text` (other than line breaks) the face cannot draw, in order, unique: the
    bundled face `key`'s, or the font `file`'s (a designer's font for that role)."""
    advances = (_file_metrics(file) if file is not None else _metrics(key))[0]
    seen: list[str] = []
    for char in text:
        if char in "\n\r\t" or ord(char) in advances or char in seen:
            continue
        seen.append(char)
    return seen


def text_width_pt(text: str, key: str, size_pt: float) -> float:
    """Advance width of `text` set in face `key` at `size_pt` points (no kerning)."""
    advances, upem, _, _ = _metrics(key)
    fallback = advances.get(ord("?"), upem / 2)
    return sum(advances.get(ord(c), fallback) for c in text) * size_pt / upem


def text_width_mm(text: str, key: str, size_pt: float) -> float:
    return text_width_pt(text, key, size_pt) / PT_PER_MM


def ascent_mm(key: str, size_pt: float) -> float:
    _, upem, ascent, _ = _metrics(key)
    return ascent / upem * size_pt / PT_PER_MM


def descent_mm(key: str, size_pt: float) -> float:
    """Positive distance below the baseline."""
    _, upem, _, descent = _metrics(key)
    return -descent / upem * size_pt / PT_PER_MM


_FONTS_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>{font_dir}</dir>
  <cachedir>{cache_dir}</cachedir>
  <config><rescan><int>0</int></rescan></config>
</fontconfig>
"""


@lru_cache(maxsize=1)
def use_bundled_fonts() -> Path:
    """Point fontconfig (and so cairo/cairosvg) at fonts/ only. Call before cairo draws.

    Returns the path of the generated fonts.conf. Idempotent.

    The file and fontconfig's cache live in this process's private folder (scanning the
    nine faces takes a few milliseconds, so a shared cache would buy nothing). fontconfig
    reads FONTCONFIG_FILE once, when a process first draws text: forked workers that call
    this inherit the parent's cached path, and the folder lives until the parent exits.
    """
    conf_dir = private.scratch_dir() / "fontconfig"
    cache_dir = conf_dir / "cache"
    cache_dir.mkdir(parents=True, exist_ok=True)
    # html.escape, not xml.sax.saxutils' (which imports urllib): the same &, <, > (quotes left as they are)
    text = _FONTS_CONF.format(font_dir=escape(str(FONT_DIR), quote=False),
                              cache_dir=escape(str(cache_dir), quote=False))
    conf = private.write_atomic(conf_dir, "fonts.conf", text.encode("utf-8"))
    os.environ["FONTCONFIG_FILE"] = str(conf)
    return conf
