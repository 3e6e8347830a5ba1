"""What the data-only game's tests share: pnp's command line run from a clean process, and the
printed words and trim sizes read back from a PDF with poppler's tools."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PT_PER_MM = 72 / 25.4


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "pnp.cli", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


def words(pdf: Path, first: int | None = None, last: int | None = None) -> str:
    pages = [*(("-f", str(first)) if first else ()), *(("-l", str(last)) if last else ())]
    return subprocess.run(["pdftotext", *pages, str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def page_mm(pdf: Path, box: str = "TrimBox") -> tuple[float, float]:
    info = subprocess.run(["pdfinfo", "-box", str(pdf)], capture_output=True, text=True, check=True).stdout
    x0, y0, x1, y1 = map(float, re.search(rf"{box}:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)", info).groups())
    return round((x1 - x0) / PT_PER_MM, 1), round((y1 - y0) / PT_PER_MM, 1)
