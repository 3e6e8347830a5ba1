"""A font to test a designer's fonts with: PT Sans (ParaType Free Font License: modification allowed
under another name) cut to the characters asked and renamed "Pnp Test Sans" (PostScript name
PnpTestSans), with the licence text that must lie beside it."""

from __future__ import annotations

from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

from pnp.typeset.fonts import FACES

FAMILY = "Pnp Test Sans"
POSTSCRIPT = FAMILY.replace(" ", "")
LICENCE = (Path(__file__).resolve().parent.parent / "fonts" / "LICENSE-ParaType.txt").read_text(encoding="utf-8")
#: Basic Latin and the Cyrillic block: every letter a uk, ru or en kit prints
LATIN_CYRILLIC = [*range(0x20, 0x7F), *range(0x400, 0x500)]


def make_font(folder: Path, unicodes: list[int]) -> bytes:
    """The test font with the characters `unicodes`, written to `folder`/font.ttf; its bytes."""
    font = TTFont(FACES["sans"].path)
    options = subset.Options()
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = FAMILY
        elif record.nameID == 6:
            record.string = POSTSCRIPT
    out = folder / "font.ttf"
    font.save(out)
    return out.read_bytes()
