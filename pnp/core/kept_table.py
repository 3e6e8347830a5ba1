"""A table of answers kept in the user's cache between processes (pnp.core.private): answers that are slow to
get and stay the same from one `pnp` process to the next until what they depend on changes. Files' digests by
their stat (pnp.cache.keys), the code `dataclasses` compiles for each class (pnp.core.method_code) and what is
installed beside pnp (pnp.core.installed) are each one of these.

The table is a dict written with `marshal` under the cache's `kind/name`. It is read once; an entry `valid`
refuses is dropped, and a table that is absent, damaged or another Python's reads as empty, so its answers are
got again. `keep()` writes it back only when this process added an answer, atomically: whole while it holds at
most `most` answers, past that only the answers this process used, so a table read by every check does not grow
with every folder ever checked. `trim` bounds how many tables of the kind (one a name) the cache keeps.
"""

from __future__ import annotations

import marshal
from typing import Any, Callable, Hashable

from pnp.core import private


class KeptTable:
    def __init__(self, kind: str, name: str | None, valid: Callable[[Any, Any], bool] | None = None,
                 most: int | None = None, trim: int | None = None) -> None:
        """`name` None: nothing is read or written (the cache is off); `valid` None: the caller checks an entry
        when it reads it (a table of thousands read by every check is not walked at load)."""
        self.kind, self.name, self.most, self.trim = kind, name, most, trim
        self.table: dict = {}
        self.used: set = set()
        self.added = False
        kept = private.cache_get_marshal(kind, name) if name is not None and private.cache_enabled() else None
        if isinstance(kept, dict):
            self.table = kept if valid is None else {k: v for k, v in kept.items() if valid(k, v)}

    def get(self, key: Hashable) -> Any:
        """The answer kept for `key`, or None; the key counts as used by this process."""
        self.used.add(key)
        return self.table.get(key)

    def put(self, key: Hashable, answer: Any) -> None:
        self.used.add(key)
        self.table[key] = answer
        self.added = True

    def keep(self) -> None:
        """Write the table back if this process added an answer (see the module)."""
        if not self.added or self.name is None or not private.cache_enabled():
            return
        if self.most is not None and len(self.table) > self.most:
            self.table = {key: self.table[key] for key in self.used if key in self.table}
        private.cache_put(self.kind, self.name, marshal.dumps(self.table, 4))
        if self.trim is not None:
            private.cache_trim(self.kind, self.trim)
        self.added = False
