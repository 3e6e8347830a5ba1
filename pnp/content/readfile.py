"""Read an input file (the content, a simulation result) with a size limit, never blocking.

Every command reads its input through `read_limited`, so the same rules hold everywhere
(pnp.core.safeio: only a regular file, at most `limit` + 1 bytes, a FIFO never waited for);
what goes wrong is a problem to report, not an exception.
"""

from __future__ import annotations

import os
from pathlib import Path

from pnp.core.errors import Mark, Problem, error
from pnp.core.safeio import NotRegular, read_regular

#: 16x the shipped game (see yamlload for why it is safe to parse a file this big)
MAX_FILE_BYTES = 512 * 1024

CODES = {
    "file-unreadable": "The input file cannot be opened (missing, no permission).",
    "file-not-regular": "The input is not a regular file (a directory, a device such as /dev/zero, a pipe).",
    "file-too-big": "The input file is larger than the limit (512 KB).",
}

def read_limited(path: str | Path, display: str, what: str = "content file",
                 limit: int = MAX_FILE_BYTES) -> tuple[bytes | None, Problem | None]:
    """(bytes, None) or (None, the problem). Never raises for bad input, never blocks."""
    where = Mark(display)
    try:
        raw = read_regular(path, limit)
    except NotRegular as exc:
        return None, error("file-not-regular", f"the {what} is {exc.kind}, expected a regular file", where)
    except OSError as exc:
        return None, error("file-unreadable", f"cannot read the {what}: {exc.strerror or exc}", where)
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
