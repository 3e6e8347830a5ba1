"""Test helpers: synthetic card masters, and measuring real PDFs in millimetres.

Geometry comes from the page content itself (the operators cairo wrote, followed through
q/Q/cm), text positions from `pdftotext -bbox`, the inked area from Ghostscript's bbox
device, pixels from `pdftoppm`. Everything is returned in mm, top-left origin.
"""

from __future__ import annotations

import io
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.core.geometry import mm_to_px, pt_to_mm

BLUE = "#3a6ea5"
MAGENTA = "#e0208a"


def card_svg(text: str, *, trim=(63.0, 88.0), bleed=3.0, fill=BLUE, bleed_fill=MAGENTA,
             sub: str = "Їжак ґудзик «є» — ʼ’") -> str:
    """A card master: bleed band in `bleed_fill`, trim area in `fill`, a centred label."""
    w, h = trim
    W, H = w + 2 * bleed, h + 2 * bleed
    return f"""<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{W}mm" height="{H}mm" viewBox="0 0 {W} {H}">
<defs><symbol id="icon-wood" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#6b4"/></symbol></defs>
<rect x="0" y="0" width="{W}" height="{H}" fill="{bleed_fill}"/>
<rect x="{bleed}" y="{bleed}" width="{w}" height="{h}" fill="{fill}"/>
<text x="{W / 2}" y="{bleed + 20}" font-family="PT Sans" font-weight="bold" font-size="5" text-anchor="middle" fill="#fff">{text}</text>
<text x="{W / 2}" y="{bleed + 40}" font-family="PT Sans" font-size="3" text-anchor="middle" fill="#fff">{sub}</text>
<use xlink:href="#icon-wood" x="{bleed + 5}" y="{bleed + 60}" width="10" height="10"/>
</svg>"""


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float
    colour: tuple[float, ...]
    width: float

    @property
    def length(self) -> float:
        return ((self.x2 - self.x1) ** 2 + (self.y2 - self.y1) ** 2) ** 0.5


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    colour: tuple[float, ...]
    stroked: bool


@dataclass(frozen=True)
class Form:
    name: str
    x: float  # where the form's origin lands, mm
    y: float


@dataclass(frozen=True)
class PaintedPath:
    """A painted path: its points (all subpaths), paint colour, stroke width if stroked."""

    points: tuple[tuple[float, float], ...]
    colour: tuple[float, ...]
    stroked: bool
    width: float

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass
class Drawing:
    segments: list[Segment]
    rects: list[Rect]
    forms: list[Form]
    paths: list[PaintedPath]


def _mul(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


_NUMERIC = {b"cm", b"RG", b"G", b"K", b"rg", b"g", b"k", b"w", b"m", b"l", b"re"}


def drawing(pdf: bytes, index: int) -> Drawing:
    """Stroked lines, rectangles and placed forms of one page's own content stream."""
    reader = PdfReader(io.BytesIO(pdf))
    page = reader.pages[index]
    height = pt_to_mm(float(page.mediabox.top))
    ops = ContentStream(page.get_contents(), reader).operations
    ctm, stack = (1, 0, 0, 1, 0, 0), []
    stroke, fill, width = (0.0,), (0.0,), 1.0
    path_lines, path_rects, point, out = [], [], None, Drawing([], [], [], [])

    def dev(x, y):
        a, b, c, d, e, f = ctm
        return pt_to_mm(a * x + c * y + e), height - pt_to_mm(b * x + d * y + f)

    for operands, op in ops:
        args = [float(v) for v in operands] if op in _NUMERIC else operands
        if op == b"q":
            stack.append((ctm, stroke, fill, width))
        elif op == b"Q":
            ctm, stroke, fill, width = stack.pop()
        elif op == b"cm":
            ctm = _mul(tuple(args), ctm)
        elif op in (b"RG", b"G", b"K"):
            stroke = tuple(args)
        elif op in (b"rg", b"g", b"k"):
            fill = tuple(args)
        elif op == b"w":
            width = args[0]
        elif op == b"m":
            point = dev(*args)
        elif op == b"l":
            new = dev(*args)
            path_lines.append((point, new))
            point = new
        elif op == b"re":
            x, y, w, h = args
            (x0, y0), (x1, y1) = dev(x, y), dev(x + w, y + h)
            path_rects.append((min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)))
        elif op in (b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n"):
            scale = abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]) ** 0.5
            stroked = op in (b"S", b"s", b"B", b"B*", b"b", b"b*")
            if stroked:
                out.segments += [Segment(p[0], p[1], q[0], q[1], stroke, pt_to_mm(width * scale))
                                 for p, q in path_lines]
            if op != b"n":
                out.rects += [Rect(*r, stroke if stroked else fill, stroked) for r in path_rects]
                points = [p for line in path_lines for p in line]
                points += [(x + dx, y + dy) for x, y, w, h in path_rects for dx, dy in ((0, 0), (w, h))]
                if points:
                    out.paths.append(PaintedPath(tuple(points), stroke if stroked else fill, stroked,
                                          pt_to_mm(width * scale) if stroked else 0.0))
            path_lines, path_rects = [], []
        elif op == b"Do":
            x, y = dev(0, 0)
            out.forms.append(Form(str(operands[0]), x, y))
    return out


