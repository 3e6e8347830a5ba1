"""The field diagram of the rulebook's setup: the printed field itself, scaled down.

It is the general board renderer's part (pnp.components.board_sheet.board_part) drawn from
the same `game.board_spec` as the printed field, at a smaller cell, and brought into
reportlab as vector drawing through svglib. Its text stays PT Sans, embedded like the rest
of the book, so the hex names on it can be searched and read aloud.
"""

from __future__ import annotations

import io
from functools import lru_cache

from reportlab.graphics.shapes import Drawing
from svglib import fonts as svg_font_map
from svglib.svglib import svg2rlg

from pnp.components.board_sheet import board_part
from pnp.rulebook.build_error import RulebookError
from pnp.typeset.fonts import FACES
from pnp.typeset.reportlab_fonts import register_reportlab_fonts

#: mm between a hex's flat sides on the diagram (the printed field's is the content's)
CELL = 13.5
#: the hex names on the diagram, in points: readable in print (the field's own scale with the
#: cell would give about 4 pt at 13.5 mm)
NAME_PT = 7.0


@lru_cache(maxsize=1)
def _map_fonts() -> None:
    """Let svglib set the SVG's font families in the kit's registered faces (never a
    built-in Helvetica, which a PDF of the kit must not contain)."""
    for key, face in FACES.items():
        svg_font_map.register_font(face.family, str(face.path), weight=face.weight, style=face.style, rlgFontName=key)
    # registering a TrueType font resets its <b>/<i> mappings to itself: set the families again,
    # or every bold word of the book's paragraphs would print regular
    register_reportlab_fonts()


def field_drawing(game, lang: str, ink_saver: bool, cell: float = CELL, name_pt: float = NAME_PT) -> Drawing:
    """The field as a reportlab Drawing, `cell` mm across a hex's flats, its hexes named in
    `name_pt` points (0: unnamed, a picture of the field)."""
    _map_fonts()
    part = board_part(game.board_spec, cell, 0.0, ink_saver, game.board_labels(lang), name_pt=name_pt)
    drawing = svg2rlg(io.BytesIO(part.svg().encode("utf-8")))
    if drawing is None:
        raise RulebookError("the field diagram could not be read as SVG")
    drawing.hAlign = "CENTER"
    drawing.initialFontName = "sans"  # reportlab sets a font even with nothing to write: not Helvetica
    return drawing
