"""Files a game's content names beside itself (tables, art, fonts, licences): found inside the
content's own folder and never outside it, and read with a bound, so a hostile name or file
costs little and is a problem at the line that names it, never a traceback."""

from __future__ import annotations

from pathlib import Path

from pnp.core.errors import Mark, Problem, error


class Refused(Exception):
    """A file that may not be read, with the hint the problem shows."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.hint = hint


def locate(name: str, folder: Path, where: Mark, *, key: str, code: str,
           suffixes: tuple[str, ...]) -> tuple[Path, Problem | None]:
    """The file `name` (as the content's `key:` gives it) inside `folder`, or why it may not be
    read: an absolute path, `..`, a suffix not in `suffixes`, a missing file, a link that leads
    out of the folder, or something that is not a regular file."""
    hint = "put the file in the content's folder (or a folder below it) and name it relative to the content"
    given = Path(name)
    if given.is_absolute() or ".." in given.parts:
        return given, error(code, f"{key}: expected a file beside the content, found {name!r}, which "
                            f"leaves the content's folder", where, hint)
    if given.suffix.lower() not in suffixes:
        return given, error(code, f"{key}: expected a {', '.join(suffixes)} file, found {name!r}", where)
    file = folder / given
    try:
        real, home = file.resolve(strict=True), folder.resolve(strict=True)
    except OSError:
        return file, error(code, f"{key}: no file {name!r} beside the content", where,
                           "check the name and that the file is in the content's folder")
    if not real.is_relative_to(home):
        return file, error(code, f"{key}: {name!r} is a link that leads out of the content's folder", where, hint)
    if not real.is_file():
        return file, error(code, f"{key}: expected a regular file, found {name!r} is not one", where)
    return real, None


def read_bounded(file: Path, most_bytes: int) -> bytes:
    """The file's bytes, or `Refused` when it cannot be read or holds more than `most_bytes`."""
    try:
        with open(file, "rb") as f:
            raw = f.read(most_bytes + 1)
    except OSError as exc:
        raise Refused(f"cannot be read ({exc.strerror})") from None
    if len(raw) > most_bytes:
        raise Refused(f"expected a file of at most {most_bytes // (1024 * 1024)} MB, found a bigger one")
    return raw
