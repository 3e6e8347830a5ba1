"""What is installed beside pnp (libraries' versions, entry points), kept between processes while nothing
was installed, upgraded or removed.

Every `pnp check` names the libraries' versions in its verdict's key and looks for game packs
installed as entry points. `importlib.metadata` answers both by reading every distribution's
metadata on `sys.path`: its import and that scan cost about 30 ms a process, for answers that only
change when a package is installed, upgraded or removed. Those answers are kept in the user's cache
under a digest of where packages are found: `sys.path` itself, and for each of its folders the
folder's stat and the names and stats of the `.dist-info` and `.egg-info` entries in it. pip installs
a distribution by writing a new `.dist-info` folder and removes one by deleting it, so each of those
changes the folder's modification time, and the answers are read again. A damaged entry, or a name
the kept answers lack, is asked of importlib.metadata; PNP_NO_CACHE=1 keeps nothing.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import sys
from functools import lru_cache
from typing import Any

from pnp.core import private
from pnp.core.kept_table import KeptTable

KIND = "installed-1"
#: entries kept: one for each state of the environment (each install adds one)
KEEP = 20
#: the metadata folders a distribution leaves on sys.path
_METADATA_SUFFIXES = (".dist-info", ".egg-info")


def version(name: str) -> str | None:
    """The installed version of the distribution `name`, or None when it is not installed."""
    return _answer(("version", name))


def entry_points(group: str) -> tuple[tuple[str, str], ...]:
    """The entry points of `group` across the installed distributions, as (name, value), by name."""
    return tuple(tuple(pair) for pair in _answer(("entry_points", group)))


def _answer(question: tuple[str, str]) -> Any:
    table = _table()
    if question not in table.table:
        if not table.added:
            atexit.register(table.keep)  # written once, with every answer this process asked for
        table.put(question, _ask(question))
    return table.get(question)


def _ask(question: tuple[str, str]) -> Any:
    # imported here: a process whose answers are kept never loads importlib.metadata (about 15 ms)
    from importlib import metadata

    kind, name = question
    if kind == "version":
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return None
    found = sorted(metadata.entry_points(group=name), key=lambda e: e.name)
    return tuple((e.name, e.value) for e in found)


class _Table(KeptTable):
    """The answers kept for this state of the environment (`_environment_name`)."""

    def __init__(self) -> None:
        super().__init__(KIND, _environment_name() if private.cache_enabled() else None, _well_formed, trim=KEEP)


def _well_formed(question: Any, answer: Any) -> bool:
    if not (isinstance(question, tuple) and len(question) == 2 and all(isinstance(q, str) for q in question)):
        return False
    if question[0] == "version":
        return answer is None or isinstance(answer, str)
    return question[0] == "entry_points" and isinstance(answer, tuple) and all(
        isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(v, str) for v in pair) for pair in answer)


@lru_cache(maxsize=1)
def _table() -> _Table:
    return _Table()


def _environment_name() -> str:
    """A digest of where distributions are found: sys.path, each folder's stat and its metadata folders'."""
    digest = hashlib.sha256(f"{sys.version}\0{sys.prefix}\0".encode("utf-8", "surrogatepass"))
    for entry in sys.path:
        folder = entry or os.getcwd()
        digest.update(f"\1{entry}\0{_stamp(folder)}".encode("utf-8", "surrogatepass"))
        try:
            with os.scandir(folder) as listing:
                found = sorted((e.name, _stamp(e.path)) for e in listing if e.name.endswith(_METADATA_SUFFIXES))
        except OSError:
            continue  # not a folder (a zip, a path hook): its own stamp stands for it
        for name, stamp in found:
            digest.update(f"\2{name}\0{stamp}".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _stamp(path: str) -> str:
    try:
        st = os.stat(path)
    except OSError:
        return "-"
    return f"{st.st_mtime_ns}:{st.st_ctime_ns}:{st.st_ino}:{st.st_size}"