#: mm: how exactly a back must lie behind its front (and a placement where it belongs)
PLACE_TOL = 0.1


def same_places(got, want, tol: float = PLACE_TOL) -> bool:
    """Two lists of (x, y) points match one to one within `tol` mm."""
    left = list(want)
    for x, y in got:
        hit = next((p for p in left if abs(p[0] - x) <= tol and abs(p[1] - y) <= tol), None)
        if hit is None:
            return False
        left.remove(hit)
    return not left


@dataclass(frozen=True)
class Word:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2


_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


def words(pdf: bytes, page: int) -> list[Word]:
    """Words on 1-based `page` with their boxes (pdftotext -bbox)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "in.pdf"
        path.write_bytes(pdf)
        html = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
                              check=True, capture_output=True, text=True).stdout
    return [Word(m.group(5), *(pt_to_mm(float(m.group(k))) for k in range(1, 5))) for m in _WORD.finditer(html)]


def text(pdf: bytes, page: int | None = None) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "in.pdf"
        path.write_bytes(pdf)
        pages = ["-f", str(page), "-l", str(page)] if page else []
        return subprocess.run(["pdftotext", *pages, str(path), "-"], check=True, capture_output=True,
                              text=True).stdout


def ink_boxes(pdf: bytes) -> list[tuple[float, float, float, float]]:
    """Per page, the marked area (x0, y0, x1, y1) in mm, top-left origin (Ghostscript bbox)."""
    reader = PdfReader(io.BytesIO(pdf))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "in.pdf"
        path.write_bytes(pdf)
        err = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=bbox", str(path)],
                             capture_output=True, text=True).stderr
    boxes = []
    found = re.findall(r"%%HiResBoundingBox: ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)", err)
    for page, (x0, y0, x1, y1) in zip(reader.pages, found):
        height = pt_to_mm(float(page.mediabox.top))
        boxes.append((pt_to_mm(float(x0)), height - pt_to_mm(float(y1)), pt_to_mm(float(x1)),
                      height - pt_to_mm(float(y0))))
    return boxes


def raster(pdf: bytes, page: int, dpi: int):
    """A PIL RGB image of 1-based `page`."""
    from PIL import Image

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "in.pdf"
        path.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile",
                        "-png", str(path), str(Path(tmp) / "out")], check=True)
        return Image.open(Path(tmp) / "out.png").convert("RGB").copy()


def pixel(image, x_mm: float, y_mm: float, dpi: int) -> tuple[int, int, int]:
    return image.getpixel((int(mm_to_px(x_mm, dpi)), int(mm_to_px(y_mm, dpi))))


def near(rgb, hex_colour: str, tol: int = 40) -> bool:
    want = tuple(int(hex_colour[k:k + 2], 16) for k in (1, 3, 5))
    return all(abs(a - b) <= tol for a, b in zip(rgb, want))


def pdffonts(pdf: bytes) -> list[list[str]]:
    """Rows of `pdffonts` (name, type..., emb, sub, uni, ...) split on whitespace."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "in.pdf"
        path.write_bytes(pdf)
        out = subprocess.run(["pdffonts", str(path)], check=True, capture_output=True, text=True).stdout
    return [line.split() for line in out.splitlines()[2:] if line.strip()]


def not_bundled_fonts(pdf: bytes) -> list[list[str]]:
    """The `pdffonts` rows that are not an embedded subset of a bundled PT face (e.g. DejaVu
    Sans, which fontconfig falls back to when it cannot find the bundled fonts)."""
    return [row for row in pdffonts(pdf)
            if not row[0].split("+")[-1].startswith(("PTSans", "PTSerif")) or row[-5:-3] != ["yes", "yes"]]


def qpdf_check(pdf: bytes) -> subprocess.CompletedProcess:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "in.pdf"
        path.write_bytes(pdf)
        return subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
