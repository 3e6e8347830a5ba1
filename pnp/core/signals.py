"""SIGINT and SIGTERM become `Interrupted` in the main process (pnp.core.interrupts says why).

Apart from the worker processes' side (pnp.core.interrupts), so that the command line, which
every command loads, does not import multiprocessing and concurrent.futures for a command that
starts no worker (`pnp check`).
"""

from __future__ import annotations

import contextlib
import signal
import threading

SIGNALS = (signal.SIGINT, signal.SIGTERM)


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
