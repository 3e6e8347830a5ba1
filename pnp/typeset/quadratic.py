"""An OpenType font with PostScript (CFF) outlines turned into one with TrueType outlines.

reportlab, which draws the rulebook, embeds TrueType outlines only ("postscript outlines are not
supported"); a designer's `.otf` is often CFF. Its cubic curves are converted to quadratic ones
within a tenth of a font unit's error by fontTools' cu2qu (the converter font editors use), the way
fontTools' own otf2ttf recipe does, so cairo and reportlab draw the same outlines from one file.
"""

from __future__ import annotations

from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

#: the largest distance, in font units, between a cubic curve and its quadratic replacement
MAX_ERROR = 1.0


def has_cff_outlines(font: TTFont) -> bool:
    return font.sfntVersion == "OTTO" or "CFF " in font or "CFF2" in font


def to_truetype_outlines(font: TTFont) -> None:
    """Replace `font`'s CFF outlines by TrueType ones, in place."""
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        # PostScript outlines run counter-clockwise, TrueType's clockwise
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        glyphs[name] = pen.glyph()
    for tag in ("CFF ", "CFF2", "VORG"):
        if tag in font:
            del font[tag]
    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyphs.items():  # a glyph's left side bearing is its outline's left edge
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs", "maxStackElements",
                  "maxSizeOfInstructions"):
        setattr(maxp, field, 0)
    maxp.maxComponentElements = max((len(getattr(g, "components", ())) for g in glyphs.values()), default=0)
    maxp.compile(font)
    post = font["post"]
    post.formatType = 2.0
    post.extraNames, post.mapping, post.glyphOrder = [], {}, order
    try:
        post.compile(font)
    except OverflowError:
        post.formatType = 3.0  # too many glyph names for format 2: keep none
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"
