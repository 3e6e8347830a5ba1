"""Build parts of «Оборона Замка»'s kit through `pnp build` and read the PDFs back: words with
their boxes (pdftotext -bbox) and pages as grey pixels (pdftoppm), in millimetres."""

from __future__ import annotations

import re
import subprocess
import sys
from html import unescape
from io import BytesIO
from pathlib import Path

import numpy as np
from PIL import Image

MM_PER_PT = 25.4 / 72


def build(out: Path, lang: str, only: str, *extra: str, content: Path | None = None) -> Path:
    """Run `pnp build --game oborona-zamka --lang LANG --only ONLY` into `out`; the language's folder."""
    source = ["--content", str(content)] if content else ["--game", "oborona-zamka"]
    done = subprocess.run([sys.executable, "-m", "pnp.cli", "build", *source, "--lang", lang, "--only", only,
                           "--out", str(out), *extra], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return out / lang


_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


def words(pdf: Path, page: int = 1) -> list[tuple[str, float, float, float, float]]:
    """(word, x0, y0, x1, y1 in mm from the top-left corner) of every word on `page`."""
    html = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    return [(unescape(m.group(5)), *(float(v) * MM_PER_PT for v in m.group(1, 2, 3, 4))) for m in _WORD.finditer(html)]


def text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def grey(pdf: Path, dpi: int, page: int = 1, box: tuple[float, float, float, float] | None = None) -> np.ndarray:
    """The page (or the part `box` = x, y, w, h mm of it) as 0..255 grey pixels."""
    crop = []
    if box is not None:
        px = [round(v * dpi / 25.4) for v in box]
        crop = ["-x", str(px[0]), "-y", str(px[1]), "-W", str(px[2]), "-H", str(px[3])]
    png = subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-gray", "-png", *crop,
                          str(pdf)], capture_output=True, check=True).stdout
    return np.asarray(Image.open(BytesIO(png)).convert("L"), dtype=np.uint8)


def runs(line: np.ndarray) -> list[tuple[int, int]]:
    """(start, end) of every run of True in a 1-d mask."""
    edges = np.diff(np.concatenate(([0], line.astype(np.int8), [0])))
    return list(zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)))


def fonts_embedded(pdf: Path) -> list[str]:
    """The rows of `pdffonts` whose font is not embedded (empty: every font is)."""
    rows = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    return [row for row in rows if row.split()[-5] != "yes"]
