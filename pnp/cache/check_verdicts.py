"""`pnp check` of files a check has read before, unchanged: the verdict it gave, without reading
the content again.

A check is a pure function of its inputs, so its output is kept in the user's cache (as ruff and
mypy keep theirs) under a SHA-256 of all of them:

- the content file's bytes, and every file of an input kind beside it and below (tables, art,
  fonts, a data game's layouts and templates: `keys.beside`, as the build cache reads them);
- pnp's own code and bundled files (templates, fonts) by their bytes, Python's version and the
  versions of the libraries the check uses (no import of cairo: like the icons' measured ink,
  pnp.art.icon_inline, a check depends on cairosvg's version);
- the installed game packs outside pnp (their folders' files);
- the arguments (`--lang`, `--format`, `--strict`) and the path as the output shows it.

What is kept is the output and the exit code; a usage error is never kept, and `--sim` (another
file's verdicts) is never read from here. PNP_NO_CACHE=1 skips it, as every pnp cache.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from pnp.cache import keys
from pnp.core import installed, private
from pnp.core.safeio import read_regular

KIND = "check-verdicts-1"
#: verdicts kept (each edit of the content adds one)
KEEP = 100
#: the libraries whose versions can change what a check finds
LIBRARIES = keys.LIBRARIES + ("jsonschema", "referencing", "pyyaml", "click", "platformdirs")
#: the entry point group of installed game packs (pnp.games.ENTRY_POINT_GROUP, not imported: importing the
#: registry is the work a kept verdict saves)
PACKS_GROUP = "pnp.games"
#: a content file larger than this is not kept (the loader refuses it anyway)
MOST_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class Verdict:
    code: int
    output: str


def key(content: Path, shown: str, arguments: Sequence[str]) -> str | None:
    """The verdict's name for this check (None: the cache is off, or the files cannot be keyed)."""
    if not private.cache_enabled():
        return None
    try:
        data = read_regular(content, MOST_BYTES)
        if len(data) > MOST_BYTES:
            return None
        parts = [KIND, f"python={sys.version}", keys.versions(LIBRARIES), keys.code_files(),
                 _installed_packs(), f"content={hashlib.sha256(data).hexdigest()}",
                 f"beside={keys.beside(content, [private.cache_root()])}", f"shown={shown}", *arguments]
    except (OSError, keys.TooMany):
        return None
    return keys.static_key(*parts)


def find(name: str | None) -> Verdict | None:
    raw = private.cache_get(KIND, name) if name is not None else None
    if raw is None:
        return None
    head, sep, output = raw.partition(b"\n")
    try:
        return Verdict(int(head), output.decode("utf-8")) if sep and head in (b"0", b"1") else None
    except (ValueError, UnicodeDecodeError):
        return None  # damaged: the check runs


def keep(name: str | None, verdict: Verdict) -> None:
    if name is None:
        return
    private.cache_put(KIND, name, f"{verdict.code}\n{verdict.output}".encode("utf-8"))
    private.cache_trim(KIND, KEEP, name)


def _installed_packs() -> str:
    """The folders of the game packs installed beside pnp (entry points), by their files' bytes."""
    lines = []
    for name, value in installed.entry_points(PACKS_GROUP):
        module = value.partition(":")[0].strip()
        try:
            spec = importlib.util.find_spec(module.partition(".")[0])
        except (ImportError, ValueError):
            spec = None
        lines.append(f"{name}={value}={_code_of(spec)}")
    return "\n".join(lines)


def _code_of(spec) -> str:
    """A digest of a pack's code: its package's folder, or its one module's file."""
    if spec is None or not spec.origin:
        return "-"
    if spec.submodule_search_locations:
        return "".join(keys.folder(Path(p), suffixes=None) for p in spec.submodule_search_locations)
    try:
        return hashlib.sha256(read_regular(Path(spec.origin), MOST_BYTES)).hexdigest()
    except OSError:
        return "-"
