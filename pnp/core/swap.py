"""Moving a finished build into `<out>/<lang>/`: one build at a time, atomic against a kill.

- **Lock**: `<out>/.pnp-build.lock`, held with `flock` for the whole build, so two builds
  into one output root run one after the other (the second says it waits, and for whom).
  The kernel drops the lock when its holder dies, however it dies.
- **Swap**: on Linux the finished temporary folder and the previous output trade places in
  one `renameat2(RENAME_EXCHANGE)`, so `<lang>/` is at every instant either the complete
  old or the complete new output and always a real folder (not a symbolic link: players
  open, zip and copy it, on systems and sync tools that treat links differently). Where the
  exchange is not available (another kernel, or a file system without it) the previous
  output is renamed to `.<lang>.old` first; a kill between the two renames then leaves it
  there, and the next build puts it back before it does anything else.
- **Stale state**: temporary folders `.<lang>.building-<pid>` of builds that died are
  removed by the next build into the same root.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import os
import re
import shutil
from pathlib import Path
from typing import Callable

from pnp.core.outfolder import Listed, OutputFolderError, check_replaceable, remove_listed

LOCK_NAME = ".pnp-build.lock"
_TEMP = re.compile(r"^\.(?P<lang>[^/]+)\.building-(?P<pid>\d+)$")
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def temp_folder(out_root: Path, lang: str) -> Path:
    return out_root / f".{lang}.building-{os.getpid()}"


def _old_folder(final: Path) -> Path:
    return final.with_name(f".{final.name}.old")


@contextlib.contextmanager
def build_lock(out_root: Path, waiting: Callable[[str], None]):
    """Hold the output root's lock; `waiting(message)` is called once if another build has it."""
    path = out_root / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OutputFolderError(f"{path} is a symbolic link; remove it (pnp writes its lock file there)") from None
        raise
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            waiting(f"waiting for another build into {out_root} (process {holder}) to finish …")
            fcntl.flock(fd, fcntl.LOCK_EX)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        os.close(fd)  # releases the lock


def _stale(pid: int) -> bool:
    """A temporary folder of a build that died. Our own PID counts too: it was a dead build's,
    reused (we hold the lock and have not made ours yet)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # someone else's live process
        return False
    return False


def recover(out_root: Path, final: Path, protected: dict[str, Path]) -> None:
    """Under the lock: put back an output that a killed swap left aside, and remove the
    temporary folders of builds that died."""
    old = _old_folder(final)
    if os.path.lexists(old):
        if not os.path.lexists(final):
            os.rename(old, final)
        elif not remove_listed(old, check_replaceable(old, protected)):
            raise OutputFolderError(f"{old} holds files pnp did not write; move them away")
    for entry in os.scandir(out_root):
        match = _TEMP.match(entry.name)
        if match and entry.is_dir(follow_symlinks=False) and _stale(int(match["pid"])):
            shutil.rmtree(entry.path)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically; False where the system cannot (then nothing changed)."""
    libc = ctypes.CDLL(None, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(a), None, str(b))


def into_place(tmp: Path, final: Path, previous: list[Listed]) -> list[str]:
    """Make `tmp` the output `final`; remove the previous output's listed files.

    Returns notes for the user (files that appeared in the old output during the build are
    kept, in a folder beside it).
    """
    if not os.path.lexists(final):
        os.rename(tmp, final)
        return []
    if _exchange(tmp, final):
        old = tmp
    else:
        old = _old_folder(final)
        os.rename(final, old)
        os.rename(tmp, final)
    if remove_listed(old, previous):
        return []
    kept = final.with_name(f"{final.name}.kept-{os.getpid()}")
    os.rename(old, kept)
    return [f"files added to {final} during the build were not replaced: they are in {kept}"]
