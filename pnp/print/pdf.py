"""SVG masters -> PDF bytes: one cairo document, fonts embedded and subset once, fixed bytes.

Every page is a list of placed SVG masters (clipped, e.g. cards on a sheet) plus an
optional page-sized overlay SVG drawn on top (crop marks, labels, or a whole page).

How it stays fast and small: a master used on a page is drawn once by cairosvg into a
cairo recording surface; painting that recording onto a page makes cairo's PDF backend
emit it as one form XObject, which every later use references. 115 cards with 55 unique
faces cost 55 cairosvg draws, and the PDF holds each face once. All pages go through one
cairo PDF surface, so each font is embedded once, subset to the glyphs used.

How it stays byte-identical: cairo 1.16 stamps the current time; we give it fixed dates,
then pypdf sets the boxes, viewer preferences, a fixed /Info and an /ID derived from the
content. Nothing else in the output depends on time, randomness or the machine.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import logging
import math
import re
from dataclasses import dataclass, field
from typing import Callable, Sequence
import xml.etree.ElementTree as ET

import cairocffi as cairo
from cairosvg.parser import Tree
from cairosvg.surface import PDFSurface
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, ByteStringObject, DictionaryObject, FloatObject, NameObject, RectangleObject

from pnp.art.designer_art import art_pixel_sizes
from pnp.core.kept import Kept
from pnp.print import cairosvg_memo, cairosvg_shortcuts, fill_only_text, hidden_text
from pnp.typeset.fonts import use_bundled_fonts
from pnp.core.geometry import DUPLEX_MODES, Box, check_duplex, css_length_mm, mm_to_pt, pt_to_mm

#: Fixed document dates (cairo would write "now").
FIXED_DATE_ISO = "2000-01-01T00:00:00Z"
FIXED_DATE_PDF = "D:20000101000000Z"
PRODUCER = "pnp"
PDF_HEADER = "%PDF-1.7"


_SIZE_TOLERANCE_MM = 0.01


@dataclass(frozen=True)
class Placement:
    """An SVG master placed with its top-left corner at (x, y) mm, optionally clipped."""

    svg: str
    x: float = 0.0
    y: float = 0.0
    clip: Box | None = None  # page coordinates, mm


@dataclass(frozen=True)
class Page:
    width: float  # mm
    height: float
    placements: tuple[Placement, ...] = ()
    overlay: str | None = None  # page-sized SVG, drawn last, straight into the page
    trim: Box | None = None  # page coordinates, mm; written as /TrimBox
    bleed: Box | None = None  # written as /BleedBox

    @classmethod
    def of_svg(cls, svg: str, width: float, height: float, *, trim: Box | None = None,
               bleed: Box | None = None) -> "Page":
        return cls(width, height, overlay=svg, trim=trim, bleed=bleed)


@dataclass(frozen=True)
class DocInfo:
    title: str
    duplex: str | None = None  # long | short | none -> /ViewerPreferences /Duplex
    subject: str = ""
    keywords: tuple[str, ...] = field(default_factory=tuple)


class CairoFallback(RuntimeError):
    """cairo drew part of a page as a raster image (our own drawing is vector only; the
    designer's pictures are images, known by their pixel sizes)."""


def render(pages: Sequence[Page], info: DocInfo) -> bytes:
    """Draw `pages` into one PDF and return its bytes."""
    if not pages:
        raise ValueError("a PDF needs at least one page")
    try:
        return _finish(_draw(pages, info), pages, info)
    except CairoFallback:
        # see _split: drawn again with every master painted at whole points, which cairo
        # analyses exactly; a raster image then is a bug of ours, reported as such
        return _finish(_draw(pages, info, whole_points=True), pages, info)


def svg_to_pdf(svg: str, info: DocInfo, *, trim: Box | None = None,
               bleed: Box | None = None) -> bytes:
    """One SVG master as a one-page PDF whose MediaBox is the SVG's own size."""
    width, height = svg_size_mm(svg)
    return render([Page.of_svg(svg, width, height, trim=trim, bleed=bleed)], info)


def concat(pdfs: Sequence[bytes], info: DocInfo) -> bytes:
    """The pages of several PDFs in order, each page keeping its own boxes."""
    writer = PdfWriter()
    for data in pdfs:
        writer.append(PdfReader(io.BytesIO(data)), import_outline=False)
    digest = hashlib.md5()
    for data in pdfs:
        digest.update(hashlib.md5(data).digest())
    return _stamp_and_write(writer, info, digest.digest())


def page_count(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


def svg_size_mm(svg: str) -> tuple[float, float]:
    """The width and height an SVG master declares on its root, in mm.

    Reads only the root element, so checking many masters stays cheap.
    """
    start = svg.find("<svg")
    parser = ET.XMLPullParser(events=("start",))
    try:
        parser.feed(svg[start: svg.find(">", start) + 1] if start >= 0 else svg)
        root = next((element for _, element in parser.read_events()), None)
    except ET.ParseError as error:
        raise ValueError(f"not an SVG document: {error}") from None
    if root is None or not root.tag.endswith("svg"):
        raise ValueError("not an SVG document")
    viewbox = [float(v) for v in re.split(r"[\s,]+", root.get("viewBox", "").strip()) if v]
    return _side(root.get("width"), viewbox[2:3]), _side(root.get("height"), viewbox[3:4])


def _side(value: str | None, viewbox_side: list[float]) -> float:
    """A root width/height in mm; missing or a percentage falls back to the viewBox (in px)."""
    if value is None or value.strip().endswith("%"):
        if not viewbox_side:
            raise ValueError("an SVG master needs a width and height (or a viewBox)")
        return round(css_length_mm(f"{viewbox_side[0]}px"), 6)
    return round(css_length_mm(value), 6)


# --- drawing ---------------------------------------------------------------------------


def _drawer_class():
    fill_only_text.install()
    cairosvg_memo.install()
    cairosvg_shortcuts.install()

    class Drawer(PDFSurface):
        """cairosvg's PDF drawer aimed at a cairo surface we own (a page or a recording).

        cairosvg lets subclasses pick the target through `_create_surface`; it then scales
        its px user units to points and draws the tree. We never call `finish` on it. Its
        text is laid out once where cairosvg lays it out twice to the same bytes
        (`fill_only_text`).
        """

        pnp_fill_only_text = True

        def __init__(self, svg: str, make_target: Callable[[float, float], object]):
            self._make_target = make_target
            tree = Tree(bytestring=svg.encode("utf-8"))
            _unhinted(tree)
            hidden_text.reveal(tree)  # words kept in the text layer, made invisible by _finish
            super().__init__(tree, None, 96)

        def _create_surface(self, width, height):
            return self._make_target(width, height), width, height

    return Drawer


def _unhinted(node) -> None:
    """Ask for unhinted glyph metrics on every node that does not choose otherwise.

    With cairo's default (hinted metrics) advances are rounded in device space, and a
    recording surface takes them from fonts cached by earlier drawings: the same SVG then
    lays out text differently depending on what the process drew before. Unhinted
    metrics are exact (they also match `fonts.text_width_mm`) and history-free.
    """
    node.setdefault("text-rendering", "geometricPrecision")
    for child in node.children:
        _unhinted(child)


def _draw(pages: Sequence[Page], info: DocInfo, whole_points: bool = False) -> bytes:
    use_bundled_fonts()  # before cairo resolves any font
    drawer = _drawer_class()
    out = io.BytesIO()
    first = pages[0]
    surface = cairo.PDFSurface(out, mm_to_pt(first.width), mm_to_pt(first.height))
    surface.set_metadata(cairo.PDF_METADATA_TITLE, info.title)
    surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, FIXED_DATE_ISO)
    surface.set_metadata(cairo.PDF_METADATA_MOD_DATE, FIXED_DATE_ISO)
    recordings: dict[tuple[str, tuple[float, float]], object] = {}
    for number, page in enumerate(pages, start=1):
        surface.set_size(mm_to_pt(page.width), mm_to_pt(page.height))
        context = cairo.Context(surface)
        for placement in page.placements:
            whole, shift = _split(placement, whole_points)
            key = (placement.svg, shift)
            recording = recordings.get(key)
            if recording is None:
                recording = recordings[key] = _kept_or_recorded(drawer, placement.svg, shift)
            _paint(context, recording, placement, whole)
        del context
        if page.overlay is not None:
            _draw_overlay(drawer, surface, page, number)
        surface.show_page()
    surface.finish()
    return out.getvalue()


#: Drawings kept for later documents, in a process that keeps results between builds (pnp
#: serve's render workers: a deck drawn again after a save draws only the face that changed).
#: A drawing depends on its SVG text and its shift alone (pictures are inline in the text, a
#: designer's font is named by the hash of its bytes, glyph metrics are unhinted: `_unhinted`),
#: so a kept one paints the bytes a fresh one would. Bounded in number and in the SVG text
#: behind them (pictures are in that text).
KEEP_MAX_DRAWINGS = 2048
KEEP_MAX_CHARS = 48_000_000
_KEPT: Kept[tuple[str, tuple[float, float]], object] = Kept(KEEP_MAX_DRAWINGS, KEEP_MAX_CHARS,
                                                            size=lambda key, _: len(key[0]))


def _kept_or_recorded(drawer, svg: str, shift: tuple[float, float]):
    return _KEPT.get((svg, shift), lambda: _record(drawer, svg, shift))


def _record(drawer, svg: str, shift: tuple[float, float]):
    """`svg` drawn into a recording surface, moved right and down by `shift` (pt, each in [0, 1))."""
    dx, dy = shift

    def make(width: float, height: float):
        recording = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, (0, 0, width + dx, height + dy))
        recording.set_device_offset(dx, dy)
        return recording

    recording = drawer(svg, make).cairo
    recording.set_device_offset(0, 0)  # the shift stays in what was recorded, not in how it is painted
    return recording


