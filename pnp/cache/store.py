"""The build cache on disk: each renderer's files, notes and masters, under the key of what it read.

An entry is found in two steps. The *static key* is what the build knows before the renderer
runs: pnp's code and the libraries that draw, the game's pack, the renderer, the options, the
output folder, the files beside the content, and the masters of the renderers it reuses. Under it
the store remembers which of the model's fields the renderer read last time (pnp.cache.reads);
the entry's name is then the static key with those fields' digests. So an entry is used only
when everything the renderer read is as it was.

- Entries are written whole or not at all (a private folder renamed into place), only after the
  build's preflight passed, and are checked on the way out: a file whose SHA-256 is not what was
  stored, or a record that cannot be read, is a damaged entry, removed, and the renderer runs.
- The store is bounded (PNP_CACHE_MB, default 512 MB): after a build the least recently used
  entries go until it fits. It deletes only what it wrote: folders under its own root named by
  a hex digest.
- A cache that cannot be used (no cache folder, a full disk) is skipped: the kit never depends
  on it, only the time it takes.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from pnp.core import private, safeio
from pnp.core.safeio import sha256_file

#: bump when an entry's layout changes: older entries are then never found
FORMAT = 1
DEFAULT_MB = 512
#: field sets remembered per static key (a renderer reads the same fields unless its code changed)
MOST_SETS = 4
_HEX = re.compile(r"[0-9a-f]{64}")
_ABSENT = object()


@dataclass
class Entry:
    """What a renderer made: its files (path, kind, pages, sha256), its notes, and its masters
    (pickled; None when it made none)."""

    files: list[tuple[str, str, int, str]]
    notes: list[str]
    masters: bytes | None
    folder: Path | None = None


@dataclass
class Pending:
    """A renderer's output waiting for the build's preflight before it is stored."""

    static: str
    reads: tuple  # field names and (field, key) pairs
    entry_name: str
    files: list[tuple[str, str, int]]
    notes: list[str]
    masters: bytes | None


@dataclass
class Store:
    root: Path
    most_bytes: int = DEFAULT_MB * 1024 * 1024
    #: names of the entries used or written by this build (never evicted by it)
    used: set[str] = field(default_factory=set)

    @classmethod
    def open(cls) -> "Store | None":
        """The user's build cache, or None when there is no usable cache folder or PNP_NO_CACHE is set
        (what --no-cache does, for every build of a session: the tests set it)."""
        if not private.cache_enabled():
            return None
        folder = private.cache_folder(f"build-{FORMAT}")
        if folder is None:
            return None
        try:
            most = int(os.environ.get("PNP_CACHE_MB", DEFAULT_MB))
        except ValueError:
            most = DEFAULT_MB
        for sub in ("entries", "keys", "tmp"):
            try:
                (folder / sub).mkdir(mode=0o700, exist_ok=True)
            except OSError:
                return None
        return cls(folder, max(most, 0) * 1024 * 1024)

    # -- finding

    def find(self, static: str, digest_of: Callable[[str], str | None]) -> Entry | None:
        """The entry of `static` whose read fields all digest as they do now (`digest_of(field)`)."""
        for reads in self._sets(static):
            name = entry_name(static, reads, digest_of)
            if name is None:
                continue
            entry = self._load(name)
            if entry is not None:
                return entry
        return None

    def restore(self, entry: Entry, out_dir: Path) -> None:
        """Copy the entry's files into the build's folder (copies: the kit's files are the user's)."""
        assert entry.folder is not None
        for path, _, _, _ in entry.files:
            target = out_dir / path
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(entry.folder / "files" / path, target)

    def _sets(self, static: str) -> list[tuple]:
        """The sets of reads (a field's name, or [field, key]) last seen under `static`."""
        try:
            raw = safeio.read_regular(self.root / "keys" / static, 1 << 20, follow_symlinks=False)
            sets = json.loads(raw)
            return [tuple(r if isinstance(r, str) else tuple(r) for r in s) for s in sets
                    if isinstance(s, list) and all(_is_read(r) for r in s)]
        except (OSError, ValueError, TypeError):
            return []

    def _load(self, name: str) -> Entry | None:
        folder = self.root / "entries" / name
        if not folder.is_dir() or folder.is_symlink():
            return None
        try:
            entry = pickle.loads(safeio.read_regular(folder / "entry.pickle", follow_symlinks=False))
            if not isinstance(entry, Entry):
                raise ValueError("not an entry")
            for path, _, _, sha in entry.files:
                if Path(path).is_absolute() or ".." in Path(path).parts:
                    raise ValueError(f"{path} leaves the kit's folder")
                if sha256_file(folder / "files" / path) != sha:
                    raise ValueError(f"{path} is not what was stored")
        except Exception:  # a damaged entry of any kind is removed and rebuilt, never a failed build
            shutil.rmtree(folder, ignore_errors=True)
            return None
        entry.folder = folder
        self.used.add(name)
        try:
            os.utime(folder)  # recently used: evicted last
        except OSError:
            pass
        return entry

    # -- what renderers cost

    def costs(self, pack: str) -> dict[str, float]:
        try:
            raw = json.loads(safeio.read_regular(self.root / "costs.json", 1 << 20, follow_symlinks=False))
            own = raw.get(pack, {})
            return {k: float(v) for k, v in own.items() if isinstance(k, str) and isinstance(v, (int, float))}
        except (OSError, ValueError, TypeError, AttributeError):
            return {}

    def note_costs(self, pack: str, took: dict[str, float]) -> None:
        if not took:
            return
        try:
            raw = json.loads(safeio.read_regular(self.root / "costs.json", 1 << 20, follow_symlinks=False))
            if not isinstance(raw, dict):
                raw = {}
        except (OSError, ValueError):
            raw = {}
        own = raw.get(pack) if isinstance(raw.get(pack), dict) else {}
        raw[pack] = {**own, **{k: round(v, 3) for k, v in took.items()}}
        try:
            private.write_atomic(self.root, "costs.json", json.dumps(raw, sort_keys=True).encode())
        except OSError:
            pass

    # -- storing

    def store(self, pending: Iterable[Pending], out_dir: Path) -> None:
        """Keep each renderer's output (after the build's preflight passed), then fit the bound."""
        try:
            for item in pending:
                self._store(item, out_dir)
            self._evict()
        except OSError:
            pass  # a full disk or a cache folder gone: the next build renders again

    def _store(self, item: Pending, out_dir: Path) -> None:
        final = self.root / "entries" / item.entry_name
        if not final.is_dir():
            work = Path(tempfile.mkdtemp(dir=self.root / "tmp"))
            try:
                files = []
                for path, kind, pages in item.files:
                    target = work / "files" / path
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(out_dir / path, target)
                    files.append((path, kind, pages, sha256_file(target)))
                entry = Entry(files, list(item.notes), item.masters)
                (work / "entry.pickle").write_bytes(pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL))
                try:
                    os.rename(work, final)
                except OSError:
                    pass  # another build stored it meanwhile
            finally:
                shutil.rmtree(work, ignore_errors=True)
        self.used.add(item.entry_name)
        sets = [item.reads] + [s for s in self._sets(item.static) if s != item.reads]
        private.write_atomic(self.root / "keys", item.static, json.dumps(sets[:MOST_SETS]).encode())

    def _evict(self) -> None:
        entries = []
        for folder in (self.root / "entries").iterdir():
            if _HEX.fullmatch(folder.name) and folder.is_dir() and not folder.is_symlink():
                size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file() and not f.is_symlink())
                entries.append((folder.stat().st_mtime_ns, folder, size))
        total = sum(size for _, _, size in entries)
        for _, folder, size in sorted(entries, key=lambda e: e[0]):
            if total <= self.most_bytes:
                break
            if folder.name not in self.used:
                shutil.rmtree(folder, ignore_errors=True)
                total -= size


def entry_name(static: str, reads: Iterable, digest_of: Callable[[Any], str | None]) -> str | None:
    """The entry's name: the static key and the digest of each read (None: a field that cannot be
    digested, or that the model no longer has)."""
    h = hashlib.sha256(static.encode())
    for read in sorted(reads, key=repr):
        value = digest_of(read)
        if value is None:
            return None
        h.update(f"\n{read!r}={value}".encode())
    return h.hexdigest()


def _is_read(read: Any) -> bool:
    return isinstance(read, str) or (isinstance(read, list) and len(read) == 2 and all(isinstance(p, str) for p in read))


def masters_bytes(masters: Any) -> bytes | None:
    """The masters pickled, or None when they cannot be (the renderer is then not cached)."""
    try:
        return pickle.dumps(masters, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # anything a pickler refuses: an open file, a cairo surface, a lambda
        return None
