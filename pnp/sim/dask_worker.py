"""Run by each worker process of the local Dask cluster that `pnp sweep --dask-local` starts
(a Dask preload module): like pnp's own workers (pnp.core.interrupts), it leaves Ctrl-C to
the command, which closes the cluster, instead of printing its own KeyboardInterrupt."""

from __future__ import annotations

import signal
import threading


def dask_setup(worker) -> None:
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
