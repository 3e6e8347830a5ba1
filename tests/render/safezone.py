"""Test helper: how close does anything printed on a piece come to the piece's cut?

Measured on a real home sheet PDF, not on the code that made it:

- the cut lines are the sheet's crop marks (thin black strokes outside the grid);
- a piece is a placed form (one card, token or tile master) and its cut is the rectangle of
  cut lines around the form's centre;
- what is printed on it: every word with its box from `pdftotext -bbox` (the font's whole
  ascent and descent, so a little more than the ink), and every painted path of the form
  (followed through nested forms, q/Q, cm and clipping paths), a stroke widened by half
  its width.

Art that runs to the bleed on purpose (a background spanning the piece from cut to cut in
one direction, or a cut line drawn on the cut) is not held to the safe zone; everything
else must keep `safe` mm from every cut. `closer_than(pdf, safe)` lists what does not.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

from pdfprobe import _mul, drawing, words
from pnp.print import sheetmarks
from pnp.core.geometry import pt_to_mm

#: mm: forms are placed on a 1/4 pt grid (pnp/print/pdf.py), so a cut measured on the
#: crop marks and the art of a form can disagree by up to half of that
TOL = 0.1

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm, top-left origin


@dataclass(frozen=True)
class Near:
    """Something printed too close to a cut: where, what, and how close."""

    page: int  # 1-based
    piece: Box  # the piece's cut rectangle
    what: str  # the word, or "stroke"/"fill" of a path
    box: Box
    distance: float  # to the nearest cut (negative: across it)

    def __str__(self) -> str:
        x0, y0 = self.piece[:2]
        return f"page {self.page}, piece at ({x0:.1f}, {y0:.1f}) mm: {self.what!r} {self.distance:.2f} mm from the cut"


#: mm: the dashed first cut across a sheet that holds two kinds of piece (token_sheet.FIRST_CUT_WIDTH)
FIRST_CUT = 0.25


def bands(data: bytes, index: int) -> list[tuple[float, float]]:
    """The page's bands between first cuts, top to bottom (one band without a first cut)."""
    cuts = sorted({round(s.y1, 3) for s in drawing(data, index).segments
                   if abs(s.width - FIRST_CUT) < 0.01 and abs(s.y1 - s.y2) < 1e-6 and s.length > 150})
    edges = [0.0] + cuts + [1e9]
    return list(zip(edges, edges[1:]))


def cut_lines(data: bytes, index: int, band: tuple[float, float] = (0.0, 1e9)) -> tuple[list[float], list[float]]:
    """x of the vertical and y of the horizontal cut lines of page `index` (0-based), from its
    crop marks (those within `band`: a block cut off first has marks of its own)."""
    marks = [s for s in drawing(data, index).segments
             if abs(s.width - sheetmarks.MARK_WIDTH) < 0.01 and max(s.colour, default=0) < 0.01
             and band[0] <= min(s.y1, s.y2) and max(s.y1, s.y2) <= band[1]]
    xs = sorted({round(s.x1, 3) for s in marks if abs(s.x1 - s.x2) < 1e-6})
    ys = sorted({round(s.y1, 3) for s in marks if abs(s.y1 - s.y2) < 1e-6})
    return xs, ys


def _around(lines: list[float], v: float) -> tuple[float, float] | None:
    below, above = [x for x in lines if x < v], [x for x in lines if x > v]
    return (below[-1], above[0]) if below and above else None


def _apply(m, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _bbox(points) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _clip(box: Box, clip: Box | None) -> Box | None:
    if clip is None:
        return box
    x0, y0, x1, y1 = max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3])
    return (x0, y0, x1, y1) if x0 <= x1 and y0 <= y1 else None


_PAINT = {b"S": "stroke", b"s": "stroke", b"f": "fill", b"F": "fill", b"f*": "fill",
          b"B": "stroke", b"B*": "stroke", b"b": "stroke", b"b*": "stroke"}
_NUMERIC = {b"cm", b"w", b"m", b"l", b"c", b"v", b"y", b"re"}


