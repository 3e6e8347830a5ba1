"""Check a written PDF the way a print shop's preflight would, and say what is wrong.

`preflight(pdf, ...)` returns human-readable failures; an empty list means the file is
fine. Always checked: every font (also inside form XObjects, patterns and Type 3 glyph
procedures, and every descendant of a composite font) is embedded, subset and has a
/ToUnicode map (so text can be extracted); no base-14 font is used unembedded. Checked
on request: page count, page size, TrimBox, BleedBox and the viewer preferences.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Iterator, Sequence, Union

from pypdf import PdfReader
from pypdf.errors import PdfReadError

from pnp.core.geometry import Box, pt_to_mm
from pnp.core.geometry import DUPLEX_MODES

BASE14 = frozenset({
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique",
    "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
    "Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats",
})
FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")
SUBSET_TAG = re.compile(r"^[A-Z]{6}\+")
TOLERANCE_MM = 0.02

PerPage = Union[None, Box, Sequence[Union[Box, None]]]
SizeSpec = Union[None, tuple[float, float], Sequence[tuple[float, float]]]


def preflight(pdf: bytes | str | Path, *, pages: int | None = None, page_size: SizeSpec = None,
              trim: PerPage = None, bleed: PerPage = None, duplex: str | None = None,
              print_scaling_none: bool = False) -> list[str]:
    """Failures found in `pdf` (bytes or a path); [] when everything holds.

    `page_size` is one (w, h) in mm for every page or a list with one per page; `trim`
    and `bleed` likewise a Box (page coordinates, mm, top-left origin) or a list (None
    entries skip a page). `duplex` is long | short | none, matched against /Duplex.
    """
    data = Path(pdf).read_bytes() if isinstance(pdf, (str, Path)) else pdf
    try:
        reader = PdfReader(io.BytesIO(data))
        page_list = list(reader.pages)
    except (PdfReadError, ValueError, KeyError) as error:
        return [f"not a readable PDF: {error}"]

    failures: list[str] = []
    if pages is not None and len(page_list) != pages:
        failures.append(f"expected {pages} pages, found {len(page_list)}")
    failures += _check_fonts(page_list)
    for number, page in enumerate(page_list, start=1):
        failures += _check_page_boxes(page, number, _nth(page_size, number), _nth(trim, number),
                                      _nth(bleed, number))
    failures += _check_viewer_preferences(reader, duplex, print_scaling_none)
    return failures


# --- fonts ------------------------------------------------------------------------------


def _check_fonts(pages) -> list[str]:
    failures: list[str] = []
    seen_fonts: set[int] = set()
    for number, page in enumerate(pages, start=1):
        for font in _fonts(page.get("/Resources"), set()):
            key = id(font) if font.indirect_reference is None else font.indirect_reference.idnum
            if key in seen_fonts:
                continue
            seen_fonts.add(key)
            failures += [f"page {number}: {problem}" for problem in _font_problems(font)]
    return failures


def _fonts(resources, visited: set[int]) -> Iterator:
    """Every font dictionary reachable from a resource dictionary, depth first."""
    if resources is None:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        yield font
        if font.get("/Subtype") == "/Type3":
            yield from _fonts(font.get("/Resources"), visited)
    for group in ("/XObject", "/Pattern"):
        for ref in (resources.get(group) or {}).values():
            obj = ref.get_object()
            idnum = getattr(ref, "idnum", None)
            if idnum is not None:
                if idnum in visited:
                    continue
                visited.add(idnum)
            if hasattr(obj, "get") and obj.get("/Resources") is not None:
                yield from _fonts(obj.get("/Resources"), visited)


def _font_problems(font) -> list[str]:
    subtype = font.get("/Subtype")
    name = str(font.get("/BaseFont", "(unnamed)")).lstrip("/")
    if subtype == "/Type3":
        return []  # glyphs are content streams inside the file
    problems: list[str] = []
    if "/ToUnicode" not in font:
        problems.append(f"font {name} has no /ToUnicode map: its text cannot be extracted")
    if subtype == "/Type0":
        descendants = [d.get_object() for d in font.get("/DescendantFonts") or []]
        if not descendants:
            problems.append(f"composite font {name} has no descendant font")
        for descendant in descendants:
            problems += _embedding_problems(descendant)
        return problems
    return problems + _embedding_problems(font)


def _embedding_problems(font) -> list[str]:
    name = str(font.get("/BaseFont", "(unnamed)")).lstrip("/")
    descriptor = font.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else None
    if descriptor is None or not any(key in descriptor for key in FONT_FILES):
        if name in BASE14:
            return [f"base-14 font {name} is not embedded"]
        return [f"font {name} is not embedded"]
    if not SUBSET_TAG.match(name):
        return [f"font {name} is embedded whole, not subset"]
    return []


# --- boxes and preferences --------------------------------------------------------------


def _nth(spec, number: int):
    """The expectation for page `number` from a single value or a per-page list."""
    if spec is None or isinstance(spec, Box):
        return spec
    if isinstance(spec, tuple) and len(spec) == 2 and all(isinstance(v, (int, float)) for v in spec):
        return spec
    return spec[number - 1] if number <= len(spec) else None


def _check_page_boxes(page, number: int, size, trim: Box | None, bleed: Box | None) -> list[str]:
    failures: list[str] = []
    media = _box(page.mediabox)
    if size is not None:
        width_mm, height_mm = size
        if abs(media.w - width_mm) > TOLERANCE_MM or abs(media.h - height_mm) > TOLERANCE_MM:
            failures.append(f"page {number}: size {media.w:.2f}x{media.h:.2f} mm, "
                            f"expected {width_mm:.2f}x{height_mm:.2f} mm")
    for key, expected in (("/TrimBox", trim), ("/BleedBox", bleed)):
        if expected is None:
            continue
        if key not in page:
            failures.append(f"page {number}: no {key[1:]}")
            continue
        found = _box(page[key], page.mediabox)
        if not found.close_to(expected, TOLERANCE_MM):
            failures.append(f"page {number}: {key[1:]} is {_describe(found)}, expected {_describe(expected)}")
    return failures


def _box(rect, media=None) -> Box:
    """A PDF rectangle as a Box in mm, measured from the MediaBox's top-left corner."""
    x0, y0, x1, y1 = _corners(rect)
    left, _, _, top = _corners(media if media is not None else rect)
    return Box(pt_to_mm(x0 - left), pt_to_mm(top - y1), pt_to_mm(x1 - x0), pt_to_mm(y1 - y0))


def _corners(rect) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in rect)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _describe(box: Box) -> str:
    return f"{box.w:.2f}x{box.h:.2f} mm at ({box.x:.2f}, {box.y:.2f})"


def _check_viewer_preferences(reader, duplex: str | None, print_scaling_none: bool) -> list[str]:
    prefs = reader.trailer["/Root"].get("/ViewerPreferences")
    prefs = prefs.get_object() if prefs is not None else {}
    failures: list[str] = []
    if print_scaling_none and prefs.get("/PrintScaling") != "/None":
        failures.append("viewer preference PrintScaling is not /None (printers may shrink the pages)")
    if duplex is not None and prefs.get("/Duplex") != DUPLEX_MODES[duplex]:
        failures.append(f"viewer preference Duplex is {prefs.get('/Duplex')}, expected {DUPLEX_MODES[duplex]}")
    return failures
