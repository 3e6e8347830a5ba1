"""The benchmarks the README quotes run (their figures are measured by hand, not here).

bench_cards.py once stopped with "LookupError: no language is being set": it drew the
cards outside the language the build sets around every renderer.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_card_benchmark_runs_and_reports_its_figures(tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_cards.py"), "--repeat", "0"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("python imports + content load: ")
    assert lines[1].startswith("cold ") and all(f"{key} " in lines[1] for key in ("masters", "cards", "tokens", "cpu"))
