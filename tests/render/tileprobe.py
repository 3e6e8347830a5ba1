"""Measure tiled PDFs the way a person assembles them: by the registration marks.

A tile page is rasterised; the registration marks are the only pure-black crosshairs in
the window (the scale bar is pure black too, but a long bar). Two neighbouring tiles are
aligned by their marks on the shared seam (the translation that brings one tile's marks
onto the other's), and then:
- the overlap is the width of the drawing printed on both tiles (window edge to window
  edge, the windows found where the printed content stops);
- continuity: patches of the overlap (cell outlines, the lens, text) on one tile are
  compared pixel by pixel with the same patches on the other tile; the offset that
  matches best is the misalignment left after gluing by the marks.
All results in millimetres.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pdfprobe import raster
from pnp.print.tile_plan import MARK_ARM, OVERLAP

DPI = 300
MM = 25.4 / DPI  # one pixel in mm


def page_array(pdf: bytes, page: int) -> np.ndarray:
    """RGB pixels of 1-based `page` as an int array (rows = y)."""
    return np.asarray(raster(pdf, page, DPI), dtype=np.int16)


@dataclass(frozen=True)
class Mark:
    x: float  # centre, mm on the page
    y: float


def marks(img: np.ndarray, arm: float) -> list[Mark]:
    """Crosshair centres: pure-black components about 2*arm mm square."""
    dark = img.max(axis=2) <= 15
    ys, xs = np.nonzero(dark)
    seen = np.zeros_like(dark)
    found = []
    pixels = set(zip(ys.tolist(), xs.tolist()))
    for start in zip(ys.tolist(), xs.tolist()):
        if seen[start]:
            continue
        stack, comp = [start], []
        seen[start] = True
        while stack:
            y, x = stack.pop()
            comp.append((y, x))
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    n = (y + dy, x + dx)
                    if n in pixels and not seen[n]:
                        seen[n] = True
                        stack.append(n)
        cy = [p[0] for p in comp]
        cx = [p[1] for p in comp]
        w, h = (max(cx) - min(cx)) * MM, (max(cy) - min(cy)) * MM
        if abs(w - 2 * arm) < 1.0 and abs(h - 2 * arm) < 1.0:
            found.append(Mark((max(cx) + min(cx)) / 2 * MM, (max(cy) + min(cy)) / 2 * MM))
    return found


def seam_marks(found: list[Mark], horizontal: bool, near: float) -> list[Mark]:
    """Marks on one seam: a horizontal seam's marks share y (within 1 mm of `near`)."""
    key = (lambda m: m.y) if horizontal else (lambda m: m.x)
    along = (lambda m: m.x) if horizontal else (lambda m: m.y)
    return sorted((m for m in found if abs(key(m) - near) < 1.0), key=along)


def shift(first: list[Mark], second: list[Mark]) -> tuple[float, float, float]:
    """Translation taking tile one's marks onto tile two's, and the worst mismatch left."""
    assert len(first) == len(second) and first, (first, second)
    dx = [b.x - a.x for a, b in zip(first, second)]
    dy = [b.y - a.y for a, b in zip(first, second)]
    mx, my = sum(dx) / len(dx), sum(dy) / len(dy)
    worst = max(max(abs(d - mx) for d in dx), max(abs(d - my) for d in dy))
    return mx, my, worst


def content_end(img: np.ndarray, horizontal: bool, across: float, start: float, step: int) -> float:
    """Walking from `start` mm (step +1 or -1 pixels), where the printed content stops.

    The walk goes across the seam direction along the page line at `across` mm; content
    ends at the first run of 1 mm of pure paper white.
    """
    k = int(round(across / MM))
    pos = int(round(start / MM))
    white_run, need = 0, int(1.0 / MM)
    last = pos
    limit = img.shape[0] if horizontal else img.shape[1]
    while 0 <= pos < limit:
        px = img[pos, k, :] if horizontal else img[k, pos, :]
        if px.min() >= 253:
            white_run += 1
            if white_run >= need:
                return (last + (0.5 if step > 0 else -0.5)) * MM
        else:
            white_run, last = 0, pos
        pos += step
    raise AssertionError("content runs to the page edge")


