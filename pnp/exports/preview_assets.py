"""What makes the preview page self-contained: inline SVG masters and embedded fonts.

Why inline SVG and not PNG thumbnails: rasterising the ~90 masters costs seconds; the
page shows the very same vector masters, sharp at any zoom, for a few milliseconds of
string work. An SVG drawn by <img> cannot load fonts, and Chromium refuses @font-face
files from file:// pages (CORS), so the masters are inlined and the bundled faces they
use are embedded as data: URIs, subset to the characters on the page (no hinting, no
layout tables: the masters position every word themselves, as cairo does for the PDFs).

Several masters on one page would share ids (every card defines ``icon-wood``), so each
inlined master gets its own id prefix.
"""

from __future__ import annotations

import re

from markupsafe import Markup

from pnp.print.pdf import svg_size_mm

_ROOT = re.compile(r"<svg\b[^>]*>")
_ATTR = {name: re.compile(rf'\s{name}="[^"]*"') for name in ("width", "height", "viewBox", "preserveAspectRatio")}
_ID = re.compile(r'\bid="([^"]+)"')
_HREF = re.compile(r'href="#([^"]+)"')
_URL = re.compile(r"url\(#([^)]+)\)")


def inline_svg(svg: str, prefix: str, view: tuple[float, float, float, float] | None = None,
               label: str = "") -> Markup:
    """A master ready to paste into HTML: ids prefixed, sized by CSS, cropped to `view`."""
    start = svg.find("<svg")
    body = svg[start:]
    root = _ROOT.match(body)
    if root is None:
        raise ValueError("not an SVG master")
    tag = root.group(0)
    for pattern in _ATTR.values():
        tag = pattern.sub("", tag)
    extra = f' viewBox="{" ".join(_num(v) for v in view)}"' if view else _attr(root.group(0), "viewBox")
    aria = f' role="img" aria-label="{_escape(label)}"' if label else ""
    tag = tag[:-1].rstrip("/").rstrip() + extra + aria + ">"
    body = tag + body[root.end():]
    body = _ID.sub(lambda m: f'id="{prefix}{m.group(1)}"', body)
    body = _HREF.sub(lambda m: f'href="#{prefix}{m.group(1)}"', body)
    body = _URL.sub(lambda m: f"url(#{prefix}{m.group(1)})", body)
    return Markup(body)


def _attr(tag: str, name: str) -> str:
    match = _ATTR[name].search(tag)
    return match.group(0) if match else ""


def _num(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return text or "0"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def svg_view(svg: str, inset: float) -> tuple[float, float, float, float]:
    """The master's viewBox shrunk by `inset` on every side (the trim box of a master with bleed)."""
    width, height = svg_size_mm(svg)
    return inset, inset, width - 2 * inset, height - 2 * inset
