"""SVG masters -> RGB bitmaps (PNG), the same bytes on every run, on every core.

Why a raster mode of our own: cairo's default text options for image surfaces use
hinted metrics, and a glyph's hinted advance comes from a font cache that earlier
drawings in the same process have filled — so the same SVG rasterised before and after
a PDF was drawn gave different PNG bytes (measured). The PDF layer's fix,
text-rendering="geometricPrecision", also asks cairosvg for ANTIALIAS_BEST, which
garbles glyphs on image surfaces here (measured at 240 and 815 px). So rasters use a
mode of their own: grey antialiasing, no hinting, unhinted metrics. Measured: the same
bytes fresh, after PDF drawing, after other sizes; clean text from 200 px wide up.

Work is spread over every core with a fork pool; each job's result depends only on
the job, so the output does not depend on the number of workers or their order.
"""

from __future__ import annotations

import io
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Iterable, Sequence

from pnp.render.fonts import use_bundled_fonts

RASTER_MODE = "pnp-raster"  # our value of the SVG text-rendering property
PNG_COMPRESS = 1  # zlib level: measured ~2x faster than the default for ~10 % larger files
SERIAL_BELOW = 3  # fewer jobs than this are not worth a pool


@dataclass(frozen=True)
class RasterJob:
    """One SVG master drawn into a `width` x `height` px RGB bitmap.

    `view` (x, y, w, h in the master's viewBox units, i.e. mm) selects the part of the
    master that fills the bitmap, e.g. the trim box of a card without its bleed; the
    default is the master's own viewBox. The bitmap is stretched to exactly
    width x height (never letterboxed): sizes are chosen to match the aspect ratio to
    within a pixel. `dpi` is written into the PNG (pHYs) when given.
    """

    svg: str
    width: int
    height: int
    view: tuple[float, float, float, float] | None = None
    dpi: int | None = None
    raw: bool = False  # True: return raw RGB bytes (for compositing), not a PNG


def _register_mode() -> None:
    """Teach cairosvg our text-rendering value (additive: other values keep their meaning)."""
    import cairocffi as cairo
    import cairosvg.surface as surface

    surface.TEXT_ANTIALIAS.setdefault(RASTER_MODE, cairo.ANTIALIAS_GRAY)
    surface.TEXT_HINT_STYLE.setdefault(RASTER_MODE, cairo.HINT_STYLE_NONE)
    surface.TEXT_HINT_METRICS.setdefault(RASTER_MODE, cairo.HINT_METRICS_OFF)


def _mark(node) -> None:
    node.setdefault("text-rendering", RASTER_MODE)
    for child in node.children:
        _mark(child)


def _surface_class():
    import cairocffi as cairo
    from cairosvg.surface import PNGSurface

    class RGBSurface(PNGSurface):
        """cairosvg's raster drawer on an opaque RGB surface (no alpha channel to ship)."""

        def _create_surface(self, width, height):
            w, h = int(round(width)), int(round(height))
            return cairo.ImageSurface(cairo.FORMAT_RGB24, w, h), w, h

    return RGBSurface


def render_image(job: RasterJob):
    """The job's bitmap as a Pillow RGB image."""
    use_bundled_fonts()
    _register_mode()
    from cairosvg.parser import Tree
    from PIL import Image

    tree = Tree(bytestring=job.svg.encode("utf-8"))
    if job.view is not None:
        tree["viewBox"] = " ".join(f"{v:.6f}" for v in job.view)
    tree["preserveAspectRatio"] = "none"
    _mark(tree)
    drawer = _surface_class()(tree, None, 96, output_width=job.width, output_height=job.height,
                              background_color="#ffffff")
    target = drawer.cairo
    target.flush()
    size = (target.get_width(), target.get_height())
    if size != (job.width, job.height):  # pragma: no cover - cairosvg rounds exactly here
        raise ValueError(f"bitmap is {size}, asked for {(job.width, job.height)}")
    # cairo's RGB24 is a native-endian 32-bit word per pixel: B, G, R, unused on x86/ARM.
    return Image.frombuffer("RGB", size, bytes(target.get_data()), "raw", "BGRX", target.get_stride(), 1)


def png_bytes(image, dpi: int | None = None) -> bytes:
    """PNG of a Pillow image with no time stamp or other varying metadata."""
    out = io.BytesIO()
    options = {"compress_level": PNG_COMPRESS}
    if dpi:
        options["dpi"] = (dpi, dpi)
    image.save(out, "PNG", **options)
    return out.getvalue()


def run_job(job: RasterJob) -> bytes:
    image = render_image(job)
    return image.tobytes() if job.raw else png_bytes(image, job.dpi)


def image_from_raw(job: RasterJob, data: bytes):
    from PIL import Image

    return Image.frombytes("RGB", (job.width, job.height), data)


def workers() -> int:
    return max(1, os.cpu_count() or 1)


def parallel_map(fn, items: Sequence, max_workers: int | None = None) -> list:
    """[fn(item) for item in items], spread over the cores; results in input order.

    A fork pool: workers start with the parent's imports and fonts in a few ms. `fn`
    must be a module-level function whose result depends only on its argument.
    """
    items = list(items)
    n = min(max_workers or workers(), len(items))
    if n <= 1 or len(items) < SERIAL_BELOW:
        return [fn(item) for item in items]
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(max_workers=n, mp_context=context) as pool:
        return list(pool.map(fn, items, chunksize=1))


def render_many(jobs: Iterable[RasterJob], memo: dict | None = None) -> list[bytes]:
    """Every job's bytes, in order; identical jobs run once; `memo` carries results between calls."""
    jobs = list(jobs)
    memo = {} if memo is None else memo
    todo = [job for job in dict.fromkeys(jobs) if job not in memo]
    for job, data in zip(todo, parallel_map(run_job, todo)):
        memo[job] = data
    return [memo[job] for job in jobs]


def cache_of(ctx) -> dict:
    """The build-wide memo of raster results (print-shop, TTS and preview share it)."""
    return ctx.cache.setdefault("raster", {})
