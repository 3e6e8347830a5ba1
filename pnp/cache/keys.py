"""The static part of a renderer's cache key: everything it may read that is not the model.

- pnp's own code, catalogue, templates and fonts (their bytes, not a version number: a checkout
  changes without one), Python's version, and the versions of the libraries that draw and write
  the files (cairo itself included): a new cairo may write other bytes;
- the game's pack when it lives outside pnp (its folder's files);
- the files of input kinds beside the content (layouts, art, fonts a designer keeps there), the
  output folder and the cache left out;
- the renderer, the build's options and the output folder (the TTS files name it);
- which designer's font prints each role (`fonts:`): every renderer sets its text in them.
Files are digested once, in the process and between processes, while their size, modification and change
times and inode stay the same (a table in the user's
cache, as git's index keeps its files' stat: reading pnp's 6 MB of code, templates and fonts was most of
the cost of a check's key).
"""

from __future__ import annotations

import hashlib
import os
import sys
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from pnp.core import installed
from pnp.core.inputs import INPUTS, SKIPPED
from pnp.core.kept_table import KeptTable
from pnp.core.resources import bundled

#: the libraries whose version may change the bytes of a kit
LIBRARIES = ("cairocffi", "cairosvg", "reportlab", "pypdf", "pillow", "svgwrite", "jinja2", "fonttools", "pyphen",
             "babel", "numpy", "shapely", "svglib", "python-calamine")
#: the most files beside the content a key reads (a content kept in a big folder is not cached)
MOST_FILES = 5000
PNP = Path(__file__).resolve().parent.parent


class TooMany(Exception):
    """A folder with more input files than a key reads."""


def static_key(*parts: str) -> str:
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def code() -> str:
    """pnp's code and bundled files, Python and the drawing libraries, as one digest."""
    return hashlib.sha256((_environment() + _code_folders()).encode()).hexdigest()


@lru_cache(maxsize=1)
def code_files() -> str:
    """pnp's code and bundled files (templates, fonts) as one digest, by their bytes: read once a process
    (the check's verdict and its kept text fits both name the code the process runs)."""
    return hashlib.sha256(_code_folders().encode()).hexdigest()


def _code_folders() -> str:
    return "".join(folder(root, suffixes=None) for root in _code_roots())


def options(opts, final_dir: Path) -> str:
    fields = asdict(opts)
    return repr(sorted(fields.items())) + f"\nout={final_dir.resolve()}"


def designer_fonts(game) -> str:
    """Which font prints each role the content's `fonts:` names (its bytes' SHA-256): every text a
    renderer sets is drawn in them (pnp.typeset.fonts.designer_fonts), outside the fields it reads."""
    named = sorted((font.role, font.sha256) for font in getattr(game, "fonts", ()))
    return "fonts=" + ";".join(f"{role}:{sha}" for role, sha in named)


def beside(content: Path | None, leave_out: Iterable[Path]) -> str:
    """The files of input kinds in the content's folder and below (not the content itself, which
    the model stands for)."""
    if content is None:
        return "-"
    content = Path(content).resolve()
    return folder(content.parent, suffixes=INPUTS, leave_out={content, *(Path(p).resolve() for p in leave_out)})


def folder(root: Path, *, suffixes: frozenset[str] | None, leave_out: set[Path] = frozenset()) -> str:
    """A digest of the files under `root` (of `suffixes`, or all), by relative path and bytes."""
    h = hashlib.sha256()
    count = 0
    known = _known()
    for relative, path, st in _walk(str(Path(root)), suffixes, leave_out):
        count += 1
        if count > MOST_FILES:
            raise TooMany(str(root))
        h.update(f"{relative}\0{known.digest(path, st)}\n".encode())
    known.keep()
    return h.hexdigest()


def file_digest(path: Path) -> str:
    """The SHA-256 of the file at `path`, read again only when its stat changed (`_KnownDigests`);
    raises OSError for a file that cannot be read."""
    known = _known()
    found = known.digest(path, path.stat())
    if found == "unreadable":
        raise OSError(f"cannot read {path}")
    known.keep()
    return found


