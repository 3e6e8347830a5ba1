"""Where a sweep's tasks run: any `concurrent.futures.Executor`.

A task is self-contained (pnp.sim.runner.play_block: the content text, the agents, the
seed, the block) and its result depends on nothing else, so whoever runs it gives the
same records. Two executors are made here:

- `PoolExecutor`: processes on this machine, through pnp's worker pool
  (pnp.core.interrupts.worker_pool), so Ctrl-C and SIGTERM end every worker, forked or
  spawned, a killed command takes its workers with it (Linux), and a worker killed from
  outside ends the sweep at once (exit 2), never a hang;
- `dask_executor`: a Dask distributed cluster (`pip install 'pnp[dask]'`), either one
  already running (`--scheduler tcp://host:8786`) or a `LocalCluster` of processes started
  for the command and closed with it (`--dask-local N`), its workers' scratch space in a
  private temporary folder removed with it.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import shutil
import signal
import tempfile
import threading
from concurrent.futures import Executor, Future
from concurrent.futures import wait as wait_for

from pnp.core.errors import UserError
from pnp.core.interrupts import worker_pool
from pnp.sim.runner import default_start_method

#: loggers whose errors, when a sweep stops early, are the cancelled futures' tracebacks
QUIET_LOGGERS = ("distributed", "tornado", "asyncio")
#: how long a client waits for the scheduler of --scheduler before it gives up (a scheduler on
#: the network answers in well under a second; nothing is checked or played before it does)
CONNECT_TIMEOUT = "5s"
#: the address schemes --scheduler takes: TCP, Dask's default (tls:// needs certificates and
#: ucx:// a UCX install, neither of which pnp passes on)
SCHEMES = ("tcp",)


def scheduler_problem(address: str) -> str | None:
    """What is wrong with a --scheduler address before any connection is tried (None: nothing)."""
    scheme, sep, rest = address.partition("://")
    if not sep or not rest:
        return f"--scheduler {address}: expected a scheduler address such as tcp://127.0.0.1:8786"
    if scheme.lower() not in SCHEMES:
        return (f"--scheduler {address}: expected a {' or '.join(f'{s}://' for s in SCHEMES)} address "
                f"(such as tcp://127.0.0.1:8786), found {scheme}://")
    return None


class PoolExecutor(Executor):
    """`concurrent.futures` over worker processes that follow pnp's interrupt rules
    (pnp.core.interrupts.Workers: a worker killed from outside fails the sweep at once).

    Leaving the `with` block normally waits for the submitted tasks; leaving it by an
    exception (Interrupted, an error) terminates the workers at once."""

    def __init__(self, processes: int, start_method: str | None = None) -> None:
        self._exit = contextlib.ExitStack()
        self._pool = self._exit.enter_context(worker_pool(processes, start_method or default_start_method()))
        self._running: set[Future] = set()  # what `shutdown` waits for; a finished one is let go

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future = self._pool.submit(fn, *args, **kwargs)
        self._running.add(future)
        future.add_done_callback(self._running.discard)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if wait and not cancel_futures:
            wait_for(set(self._running))
        self._exit.close()  # terminates whatever still runs

    def __exit__(self, exc_type, exc, tb) -> None:
        self.shutdown(wait=exc_type is None)


def distributed_module():
    """Dask distributed, an optional extra: a usage error that says how to install it."""
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise UserError("a Dask cluster needs Dask distributed: pip install 'pnp[dask]'") from None


@contextlib.contextmanager
def _ctrl_c_ignored():
    """SIGINT ignored while a local cluster starts its worker processes, which inherit the
    ignored signal for good (an ignored signal stays ignored across exec, and Python then
    installs no KeyboardInterrupt handler): like pnp's own workers (pnp.core.interrupts)
    they leave the terminal's Ctrl-C, sent to the whole process group, to the command,
    which closes the cluster. They do take SIGTERM, by which the cluster stops them, and
    end with the command even when it is killed (Dask's workers watch their parent). A
    Ctrl-C in the seconds the cluster takes to start is lost; the next one stops it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def dask_executor(scheduler: str | None = None, local_workers: int | None = None):
    """(a Dask executor, the cluster's worker threads): on the cluster at `scheduler`, or on a
    LocalCluster of `local_workers` single-threaded worker processes (closed, workers and
    all, on exit)."""
    distributed = distributed_module()
    with contextlib.ExitStack() as stack:
        if scheduler is None:
            # on this machine only; its HTTP server (the dashboard, if bokeh is installed) on a
            # free port; the workers' logs say nothing but a crash (an interrupted sweep
            # closes the cluster under their feet); their scratch space (Dask's default:
            # $TMPDIR/dask-scratch-space, left behind) in a folder of this command's own,
            # removed once the cluster is closed
            scratch = tempfile.mkdtemp(prefix="pnp-dask-")
            stack.callback(shutil.rmtree, scratch, ignore_errors=True)
            stack.enter_context(importlib.import_module("dask").config.set({"temporary-directory": scratch}))
            with _ctrl_c_ignored():
                cluster = stack.enter_context(distributed.LocalCluster(
                    n_workers=local_workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                    dashboard_address=":0", silence_logs=logging.CRITICAL, local_directory=scratch))
            client = stack.enter_context(distributed.Client(cluster))
        else:
            try:
                client = stack.enter_context(distributed.Client(scheduler, timeout=CONNECT_TIMEOUT))
            except (OSError, ValueError, TimeoutError) as exc:  # unreachable, timed out, or not an address
                raise UserError(f"--scheduler {scheduler}: no Dask scheduler answers there ({exc})") from None
        loggers = [logging.getLogger(name) for name in QUIET_LOGGERS]
        levels = [logger.level for logger in loggers]
        for logger in loggers:  # futures cancelled on the way out are no news
            logger.setLevel(logging.CRITICAL)
        try:
            yield client.get_executor(), sum(client.nthreads().values())
        finally:
            for logger, level in zip(loggers, levels):
                logger.setLevel(level)
