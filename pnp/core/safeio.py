"""Reading a file pnp does not trust, and writing a file so that no one sees it half-written.

**Reading**: never blocking, never past a limit.

Only a regular file is read: a device such as /dev/zero never ends and a FIFO blocks
until someone writes. The file is opened with O_NONBLOCK, since opening a FIFO for
reading would otherwise wait for a writer before `fstat` could refuse it, and at most
`limit` + 1 bytes are read, so a file that grows while it is read cannot pass the limit
unnoticed. The content loader, `check --sim`, the previous build's manifest and pnp's
own cache all read through `read_regular`.

**Writing**: every file pnp writes outside a build's temporary folder (`--json`, `--report`,
its cache, the tools' outputs) goes through `write_atomic`: a temporary file beside the
target, written and flushed to the disk, then renamed over it in one step. A full disk, a
kill or Ctrl-C leave the user's previous file as it was, never a truncated one.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import tempfile
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


def sha256_file(path: str | Path) -> str:
    """The hex SHA-256 of a file's bytes, read a megabyte at a time."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def write_atomic(path: str | Path, data: bytes | str, *, follow_symlinks: bool = True) -> Path:
    """Write `data` (str: as UTF-8) to `path` atomically; returns the path written.

    Through a symbolic link the file it points to is replaced (what writing in place did;
    with follow_symlinks=False the link itself is, as in pnp's private folders); a
    file that was there keeps its permissions, a new one gets the usual ones (0666 less the
    umask: mkstemp would make it private). An error names `path`, not the temporary file."""
    target = Path(os.path.realpath(path) if follow_symlinks else path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, partial = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    try:
        try:
            os.fchmod(fd, _mode_for(target))
            with os.fdopen(fd, "wb") as out:
                out.write(payload)
                out.flush()
                os.fsync(out.fileno())  # a full disk shows here at the latest, before the rename
            os.replace(partial, target)
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, str(path)) from None
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(partial)
        raise
    return target


def _mode_for(target: Path) -> int:
    try:
        info = os.stat(target)
    except OSError:
        info = None
    if info is not None and stat.S_ISREG(info.st_mode):
        return stat.S_IMODE(info.st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
