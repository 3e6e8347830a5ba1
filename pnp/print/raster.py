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
import struct
import zlib
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from PIL import Image
import cairocffi as cairo
from cairosvg.parser import Tree
import cairosvg.surface as surface
from cairosvg.surface import PNGSurface

from pnp.print import cairosvg_memo, cairosvg_shortcuts
from pnp.typeset.fonts import use_bundled_fonts

RASTER_MODE = "pnp-raster"  # our value of the SVG text-rendering property
PNG_LEVEL = 3  # zlib level for PNG data: level 6 saves ~15 % of the bytes for ~3x the time
SRGB_INTENT = 0  # the PNG sRGB chunk's rendering intent: perceptual (photographs and art)
SERIAL_BELOW = 3  # fewer jobs than this are not worth a pool


@dataclass(frozen=True)
class RasterJob:
    """One SVG master drawn into a `width` x `height` px RGB bitmap, as PNG bytes.

    The whole master is stretched to exactly width x height (never letterboxed): sizes
    are chosen to match its aspect ratio to within a pixel. `dpi` goes into the PNG.
    """

    svg: str
    width: int
    height: int
    dpi: int | None = None


def _register_mode() -> None:
    """Teach cairosvg our text-rendering value (additive: other values keep their meaning),
    and let it parse each attribute text once and skip work whose answer is known
    (`cairosvg_memo`, `cairosvg_shortcuts`)."""
    cairosvg_memo.install()
    cairosvg_shortcuts.install()
    surface.TEXT_ANTIALIAS.setdefault(RASTER_MODE, cairo.ANTIALIAS_GRAY)
    surface.TEXT_HINT_STYLE.setdefault(RASTER_MODE, cairo.HINT_STYLE_NONE)
    surface.TEXT_HINT_METRICS.setdefault(RASTER_MODE, cairo.HINT_METRICS_OFF)


def _mark(node) -> None:
    node.setdefault("text-rendering", RASTER_MODE)
    for child in node.children:
        _mark(child)


def _surface_class():
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

    tree = Tree(bytestring=job.svg.encode("utf-8"))
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


def render_picture(svg: bytes, width: int, height: int):
    """An SVG picture of the designer's as a `width` x `height` px RGBA image (transparent where
    it draws nothing), in the raster mode above, its outside references refused (cairosvg's safe mode)."""
    use_bundled_fonts()
    _register_mode()
    tree = Tree(bytestring=svg)
    tree["preserveAspectRatio"] = "none"
    _mark(tree)
    drawer = PNGSurface(tree, None, 96, output_width=width, output_height=height)
    target = drawer.cairo
    target.flush()
    size = (target.get_width(), target.get_height())
    # cairo's ARGB32 is premultiplied B, G, R, A words; Pillow's "RGBa" is premultiplied RGBA
    return Image.frombuffer("RGBa", size, bytes(target.get_data()), "raw", "BGRa", target.get_stride(), 1).convert("RGBA")