class _Walker:
    """Painted path boxes (pt, PDF user space of the page) per placed form of one page."""

    def __init__(self, reader: PdfReader):
        self.reader = reader
        self.parsed: dict[int, list] = {}  # forms repeat across pages: parse each once

    def _ops(self, xobjects, name):
        ref = xobjects.raw_get(name)
        key = ref.idnum if hasattr(ref, "idnum") else id(ref)
        if key not in self.parsed:
            self.parsed[key] = ContentStream(ref.get_object(), self.reader).operations
        return self.parsed[key]

    def page(self, page) -> list[tuple[Box, list[tuple[str, Box]]]]:
        """[(form bbox in page pt, [(kind, painted box in page pt)])] for each form placed on `page`."""
        out: list[tuple[Box, list[tuple[str, Box]]]] = []
        ops = ContentStream(page.get_contents(), self.reader).operations
        self._run(ops, page["/Resources"], (1, 0, 0, 1, 0, 0), None, out)
        return out

    def _run(self, ops, resources, ctm, sink, out) -> None:
        stack, clip, width = [], None, 1.0
        points: list[tuple[float, float]] = []
        pending_clip = False
        xobjects = resources.get("/XObject", {}) if resources else {}
        for operands, op in ops:
            args = [float(v) for v in operands] if op in _NUMERIC else operands
            if op == b"q":
                stack.append((ctm, clip, width))
            elif op == b"Q":
                ctm, clip, width = stack.pop()
            elif op == b"cm":
                ctm = _mul(tuple(args), ctm)
            elif op == b"w":
                width = args[0]
            elif op in (b"m", b"l"):
                points.append(_apply(ctm, *args))
            elif op in (b"c", b"v", b"y"):  # control points bound the curve
                points += [_apply(ctm, args[k], args[k + 1]) for k in range(0, len(args), 2)]
            elif op == b"re":
                x, y, w, h = args
                points += [_apply(ctm, x, y), _apply(ctm, x + w, y + h), _apply(ctm, x, y + h), _apply(ctm, x + w, y)]
            elif op in (b"W", b"W*"):
                pending_clip = True
            elif op in _PAINT or op == b"n":
                if points and sink is not None and op != b"n":
                    box = _bbox(points)
                    if _PAINT[op] == "stroke":
                        half = width * abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]) ** 0.5 / 2
                        box = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
                    box = _clip(box, clip)
                    if box is not None:
                        sink.append((_PAINT[op], box))
                if pending_clip and points and sink is not None:
                    clip = _clip(_bbox(points), clip) or (0, 0, 0, 0)
                pending_clip, points = False, []
            elif op == b"Do":
                form = xobjects[operands[0]].get_object()
                if form.get("/Subtype") != "/Form":
                    continue
                m = _mul(tuple(float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])), ctm)
                if sink is None:  # a piece placed on the page: its art starts unclipped
                    bx = [float(v) for v in form["/BBox"]]
                    placed: list[tuple[str, Box]] = []
                    out.append((_bbox([_apply(m, bx[0], bx[1]), _apply(m, bx[2], bx[3])]), placed))
                    self._run(self._ops(xobjects, operands[0]), form.get("/Resources"), m, placed, out)
                else:
                    self._run(self._ops(xobjects, operands[0]), form.get("/Resources"), m, sink, out)


#: mm: the most bleed a piece master may carry around its trim
MAX_BLEED = 10.0


def _is_piece(form: tuple[float, float], cell: tuple[float, float]) -> bool:
    """A piece master is its cell plus the same bleed on every side."""
    bx, by = (form[0] - cell[0]) / 2, (form[1] - cell[1]) / 2
    return -TOL <= bx <= MAX_BLEED and abs(bx - by) <= TOL


def _to_mm(box: Box, height: float) -> Box:
    x0, y0, x1, y1 = (pt_to_mm(v) for v in box)
    return x0, height - y1, x1, height - y0


def _distance(inner: Box, cut: Box) -> float:
    return min(inner[0] - cut[0], inner[1] - cut[1], cut[2] - inner[2], cut[3] - inner[3])


def _runs_to_the_bleed(box: Box, cut: Box) -> bool:
    """Art spanning the piece from cut to cut in one direction (a background, a cut line)."""
    return ((box[0] <= cut[0] + TOL and box[2] >= cut[2] - TOL)
            or (box[1] <= cut[1] + TOL and box[3] >= cut[3] - TOL))


def clearances(data: bytes, pages=None) -> list[Near]:
    """Everything printed on a piece of the sheets in `data` with its distance to the cut.

    `pages`: 1-based page numbers (default: all). Art that runs to the bleed is left out."""
    reader = PdfReader(io.BytesIO(data))
    walker = _Walker(reader)
    found: list[Near] = []
    for number in pages or range(1, len(reader.pages) + 1):
        page = reader.pages[number - 1]
        height = pt_to_mm(float(page.mediabox.top))
        lines = {band: cut_lines(data, number - 1, band) for band in bands(data, number - 1)}
        cuts: list[Box] = []
        for form_box, painted in walker.page(page):
            x0, y0, x1, y1 = _to_mm(form_box, height)
            xs, ys = next(v for (top, bottom), v in lines.items() if top <= (y0 + y1) / 2 < bottom)
            sx, sy = _around(xs, (x0 + x1) / 2), _around(ys, (y0 + y1) / 2)
            if sx is None or sy is None or not _is_piece((x1 - x0, y1 - y0), (sx[1] - sx[0], sy[1] - sy[0])):
                continue  # not a piece between cut lines (the sheet's own marks and text)
            cut = (sx[0], sy[0], sx[1], sy[1])
            cuts.append(cut)
            for kind, box in painted:
                box = _to_mm(box, height)
                if not _runs_to_the_bleed(box, cut):
                    found.append(Near(number, cut, kind, box, _distance(box, cut)))
        for w in words(data, number):
            cx, cy = w.cx, w.cy
            cut = next((c for c in cuts if c[0] <= cx <= c[2] and c[1] <= cy <= c[3]), None)
            if cut is not None:
                box = (w.x0, w.y0, w.x1, w.y1)
                found.append(Near(number, cut, w.text, box, _distance(box, cut)))
    return found


def closer_than(data: bytes, safe: float, pages=None) -> list[Near]:
    """What lies closer than `safe` mm to its piece's cut (within the placement tolerance)."""
    return [n for n in clearances(data, pages) if n.distance < safe - TOL]
