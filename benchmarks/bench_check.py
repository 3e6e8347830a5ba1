"""How long `pnp check` takes on the shipped content (target: under 0.3 s CPU per game, issue 28).

    python benchmarks/bench_check.py [--runs N]

Prints, for the in-process pipeline, the time of each stage (YAML, schema, model,
checks; warm, best of N) and of a cold first run in a fresh interpreter, then
`pnp check` as a whole process for every bundled game: its CPU (user + system, what the target
is about) and wall time, median of N, three ways:

- unchanged: the same files checked again, the user's caches warm (the verdict kept for them,
  pnp.cache.check_verdicts);
- after an edit: a copy of the content with one card's name changed before each run (a new word
  each time, as benchmarks/bench_serve.py edits it): the content read, validated where it changed
  and checked in full, the other caches (plural rules, hyphenation patterns, the schema's verdicts
  on the unchanged sections) warm;
- PNP_NO_CACHE=1: every file parsed and validated, nothing kept.

Run by hand; the figures go in docs/benchmarks.md. No assertion: machines differ.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench_serve import GAMES as EDITS  # noqa: E402 - (content file, one card's name line, ...) per game
#: the bundled games, each checked as a whole process
GAMES = ("tverdzha", "oborona-zamka", "empire")
#: issue 28: a whole `pnp check` process, user + system CPU, per game
TARGET_CPU_S = 0.3

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


def _subprocess(command: list[str], runs: int, env: dict[str, str],
                prepare: Callable[[], None] = lambda: None) -> tuple[list[float], list[float]]:
    """Wall and CPU (user + system) seconds of each run (`prepare` before each, untimed); CPU time barely
    changes when other work shares the machine, wall time does."""
    walls, cpus = [], []
    environ = {k: v for k, v in os.environ.items() if k not in ("PNP_NO_CACHE", "PYTHONDONTWRITEBYTECODE")}
    for _ in range(runs):
        prepare()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env={**environ, **env})
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
    exe = shutil.which("pnp", path=str(Path(sys.executable).parent)) or shutil.which("pnp")
    base = [exe, "check"] if exe else [sys.executable, "-m", "pnp.cli", "check"]
    print(f"`pnp check` as a whole process, median of {runs} (target: < {TARGET_CPU_S * 1000:.0f} ms CPU)")
    with tempfile.TemporaryDirectory(prefix="pnp-bench-check-") as work:
        for game in GAMES:
            file, line = EDITS[game][:2]
            copy = Path(work) / game / file
            copy.parent.mkdir()
            text = (ROOT / "content" / file).read_text(encoding="utf-8")
            assert line in text, (game, line)
            def edit() -> None:
                # a word the content never had, in the first language: nothing kept for it, in this run or an
                # earlier one (a counter from 0 gave every run of this script the words the one before had
                # parsed, validated and set, all kept in the user's cache)
                at = line.index(": ", line.index("{")) + 2
                word = f"Н{time.time_ns()}"
                copy.write_text(text.replace(line, f"{line[:at]}{word} {line[at:]}", 1), encoding="utf-8")

            cases = (("unchanged", [*base, "--game", game], {}, lambda: None),
                     ("after an edit", [*base, "--content", str(copy)], {}, edit),
                     ("PNP_NO_CACHE=1", [*base, "--game", game], {"PNP_NO_CACHE": "1"}, lambda: None))
            for label, command, env, prepare in cases:
                _subprocess(command, 2, env, prepare)  # the first runs fill the caches (and Python's bytecode)
                walls, cpus = _subprocess(command, runs, env, prepare)
                cpu = statistics.median(cpus)
                print(f"  {game:<14} {label:<15} CPU {cpu * 1000:4.0f} ms (best {min(cpus) * 1000:.0f}), "
                      f"wall {statistics.median(walls) * 1000:4.0f} ms  {'ok' if cpu < TARGET_CPU_S else 'OVER'}")
    print(f"  load average now: {', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs "
          "(CPU time grows a little with it, wall time a lot)")


if __name__ == "__main__":
    main()