class _KnownDigests(KeptTable):
    """Files' digests by their stat, kept in the user's cache between processes (PNP_NO_CACHE: not kept).

    A file's bytes cannot change without its change time (`st_ctime_ns`) changing: no tool sets it, unlike
    the modification time, which `touch -d` or `cp -p` may carry over. A file written anew, or another file
    renamed into its place, has another change time or inode, so its digest is read from its bytes again."""

    KIND, NAME = "file-digests-2", hashlib.sha256(b"pnp file digests").hexdigest()
    #: the most files the table keeps: past it, only the files this process read are written back (every
    #: check reads the whole table: pnp's 500 files, a few games' folders, not every folder ever checked)
    MOST = 4000

    def __init__(self) -> None:
        # entries are checked as they are read: every check loads the whole table
        super().__init__(self.KIND, self.NAME, most=self.MOST)

    def digest(self, path: Path | str, st: os.stat_result) -> str:
        name = str(path)
        stamp = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        entry = self.get(name)
        if isinstance(entry, tuple) and len(entry) == 2 and entry[0] == stamp and isinstance(entry[1], str):
            return entry[1]
        found = _file_digest(path, stamp)
        if found != "unreadable":
            self.put(name, (stamp, found))
        return found


@lru_cache(maxsize=1)
def _known() -> _KnownDigests:
    return _KnownDigests()


def _walk(root: str, suffixes, leave_out, relative: str = ""):
    """(path relative to the first root, path, stat) of each regular file below `root` (symbolic links
    followed to files, not into folders), a folder's files by name before its folders by name, as
    os.walk goes top-down; strings and each file's one stat, not Path objects: a check's key walks
    pnp's 500 files."""
    try:
        with os.scandir(root) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError:
        return  # not a folder, or unreadable: no files, as os.walk would give
    folders = []
    for entry in entries:
        name = entry.name
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        if is_dir:
            # resolved only when something is left out: a walk of pnp's own files leaves out nothing
            if (name not in SKIPPED and not name.startswith(".") and not entry.is_symlink()
                    and not (leave_out and Path(entry.path).resolve() in leave_out)):
                folders.append(entry)
            continue
        if name.startswith(".") or (suffixes is not None and _suffix(name).lower() not in suffixes):
            continue
        if leave_out and Path(entry.path).resolve() in leave_out:
            continue
        try:
            if not entry.is_file():
                continue
            st = entry.stat()
        except OSError:
            continue
        yield (f"{relative}{name}", entry.path, st)
    for entry in folders:
        yield from _walk(entry.path, suffixes, leave_out, f"{relative}{entry.name}{os.sep}")


def _suffix(name: str) -> str:
    """A file name's last suffix, as pathlib gives it ("" for "a." and ".a")."""
    i = name.rfind(".")
    return name[i:] if 0 < i < len(name) - 1 else ""


@lru_cache(maxsize=4096)
def _file_digest(path: Path | str, stamp: tuple[int, ...]) -> str:
    """The file's bytes' digest, kept in the process under the same stat as in the table (`_KnownDigests`)."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
    except OSError:
        return "unreadable"
    return h.hexdigest()


def _code_roots() -> list[Path]:
    roots = [PNP]
    for name in ("templates", "fonts"):
        path = bundled(name)
        if not Path(path).resolve().is_relative_to(PNP):
            roots.append(Path(path))
    return roots


@lru_cache(maxsize=1)
def _environment() -> str:
    # imported here: a machine without libcairo learns it from cairolib.require(), not from importing pnp.build
    import cairocffi

    return f"python={sys.version}\ncairo (the C library)={cairocffi.cairo_version_string()}\n{versions(LIBRARIES)}"


@lru_cache(maxsize=4)
def versions(libraries: tuple[str, ...] = LIBRARIES) -> str:
    """The installed versions of `libraries` ("-" for one that is absent), one a line."""
    return "\n".join(f"{name}={installed.version(name) or '-'}" for name in libraries)
