"""Large single-sided sheets a kit prints one per player or side (a capital sheet, a reference
board), as the exporters need them.

A renderer that prints such sheets shares them (`Renderer.shares = "sheets"`) through its
`masters()`: one `SheetSet`. The exporters take it without knowing the game: the print shop a
page per sheet with bleed round it (TrimBox = the sheet), Tabletop Simulator an image and a
flat Custom_Tile per sheet, the preview a picture per sheet. A set names itself and each sheet,
so no exporter needs a game's strings to title them.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.print.tile_plan import Part


@dataclass(frozen=True)
class NamedSheet:
    id: str  # unique in its set, safe in a file name: 'humans'
    name: str  # as printed, in the build's language: «Люди»
    part: Part  # the whole sheet, to its edge (the print shop adds the bleed)


@dataclass(frozen=True)
class SheetSet:
    title: str  # the component as printed, in the build's language: «Планшет столицы»
    sheets: tuple[NamedSheet, ...]
