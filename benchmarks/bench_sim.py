"""Simulator speed: games per second, random vs random and greedy vs greedy, on one worker
and on every core, for the build that is imported (pure Python or compiled). Run by
hand; the figures go into the README.

    python benchmarks/bench_sim.py [--games N] [--greedy-games N] [--workers W]

"cpu g/s" is games per second of CPU time (this process and its workers, user + system),
that is games per second on one core: it does not depend on what else the machine runs,
while the wall-clock "games/s" does. The compiled figures come from a compiled build of
this tree (PNP_COMPILE=1, see setup.py), e.g. the copy benchmarks/compiled_identity.sh makes.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.content import default_content  # noqa: E402
from pnp.games.tverdzha.rules import state as engine_state  # noqa: E402
from pnp.games.tverdzha.simulation import SIMULATION  # noqa: E402
from pnp.sim.hooks import parse_specs  # noqa: E402
from pnp.sim.runner import play_many  # noqa: E402
from pnp.sim.source import GameSource  # noqa: E402


def cpu_seconds() -> float:
    """CPU time of this process and of its finished (joined) worker processes."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        r = resource.getrusage(who)
        total += r.ru_utime + r.ru_stime
    return total


def build_name() -> str:
    compiled = not engine_state.__file__.endswith(".py")
    return "compiled (mypyc)" if compiled else "pure Python"


def measure(source: GameSource, agents: str, games: int, workers: int, seed: int = 1) -> dict:
    specs = parse_specs(agents, SIMULATION, source.roles)
    wall, cpu = time.perf_counter(), cpu_seconds()
    records = play_many(source, specs, games=games, seed=seed, workers=workers)
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    rounds = sum(r["rounds"] for r in records) / len(records)
    capped = sum(r["victory"] == "cap" for r in records)
    return {"agents": agents, "games": games, "workers": workers, "wall": wall, "cpu": cpu,
            "games_per_s": games / wall, "cpu_games_per_s": games / cpu,
            "mean_rounds": rounds, "capped": capped}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=256, help="random-vs-random games per line")
    ap.add_argument("--greedy-games", type=int, default=128, help="greedy-vs-greedy games per line")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="the 'all cores' worker count")
    args = ap.parse_args()
    source = GameSource.read(default_content(), SIMULATION)
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"{build_name()}, load average {os.getloadavg()[0]:.1f}")
    print(f"{'agents':16} {'workers':>7} {'games':>6} {'wall s':>7} {'games/s':>8} {'cpu s':>7} "
          f"{'cpu g/s':>8} {'rounds':>7} {'capped':>6}")
    for agents, games in (("random,random", args.games), ("greedy,greedy", args.greedy_games)):
        for workers in sorted({1, args.workers}):
            m = measure(source, agents, games, workers)
            print(f"{agents:16} {workers:7d} {games:6d} {m['wall']:7.1f} {m['games_per_s']:8.1f} "
                  f"{m['cpu']:7.1f} {m['cpu_games_per_s']:8.1f} {m['mean_rounds']:7.1f} {m['capped']:6d}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
