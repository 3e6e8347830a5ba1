"""The designer's fonts: `fonts: {ROLE: {file: fonts/Face.ttf, licence: fonts/OFL.txt}}`.

A role is one of the bundled faces layouts and renderers name (`sans`, `sans-bold`, `serif` …:
pnp.typeset.fonts.FACES, listed for the content in base.schema.json, whose schema refuses any other
role; a test holds the two lists equal); a font named for a role replaces that bundled face in the game's kit,
and roles not named keep the bundled PT faces. Each font is read from the content's own folder
(pnp.content.gamefiles: no absolute path, no `..`, no link out), bounded, parsed with fontTools,
and refused when it is not a TrueType/OpenType font, when its licence bits forbid embedding it in
a PDF (OS/2 fsType: restricted licence, or bitmap embedding only), or when its licence file is
missing or not beside it. Each refusal is a problem at the line that names the file.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

from pnp.content.gamefiles import Refused, locate, read_bounded
from pnp.content.yamlload import Loaded
from pnp.core.errors import Problem, error

SUFFIXES = (".ttf", ".otf")
LICENCE_SUFFIXES = (".txt", ".md")
MOST_BYTES = 32 * 1024 * 1024  # a font file on disk (a full CJK face is about 20 MB)
MOST_LICENCE_BYTES = 1024 * 1024
#: the tables pnp reads to measure text and that an embedded subset needs
NEEDED_TABLES = ("cmap", "head", "hhea", "hmtx", "name", "OS/2")
#: OS/2 fsType bits that forbid a PDF to carry the font: restricted licence, bitmap embedding only
FS_RESTRICTED, FS_BITMAP_ONLY = 0x0002, 0x0200

CODES = {
    "font-file": "A `fonts:` file that cannot be used: missing, outside the content's folder, not a TrueType/OpenType font, too big.",
    "font-licence": "A font whose licence forbids embedding it in a PDF, or whose licence file is missing or not beside it.",
}


@dataclass(frozen=True)
class DesignerFont:
    """A font the content names for a role: its file, its family name, its bytes' SHA-256."""

    role: str
    path: Path
    family: str
    sha256: str


def read(loaded: Loaded, folder: Path) -> tuple[tuple[DesignerFont, ...], list[Problem]]:
    """The fonts the content's `fonts:` names, each checked, and the problems met. A shape the
    schema describes (`fonts` not a mapping, an unknown role, a role without `file:`) is left to
    the schema."""
    named = loaded.data.get("fonts") if isinstance(loaded.data, dict) else None
    if not isinstance(named, dict):
        return (), []
    fonts: list[DesignerFont] = []
    problems: list[Problem] = []
    for role, entry in named.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("file"), str):
            continue
        font, found = _read_font(role, entry, loaded, folder)
        problems += found
        if font is not None:
            fonts.append(font)
    return tuple(fonts), problems


def _read_font(role: str, entry: dict, loaded: Loaded, folder: Path) -> tuple[DesignerFont | None, list[Problem]]:
    name = entry["file"]
    where = loaded.mark(("fonts", role, "file"))
    key = f"fonts.{role}.file"
    file, problem = locate(name, folder, where, key=key, code="font-file", suffixes=SUFFIXES)
    if problem:
        return None, [problem]
    try:
        raw = read_bounded(file, MOST_BYTES)
    except Refused as exc:
        return None, [error("font-file", f"{key}: {name}: {exc}", where, exc.hint)]
    # imported here: only a content that names a font of its own reads one (fontTools' import, 25 ms)
    from fontTools.ttLib import TTFont, TTLibError

    try:
        font = TTFont(io.BytesIO(raw), lazy=True)
        missing = [t for t in NEEDED_TABLES if t not in font]
        fs_type = font["OS/2"].fsType if "OS/2" in font else 0
        family = font["name"].getBestFamilyName() if "name" in font else None
        font.getBestCmap()
    except (TTLibError, Exception):  # fontTools raises many kinds on a hostile file: all mean "not a font"
        return None, [error("font-file", f"{key}: expected a TrueType or OpenType font, found {name!r} is not one", where)]
    if missing:
        return None, [error("font-file", f"{key}: {name!r} lacks the font tables {', '.join(missing)} a printed "
                            "font needs", where)]
    problems = []
    if fs_type & (FS_RESTRICTED | FS_BITMAP_ONLY):
        problems.append(error("font-licence", f"{key}: {name!r} may not be embedded in a PDF (its licence bits, "
                              f"OS/2 fsType {fs_type:#06x}, forbid it)", where,
                              "choose a font whose licence allows embedding, such as one under the SIL Open Font License"))
    problems += _licence_problems(role, entry, file, loaded, folder)
    if problems:
        return None, problems
    return DesignerFont(role, file, family or file.stem, hashlib.sha256(raw).hexdigest()), []


def _licence_problems(role: str, entry: dict, font_file: Path, loaded: Loaded, folder: Path) -> list[Problem]:
    key = f"fonts.{role}.licence"
    name = entry.get("licence")
    if not isinstance(name, str):
        return []  # the schema says the licence is required
    where = loaded.mark(("fonts", role, "licence"))
    file, problem = locate(name, folder, where, key=key, code="font-licence", suffixes=LICENCE_SUFFIXES)
    if problem:
        return [problem]
    if file.parent != font_file.parent:
        return [error("font-licence", f"{key}: expected the licence beside the font, in the same folder, "
                      f"found {name!r} elsewhere", where, "keep each font and its licence file together")]
    try:
        text = read_bounded(file, MOST_LICENCE_BYTES)
    except Refused as exc:
        return [error("font-licence", f"{key}: {name}: {exc}", where, exc.hint)]
    if not text.strip():
        return [error("font-licence", f"{key}: expected the font's licence text, found {name!r} empty", where)]
    return []
