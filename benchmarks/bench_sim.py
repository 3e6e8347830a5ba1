"""Simulator speed: games per second, random vs random and greedy vs greedy, on one worker
and on every core, for the build that is imported (pure Python or compiled). Run by
hand; the figures go into the README.

    python benchmarks/bench_sim.py [--games N] [--greedy-games N] [--workers W] [--sweep-games N]

"cpu g/s" is games per second of CPU time (this process and its workers, user + system),
that is games per second on one core: it does not depend on what else the machine runs,
while the wall-clock "games/s" does. The compiled figures come from a compiled build of
this tree (PNP_COMPILE=1, see setup.py), e.g. the copy benchmarks/compiled_identity.sh makes.

The sweep lines play `pnp sweep`'s tasks (two values of two parameters, greedy vs greedy,
--sweep-games per variant) on the process pool and, when Dask is installed, on a local Dask
cluster of as many processes: their CPU includes the cluster's workers, which end (and are
counted) when it closes; their wall time includes starting it.
"""

from __future__ import annotations

import argparse
import importlib.util
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
from pnp.sim import sweep  # noqa: E402
from pnp.sim.executors import PoolExecutor, dask_executor  # noqa: E402
from pnp.sim.hooks import parse_specs  # noqa: E402
from pnp.sim.runner import play_many  # noqa: E402
from pnp.sim.source import GameSource  # noqa: E402
from pnp.sim.variants import variants  # noqa: E402

#: the swept values: two of the storage cap, two of the hand size (ТВЕРДЖА)
SWEEP = ["limits.storage.cap=4,5", "limits.hand.size=3,4"]


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


def measure_sweep(source: GameSource, executor: str, games: int, workers: int, seed: int = 1) -> dict:
    """A 2 x 2 sweep of `games` greedy games a variant on the pool or on a local Dask cluster."""
    specs = parse_specs("greedy,greedy", SIMULATION, source.roles)
    checked = [sweep.check(v, source) for v in variants(source.text, source.path, SWEEP)[1]]
    for c in checked:
        c.source.game()  # built before the workers fork, as `pnp sweep` does
    wall, cpu = time.perf_counter(), cpu_seconds()
    runner = PoolExecutor(workers) if executor == "pool" else dask_executor(local_workers=workers)
    with runner as started:
        pool = started if executor == "pool" else started[0]
        played = sweep.play(checked, specs, games=games, seed=seed, executor=pool, ahead=2 * workers)
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    records = [r for block in played if block for r in block]
    return {"agents": f"sweep {executor}", "games": len(records), "workers": workers, "wall": wall, "cpu": cpu,
            "games_per_s": len(records) / wall, "cpu_games_per_s": len(records) / cpu,
            "mean_rounds": sum(r["rounds"] for r in records) / len(records),
            "capped": sum(r["victory"] == "cap" for r in records)}


def _line(m: dict) -> str:
    return (f"{m['agents']:16} {m['workers']:7d} {m['games']:6d} {m['wall']:7.1f} {m['games_per_s']:8.1f} "
            f"{m['cpu']:7.1f} {m['cpu_games_per_s']:8.1f} {m['mean_rounds']:7.1f} {m['capped']:6d}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=256, help="random-vs-random games per line")
    ap.add_argument("--greedy-games", type=int, default=128, help="greedy-vs-greedy games per line")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="the 'all cores' worker count")
    ap.add_argument("--sweep-games", type=int, default=32,
                    help="greedy games per variant of the 2 x 2 sweep (0: no sweep lines)")
    args = ap.parse_args()
    source = GameSource.read(default_content(), SIMULATION)
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"{build_name()}, load average {os.getloadavg()[0]:.1f}")
    print(f"{'agents':16} {'workers':>7} {'games':>6} {'wall s':>7} {'games/s':>8} {'cpu s':>7} "
          f"{'cpu g/s':>8} {'rounds':>7} {'capped':>6}")
    for agents, games in (("random,random", args.games), ("greedy,greedy", args.greedy_games)):
        for workers in sorted({1, args.workers}):
            print(_line(measure(source, agents, games, workers)), flush=True)
    if args.sweep_games:
        executors = ["pool"] + (["dask-local"] if importlib.util.find_spec("distributed") else [])
        for executor in executors:
            print(_line(measure_sweep(source, executor, args.sweep_games, args.workers)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
