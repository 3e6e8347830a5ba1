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
  removed by the next build into the same root, but only a folder pnp can prove it made:
  named for a language, owned by this user, and holding pnp's marker file (written when
  the folder is made, removed just before the swap) or, after that, a manifest that lists
  every file in it. A folder of the user's that only looks like one is left alone, and so
  is a `.<lang>.old` that is not a pnp output.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import os
import re
import shutil
import stat
from pathlib import Path
from typing import Callable

from pnp.core.outfolder import MANIFEST, Listed, OutputFolderError, check_replaceable, remove_listed

LOCK_NAME = ".pnp-build.lock"
_TEMP = re.compile(r"^\.(?P<lang>[a-z]{2})\.building-(?P<pid>\d+)$")
#: the file inside a temporary folder that says pnp made it (never in a finished output)
MARKER = ".pnp-building"
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def temp_folder(out_root: Path, lang: str) -> Path:
    return out_root / f".{lang}.building-{os.getpid()}"


def make_temp(out_root: Path, lang: str) -> Path:
    """Create this build's temporary folder with pnp's marker in it (`recover` removes only such folders)."""
    tmp = temp_folder(out_root, lang)
    try:
        tmp.mkdir()
    except FileExistsError:  # left by a dead build of our PID that pnp could not prove its own
        raise OutputFolderError(f"{tmp} is in the way (pnp cannot tell it made it); move it away") from None
    try:
        (tmp / MARKER).write_text(f"pnp build, process {os.getpid()}\n", encoding="ascii")
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return tmp


def seal(tmp: Path) -> None:
    """Remove the marker from a finished temporary folder: its manifest now lists every file in it."""
    (tmp / MARKER).unlink()


def _old_folder(final: Path) -> Path:
    return final.with_name(f".{final.name}.old")


@contextlib.contextmanager
def build_lock(out_root: Path, waiting: Callable[[str], None]):
    """Hold the output root's lock; `waiting(message)` is called once if another build has it."""
    def wait(holder: str) -> None:
        waiting(f"waiting for another build into {out_root} (process {holder}) to finish …")

    with _holding(out_root / LOCK_NAME, wait):
        yield


#: the lock a `pnp serve` holds on its output root for as long as it runs
SERVE_LOCK_NAME = ".pnp-serve.lock"


@contextlib.contextmanager
def serve_lock(out_root: Path):
    """Hold the output root's serve lock, or refuse at once: two servers rebuilding one output
    folder would take turns undoing each other's kit."""
    def refuse(holder: str) -> None:
        raise OutputFolderError(f"another pnp serve (process {holder}) serves {out_root}; stop it first, "
                                "or give this one another --out")

    with _holding(out_root / SERVE_LOCK_NAME, refuse):
        yield


@contextlib.contextmanager
def _holding(path: Path, busy: Callable[[str], None]):
    """Hold the lock file `path` with this process's id in it. If another process holds it,
    `busy(its id)` is told once: it raises to give up, or returns to wait for the lock."""
    fd = _open_lock(path)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            busy(os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown")
            fcntl.flock(fd, fcntl.LOCK_EX)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        os.close(fd)  # releases the lock


def _open_lock(path: Path) -> int:
    """The lock file, opened for writing only when it is pnp's own: a regular file with one name.

    The build writes its PID into the lock; through a symbolic link or a hard link that write
    would truncate a file of the user's (`ln notes.txt OUT/.pnp-build.lock`). O_NOFOLLOW refuses
    the first; the link count and the file type, read from the open descriptor, the second.
    O_NONBLOCK: a FIFO put there must not hang the open."""
    remove = "remove it (pnp keeps its lock file there)"
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OutputFolderError(f"{path} is a symbolic link; {remove}") from None
        if exc.errno in (errno.ENXIO, errno.EISDIR):
            raise OutputFolderError(f"{path} is not a regular file; {remove}") from None
        raise
    info = os.fstat(fd)
    why = ("is not a regular file" if not stat.S_ISREG(info.st_mode)
           else f"has {info.st_nlink} names (a hard link to another file)" if info.st_nlink != 1
           else None)
    if why is not None:
        os.close(fd)
        raise OutputFolderError(f"{path} {why}; {remove}")
    return fd


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
    listed = _pnp_output(old, protected)
    if listed is not None:
        if not os.path.lexists(final):
            os.rename(old, final)
        elif not remove_listed(old, listed):
            raise OutputFolderError(f"{old} holds files pnp did not write; move them away")
    for entry in os.scandir(out_root):
        match = _TEMP.match(entry.name)
        if match and _stale(int(match["pid"])):
            _remove_if_ours(Path(entry.path), protected)


def _owned_folder(path: Path) -> bool:
    """A real folder (not a link) of this user's."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()


def _pnp_output(folder: Path, protected: dict[str, Path]) -> list[Listed] | None:
    """What `folder` lists when it is a finished pnp output (a manifest listing every file in
    it); None when it is anything else, which pnp then leaves alone."""
    if not _owned_folder(folder) or not os.path.lexists(folder / MANIFEST):
        return None
    try:
        return check_replaceable(folder, protected)
    except OutputFolderError:
        return None


def _remove_if_ours(folder: Path, protected: dict[str, Path]) -> None:
    """Remove a dead build's temporary folder, when pnp can prove it made it.

    A kill can come at any instant, so every state a build leaves is one of: the marker in
    it; a manifest listing all it holds (after `seal`, or the previous output after the
    exchange); nothing but empty folders (just made, or the kill came while removing)."""
    if not _owned_folder(folder):
        return
    marker = folder / MARKER
    if os.path.lexists(marker) and stat.S_ISREG(marker.lstat().st_mode):
        discard(folder)
        return
    listed = _pnp_output(folder, protected)
    if listed is not None:
        remove_listed(folder, listed)
    _remove_empty_folders(folder)


def discard(tmp: Path) -> None:
    """Remove a temporary folder, its proof last (the marker, else the manifest), so that a
    kill halfway leaves a folder the next build still knows for pnp's."""
    last = (MARKER, MANIFEST)
    with os.scandir(tmp) as entries:
        for entry in entries:
            if entry.name in last:
                continue
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
    for name in reversed(last):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp / name)
    os.rmdir(tmp)


def _remove_empty_folders(folder: Path) -> None:
    """Remove `folder` if it holds nothing but (nested) empty folders; never a file."""
    for base, _dirs, _files in os.walk(folder, topdown=False):
        try:
            os.rmdir(base)
        except OSError:  # a file (or a link) in it: not ours to remove
            return


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
        if os.path.lexists(old):  # not pnp's (`recover` cleared a pnp one): never renamed over
            raise OutputFolderError(f"{old} is in the way of replacing {final}; move it away")
        os.rename(final, old)
        os.rename(tmp, final)
    if remove_listed(old, previous):
        return []
    kept = final.with_name(f"{final.name}.kept-{os.getpid()}")
    os.rename(old, kept)
    return [f"files added to {final} during the build were not replaced: they are in {kept}"]