#: cairo 1.16 can also drop the second paint of a recording painted twice on a page at free
#: fractional offsets (measured: a card vanished from an A4 sheet; 6 of 2,090 paints at free
#: offsets, none of 2,090 on this grid). So masters are painted on a 1/4 pt grid: at most
#: 0.044 mm off, which the clip (the cut line stays exact) and the bleed absorb.
SNAP_PT = 0.25


def _snap_pt(value: float) -> float:
    return round(value / SNAP_PT) * SNAP_PT


def _split(placement: Placement, whole_points: bool) -> tuple[tuple[float, float], tuple[float, float]]:
    """(where the recording is painted, the shift drawn into the recording), in pt.

    cairo 1.16 mis-analyses a recording painted at a fractional point offset when what it
    recorded is clipped (cairosvg clips every master to its own box; a `clipPath` clips
    too): some thin strokes then fall back to raster images (measured: the wall pieces of
    «Оборона Замка» on a print-shop page with a 36 px = 3.048 mm bleed, 14 of 14). Painted
    at whole points it analyses exactly. Drawing the fraction into the recording costs a
    recording per fraction (a card on a 3x3 sheet up to nine instead of one, the file twice
    as large), so it is done only for a document cairo got wrong (`render`).
    """
    x, y = _snap_pt(mm_to_pt(placement.x)), _snap_pt(mm_to_pt(placement.y))
    if not whole_points:
        return (x, y), (0.0, 0.0)
    whole = (math.floor(x), math.floor(y))
    return whole, (x - whole[0], y - whole[1])


