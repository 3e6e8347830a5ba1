"""Where a sweep's tasks run: any `concurrent.futures.Executor`.

A task is self-contained (pnp.sim.runner.play_block: the content text, the agents, the
seed, the block) and its result depends on nothing else, so whoever runs it gives the
same records. Two executors are made here:

- `PoolExecutor`: processes on this machine, through pnp's worker pool
  (pnp.core.interrupts.worker_pool), so Ctrl-C and SIGTERM end every worker, forked or
  spawned, and a killed command takes its workers with it (Linux);
- `dask_executor`: a Dask distributed cluster (`pip install 'pnp[dask]'`), either one
  already running (`--scheduler tcp://host:8786`) or a `LocalCluster` of processes started
  for the command and closed with it (`--dask-local N`).
"""

from __future__ import annotations

import contextlib
import importlib
import logging
from concurrent.futures import Executor, Future

from pnp.core.errors import UserError
from pnp.core.interrupts import worker_pool
from pnp.sim import dask_worker
from pnp.sim.runner import default_start_method

#: loggers whose errors, when a sweep stops early, are the cancelled futures' tracebacks
QUIET_LOGGERS = ("distributed", "tornado", "asyncio")
#: how long a client waits for the scheduler of --scheduler before it gives up
CONNECT_TIMEOUT = "20s"


class PoolExecutor(Executor):
    """`concurrent.futures` over a worker pool whose processes follow pnp's interrupt rules.

    Leaving the `with` block normally waits for the submitted tasks; leaving it by an
    exception (Interrupted, an error) terminates the workers at once."""

    def __init__(self, processes: int, start_method: str | None = None) -> None:
        self._exit = contextlib.ExitStack()
        self._pool = self._exit.enter_context(worker_pool(processes, start_method or default_start_method()))

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        future.set_running_or_notify_cancel()
        self._pool.apply_async(fn, args, kwargs, callback=future.set_result, error_callback=future.set_exception)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if wait and not cancel_futures:
            self._pool.close()
            self._pool.join()
        self._exit.close()  # terminates whatever still runs

    def __exit__(self, exc_type, exc, tb) -> bool:
        self.shutdown(wait=exc_type is None)
        return False


def distributed_module():
    """Dask distributed, an optional extra: a usage error that says how to install it."""
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise UserError("a Dask cluster needs Dask distributed: pip install 'pnp[dask]'") from None


@contextlib.contextmanager
def dask_executor(scheduler: str | None = None, local_workers: int | None = None):
    """A Dask executor: on the cluster at `scheduler`, or on a LocalCluster of
    `local_workers` single-threaded worker processes (closed, workers and all, on exit)."""
    distributed = distributed_module()
    with contextlib.ExitStack() as stack:
        if scheduler is None:
            # Its worker processes ignore the terminal's Ctrl-C, which reaches the whole
            # process group (pnp.sim.dask_worker): the command closes the cluster. They do
            # take SIGTERM, by which the cluster stops them, and end with the command even
            # when it is killed (Dask's workers watch their parent).
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=local_workers, threads_per_worker=1, processes=True, dashboard_address=None,
                silence_logs=logging.ERROR, preload=[dask_worker.__name__]))
            client = stack.enter_context(distributed.Client(cluster))
        else:
            try:
                client = stack.enter_context(distributed.Client(scheduler, timeout=CONNECT_TIMEOUT))
            except (OSError, ValueError) as exc:  # unreachable, timed out, or not an address
                raise UserError(f"--scheduler {scheduler}: no Dask scheduler answers there ({exc})") from None
        for name in QUIET_LOGGERS:  # futures cancelled on the way out are no news
            logging.getLogger(name).setLevel(logging.CRITICAL)
        yield client.get_executor()
