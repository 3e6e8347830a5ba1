"""How long `pnp check` takes on the shipped content (target: under 0.5 s).

    python benchmarks/bench_check.py [--runs N]

Prints, for the in-process pipeline, the time of each stage (YAML, schema, model,
checks; warm, best of N) and of a cold first run in a fresh interpreter, then the
wall time of `pnp check` as a subprocess (what a designer waits for), best and median.
Run by hand; the figures go in the README. No assertion: machines differ.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

COLD = """
import time
t = time.perf_counter()
from pnp.content import load_game
from pnp.checks import run_all
game, problems = load_game()
problems += run_all(game, "uk")
print(time.perf_counter() - t)
"""


def _stages(runs: int) -> dict[str, float]:
    from pnp.checks import run_all
    from pnp.content import default_content
    from pnp.games.tverdzha.modelbuild import build_game
    from pnp.content import format_problems
    from pnp.content.yamlload import load_yaml

    best: dict[str, float] = {}
    for _ in range(runs):
        t0 = time.perf_counter()
        loaded, _ = load_yaml(default_content(), "content/tverdzha.yaml")
        t1 = time.perf_counter()
        format_problems(loaded)[1]
        t2 = time.perf_counter()
        game = build_game(loaded, "content/tverdzha.yaml")
        t3 = time.perf_counter()
        problems = run_all(game, "uk")
        t4 = time.perf_counter()
        assert not problems, problems
        for name, dt in (("yaml", t1 - t0), ("schema", t2 - t1), ("model", t3 - t2), ("checks", t4 - t3), ("total", t4 - t0)):
            best[name] = min(best.get(name, dt), dt)
    return best


def _checks(runs: int) -> dict[str, float]:
    from pnp import checks
    from pnp.content import load_game
    from pnp.games import pack_of

    game, _ = load_game()
    best = {}
    for module in checks.modules(pack_of(game).checks):  # the shipped game's: general ones and its own
        times = []
        for _ in range(runs):
            t = time.perf_counter()
            list(module.check(game, "uk"))
            times.append(time.perf_counter() - t)
        best[module.ID] = min(times)
    return best


def _subprocess(command: list[str], runs: int) -> tuple[list[float], list[float]]:
    """Wall and CPU (user + system) seconds of each run; CPU time barely changes when
    other work shares the machine, wall time does."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if proc.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed:\n{proc.stdout}{proc.stderr}")
    return walls, cpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    runs = parser.parse_args().runs

    print(f"pnp check on content/tverdzha.yaml, best of {runs}")
    for name, dt in _stages(runs).items():
        print(f"  in-process {name:<8} {dt * 1000:7.1f} ms")
    for name, dt in _checks(runs).items():
        print(f"    check {name:<12} {dt * 1000:7.1f} ms")
    cold = min(float(subprocess.run([sys.executable, "-c", COLD], cwd=ROOT, capture_output=True, text=True).stdout)
               for _ in range(3))
    print(f"  in-process cold (imports + fonts + load + checks) {cold * 1000:7.1f} ms")
    exe = shutil.which("pnp")
    command = [exe, "check"] if exe else [sys.executable, "-m", "pnp.cli", "check"]
    walls, cpus = _subprocess(command, runs)
    shown = " ".join(Path(c).name if i == 0 else c for i, c in enumerate(command))
    print(f"  subprocess `{shown}` wall: best {min(walls) * 1000:.0f} ms, median {statistics.median(walls) * 1000:.0f} ms")
    print(f"  subprocess `{shown}` CPU:  best {min(cpus) * 1000:.0f} ms, median {statistics.median(cpus) * 1000:.0f} ms "
          f"(target < 500 ms: {'ok' if statistics.median(cpus) < 0.5 else 'OVER'})")
    print(f"  load average now: {', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs "
          "(wall times above grow with it)")


if __name__ == "__main__":
    main()
