"""A short command's process (`pnp check`, run at every save): the cyclic collector kept out of its way,
and its exit without the interpreter's teardown.

Why: a check imports about 400 modules and builds a model of some 100,000 objects, none of which
becomes garbage before the process ends, and it makes no cycles of its own worth collecting. With
the collector's usual threshold (a pass every 700 allocations) it walked them again and again:
about 5 % of a check's CPU. And Python's teardown frees every module and object one by one before
the process ends, which the operating system does at once: about 8 %. mypy's command line does
both for the same reasons.

- `begin()` raises the youngest generation's threshold to 200,000 allocations: cycles are still
  collected, only less often (a check's memory stays within a few MiB of what it was).
- `end(code)` flushes the standard streams, runs what is registered to run at exit (the private
  scratch folder's removal, a pool's shutdown, a temporary folder's finaliser) and ends the process
  with `code`; with another thread still running it exits as Python does, so nothing is cut short.
"""

from __future__ import annotations

import atexit
import gc
import os
import sys
import threading
from typing import NoReturn

#: allocations between passes over the youngest generation (Python's own is 700)
YOUNGEST_THRESHOLD = 200_000


def begin() -> None:
    gc.set_threshold(YOUNGEST_THRESHOLD, *gc.get_threshold()[1:])


def end(code: object) -> NoReturn:
    """Exit with `code` as `sys.exit(code)` would, skipping the interpreter's teardown."""
    if threading.active_count() > 1:
        sys.exit(code)
    status = _status(code)
    try:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                status = status or 120  # Python's own status when the streams cannot be flushed at exit
        atexit._run_exitfuncs()
    finally:
        os._exit(status)


def _status(code: object) -> int:
    """The process status `sys.exit(code)` gives: None is 0, a number is itself, anything else is
    printed to standard error and is 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1