def png_bytes(image, dpi: int | None = None) -> bytes:
    """An 8-bit RGB PNG of a Pillow image: IHDR, sRGB, pHYs (when `dpi`), IDAT, IEND — nothing else.

    The sRGB chunk says what the numbers mean (the kit's colours are sRGB, as cairo draws
    them): without it TTS, browsers and print shops' RIPs may each guess differently.

    Written here rather than by Pillow because the kit's flat-colour art compresses best
    unfiltered: measured on a 815 x 1110 card, 87 KB in 6 ms against Pillow's 108 KB in
    30 ms (compress_level 1) or 94 KB in 72 ms (its default). No time stamp, no text.
    """
    if image.mode != "RGB":
        raise ValueError(f"expected an RGB image, got {image.mode}")
    width, height = image.size
    band = max(1, BAND_BYTES // (width * 3))
    return png_of_bands(image.size, (image.crop((0, top, width, min(height, top + band)))
                                     for top in range(0, height, band)), dpi)


#: the pixels `png_bytes` copies out of an image at a time
BAND_BYTES = 1 << 22


#: rows of a band packed at a time
_STRIP_ROWS = 64


def png_of_bands(size: tuple[int, int], bands: Iterable, dpi: int | None = None) -> bytes:
    """`png_bytes` of an image given as RGB bands as wide as it, top to bottom, which need never
    be whole at once: the bytes are the same (deflate without a flush does not see where its
    input was cut), the memory a band's."""
    width, height = size
    packer, compressed, rows = zlib.compressobj(PNG_LEVEL), [], 0
    stride = width * 3
    for band in bands:
        if band.mode != "RGB" or band.size[0] != width:
            raise ValueError(f"expected RGB bands {width} px wide, got {band.mode} {band.size[0]} px")
        # a strip of the band at a time: a band of a deck's sheet is a row of cards (23 MB at
        # Tabletop Simulator's widest), and its bytes whole, twice over, were the build's peak
        for top in range(0, band.size[1], _STRIP_ROWS):
            strip = band.crop((0, top, width, min(top + _STRIP_ROWS, band.size[1]))).tobytes()
            compressed.append(packer.compress(b"".join(b"\x00" + strip[y * stride:(y + 1) * stride]  # filter 0: none
                                                        for y in range(len(strip) // stride))))
        rows += band.size[1]
    if rows != height:
        raise ValueError(f"expected {height} rows of bands, got {rows}")
    compressed.append(packer.flush())
    out = [b"\x89PNG\r\n\x1a\n", _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
           _chunk(b"sRGB", bytes([SRGB_INTENT]))]
    if dpi:
        per_metre = round(dpi / 0.0254)
        out.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    out += [_chunk(b"IDAT", b"".join(compressed)), _chunk(b"IEND", b"")]
    return b"".join(out)


def _chunk(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


def run_job(job: RasterJob) -> bytes:
    return png_bytes(render_image(job), job.dpi)


def image_from_raw(size: tuple[int, int], data: bytes):
    return Image.frombytes("RGB", size, data)


@dataclass(frozen=True)
class Resample:
    """A part of a rendered PNG (`box`, source px, may be fractional) resampled to width x height.

    Smaller images (TTS cells) are made from the 300 dpi renders: decoding and resampling
    costs about half a fresh cairosvg draw, a build with print-shop and TTS draws each
    master once, and the downsampled cell is smoother than a direct low-resolution draw.
    """

    png: bytes
    box: tuple[float, float, float, float]
    width: int
    height: int
    dpi: int | None = None
    raw: bool = False


def resample(job: Resample) -> bytes:
    source = Image.open(io.BytesIO(job.png)).convert("RGB")
    image = source.resize((job.width, job.height), Image.Resampling.LANCZOS, box=job.box)
    return image.tobytes() if job.raw else png_bytes(image, job.dpi)


def workers() -> int:
    return max(1, os.cpu_count() or 1)


def parallel_map(fn, items: Sequence, max_workers: int | None = None) -> list:
    """[fn(item) for item in items], spread over the cores; results in input order.

    A fork pool: workers start with the parent's imports and fonts in a few ms. `fn`
    must be a module-level function whose result depends only on its argument.
    """
    return list(parallel_iter(fn, items, max_workers))


def parallel_iter(fn, items: Sequence, max_workers: int | None = None) -> Iterator:
    """`parallel_map`'s results one at a time, in input order, as the workers finish them: a
    consumer that keeps none holds about one result at a time, not all of them."""
    items = list(items)
    n = min(max_workers or workers(), len(items))
    if n <= 1 or len(items) < SERIAL_BELOW:
        yield from (fn(item) for item in items)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(max_workers=n, mp_context=context) as pool:
        # a few tasks ahead of the one awaited: the workers stay busy, and the results wait to be
        # taken a few at a time rather than all at once
        ahead: deque = deque()
        for item in items:
            ahead.append(pool.submit(fn, item))
            if len(ahead) > 2 * n:
                yield ahead.popleft().result()
        while ahead:
            yield ahead.popleft().result()


def render_many(jobs: Iterable[RasterJob], memo: dict | None = None) -> list[bytes]:
    """Every job's bytes, in order; identical jobs run once; `memo` carries results between calls."""
    jobs = list(jobs)
    memo = {} if memo is None else memo
    todo = [job for job in dict.fromkeys(jobs) if job not in memo]
    for job, data in zip(todo, parallel_map(run_job, todo)):
        memo[job] = data
    return [memo[job] for job in jobs]


def cache_of(ctx) -> dict:
    """The build-wide memo of raster results (print-shop and TTS share it)."""
    return ctx.cache.setdefault("raster", {})
