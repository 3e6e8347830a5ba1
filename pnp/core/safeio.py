"""Reading a file pnp does not trust: never blocking, never past a limit.

Only a regular file is read: a device such as /dev/zero never ends and a FIFO blocks
until someone writes. The file is opened with O_NONBLOCK, since opening a FIFO for
reading would otherwise wait for a writer before `fstat` could refuse it, and at most
`limit` + 1 bytes are read, so a file that grows while it is read cannot pass the limit
unnoticed. The content loader, `check --sim`, the previous build's manifest and pnp's
own cache all read through `read_regular`.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a pipe (FIFO)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))
_FLAGS = os.O_RDONLY | os.O_NONBLOCK | sum(getattr(os, f, 0) for f in ("O_NOCTTY", "O_CLOEXEC"))


class NotRegular(OSError):
    """The path is not a regular file; `kind` says what it is ("a pipe (FIFO)", ...)."""

    def __init__(self, kind: str):
        super().__init__(f"{kind}, expected a regular file")
        self.kind = kind


def read_regular(path: str | Path, limit: int | None = None, *, follow_symlinks: bool = True) -> bytes:
    """The bytes of regular file `path`: at most `limit` + 1 of them (all when limit is None).

    Raises NotRegular for anything but a regular file, OSError when it cannot be opened or
    read (with follow_symlinks=False, a symbolic link is such an error: ELOOP)."""
    flags = _FLAGS | (0 if follow_symlinks else getattr(os, "O_NOFOLLOW", 0))
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegular(next((name for test, name in _KINDS if test(mode)), "not a regular file"))
        chunks, left = [], (limit + 1 if limit is not None else None)
        while left is None or left > 0:
            chunk = os.read(fd, 1 << 16 if left is None else min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            if left is not None:
                left -= len(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks)
