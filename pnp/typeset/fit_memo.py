"""Fitted texts, kept: within a process, and from one check to the next in the user's cache.

Setting a text into its box (`richtext.fit`: wrap, hyphenate, shrink in 0.25 pt steps) is most
of what `pnp check` spends on cards: every text element of every card in every language, about
2,000 fits for the empire. Most of them repeat: the copies of a card, the check and then the
renderer, a text shared by several cards. After a designer's edit of one card, all but that
card's texts are the ones the last check set.

A fit is a function of its key alone: the language's typography (its tables are pnp's code),
the parsed text (its icons and the words they say included), the box, the sizes, the alignment
and leading, the face it is set in (a bundled font, whose bytes are pnp's files, or a designer's,
named by the SHA-256 of its bytes) and the ink span of each icon it holds (measured on the icon's
drawing, a game's own icons included). So an answer found under its key is the answer.

The answers are kept in a bounded table in the process. While `kept(pack)` is open (the checks
of `pnp check` and of a build), the table of the pack's games is read from the user's cache at
the start and written back at the end when the run set a new text; its file is named by pnp's
files and the libraries' versions, so a new pnp never reads another's answers. A damaged or
unreadable file is a table to fill again, never an error; PNP_NO_CACHE turns the file off.
"""

from __future__ import annotations

import hashlib
import pickle
import sys
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator

from pnp.art.icon_inline import ink_span
from pnp.cache import keys
from pnp.core import private, typography
from pnp.typeset import fonts

KIND = "text-fits"
#: bump when what a table holds changes shape
FORMAT = 1
#: answers kept in the process (a long `pnp serve` sets ever new texts) and in a pack's file
#: (about 270 bytes each: a file of at most about 2 MB, read in a few milliseconds)
MOST = 8000
#: table files kept in the cache: one per pack and version of pnp
FILES = 8

_TABLE: dict[tuple, Any] = {}
#: the pack whose file is open, and whether this run set a text its table did not hold
_OPEN: list[Any] = []
#: the files read into the table
_READ: set[str] = set()


def fitted(args: tuple, compute: Callable[..., Any]) -> Any:
    """`compute(*args)` for `args` = (runs, box_w, box_h, face, size, min_size, align, leading),
    from the table when a fit with the same key was set before."""
    key = _key(*args)
    found = _TABLE.pop(key, None)
    if found is not None:
        _TABLE[key] = found  # the latest used last: a full table drops the answers longest unused
    else:
        found = compute(*args)
        if len(_TABLE) >= MOST:
            _TABLE.pop(next(iter(_TABLE)))  # the oldest
        _TABLE[key] = found
        if _OPEN:
            _OPEN[1] = True
    return found


def _key(runs: tuple, box_w: float, box_h: float, face: str, size: float, min_size: float, align: str,
         leading: float) -> tuple:
    lang = typography.active().lang  # no language chosen: the LookupError setting text raises
    font = _font(face, fonts.face(face))
    inks = tuple((run.text, ink_span(run.text)) for run in runs if run.kind == "icon")
    return (lang, runs, box_w, box_h, font, size, min_size, align, leading, inks)


@lru_cache(maxsize=64)
def _font(role: str, used: fonts.Face) -> tuple:
    """Which font a role is set in: a designer's lives under a per-process folder, so its file's name
    (its bytes' digest) says which; a bundled one's bytes are pnp's files."""
    return (role, used.family, used.weight, used.style, Path(used.file).name)


@contextmanager
def kept(pack: str) -> Iterator[None]:
    """Within the block, the fits of `pack`'s games kept in the user's cache are known, and those set
    anew are kept there at its end. Nested blocks use the outer one's file."""
    if _OPEN or not private.cache_enabled():
        yield
        return
    name = _file_name(pack)
    if name not in _READ:  # a process that checks again (`pnp serve`) holds the file's answers already
        _READ.add(name)
        _read(name)
    _OPEN[:] = [pack, False]
    try:
        yield
    finally:
        learnt = _OPEN[1]
        _OPEN.clear()
        if learnt:
            _write(name)


@lru_cache(maxsize=None)
def _file_name(pack: str) -> str:
    """Named by the code this process runs (a file of pnp changed under a running `pnp serve` is not
    the code that sets its texts) and the pack."""
    parts = (f"format={FORMAT}", f"python={sys.version}", keys.versions(keys.LIBRARIES), keys.code_files(),
             f"pack={pack}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _read(name: str) -> None:
    raw = private.cache_get(KIND, name)
    if raw is None:
        return
    try:
        table = pickle.loads(raw)
    except Exception:  # noqa: BLE001 - a damaged file raises anything pickle can: the fits are set again
        return
    if isinstance(table, dict):
        for key, value in table.items():
            _TABLE.setdefault(key, value)
        while len(_TABLE) > MOST:
            _TABLE.pop(next(iter(_TABLE)))


def _write(name: str) -> None:
    """The table as it is now, its latest answers last (those of the run that wrote it)."""
    newest = dict(list(_TABLE.items())[-MOST:])
    private.cache_put(KIND, name, pickle.dumps(newest, protocol=pickle.HIGHEST_PROTOCOL))
    private.cache_trim(KIND, FILES)
