"""Whether an output folder is pnp's to replace, and removing only what pnp wrote there.

A folder is pnp's when its `manifest.json` is a pnp manifest and lists every file in it.
The manifest is read as untrusted input: a path that is absolute, climbs out (`..`), passes
through a symbolic link or names anything but a regular file makes the folder not pnp's,
and nothing is ever read or removed through such a path.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from pnp.core.errors import UserError
from pnp.core.safeio import read_regular

MANIFEST = "manifest.json"
#: a pnp manifest is about 30 KB (with --all); anything far bigger is not one
MANIFEST_LIMIT = 16 * 1024 * 1024
#: unlisted names shown in a refusal
SHOWN = 3


class OutputFolderError(UserError):
    """The output folder cannot be used or replaced; the message says why and what to do."""


@dataclass(frozen=True)
class Listed:
    """One file of a previous build, as its manifest lists it."""

    path: str
    kind: str
    pages: int


def _refuse(folder: Path, why: str) -> OutputFolderError:
    return OutputFolderError(f"{folder}: {why}; pnp replaces only a folder it wrote itself: "
                             "move it away or choose another --out")


def _bad_manifest(folder: Path, why: str) -> OutputFolderError:
    return _refuse(folder, f"{MANIFEST} is not a pnp manifest ({why})")


def _safe_parts(folder: Path, where: str, value) -> tuple[str, ...]:
    """The components of a manifest path, refusing anything that could lead outside the folder."""
    if not isinstance(value, str) or not value:
        raise _bad_manifest(folder, f"{where} is not a file name")
    parts = value.split("/")  # an absolute path starts with an empty part
    if "\\" in value or "\0" in value or any(p in ("", ".", "..") for p in parts):
        raise _bad_manifest(folder, f"{where} {value!r} leaves the folder or is not a plain relative path")
    return tuple(parts)


def _entry(folder: Path, index: int, item) -> Listed:
    where = f"files[{index}]"
    if not isinstance(item, dict):
        raise _bad_manifest(folder, f"{where} is not an object")
    parts = _safe_parts(folder, f"{where}.path", item.get("path"))
    kind, pages = item.get("kind"), item.get("pages", 0)
    if not isinstance(kind, str):
        raise _bad_manifest(folder, f"{where}.kind is not a string")
    if isinstance(pages, bool) or not isinstance(pages, int) or pages < 0:
        raise _bad_manifest(folder, f"{where}.pages is not a whole number")
    return Listed("/".join(parts), kind, pages)


def read_manifest(folder: Path) -> list[Listed] | None:
    """The files a previous build listed in `folder`; None when there is no manifest."""
    data = _manifest_data(folder)
    if data is None:
        return None
    listed = [_entry(folder, i, item) for i, item in enumerate(data["files"])]
    for entry in listed:
        _check_inside(folder, entry.path)
    return listed


def manifest_game(folder: Path) -> str | None:
    """The game whose kit a previous build wrote into `folder` (its manifest's `game`); None if unknown."""
    data = _manifest_data(folder)
    game = None if data is None else data.get("game")
    return game if isinstance(game, str) else None


def _manifest_data(folder: Path) -> dict | None:
    """The previous build's manifest as read, checked to be a pnp manifest; None when there is none."""
    path = folder / MANIFEST
    try:
        info = path.lstat()
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(info.st_mode):
        raise _bad_manifest(folder, "not a regular file")
    if info.st_size > MANIFEST_LIMIT:
        raise _bad_manifest(folder, f"{info.st_size} bytes")
    try:
        data = json.loads(read_regular(path, MANIFEST_LIMIT, follow_symlinks=False))
    except (OSError, ValueError) as exc:
        raise _bad_manifest(folder, f"unreadable: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        raise _bad_manifest(folder, "no list of files")
    return data


def _check_inside(folder: Path, relative: str) -> None:
    """Every directory on the way is a real directory, the file (if there) a regular file."""
    here = folder
    parts = relative.split("/")
    for i, part in enumerate(parts):
        here = here / part
        try:
            mode = here.lstat().st_mode
        except FileNotFoundError:
            return  # listed but gone: nothing to read or remove
        last = i == len(parts) - 1
        if (last and not stat.S_ISREG(mode)) or (not last and not stat.S_ISDIR(mode)):
            what = "a symbolic link" if stat.S_ISLNK(mode) else "not a regular file" if last else "not a folder"
            raise _bad_manifest(folder, f"{relative!r}: {here.relative_to(folder)} is {what}")


def _is_within(inner: Path, outer: Path) -> bool:
    return inner == outer or outer in inner.parents


def check_replaceable(folder: Path, protected: dict[str, Path]) -> list[Listed]:
    """Raise OutputFolderError unless `folder` may be replaced by a build; return what it lists.

    `protected` names paths the folder must not be or contain (the content file, the home
    folder, the checkout), by what they are, for the message.
    """
    if not os.path.lexists(folder):
        return []
    if folder.is_symlink():
        raise _refuse(folder, "is a symbolic link")
    if not folder.is_dir():
        raise _refuse(folder, "is not a folder")
    real = folder.resolve()
    for what, path in protected.items():
        if _is_within(Path(path).resolve(), real):
            raise _refuse(folder, f"it holds {what} ({path})")
    listed = read_manifest(folder)
    allowed = {MANIFEST}
    for entry in listed or ():
        parts = entry.path.split("/")
        allowed.update("/".join(parts[: i + 1]) for i in range(len(parts)))
    unlisted = sorted(_unlisted(folder, allowed))
    if unlisted:
        names = ", ".join(unlisted[:SHOWN]) + (f" and {len(unlisted) - SHOWN} more" if len(unlisted) > SHOWN else "")
        where = "no manifest.json" if listed is None else "its manifest.json does not list them"
        raise _refuse(folder, f"it holds files pnp did not write ({names}) and {where}")
    return listed or []


def _unlisted(folder: Path, allowed: set[str]):
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            relative = Path(base, name).relative_to(folder).as_posix()
            if relative not in allowed:
                yield relative
        dirs[:] = [d for d in dirs if Path(base, d).relative_to(folder).as_posix() in allowed]


def remove_listed(folder: Path, listed: list[Listed]) -> bool:
    """Remove the listed files and the manifest, then the folders they leave empty.

    Returns True when `folder` itself is gone; False when something unlisted kept it.
    """
    dirs: set[Path] = set()
    for relative in [e.path for e in listed] + [MANIFEST]:
        _check_inside(folder, relative)
        target = folder / relative
        if os.path.lexists(target):
            target.unlink()
        dirs.update(p for p in target.parents if _is_within(p, folder))
    for d in sorted(dirs, key=lambda p: len(p.parts), reverse=True):
        try:
            d.rmdir()
        except OSError:  # not empty: it holds something pnp did not write
            pass
    return not os.path.lexists(folder)