def _paint(context, recording, placement: Placement, at: tuple[float, float]) -> None:
    context.save()
    if placement.clip is not None:
        clip = placement.clip
        context.rectangle(mm_to_pt(clip.x), mm_to_pt(clip.y), mm_to_pt(clip.w), mm_to_pt(clip.h))
        context.clip()
    context.set_source_surface(recording, *at)
    context.paint()
    context.restore()


def _draw_overlay(drawer, surface, page: Page, number: int) -> None:
    size: list[float] = []

    def make(width: float, height: float):
        size.extend((width, height))
        return surface

    drawer(page.overlay, make)
    width, height = pt_to_mm(size[0]), pt_to_mm(size[1])
    if abs(width - page.width) > _SIZE_TOLERANCE_MM or abs(height - page.height) > _SIZE_TOLERANCE_MM:
        raise ValueError(f"page {number}: overlay SVG is {width:.2f}x{height:.2f} mm, "
                         f"the page is {page.width:.2f}x{page.height:.2f} mm")


# --- finishing: boxes, viewer preferences, metadata, /ID --------------------------------


def _has_raster(resources, seen: set[int], art: frozenset[tuple[int, int]] = frozenset()) -> bool:
    """Is there an image XObject in these resources or in any form they use, other than the
    designer's pictures (`art`: the pixel sizes the page's masters embed)?"""
    if resources is None:
        return False
    xobjects = resources.get_object().get("/XObject")
    if xobjects is None:
        return False
    for ref in xobjects.get_object().values():
        key = getattr(ref, "idnum", None)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        obj = ref.get_object()
        if obj.get("/Subtype") == "/Image" and (obj.get("/Width"), obj.get("/Height")) not in art:
            return True
        if obj.get("/Subtype") == "/Form" and _has_raster(obj.get("/Resources"), seen, art):
            return True
    return False