def seam_report(plan, images, first, second, horizontal: bool) -> dict:
    """Align two tiles by their marks and measure the overlap and the continuity of edges.

    horizontal=True: `first` is above `second`; False: `first` is left of `second`.
    """
    one, two = plan.tile(*first), plan.tile(*second)
    seam = plan.seams_y[first[0]] if horizontal else plan.seams_x[first[1]]
    at_one = seam + (one.offset[1] if horizontal else one.offset[0])
    at_two = seam + (two.offset[1] if horizontal else two.offset[0])
    m1 = seam_marks(marks(images[one], MARK_ARM), horizontal, at_one)
    m2 = seam_marks(marks(images[two], MARK_ARM), horizontal, at_two)
    dx, dy, worst = shift(m1, m2)
    assert worst < 0.1, "marks of one seam disagree"
    along = (lambda m: m.x) if horizontal else (lambda m: m.y)
    d_across, d_along = (dy, dx) if horizontal else (dx, dy)
    overlaps = []
    for m in m1:
        line = along(m) + MARK_ARM + 3.0
        try:
            end_one = content_end(images[one], horizontal, line, at_one + 6.0, +1)
            end_two = content_end(images[two], horizontal, line + d_along, at_two - 6.0, -1)
        except AssertionError:
            continue
        overlaps.append(end_one - (end_two - d_across))
    # Continuity: patches of the overlap on the side where sheet one is cut away and sheet
    # two shows, compared pixel by pixel; the best-matching offset is the misalignment.
    side = (at_one + 1.5, at_one + OVERLAP / 2 - 1.0)  # clear of the cut line
    win = (lambda b: (b.x, b.right)) if horizontal else (lambda b: (b.y, b.bottom))
    lo = max(win(one.page)[0], win(two.page)[0] - d_along) + OVERLAP + 1.0
    hi = min(win(one.page)[1], win(two.page)[1] - d_along) - OVERLAP - 1.0
    worst, patches, start = 0.0, 0, lo
    while start + PATCH <= hi:
        if horizontal:
            box = (start, side[0], start + PATCH, side[1])
        else:
            box = (side[0], start, side[1], start + PATCH)
        error = misalignment(images[one], images[two], box, (dx, dy))
        if error is not None:
            worst, patches = max(worst, error), patches + 1
        start += PATCH
    return {"overlap": min(overlaps), "patches": patches, "worst_edge": worst}


PATCH = 25.0  # mm along the seam


def misalignment(img1: np.ndarray, img2: np.ndarray, box, shift_mm, search: int = 6) -> float | None:
    """How far (mm) the content of `box` on sheet one lies from the same content on sheet two.

    `box` (x0, y0, x1, y1) is in sheet one's mm; `shift_mm` takes sheet one to sheet two
    (from the marks). Tries every pixel offset within `search`; None if the patch is
    plain (no structure to compare).
    """
    x0, y0, x1, y1 = (int(round(v / MM)) for v in box)
    a = img1[y0:y1, x0:x1].mean(axis=2)
    if a.std() < 12:
        return None
    sx, sy = (int(round(v / MM)) for v in shift_mm)
    best = None
    for oy in range(-search, search + 1):
        for ox in range(-search, search + 1):
            b = img2[y0 + sy + oy:y1 + sy + oy, x0 + sx + ox:x1 + sx + ox].mean(axis=2)
            err = float(np.abs(a - b).mean())
            if best is None or err < best[0]:
                best = (err, ox, oy)
    _, ox, oy = best
    ex = (sx + ox) * MM - shift_mm[0]
    ey = (sy + oy) * MM - shift_mm[1]
    return float(np.hypot(ex, ey))
