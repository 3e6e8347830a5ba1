"""Making the empire's printed sheets in a test and reading them back: the shipped or a changed content,
one renderer's PDF in a language, then words with their boxes (pdftotext -bbox), stroked rectangles
(the write-in boxes) from the content stream, the page's marks (Ghostscript's bbox device); all in
mm from the page's top-left corner (the rectangles: from the bottom-left, as PDF)."""

from __future__ import annotations

import re
import subprocess
from html import unescape
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.components.base import BuildOptions, RenderContext
from pnp.content import load_game
from pnp.core import typography
from pnp.games import pack
from pnp.core.geometry import Box, pt_to_mm


def load(path: Path | None = None):
    """The game of the content at `path` (the shipped content: None), which must check clean."""
    model, problems = load_game(path or pack("empire").content)
    assert model is not None and not problems, problems
    return model


def changed(tmp: Path, *edits: tuple[str, str]):
    """The shipped content with each (old, new) replaced (each `old` once in the file), loaded."""
    text = pack("empire").content.read_text("utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    content = tmp / "empire.yaml"
    content.write_text(text, "utf-8")
    return load(content)


def render(renderer, game, out: Path, lang: str, paper: str = "a4", pages: int = 1) -> Path:
    """The one PDF of `pages` pages `renderer` writes for `lang` and `paper`, in the language's typography,
    with no text that had to overflow its box."""
    ctx = RenderContext(BuildOptions(lang=lang, paper=paper), out)
    with typography.using(lang):
        files = renderer.render(game, ctx)
    assert [(f.path, f.kind, f.pages) for f in files] == [(f"{game.id}-{lang}-{renderer.name}.pdf", "aids", pages)]
    assert ctx.notes == []
    return out / files[0].path


def render_all(renderer, game, root: Path, built, pages: int = 1) -> dict[tuple[str, str], Path]:
    """(lang, paper) -> its PDF, for each pair of `built`."""
    return {(lang, paper): render(renderer, game, root / f"{lang}-{paper}", lang, paper, pages) for lang, paper in built}

_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


def page_words(pdf: Path, page: int = 1) -> list[tuple[str, Box]]:
    """Every word on `page` with its box in mm from the top-left corner (pdftotext -bbox)."""
    html = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    found = []
    for m in _WORD.finditer(html):
        x0, y0, x1, y1 = (pt_to_mm(float(v)) for v in m.group(1, 2, 3, 4))
        found.append((unescape(m.group(5)), Box(x0, y0, x1 - x0, y1 - y0)))
    return found


def words_in(words: list[tuple[str, Box]], box: Box) -> str:
    """The words whose centre lies in `box`, in reading order (lines from the top, each from the left), joined by spaces."""
    inside = sorted(((w, b) for w, b in words if box.x <= b.cx <= box.right and box.y <= b.cy <= box.bottom),
                    key=lambda wb: wb[1].cy)
    lines: list[list[tuple[str, Box]]] = []
    for w, b in inside:
        if lines and abs(b.cy - lines[-1][0][1].cy) < 1.2:
            lines[-1].append((w, b))
        else:
            lines.append([(w, b)])
    return " ".join(w for line in lines for w, _ in sorted(line, key=lambda wb: wb[1].x))


def stroked_rectangles(pdf: Path, width_mm: float, page_index: int = 0) -> list[Box]:
    """Every rectangle (`re`) stroked at `width_mm` on page `page_index` (from 0), in mm (cairo draws them untransformed
    under the page's one flip)."""
    reader = PdfReader(pdf)
    page = reader.pages[page_index]
    height = float(page.mediabox.height)
    found, width, pending = [], 0.0, []
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"w":
            width = float(operands[0])
        elif op == b"re":
            pending.append([float(v) for v in operands])
        elif op in (b"S", b"B", b"s", b"b"):
            if abs(pt_to_mm(width) - width_mm) < 1e-3:
                found += [Box(pt_to_mm(x), pt_to_mm(y), pt_to_mm(w), pt_to_mm(h)) for x, y, w, h in pending]
            pending = []
        elif op in (b"f", b"F", b"f*", b"n"):
            pending = []
        elif op == b"cm":
            assert [float(v) for v in operands] in ([1, 0, 0, 1, 0, 0], [1, 0, 0, -1, 0, pytest.approx(height)]), operands
    return found


def marked_margins(pdf: Path, width: float, height: float) -> list[tuple[float, float, float, float]]:
    """Each page's clear margins (left, top, right, bottom) in mm: Ghostscript's bbox device measures every
    mark on the page, white ones too."""
    done = subprocess.run(["gs", "-q", "-dBATCH", "-dNOPAUSE", "-sDEVICE=bbox", str(pdf)],
                          capture_output=True, text=True, check=True)
    boxes = re.findall(r"%%HiResBoundingBox: ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)", done.stderr + done.stdout)
    out = []
    for x0, y0, x1, y1 in ((pt_to_mm(float(v)) for v in b) for b in boxes):
        out.append((x0, height - y1, width - x1, y0))
    return out


def fonts_embedded(pdf: Path) -> bool:
    rows = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    return bool(rows) and all(row.split()[-5] == "yes" for row in rows)
