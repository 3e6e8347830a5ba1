"""Read an input file (the content, a simulation result) with a size limit, never blocking.

Every command reads its input through `read_limited`, so the same rules hold everywhere:
only a regular file is read (a device such as /dev/zero never ends, a FIFO blocks until
someone writes), and at most `limit` + 1 bytes are read, so a file that grows while it
is read cannot exceed the limit either. The file is opened with O_NONBLOCK: opening a
FIFO for reading would otherwise wait for a writer before `fstat` could refuse it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pnp.errors import Mark, Problem, error

#: 16x the shipped game (see yamlload for why it is safe to parse a file this big)
MAX_FILE_BYTES = 512 * 1024

CODES = {
    "file-unreadable": "The input file cannot be opened (missing, no permission).",
    "file-not-regular": "The input is not a regular file (a directory, a device such as /dev/zero, a pipe).",
    "file-too-big": "The input file is larger than the limit (512 KB).",
}

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a pipe (FIFO)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def read_limited(path: str | Path, display: str, what: str = "content file",
                 limit: int = MAX_FILE_BYTES) -> tuple[bytes | None, Problem | None]:
    """(bytes, None) or (None, the problem). Never raises for bad input, never blocks."""
    where = Mark(display)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        return None, error("file-unreadable", f"cannot read the {what}: {exc.strerror or exc}", where)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
            return None, error("file-not-regular", f"the {what} is {kind}, expected a regular file", where)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        return None, error("file-unreadable", f"cannot read the {what}: {exc.strerror or exc}", where)
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > limit:
        size = max(len(raw), _size(path))
        return None, error("file-too-big", f"the {what} is {size / 1024:,.0f} KB; the limit is {limit // 1024:,} KB",
                           Mark(display, 1, 1))
    return raw, None


def _size(path: str | Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0
