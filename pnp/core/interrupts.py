"""Ctrl-C and SIGTERM: the command stops cleanly, its worker processes end with it.

The command line turns SIGINT and SIGTERM into `Interrupted` in the main process, so every
`finally` and `with` on the way out runs (temporary folders removed, the pool terminated,
the output lock released) and the command exits 128 + the signal number with one line.
Workers, forked or spawned, never handle a signal themselves: they ignore SIGINT (a
terminal sends it to the whole process group; the parent decides), die quietly on SIGTERM
(what `Pool.terminate` sends) and, on Linux, are sent SIGTERM by the kernel if the parent
dies without terminating them (even by SIGKILL). A worker that dies itself (the
out-of-memory killer's SIGKILL, a crash) ends the command too (`forked_workers`), never a hang.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import multiprocessing
import os
from multiprocessing import resource_tracker
import signal
import sys
import time
from concurrent.futures import Future, InvalidStateError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from pnp.core.errors import UserError
from pnp.core.signals import SIGNALS, Interrupted, signals_raise

__all__ = ["SIGNALS", "Interrupted", "signals_raise", "WorkerDied", "WorkerKilled", "Workers", "worker_pool",
           "forked_workers"]

#: POSIX only: elsewhere (Windows) there is no signal mask to hold the signals back
_MASK = hasattr(signal, "pthread_sigmask")
#: prctl(2) option: the signal a process gets when the thread that forked it ends
_PR_SET_PDEATHSIG = 1


def _worker_init(parent: int, setup=None, setup_args: tuple = ()) -> None:
    _follow_parent(parent)
    if setup is not None:
        setup(*setup_args)


def _follow_parent(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if _MASK:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


class WorkerDied(RuntimeError):
    """A worker process ended without answering: a crash in C (a signal such as SIGSEGV) or an exit
    of its own. A bug of pnp's: the command exits 70."""


class WorkerKilled(UserError):
    """A worker process was stopped from outside (SIGKILL, SIGTERM): most often the system's
    out-of-memory killer. The machine stopped the command, not pnp: exit 2."""


#: signals that stop a worker from outside (the out-of-memory killer sends SIGKILL)
_FROM_OUTSIDE = (signal.SIGKILL, signal.SIGTERM)


def _death(exitcode: int) -> Exception:
    if exitcode < 0 and -exitcode in _FROM_OUTSIDE:
        name = signal.Signals(-exitcode).name
        return WorkerKilled(f"a worker process was stopped by {name} (the system may have run out of memory); "
                            "nothing was written")
    how = f"was ended by {signal.Signals(-exitcode).name}" if exitcode < 0 else f"exited with code {exitcode}"
    return WorkerDied(f"a worker process {how} before it answered")


def _answer(fn, *args, **kwargs):
    """Run one task in a worker. Out of memory, it answers with a fresh MemoryError: the one raised
    holds the frames (and the memory) of the work, so sending it back would fail again and kill the
    worker, and the parent would wait for its answer for ever."""
    try:
        return fn(*args, **kwargs)
    except MemoryError:
        pass  # leaving the handler drops the exception, its frames and what they hold
    raise MemoryError("out of memory in a worker process")


