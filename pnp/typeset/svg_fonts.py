"""The fonts an SVG master uses, carried inside the file (for the SVGs a build writes to svg/).

The masters name PT Sans, PT Sans Narrow and PT Serif; a designer who opens one in a
browser or an editor without those fonts installed sees a fallback face whose wider
glyphs make words collide. So every written SVG gets an ``@font-face`` rule per face its
text uses, with the font as a ``data:`` URL: the preview gallery's subsets
(`font_subsets`: one subset per face for the whole set of files, no hinting, kerning
or layout tables, as cairo draws the PDFs, so a viewer sets every line exactly as wide
as the print). The ParaType licence asks that modified copies travel with its text, so
the folder gets the licence file too.

Only the files on disk change: the in-memory masters that cairosvg draws stay as they
were, so the PDFs and PNGs are unaffected.
"""

from __future__ import annotations

from typing import Sequence

from pnp.art import svg
from pnp.typeset import fonts
from pnp.typeset.font_subsets import faces_used, font_face_css, text_chars

LICENCE = fonts.FONT_DIR / "LICENSE-ParaType.txt"


def _insert_style(master: str, css: str) -> str:
    """`master` with a <style> of `css` first inside the root element."""
    if not css:
        return master
    start = master.find("<svg")
    end = master.find(">", start) + 1
    if start < 0 or end <= 0:
        raise ValueError("not an SVG document")
    style = svg.wrap(svg.wrap("\n" + css + "\n", "style"), "defs")
    return f"{master[:end]}\n{style}{master[end:]}"


def with_fonts(svgs: Sequence[str]) -> list[str]:
    """Every SVG with the faces its text uses embedded (one subset per face for the whole set)."""
    chars = text_chars(svgs)
    used = [faces_used([svg]) for svg in svgs]
    css = {key: str(font_face_css([key], chars)) for key in sorted({k for keys in used for k in keys})}
    return [_insert_style(svg, "\n".join(css[key] for key in keys)) for svg, keys in zip(svgs, used)]
