"""A flat piece drawn on both faces (a standee's figure, a wall piece), as the exporters need it.

A renderer that prints such pieces shares them (`Renderer.shares = "pieces"`) through its
`masters()`: a tuple of `Piece`. The exporters (print shop, Tabletop Simulator, preview)
take them from there without knowing the game: TTS makes a two-sided custom figurine of
each, the print shop a sheet, the preview a picture.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Piece:
    id: str  # unique in the kit: 'orcs-commander'
    name: str  # as printed, in the build's language
    group: str  # pieces of one group go together (one race's army: one TTS bag, one sheet)
    front: str  # an SVG document `width` x `height` mm: the face the owner's opponent sees
    back: str  # the other face, the same size (drawn as seen from behind, not mirrored)
    width: float  # mm, as it stands (a standee's figure without its base tab)
    height: float
    count: int = 1  # how many of it the kit holds
    group_name: str = ""  # the group as printed ('Орки'); empty: the group is named by its pieces' names


def group_title(pieces: tuple[Piece, ...] | list[Piece], group: str) -> str:
    """What the exporters call a group of pieces (a TTS bag, a print-shop file, a preview section):
    its printed name, else its pieces' names in order."""
    own = [p for p in pieces if p.group == group]
    named = next((p.group_name for p in own if p.group_name), "")
    return named or " · ".join(dict.fromkeys(p.name for p in own))
