"""What text setting needs of a font file, read with fontTools once and kept in the user's cache.

Every `pnp check` measures its texts in four to nine faces: each face's advance widths by code
point, units per em, ascent, descent and the height of a capital. Reading them took fontTools'
import (about 25 ms) and its parse of each face's cmap and hmtx (about 2 ms a face), in every
process, for numbers that only change with the font's bytes. They are kept under the SHA-256 of
those bytes (taken through pnp.cache.keys' table of known files, so an unchanged file is not read
again) and of this module's `VERSION`; a font file is a fact, so fontTools' version is not part of
the name. An entry that cannot be read as the numbers it should hold is ignored and read again
from the font; PNP_NO_CACHE=1 keeps nothing.
"""

from __future__ import annotations

import hashlib
import marshal
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pnp.cache import keys
from pnp.core import private

KIND = "font-metrics"
#: bump when `_read` takes other numbers from a font: entries kept before are then not used
VERSION = 1
#: the most entries kept: the bundled faces, and each designer's font (an edited one adds one)
KEEP = 200
#: the capital height of a font that tells none (no OS/2 capital height, no "H")
DEFAULT_CAP_HEIGHT = 0.7


@dataclass(frozen=True)
class FaceMetrics:
    advances: dict[int, int]  # code point -> advance width in font units
    units_per_em: float
    ascent: float
    descent: float  # negative below the baseline, as the font has it
    cap_height: float  # as a fraction of the em


@lru_cache(maxsize=None)
def metrics(path: Path) -> FaceMetrics:
    """The metrics of the font file at `path`: from the user's cache, or read from the font and kept."""
    name = _name(path) if private.cache_enabled() else None
    found = _from_entry(private.cache_get_marshal(KIND, name)) if name is not None else None
    if found is None:
        found = _read(path)
        if name is not None:
            private.cache_put(KIND, name, _entry(found))
            private.cache_trim(KIND, KEEP, name)
    return found


def _name(path: Path) -> str | None:
    try:
        digest = keys.file_digest(path)
    except OSError:
        return None  # read from the font, whose own error says what is wrong
    return hashlib.sha256(f"{VERSION}\0{digest}".encode()).hexdigest()


def _entry(found: FaceMetrics) -> bytes:
    return marshal.dumps((tuple(found.advances), tuple(found.advances.values()), found.units_per_em,
                          found.ascent, found.descent, found.cap_height), 4)


def _from_entry(entry) -> FaceMetrics | None:
    try:
        points, widths, upem, ascent, descent, cap = entry
        advances = dict(zip(points, widths, strict=True))
    except (ValueError, TypeError):
        return None  # absent, damaged or foreign: read from the font
    numbers = (upem, ascent, descent, cap)
    if not (all(isinstance(v, float) for v in numbers) and upem > 0
            and all(type(k) is int and type(v) is int for k, v in advances.items())):
        return None
    return FaceMetrics(advances, upem, ascent, descent, cap)


def _read(path: Path) -> FaceMetrics:
    # imported here: a check whose faces are all kept never loads fontTools (about 25 ms)
    from fontTools.ttLib import TTFont

    font = TTFont(path, lazy=True)
    cmap = font.getBestCmap()
    hmtx = font["hmtx"].metrics
    upem = float(font["head"].unitsPerEm)
    hhea = font["hhea"]
    return FaceMetrics({cp: hmtx[name][0] for cp, name in cmap.items()}, upem, float(hhea.ascent),
                       float(hhea.descent), _cap_height(font, cmap, upem))


def _cap_height(font, cmap: dict[int, str], upem: float) -> float:
    """OS/2's capital height; for a font whose OS/2 table is older than version 2 (no sCapHeight,
    as many a designer's font), the height of its "H"; else the usual 0.7."""
    from fontTools.pens.boundsPen import BoundsPen

    os2 = font["OS/2"] if "OS/2" in font else None
    if os2 is not None and os2.version >= 2 and getattr(os2, "sCapHeight", 0) > 0:
        return os2.sCapHeight / upem
    name = cmap.get(ord("H"))
    if name is not None:
        glyphs = font.getGlyphSet()
        pen = BoundsPen(glyphs)
        glyphs[name].draw(pen)
        if pen.bounds is not None and pen.bounds[3] > 0:
            return pen.bounds[3] / upem
    return DEFAULT_CAP_HEIGHT
