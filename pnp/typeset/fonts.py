"""The fonts a kit prints in: where they are, what they are called, how wide text set in them is.

Everything printed uses the fonts in ``fonts/`` (ParaType's PT Sans, PT Sans Narrow and PT
Serif, free licence in fonts/LICENSE-ParaType.txt), each for a role layouts name ("sans",
"serif-bold" ...), or, for a role the content's `fonts:` names, the designer's font while
`designer_fonts` is active (the checks and the build make it so). cairosvg finds fonts through
fontconfig, so `use_bundled_fonts()` writes a fonts.conf that lists only that folder and points
FONTCONFIG_FILE at it before cairo starts; the build never depends on system fonts.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib
import io
import os
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property, lru_cache
from html import escape
from pathlib import Path
from typing import Iterable, Iterator

from pnp.core import private
from pnp.core.errors import UserError
from pnp.core.geometry import PT_PER_MM
from pnp.core.resources import bundled
from pnp.typeset import font_metrics

FONT_DIR = bundled("fonts")


@dataclass(frozen=True)
class Face:
    key: str  # our short name, used in layouts: "sans", "sans-bold", ...
    family: str  # the family name fontconfig and SVG use
    weight: str  # "normal" | "bold"
    style: str  # "normal" | "italic"
    file: str  # file name in fonts/

    @cached_property
    def path(self) -> Path:
        """Made once per face: text is measured tens of thousands of times a check, by path."""
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


#: role -> the designer's face that replaces the bundled one, while `designer_fonts` is active
_DESIGNER: dict[str, Face] = {}


def face(key: str) -> Face:
    """The face a role prints in: the designer's font for it while one is active, else the bundled face."""
    try:
        return _DESIGNER.get(key) or FACES[key]
    except KeyError:
        raise KeyError(f"unknown font face {key!r}; known: {', '.join(sorted(FACES))}") from None


def faces() -> dict[str, Face]:
    """Every role and the face it prints in now (the bundled faces, the designer's in their place)."""
    return {**FACES, **_DESIGNER}


@contextmanager
def designer_fonts(named: Iterable) -> Iterator[None]:
    """Print each role a designer's font names (pnp.content.fonts.DesignerFont: role, path, sha256)
    in that font while the block runs; every other role keeps its bundled face.

    Each font is used through a private copy whose family name is unique to its bytes ("pnp " and
    its SHA-256), added to this process's fontconfig: cairo finds a face by family, weight and
    slant, so a designer's family that is also another font's (a second file of the same family, a
    bundled PT face, the same font edited while `pnp serve` runs) could otherwise draw in the wrong
    one. The copy keeps the font's PostScript name, which the PDFs carry (pdffonts shows it). Forked
    render workers inherit both the faces and fontconfig's list."""
    previous = dict(_DESIGNER)
    chosen = {font.role: _designer_face(font.role, Path(font.path), font.sha256) for font in named}
    _set_designer(chosen)
    try:
        yield
    finally:
        _set_designer(previous)


def _set_designer(chosen: dict[str, Face]) -> None:
    _DESIGNER.clear()
    _DESIGNER.update(chosen)
    _ROLE_METRICS.clear()  # a role may print in another face now
    _ROLE_WIDTHS.clear()


def _designer_face(role: str, path: Path, sha256: str) -> Face:
    bundled = FACES[role]
    copy = _unique_copy(path, sha256)
    return Face(role, _family(sha256), bundled.weight, bundled.style, str(copy))


def _family(sha256: str) -> str:
    return f"pnp {sha256[:24]}"


@lru_cache(maxsize=None)
def _unique_copy(path: Path, sha256: str) -> Path:
    """The font at `path` (whose bytes have `sha256`) renamed to its unique family, in this process's
    private folder and known to fontconfig."""
    raw = path.read_bytes()
    if hashlib.sha256(raw).hexdigest() != sha256:
        raise FontUnusable(f"the font {path} changed after it was checked; check and build again")
    name = f"{sha256[:32]}.ttf"
    # the copy depends on the font's bytes alone; made once (converting PostScript outlines takes
    # seconds for a big face), then kept in the user's cache as it was made
    data = private.cache_get(f"designer-fonts-{COPY_VERSION}", name)
    if data is None or not _readable(data):  # absent, or damaged in the cache: made again
        data = _renamed(raw, sha256)
        private.cache_put(f"designer-fonts-{COPY_VERSION}", name, data)
    folder = private.scratch_dir() / "designer-fonts"
    folder.mkdir(exist_ok=True)
    copy = private.write_atomic(folder, name, data)
    _add_to_fontconfig(copy)
    return copy


#: bump when `_renamed` makes other bytes: copies kept in the user's cache are then not used
COPY_VERSION = 1