def _finish(raw: bytes, pages: Sequence[Page], info: DocInfo) -> bytes:
    # cairo 1.16 lists an XObject painted n times on a page n times in the page's
    # resources; pypdf warns about the duplicate keys and keeps one, which is right.
    with _quiet_pypdf():
        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(raw)))
    hidden_text.hide(writer)
    art = [_art_sizes(page) for page in pages]
    for number, (pdf_page, page, sizes) in enumerate(zip(writer.pages, pages, art), start=1):
        if _has_raster(pdf_page.get("/Resources"), set(), sizes):
            # our art is vector only: an image here is cairo's fallback, which can also
            # drop content (see SNAP_PT), so never print it (`render` draws it again)
            raise CairoFallback(f"cairo fell back to a raster image on page {number} of {info.title!r}")
        if page.trim is not None:
            pdf_page.trimbox = _rect(page.trim, page.height)
        if page.bleed is not None:
            pdf_page.bleedbox = _rect(page.bleed, page.height)
    if any(art):
        # cairo embeds a picture once per master that shows it (a background behind 50 unique
        # cards: 50 copies); identical objects are kept once. Only with pictures: the kits
        # without any keep their bytes.
        writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
    return _stamp_and_write(writer, info, hashlib.md5(raw).digest())


def _art_sizes(page: Page) -> frozenset[tuple[int, int]]:
    """The pixel sizes of the designer's pictures the page's masters embed."""
    return frozenset().union(*(art_pixel_sizes(svg) for svg in [p.svg for p in page.placements] + [page.overlay or ""]))


@contextlib.contextmanager
def _quiet_pypdf():
    logger = logging.getLogger("pypdf")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def _rect(box: Box, page_height: float):
    return RectangleObject([FloatObject(round(v, 4)) for v in box.to_pdf(page_height)])


def _stamp_and_write(writer, info: DocInfo, content_digest: bytes) -> bytes:
    metadata = {"/Title": info.title, "/Producer": PRODUCER, "/Creator": PRODUCER,
                "/CreationDate": FIXED_DATE_PDF, "/ModDate": FIXED_DATE_PDF}
    if info.subject:
        metadata["/Subject"] = info.subject
    if info.keywords:
        metadata["/Keywords"] = ", ".join(info.keywords)
    writer.metadata = metadata

    prefs = DictionaryObject({NameObject("/PrintScaling"): NameObject("/None")})
    if info.duplex is not None:
        prefs[NameObject("/Duplex")] = NameObject(DUPLEX_MODES[check_duplex(info.duplex)])
    writer._root_object[NameObject("/ViewerPreferences")] = prefs

    # The /ID depends only on what is drawn and how it is labelled, never on time.
    digest = hashlib.md5(content_digest)
    digest.update(repr(sorted(metadata.items())).encode("utf-8"))
    digest.update(repr(sorted(prefs.items())).encode("utf-8"))
    ident = ByteStringObject(digest.digest())
    writer._ID = ArrayObject([ident, ident])  # pypdf writes it into the trailer as given

    # /PrintScaling is PDF 1.6, /Duplex PDF 1.7: declare the version that has both.
    writer.pdf_header = PDF_HEADER
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
