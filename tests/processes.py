"""Test helper: the child processes of a running process, read from /proc (Linux)."""

from __future__ import annotations

from pathlib import Path


def child_pids(pid: int) -> set[int]:
    """The pids of `pid`'s children; a thread or the process that ends while they are read adds none."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found.update(int(c) for c in task.read_text().split())
        except OSError:  # the thread (or the process) ended between the listing and the read
            pass
    return found