def _renamed(raw: bytes, sha256: str) -> bytes:
    """The font `raw` under its unique family, with TrueType outlines."""
    # imported here: only a designer's font not yet in the user's cache is renamed (fontTools' import, 25 ms)
    from fontTools.ttLib import TTFont

    from pnp.typeset import quadratic

    font = TTFont(io.BytesIO(raw), recalcTimestamp=False)
    if quadratic.has_cff_outlines(font):
        quadratic.to_truetype_outlines(font)  # reportlab embeds TrueType outlines only
    names = font["name"]
    names.names = [record for record in names.names if record.nameID not in (1, 2, 16, 17, 21, 22)]
    names.setName(_family(sha256), 1, 3, 1, 0x409)
    names.setName("Regular", 2, 3, 1, 0x409)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _readable(data: bytes) -> bool:
    from fontTools.ttLib import TTFont

    try:
        TTFont(io.BytesIO(data), lazy=True).getBestCmap()
    except Exception:  # noqa: BLE001 - fontTools raises many kinds on damaged bytes: all mean "make it again"
        return False
    return True


class FontUnusable(UserError):
    """A designer's font that passed the check cannot be used now: changed since, or unreadable to
    fontconfig (the command stops with one line, exit 2)."""


def _add_to_fontconfig(path: Path) -> None:
    """Make cairo (through fontconfig) see the font file at `path`, in this process and its forks.

    fontconfig reads its configuration once a process; a file added to the running configuration
    (FcConfigAppFontAddFile) is the documented way to use a font it was not configured with."""
    use_bundled_fonts()  # the configuration the font is added to must be pnp's own
    try:  # the library cairo has loaded already, by its usual name; else wherever the system keeps it
        library = ctypes.CDLL("libfontconfig.so.1")
    except OSError:
        name = ctypes.util.find_library("fontconfig")
        if name is None:
            raise FontUnusable("the fontconfig library (which cairo finds fonts through) is not installed") from None
        library = ctypes.CDLL(name)
    library.FcConfigAppFontAddFile.argtypes = (ctypes.c_void_p, ctypes.c_char_p)
    library.FcConfigAppFontAddFile.restype = ctypes.c_int
    if not library.FcConfigAppFontAddFile(None, os.fsencode(path)):
        raise FontUnusable(f"fontconfig could not read the font {path}")


#: role -> the metrics of the face it prints in now, and role -> {text: its advance in font units};
#: emptied whenever the designer's faces change. Setting a card's text asks for them tens of
#: thousands of times, most for a word measured before: a face's path made and hashed on each
#: ask cost more than the measuring itself.
_ROLE_METRICS: dict[str, tuple[dict[int, int], float, float, float]] = {}
_ROLE_WIDTHS: dict[str, dict[str, float]] = {}
#: texts kept per role before its widths are dropped (a long `pnp serve` measures ever new words)
_WIDTHS_KEPT = 50_000


def _metrics(key: str) -> tuple[dict[int, int], float, float, float]:
    """(codepoint -> advance in font units, units per em, ascent, descent) of a face."""
    try:
        return _ROLE_METRICS[key]
    except KeyError:
        metrics = _ROLE_METRICS[key] = _file_metrics(face(key).path)
        return metrics


def _file_metrics(path: Path) -> tuple[dict[int, int], float, float, float]:
    found = font_metrics.metrics(path)
    return found.advances, found.units_per_em, found.ascent, found.descent


def has_glyph(key: str, char: str) -> bool:
    return ord(char) in _metrics(key)[0]


def missing_glyphs(text: str, key: str = "sans", file: Path | None = None) -> list[str]:
    """Characters of `text` (other than line breaks) the face cannot draw, in order, unique: the
    face role `key` prints in now (pnp.typeset.fonts.face), or the font `file`'s."""
    advances = (_file_metrics(file) if file is not None else _metrics(key))[0]
    if _drawn(advances).issuperset(text):
        return []  # the usual answer, found without a step of Python a character
    seen: list[str] = []
    for char in text:
        if char in "\n\r\t" or ord(char) in advances or char in seen:
            continue
        seen.append(char)
    return seen


#: id of a face's advances (each kept for the process by font_metrics.metrics, so an id is never reused) -> the
#: characters the face draws, line breaks and tabs included: a check holds thousands of texts to each face
_DRAWN: dict[int, frozenset[str]] = {}


def _drawn(advances: dict[int, int]) -> frozenset[str]:
    found = _DRAWN.get(id(advances))
    if found is None:
        found = _DRAWN[id(advances)] = frozenset(map(chr, advances)) | frozenset("\n\r\t")
    return found


def cap_height_em(key: str) -> float:
    """The height of a capital letter in the face role `key` prints in now, as a fraction of the size."""
    return font_metrics.metrics(face(key).path).cap_height


def text_width_pt(text: str, key: str, size_pt: float) -> float:
    """Advance width of `text` set in face `key` at `size_pt` points (no kerning)."""
    advances, upem, _, _ = _metrics(key)
    widths = _ROLE_WIDTHS.setdefault(key, {})
    units = widths.get(text)
    if units is None:
        if len(widths) >= _WIDTHS_KEPT:
            widths.clear()
        fallback = advances.get(ord("?"), upem / 2)
        units = widths[text] = sum(advances.get(ord(c), fallback) for c in text)
    return units * size_pt / upem


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
