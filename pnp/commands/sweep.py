"""`pnp sweep`: the same seeded games on every variant of the content, one row per variant.

`--set PATH=V1,V2,...` (repeatable) names a value of the content and the values to try
(pnp.sim.variants); every combination is a variant, checked like `pnp check` and, if it
passes, played like `pnp sim` (pnp.sim.sweep). The games run on worker processes of this
machine (`--workers`), or on a Dask cluster: `--scheduler tcp://HOST:PORT` or
`--dask-local N` (a local cluster of N processes); the results are the same to the byte.

Variants are made one at a time, as the workers need their games, so the first games start
at once; a sweep has at most `pnp.sim.variants.MAX_VARIANTS` (1,000) of them. A Dask
scheduler is reached first, before any variant is checked.

Exit codes: 0 every variant played; 1 content problems (the content itself, or a variant
that the checks refuse: it is reported, not played, and the others are); 2 usage error (a
--set whose path names no value or whose value has the wrong type, more variants than the
cap, no such game, an unknown agent, a bad report extension, Dask options together or with
--workers, Dask not installed, a --scheduler address other than tcp://, no scheduler
answering there within 5 s).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator

import click

from pnp.commands.common import print_problems
from pnp.commands.sim import GAMES, prepare, progress_bar, run_options_problem
from pnp.core.safeio import write_atomic
from pnp.sim import sweep, sweep_report
from pnp.sim.executors import PoolExecutor, dask_executor, distributed_module, scheduler_problem
from pnp.sim.hooks import UnknownAgent
from pnp.sim.runner import default_workers
from pnp.sim.variants import BadSetting, variants as make_variants


def run(content, *, settings, games, seed, agents, workers, start_method, scheduler, dask_local, json_out,
        report) -> int:
    problem = _options_problem(settings, workers, start_method, scheduler, dask_local)
    problem = problem or run_options_problem(start_method, json_out, report)
    if problem:
        return _usage(problem)
    if scheduler or dask_local:
        distributed_module()  # not installed: say so now, not after the checks
    try:
        ready = prepare(content, agents)
    except UnknownAgent as exc:
        return _usage(str(exc))
    if ready is None:
        return 1
    game, sim, specs, base = ready
    try:
        found, variants = make_variants(base.text, base.path, list(settings))
    except BadSetting as exc:
        return _usage(str(exc))
    games = games or GAMES
    started = time.perf_counter()
    checked: list[sweep.Checked] = []
    # the executor first (a Dask scheduler is reached before any variant is made), then each
    # variant made and checked only when the workers are about to need its games
    with _executor(workers, start_method, scheduler, dask_local) as (executor, slots, where):
        with progress_bar(games * len(variants)) as tick:
            def checking() -> Iterator[sweep.Checked]:
                for v in variants:
                    c = sweep.check(v, base)
                    checked.append(c)
                    if not c.playable:
                        click.echo(f"pnp sweep: variant {c.variant.label}: refused by the checks, not played", err=True)
                        print_problems(list(c.problems))
                        tick(games)
                    yield c

            records = sweep.play(checking(), specs, games=games, seed=seed, executor=executor, ahead=2 * slots,
                                 progress=tick)
    playable = sum(c.playable for c in checked)
    elapsed = time.perf_counter() - started
    click.echo(f"played {games * playable} games of {playable} variant{'s' if playable != 1 else ''} in {elapsed:.1f} s on {where}", err=True)
    doc = sweep.document(base, specs, found, checked, records, games=games, seed=seed)
    click.echo(sweep_report.text(doc, sim.headline_peaks))
    if json_out is not None:
        write_atomic(json_out, json.dumps(doc, ensure_ascii=False, sort_keys=True, indent=1) + "\n")
    if report is not None:
        sweep_report.write(report, doc, game, sim)
    return 0 if playable == len(checked) else 1


def _options_problem(settings, workers, start_method, scheduler, dask_local) -> str | None:
    if not settings:
        return "give at least one --set PATH=V1,V2,... (e.g. --set rules.fight.hit=5,6)"
    if scheduler is not None and dask_local is not None:
        return "--scheduler and --dask-local exclude each other: use a running cluster or start a local one"
    if (scheduler is not None or dask_local is not None) and (workers is not None or start_method is not None):
        return "--workers and --start-method are for this machine's processes; a Dask cluster has its own workers"
    if scheduler is not None:
        return scheduler_problem(scheduler)
    return None


@contextlib.contextmanager
def _executor(workers, start_method, scheduler, dask_local):
    """(the executor, how many tasks it runs at once, what it is for the line on stderr)."""
    if scheduler is not None or dask_local is not None:
        with dask_executor(scheduler, dask_local) as (executor, slots):
            yield executor, slots, (f"the Dask scheduler {scheduler}" if scheduler
                                    else f"a local Dask cluster of {dask_local}")
        return
    processes = workers or default_workers()
    with PoolExecutor(processes, start_method) as executor:
        yield executor, processes, f"{processes} worker process{'es' if processes != 1 else ''}"


def _usage(message: str) -> int:
    click.echo(f"pnp sweep: {message}", err=True)
    return 2
