"""How long `pnp check` takes when a building name is absurdly long (target: under 1 s).

    python benchmarks/bench_long_text.py [--lengths 1000,5000] [--runs 3]

The name is one "word" of random Ukrainian letters (the worst case for the line breaker:
every line is cut by hyphenation), then the same letters as 7-letter words. For each it
prints the wall time of `pnp check` in a fresh interpreter, its CPU time and its peak
memory (max RSS), next to the shipped content for comparison. Every run must report
the name as not fitting ([text-overflow]). Run by hand; no assertion: machines differ.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content" / "tverdzha.yaml"
LETTERS = "абвгдежзийклмнопрстуфхцчшщьюяєії"
_ENV = dict(os.environ, PYTHONPATH=str(ROOT))


def _content(folder: Path, name: str, label: str) -> Path:
    text = CONTENT.read_text(encoding="utf-8")
    patched, n = re.subn(r"name: \{uk: Ринок\}", f"name: {{uk: {name}}}", text, count=1)
    assert n == 1, "the shipped content no longer has the building Ринок"
    path = folder / f"{label}.yaml"
    path.write_text(patched, encoding="utf-8")
    return path


def _run(path: Path | None) -> tuple[float, float, str]:
    """(wall s, CPU s, output) of one `pnp check` in a fresh process."""
    command = [sys.executable, "-m", "pnp.cli", "check"] + (["--content", str(path)] if path else [])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(command, cwd=ROOT, env=_ENV, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, proc.stdout + proc.stderr


def _measure(path: Path | None, runs: int) -> tuple[float, float, int, str]:
    """Best wall and CPU of `runs` runs, and the peak memory of one run in its own process."""
    results = [_run(path) for _ in range(runs)]
    peak = subprocess.run([sys.executable, "-c", _PEAK, str(path or "")], cwd=ROOT, env=_ENV,
                          capture_output=True, text=True).stdout.strip()
    return min(r[0] for r in results), min(r[1] for r in results), int(peak or 0), results[-1][2]


#: peak RSS of one check, measured inside a fresh interpreter (so earlier runs do not count)
_PEAK = """
import resource, sys
from pnp.checks import run_all
from pnp.content import load_game
game, problems = load_game(sys.argv[1] or None)
if game is not None:
    run_all(game, "uk")
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default="1000,5000")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(1)
    print(f"pnp check, best of {args.runs} (wall, CPU), peak memory of one run")
    with tempfile.TemporaryDirectory() as tmp:
        cases: list[tuple[str, Path | None]] = [("shipped content", None)]
        for n in (int(x) for x in args.lengths.split(",")):
            letters = "".join(rng.choice(LETTERS) for _ in range(n))
            words = " ".join(letters[i:i + 7] for i in range(0, n, 7))
            cases.append((f"{n:,}-letter name, one word", _content(Path(tmp), letters, f"word{n}")))
            cases.append((f"{n:,}-letter name, 7-letter words", _content(Path(tmp), words, f"words{n}")))
        for label, path in cases:
            wall, cpu, peak, out = _measure(path, args.runs)
            verdict = "reported as not fitting" if "[text-overflow]" in out else ("ok" if path is None else "NOT REPORTED")
            print(f"  {label:<34} wall {wall:5.2f} s  CPU {cpu:5.2f} s  peak {peak:4d} MB  {verdict}")
    print(f"  load average now: {', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
