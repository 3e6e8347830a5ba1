"""Files pnp keeps for itself on this machine: never a fixed name in a shared folder.

- `scratch_dir()` is a folder of this process's own (`tempfile.mkdtemp`: a fresh name,
  mode 0700), removed when the process exits. It is made before any fork, so forked
  workers write into their parent's folder and never leave one of their own behind.
- `cache_get`/`cache_put` keep files under the user's cache folder, named by the caller
  from a hash of what they were made from, written atomically (a private temporary file
  renamed into place) and read without following symlinks. A cache that cannot be used
  is skipped: what pnp writes never depends on it.
"""

from __future__ import annotations

import atexit
import marshal
import os
import re
import shutil
import stat
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from platformdirs import user_cache_dir

from pnp.core import safeio
from pnp.core.safeio import read_regular

#: the names cache_trim may remove: what callers give cache_put (a hex digest, maybe with a suffix)
_HEX_NAME = re.compile(r"[0-9a-f]{32,64}(\.[a-z0-9]+)?")



@lru_cache(maxsize=1)
def scratch_dir() -> Path:
    """This process's private temporary folder (made on first use, removed at exit)."""
    path = Path(tempfile.mkdtemp(prefix="pnp-"))
    owner = os.getpid()

    def remove() -> None:
        # a forked child inherits this handler (and the cached path) but must leave the folder
        if os.getpid() == owner:
            shutil.rmtree(path, ignore_errors=True)

    atexit.register(remove)
    return path


def _before_fork() -> None:
    try:
        scratch_dir()
    except OSError:
        pass  # no usable temporary folder: a child that needs one reports it then


os.register_at_fork(before=_before_fork)


def write_atomic(folder: Path, name: str, data: bytes) -> Path:
    """Write `folder/name` so that no reader ever sees it half-written (pnp.core.safeio)."""
    safeio.write_atomic(folder / name, data, follow_symlinks=False)
    return folder / name


def cache_enabled() -> bool:
    """Whether pnp's user caches may be read and written: PNP_NO_CACHE (what --no-cache sets, and the
    tests) turns every one of them off, the build cache and the check's caches alike."""
    return not os.environ.get("PNP_NO_CACHE")


def cache_root() -> Path:
    """The user's cache folder for pnp (PNP_CACHE_DIR, if set, says where instead)."""
    return Path(os.environ.get("PNP_CACHE_DIR") or user_cache_dir("pnp"))


def cache_folder(kind: str) -> Path | None:
    """The user's cache folder for `kind`, made if needed; None unless it is a real
    directory of this user's (not a symlink, not someone else's)."""
    folder = cache_root() / kind
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return None
    mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    return folder if stat.S_ISDIR(info.st_mode) and mine else None


def cache_get(kind: str, name: str) -> bytes | None:
    """The cached file `kind/name`, or None (absent, a symlink, not a regular file, unreadable)."""
    folder = cache_folder(kind)
    if folder is None:
        return None
    try:  # never through a symlink, never blocking on a FIFO planted under the name
        return read_regular(folder / name, follow_symlinks=False)
    except OSError:
        return None


def cache_get_marshal(kind: str, name: str) -> Any:
    """The cached file `kind/name` as the value `marshal` wrote into it, or None when it is absent or
    cannot be read as one (damaged, cut short, written by another Python's marshal)."""
    raw = cache_get(kind, name)
    if raw is None:
        return None
    try:
        return marshal.loads(raw)
    except (EOFError, ValueError, TypeError):
        return None


def cache_put(kind: str, name: str, data: bytes) -> None:
    """Remember `data` as `kind/name`; silently skipped when the cache cannot be written."""
    folder = cache_folder(kind)
    if folder is not None:
        try:
            write_atomic(folder, name, data)
        except OSError:
            pass


#: a folder that keeps at least this many files is looked at after one write in sixteen (`cache_trim`)
_SAMPLED_FROM = 64


def cache_trim(kind: str, keep: int, written: str | None = None) -> None:
    """Keep the `keep` most recently written files of `kind`: remove the older ones once there are an
    eighth more (each removal reads every file's time: a folder kept full would be read whole at every
    save's write). A folder of at least 64 is looked at only after a write whose name (`written`, a hex
    digest) ends in 0, one in sixteen: listing hundreds of files at every write was a check's 5 ms.
    Only files named by a hex digest are ever removed (the names cache_put is given); skipped on any error."""
    if written is not None and keep >= _SAMPLED_FROM and not written.endswith("0"):
        return
    folder = cache_folder(kind)
    if folder is None:
        return
    try:
        entries = [entry for entry in os.scandir(folder) if _HEX_NAME.fullmatch(entry.name)
                   and entry.is_file(follow_symlinks=False)]
        if len(entries) <= keep + keep // 8:
            return
        entries.sort(key=lambda entry: entry.stat(follow_symlinks=False).st_mtime_ns, reverse=True)
        for entry in entries[keep:]:
            os.unlink(entry.path)
    except OSError:
        pass
