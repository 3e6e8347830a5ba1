"""One build's use of the cache: the keys of its renderers, what they find, what they leave.

`pnp.build` asks `find(name, made)` before a renderer runs (`made`: the masters of the renderers
built so far, of which the renderer's static key takes those it reuses), runs the renderers
nothing was found for under `pnp.cache.reads.tracked`, hands each result to `keep`, and after the
preflight passed calls `store`.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import inspect
from pathlib import Path
from typing import Any, Iterable, Mapping

from pnp.cache import keys
from pnp.cache.fingerprint import Unknown, digest
from pnp.cache.store import Entry, Pending, Store, entry_name, masters_bytes
from pnp.games import pack_of

#: a renderer that made no masters (not None: None may be a renderer's masters)
NONE = object()


class BuildCache:
    def __init__(self, store: Store, game: Any, base: str) -> None:
        self.store = store
        self.game = game
        self.base = base
        self.pending: list[Pending] = []
        self._digests: dict[str, str | None] = {}
        self._masters: dict[str, str | None] = {}
        self.found: list[str] = []  # renderers whose output came from the cache, in build order
        self.found_entries: list[list[str]] = []  # the paths of each entry found
        self.pack = pack_of(game).id
        self._took: dict[str, float] = {}

    @classmethod
    def open(cls, game: Any, options: Any, final_dir: Path, content: Path | None,
             leave_out: Iterable[Path]) -> "BuildCache | None":
        """The build's cache, or None when there is none to use (no cache folder; a content kept in a
        folder of more files than a key reads)."""
        store = Store.open()
        if store is None:
            return None
        pack = pack_of(game)
        try:
            base = keys.static_key(f"format={store.root.name}", keys.code(), f"pack={pack.id}", _pack_code(pack),
                                   keys.options(options, final_dir), keys.designer_fonts(game),
                                   keys.beside(content, [*leave_out, store.root]))
        except keys.TooMany:
            return None
        return cls(store, game, base)

    def static(self, name: str, needs: Iterable[str], made: Mapping[str, Any], also: str = "") -> str | None:
        """The renderer's static key: the build's, its name, the digests of the masters it reuses
        (None: masters that cannot be digested, so the renderer is not cached) and `also`."""
        parts = [self.base, f"renderer={name}", also]
        for need in sorted(needs):
            if need not in made:
                parts.append(f"{need}=absent")  # it draws them itself, from the fields it reads
                continue
            if need not in self._masters:
                try:
                    self._masters[need] = digest(made[need])
                except Unknown:
                    self._masters[need] = None
            if self._masters[need] is None:
                return None
            parts.append(f"{need}={self._masters[need]}")
        return keys.static_key(*parts)

    def field_digest(self, read) -> str | None:
        """The digest of what a renderer read: a field, or one key of a mapping field (absent or not)."""
        read = tuple(read) if isinstance(read, list) else read
        if read not in self._digests:
            try:
                if isinstance(read, tuple):
                    field, key = read
                    values = getattr(self.game, field)
                    self._digests[read] = digest(("key", values[key]) if key in values else ("absent",))
                else:
                    self._digests[read] = digest(getattr(self.game, read))
            except (Unknown, AttributeError, TypeError, ValueError):
                self._digests[read] = None
        return self._digests[read]

    def find(self, name: str, static: str | None) -> Entry | None:
        if static is None:
            return None
        entry = self.store.find(static, self.field_digest)
        if entry is not None:
            self.found.append(name)
            self.found_entries.append([path for path, _, _, _ in entry.files])
        return entry

    def keep(self, static: str | None, reads: Iterable[str], files: list[tuple[str, str, int]],
             notes: list[str], masters: Any) -> None:
        """Remember a renderer's output, to store once the build's preflight passed."""
        if static is None:
            return
        # a key read of a field whose whole was read too adds nothing
        reads = tuple(sorted((r for r in reads if not (isinstance(r, tuple) and r[0] in reads)), key=repr))
        name = entry_name(static, reads, self.field_digest)
        pickled = None if masters is NONE else masters_bytes(masters)
        if name is None or (masters is not NONE and pickled is None):
            return
        self.pending.append(Pending(static, reads, name, files, list(notes), pickled))

    def costs(self) -> dict[str, float]:
        """CPU seconds each of the pack's renderers took when last drawn (for balancing the workers)."""
        return self.store.costs(self.pack)

    def took(self, name: str, seconds: float) -> None:
        self._took[name] = seconds

    def store_all(self, out_dir: Path) -> None:
        self.store.store(self.pending, out_dir)
        self.store.note_costs(self.pack, self._took)


def _pack_code(pack) -> str:
    """A pack outside pnp: its code's and templates' folders (pnp's own are in keys.code())."""
    folders = {Path(pack.templates)}
    model = pack.model
    if isinstance(model, str):
        spec = importlib.util.find_spec(model.partition(":")[0])
        origin = spec.origin if spec is not None else None
    else:
        origin = inspect.getfile(model)
    if origin:
        folders.add(Path(origin).parent)
    outside = sorted(str(f) for f in folders if not f.resolve().is_relative_to(keys.PNP) and f.is_dir())
    return "\n".join(f"{f}={keys.folder(Path(f), suffixes=None)}" for f in outside)
