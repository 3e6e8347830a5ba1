"""Which files a kit reads, and whether any of them changed since the last look.

Polling the files' modification times and sizes, a few times a second: it sees an editor's
save whatever way it writes (in place, or a new file renamed over the old), needs no
platform's file events, and costs little for the few hundred files of a game's folder.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

from pnp.core.inputs import INPUTS, SKIPPED

#: the most files one look reads (a game's folder holds far fewer; a home folder given by mistake
#: must not make every look walk it)
MOST_FILES = 5000

Stamp = tuple[int, int]  # (modification time in ns, size)


class Watcher:
    """The files under `roots` (files or folders, recursively), outside the folders in `ignore`."""

    def __init__(self, roots: Iterable[Path], ignore: Iterable[Path] = ()) -> None:
        self.roots = [Path(r) for r in roots]
        self.ignore = [Path(p).resolve() for p in ignore]
        self.last = self.look()

    def add(self, root: Path) -> None:
        """Watch `root` too, from now on (its files as they are now are not a change)."""
        if root not in self.roots:
            self.roots.append(root)
            self.last = {**self.look(), **self.last}

    def _files(self) -> Iterable[Path]:
        seen = 0
        for root in self.roots:
            if root.is_file():  # named: watched whatever its kind
                yield root
                continue
            for folder, dirs, files in os.walk(root):
                here = Path(folder)
                dirs[:] = sorted(d for d in dirs if d not in SKIPPED and not d.startswith(".")
                                 and (here / d).resolve() not in self.ignore)
                for name in sorted(files):
                    if Path(name).suffix.lower() not in INPUTS or name.startswith("."):
                        continue
                    seen += 1
                    if seen > MOST_FILES:
                        return
                    yield here / name

    def look(self) -> dict[Path, Stamp]:
        stamps = {}
        for path in self._files():
            try:
                st = path.stat()
            except OSError:
                continue  # removed while we looked: the next look says so
            stamps[path] = (st.st_mtime_ns, st.st_size)
        return stamps

    def changed(self) -> list[Path]:
        """The files added, removed or changed since the last call (or since the watcher began)."""
        now = self.look()
        different = sorted(p for p in now.keys() | self.last.keys() if now.get(p) != self.last.get(p))
        self.last = now
        return different