class _NotingExecutor(ProcessPoolExecutor):
    """A process pool that notes every process it starts, as it starts it: the executor forgets
    its processes once it finds one dead, and how that one ended says why (there is no public
    way to ask; `_spawn_process` is the one place every start goes through, 3.9 to 3.13)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.started: list = []

    def _spawn_process(self):
        super()._spawn_process()
        self.started.extend(p for p in self._processes.values() if p not in self.started)


class Workers:
    """Worker processes that follow the rules above and answer `map` and `submit` calls.

    Unlike multiprocessing.Pool, which replaces a dead worker and waits for its lost task for ever,
    a worker that dies (the out-of-memory killer's SIGKILL, a crash) fails every pending answer at
    once: WorkerKilled (exit 2) or WorkerDied (a bug, exit 70).

    `start_method` is "fork" or "spawn" (the platform must offer it); `setup(*setup_args)` runs in
    each worker as it starts (with fork the arguments are inherited, not pickled: a worker gets
    objects that cannot be pickled, such as a model). The workers start as tasks are handed
    over, with the signals blocked: a forked worker inherits the parent's handlers, a spawned one
    Python's default SIGINT handler, and either inherits the blocked mask, so no signal arrives
    in a worker before `_worker_init` has set its own handlers.
    """

    def __init__(self, processes: int, start_method: str = "fork", setup=None, setup_args: tuple = ()):
        if start_method != "fork" and _MASK:
            # Spawned workers need multiprocessing's resource tracker, which starts itself with
            # SIGINT and SIGTERM blocked and then *unblocks* them: started while the workers
            # start, it would let the workers started after it see a Ctrl-C while importing.
            resource_tracker.ensure_running()
        self._executor = _NotingExecutor(processes, mp_context=multiprocessing.get_context(start_method),
                                         initializer=_worker_init, initargs=(os.getpid(), setup, setup_args))
        self._closing = False

    @property
    def _workers(self) -> list:
        return self._executor.started

    @contextlib.contextmanager
    def _starting(self):
        """Signals blocked while the executor may start workers."""
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS) if _MASK else None
        try:
            yield
        finally:
            if _MASK:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)

    def map(self, fn, items) -> list:
        """[fn(item) for item in items], in the workers. `fn` must be a module-level function."""
        with self._starting():
            pending = self._executor.map(functools.partial(_answer, fn), items)
        try:
            return list(pending)
        except BrokenProcessPool:
            self._executor.shutdown(wait=True, cancel_futures=True)
            raise self._death() from None

    def submit(self, fn, /, *args, **kwargs) -> Future:
        """A future of fn(*args, **kwargs), run in a worker; a worker's death is its exception."""
        outer: Future = Future()
        with self._starting():
            try:
                inner = self._executor.submit(_answer, fn, *args, **kwargs)
            except BrokenProcessPool:
                # a worker died since the last call (the executor refuses new work at once): the
                # death is this answer too, as it is the pending ones'
                outer.set_exception(self._death())
                return outer
        # a cancelled answer leaves its task be: cancelling the executor's future while the executor
        # fails its pending ones (a worker died, or `close` ended them) breaks its manager thread
        inner.add_done_callback(functools.partial(self._pass_on, outer))
        return outer

    def _pass_on(self, outer: Future, inner: Future) -> None:
        try:
            if inner.cancelled() or self._closing:  # the workers were closed under it
                outer.cancel()
            elif isinstance(inner.exception(), BrokenProcessPool):
                outer.set_exception(self._death())
            elif inner.exception() is not None:
                outer.set_exception(inner.exception())
            else:
                outer.set_result(inner.result())
        except InvalidStateError:
            pass  # cancelled by whoever asked for it, meanwhile: the answer is not wanted

    def _death(self, patience: float = 5.0) -> Exception:
        """What ended a worker: from outside (SIGKILL, SIGTERM) or a fault of its own. The dead
        worker's exit code is read as soon as it is known (the executor then ends the others with
        SIGTERM, so a SIGKILL among the codes names the cause)."""
        deadline = time.monotonic() + patience
        while True:
            codes = [w.exitcode for w in self._workers if w.exitcode is not None]
            if codes or time.monotonic() > deadline:
                break
            time.sleep(0.01)
        if not codes:
            return WorkerDied("a worker process ended before it answered")
        own = [c for c in codes if c > 0 or (c < 0 and -c not in _FROM_OUTSIDE)]
        if own:
            return _death(own[0])
        return _death(-signal.SIGKILL if -signal.SIGKILL in codes else -signal.SIGTERM)

    def close(self) -> None:
        """End the workers at once (what they were doing is not wanted) and wait until they are gone."""
        self._closing = True
        for worker in self._workers:
            worker.terminate()
        for worker in self._workers:
            worker.join()
        self._executor.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def worker_pool(processes: int, start_method: str = "fork", setup=None, setup_args: tuple = ()):
    """`Workers` (see there), ended on exit, whatever ends the block."""
    workers = Workers(processes, start_method, setup, setup_args)
    try:
        yield workers
    finally:
        workers.close()


def forked_workers(processes: int, setup=None, setup_args: tuple = ()):
    """Forked `Workers`: their `setup(*setup_args)` arguments inherited, not pickled."""
    return worker_pool(processes, "fork", setup, setup_args)
