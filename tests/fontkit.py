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


def make_cff_font(folder: Path, unicodes: list[int]) -> bytes:
    """The test font's glyphs as an OpenType font with PostScript (CFF) outlines, named "Pnp Test
    Serif" (PostScript name PnpTestSerif), written to `folder`/font.otf; its bytes."""
    import io

    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    source = TTFont(io.BytesIO(make_font(folder, unicodes)))
    order, glyphs, metrics = source.getGlyphOrder(), source.getGlyphSet(), source["hmtx"].metrics
    charstrings = {}
    for name in order:
        pen = T2CharStringPen(metrics[name][0], glyphs)
        glyphs[name].draw(pen)  # the quadratic curves come out cubic
        charstrings[name] = pen.getCharString()
    builder = FontBuilder(source["head"].unitsPerEm, isTTF=False)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap(source.getBestCmap())
    builder.setupCFF("PnpTestSerif", {"FullName": "Pnp Test Serif"}, charstrings, {})
    builder.setupHorizontalMetrics({name: metrics[name] for name in order})
    builder.setupHorizontalHeader(ascent=source["hhea"].ascent, descent=source["hhea"].descent)
    builder.setupNameTable({"familyName": "Pnp Test Serif", "styleName": "Regular", "psName": "PnpTestSerif"})
    os2 = source["OS/2"]
    builder.setupOS2(sTypoAscender=os2.sTypoAscender, sTypoDescender=os2.sTypoDescender,
                     usWinAscent=os2.usWinAscent, usWinDescent=os2.usWinDescent, sCapHeight=os2.sCapHeight,
                     sxHeight=os2.sxHeight, fsType=0)
    builder.setupPost()
    out = folder / "font.otf"
    builder.save(out)
    return out.read_bytes()
