"""Parsed YAML kept between runs: a file read before, unchanged, is not parsed again.

PyYAML's pure-Python parser (the one pnp uses, see pnp.content.yamlload) is most of what a
`pnp check` costs: about 0.1 s for ТВЕРДЖА's nine files and 0.26 s for the empire's thirty.
A designer edits one of them at a time, so each check and each rebuild of `pnp serve` would
parse the other files again for nothing. This cache keeps what the loader made of a file
(its data and the mark of every value) under a SHA-256 of everything it was made from: the
text, the name the marks carry, the loader's own code and PyYAML's version.

- Only a file read without a problem is kept: a file with problems is read again, so its
  messages always come from the loader itself.
- Entries are `marshal` data (plain values only: marshal builds no object of a class, runs no
  code) in the user's cache folder (pnp.core.private), written atomically. An entry that cannot
  be read as the data it should be is ignored, and the file is parsed.
- The folder keeps the most recent entries only (`KEEP`): each save of an edited file adds one.
- PNP_NO_CACHE=1 (what `--no-cache` and the tests set) skips it.

A file's top-level sections are kept one by one too (`first_line`; pnp.content.yamlsplit says where
a file is cut), each under its own text and with its marks' lines counted from the section's
first line: after an edit of one card, only that card's section is parsed, wherever the edit moved
the sections below it.
"""

from __future__ import annotations

import hashlib
import marshal
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from pnp.core import private
from pnp.core.errors import Mark

KIND = "yaml-1"
#: entries kept: the shipped games read 41 YAML files in all, each edit adds one
KEEP = 400
#: an entry is (data, paths, lines, columns) in marshal's format of this version
_MARSHAL_VERSION = 4


@lru_cache(maxsize=1)
def _code_digest() -> bytes:
    """What the loader's output depends on beside the text: its code and PyYAML's."""
    loader = Path(__file__).with_name("yamlload.py").read_bytes()
    return hashlib.sha256(loader + f"\0{yaml.__version__}\0{__file__}".encode()).digest()


def _name(text: str, file: str, first_line: int | None) -> str:
    digest = hashlib.sha256(_code_digest())
    digest.update((b"part\0" if first_line is not None else b"") + file.encode("utf-8", "surrogatepass") + b"\0")
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def enabled() -> bool:
    return private.cache_enabled()


def get(text: str, file: str, first_line: int | None = None) -> tuple[Any, dict[tuple, Mark]] | None:
    """The data and marks the loader made of `text` read as `file` before, or None; `first_line`: `text` is
    the section of `file` that starts at that line (counted from 0), and its marks are the file's."""
    if not private.cache_enabled():
        return None
    raw = private.cache_get(KIND, _name(text, file, first_line))
    if raw is None:
        return None
    shift = first_line or 0
    try:
        data, paths, lines, cols = marshal.loads(raw)
        marks = {path: Mark(file, line + shift, col) for path, line, col in zip(paths, lines, cols, strict=True)}
    except (EOFError, ValueError, TypeError):
        return None  # a damaged or foreign entry: parse the file
    return data, marks


def put(text: str, file: str, data: Any, marks: dict[tuple, Mark], first_line: int | None = None) -> None:
    """Keep what the loader made of `text` (read without a problem; the section of `file` starting at
    `first_line`, its marks the file's); skipped if the cache cannot be written."""
    if not private.cache_enabled():
        return
    paths, shift = tuple(marks), first_line or 0
    entry = (data, paths, tuple(m.line - shift for m in marks.values()), tuple(m.col for m in marks.values()))
    try:
        raw = marshal.dumps(entry, _MARSHAL_VERSION)
    except ValueError:
        return  # a value marshal cannot hold: nothing is kept, nothing is lost
    name = _name(text, file, first_line)
    private.cache_put(KIND, name, raw)
    private.cache_trim(KIND, KEEP, name)
