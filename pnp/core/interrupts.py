"""Ctrl-C and SIGTERM: the command stops cleanly, its worker processes end with it.

The command line turns SIGINT and SIGTERM into `Interrupted` in the main process, so every
`finally` and `with` on the way out runs (temporary folders removed, the pool terminated,
the output lock released) and the command exits 128 + the signal number with one line.
Workers, forked or spawned, never handle a signal themselves: they ignore SIGINT (a
terminal sends it to the whole process group; the parent decides), die quietly on SIGTERM
(what `Pool.terminate` sends) and, on Linux, are sent SIGTERM by the kernel if the parent
dies without terminating them (even by SIGKILL).
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
from multiprocessing import resource_tracker
import signal
import sys
import threading

SIGNALS = (signal.SIGINT, signal.SIGTERM)
#: POSIX only: elsewhere (Windows) there is no signal mask to hold the signals back
_MASK = hasattr(signal, "pthread_sigmask")
#: prctl(2) option: the signal a process gets when the thread that forked it ends
_PR_SET_PDEATHSIG = 1


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived. A BaseException, like KeyboardInterrupt, so that no
    `except Exception` on the way out can swallow it."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        return 128 + self.signum

    @property
    def message(self) -> str:
        return "interrupted" if self.signum == signal.SIGINT else f"stopped by {signal.Signals(self.signum).name}"


def _raise(signum, frame):
    # the first signal is enough: a second one (an impatient Ctrl-C) must not cut the clean-up short
    for s in SIGNALS:
        signal.signal(s, signal.SIG_IGN)
    raise Interrupted(signum)


@contextlib.contextmanager
def signals_raise():
    """Within the block, SIGINT and SIGTERM raise `Interrupted` in the main thread."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.signal(s, _raise) for s in SIGNALS}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


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


@contextlib.contextmanager
def worker_pool(processes: int, start_method: str = "fork", setup=None, setup_args: tuple = ()):
    """A multiprocessing pool whose workers follow the rules above; terminated on exit.

    `setup(*setup_args)` runs in each worker as it starts (with fork the arguments are
    inherited, not pickled: a worker gets objects that cannot be pickled, such as a model).

    `start_method` is "fork" or "spawn" (the platform must offer it). The signals stay
    blocked while the workers start: a forked worker inherits the parent's handlers, a
    spawned one Python's default SIGINT handler, and either inherits the blocked mask, so
    no signal arrives in a worker before `_worker_init` has set its own handlers.
    """
    context = multiprocessing.get_context(start_method)
    if start_method != "fork" and _MASK:
        # Spawned workers need multiprocessing's resource tracker, which starts itself with
        # SIGINT and SIGTERM blocked and then *unblocks* them: started inside the block
        # below, it would let the workers started after it see a Ctrl-C while importing.
        resource_tracker.ensure_running()
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS) if _MASK else None
    try:
        pool = context.Pool(processes, initializer=_worker_init, initargs=(os.getpid(), setup, setup_args))
    finally:
        if _MASK:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    with pool:
        yield pool
