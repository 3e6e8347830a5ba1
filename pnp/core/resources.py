"""Where the bundled game is: its content file, its templates and its fonts.

In a checkout (and an editable install) `content/`, `templates/` and `fonts/` sit at the
project's top level, beside the package, where the designer edits them. A wheel (or an
install from the sdist) carries the same folders inside the package as `pnp/_bundled/<name>/`
(pyproject.toml maps them there). Every reader of those folders asks `bundled()`, so the
tool works the same from a checkout and from any directory after `pip install`.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

#: the top-level folders that ship with the package
BUNDLED = ("content", "templates", "fonts")


@lru_cache(maxsize=None)
def bundled(name: str, *parts: str) -> Path:
    """The path of bundled folder `name` (or of `parts` inside it), installed or in a checkout.

    A real file-system path: fontconfig and jinja2 read these folders directly, and pip
    always installs a wheel unpacked.
    """
    if name not in BUNDLED:
        raise ValueError(f"unknown bundled folder {name!r}; known: {', '.join(BUNDLED)}")
    installed = Path(str(resources.files("pnp"))) / "_bundled" / name
    folder = installed if installed.is_dir() else Path(__file__).resolve().parents[2] / name
    return folder.joinpath(*parts)


def shown(path: Path) -> str:
    """A path as the designer knows it: a bundled file relative to the top level of the
    checkout (templates/<game>/rulebook/goal.j2), installed or not; any other as it is."""
    for name in BUNDLED:
        folder = bundled(name)
        if path.is_relative_to(folder):
            return (Path(name) / path.relative_to(folder)).as_posix()
    return path.as_posix()
