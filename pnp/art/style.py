"""Design tokens: the palette, type scale, line weights and radii of the whole kit.

Every component (cards, board, mats, tokens, aids, rulebook) takes its colours, faces,
sizes and strokes from here, so the kit reads as one family: a title is always the same
face and size, a resource always the same colour. Sizes are in points for type and in
millimetres for everything else; icon strokes are in icon units (viewBox 0 0 100 100).

Colour-blind safety does not rest on these colours: resources and players also differ
by icon shape and by label. The ink-saver palette keeps the outlines dark and turns
every area fill into a pale tint, so it still reads when printed in greyscale.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

from pnp.games import pack_colours
from pnp.typeset.fonts import FACES
from pnp.core.geometry import pt_to_mm

# --- colour -------------------------------------------------------------------------

# pnp's own colours: the neutrals every page is made of, and the few roles general components
# fill (the rulebook's headings, a card's points badge, a board's zones, a data game's defaults).
# The games' colours (resources, players, lands …) are their packs' (`GamePack.colours`).
_NEUTRALS = {
    "ink": "#2a2320",  # outlines and text: a warm near-black, softer than pure black
    "paper": "#fbf8f1",
    "panel": "#efe6d2",  # text panels on coloured card faces
    "muted": "#7a7068",  # secondary text, rules, captions
    "line": "#b9ad98",  # thin separators and guide lines
    "on-colour": "#fbf8f1",  # letters and marks drawn on top of a coloured fill
    "heading": "#b8412f",  # the rulebook's headings
    "badge": "#f0bb2e",  # a card's points badge
    "accent": "#9a5b2c",  # a data game's mats and aids that name no colour
    "note": "#e9c85a",  # a data game's rulebook notes
}
#: a board's zones that the content gives no colour, in turn: far apart in hue and lightness
ZONE_COLOURS = tuple(f"zone-{i}" for i in range(1, 9))
_NEUTRALS |= dict(zip(ZONE_COLOURS, ("#2d6cb0", "#d2691e", "#8c949b", "#f2a81d", "#2e7566", "#6a4c9c",
                                      "#a8322d", "#4f7f3b")))


def tint(hex_colour: str, keep: float) -> str:
    """Mix a colour with white, keeping `keep` of it (0 = white, 1 = unchanged)."""
    rgb = [int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(255 - (255 - c) * keep) for c in rgb]
    return "#" + "".join(f"{c:02x}" for c in mixed)


#: how much of a colour ink-saver mode keeps (mixed with white): the palette's fills, the designer's art
INK_SAVER_KEEP = 0.28

# Keys that stay as they are in ink-saver mode: ink carries the shapes, paper is paper.
_INK_SAVER_KEEP = {"ink", "paper", "muted"}
# What the ink saver prints for a neutral instead of its pale tint
_INK_SAVER_NEUTRALS = {
    "panel": "#ffffff",
    "line": "#9a9a9a",
    # on pale tints, marks must turn dark to stay visible
    "on-colour": _NEUTRALS["ink"],
}

# The colour-in variant (cards printed for a player to colour by hand): outlines and text in
# ink, every area white, so nothing printed competes with the player's pencils.
_COLOUR_IN_KEEP = {"ink", "muted", "line"}


@lru_cache(maxsize=None)
def palette(ink_saver: bool = False, colour_in: bool = False) -> Mapping[str, str]:
    """The kit's colours by name: pnp's neutrals and every game pack's colours, as printed
    normally, with the ink saver (pale tints, dark outlines: it still reads in greyscale), or
    for colouring in (`colour_in`: every area white)."""
    own, own_ink_saver = pack_colours()
    base = _NEUTRALS | {key: value for key, value in own.items() if key not in _NEUTRALS}  # pnp's neutrals win
    if colour_in:
        return MappingProxyType({key: value if key in _COLOUR_IN_KEEP else "#ffffff" for key, value in base.items()}
                                | {"on-colour": _NEUTRALS["ink"]})  # marks on a colour fill: on white they turn to ink
    if not ink_saver:
        return MappingProxyType(base)
    return MappingProxyType({key: value if key in _INK_SAVER_KEEP else tint(value, INK_SAVER_KEEP)
                             for key, value in base.items()} | own_ink_saver | _INK_SAVER_NEUTRALS)


def colour(key: str, ink_saver: bool = False) -> str:
    try:
        return palette(ink_saver)[key]
    except KeyError:
        raise KeyError(f"unknown colour {key!r}; known: {', '.join(sorted(palette()))}") from None


# --- type ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TextStyle:
    face: str  # a key of fonts.FACES
    size: float  # points
    min_size: float  # points: richtext.fit never shrinks below this
    leading: float  # line height as a multiple of the size

    def line_height_mm(self, size: float | None = None) -> float:
        return pt_to_mm((size or self.size) * self.leading)


# One hierarchy for every component. Effect text never goes below 7 pt (SPEC 3a).
TYPE: Mapping[str, TextStyle] = MappingProxyType(
    {
        "title": TextStyle("serif-bold", 11.0, 8.5, 1.1),  # card and section titles
        "heading": TextStyle("sans-bold", 9.0, 8.0, 1.15),  # mat panels, aid headings
        "cost": TextStyle("sans-bold", 10.0, 9.0, 1.0),  # numbers next to cost icons
        "points": TextStyle("serif-bold", 14.0, 12.0, 1.0),  # victory points badge
        "body": TextStyle("sans", 8.5, 7.0, 1.2),  # effect and rules text
        "caption": TextStyle("narrow", 7.0, 6.5, 1.15),  # upgrade line, labels on mats
        "small": TextStyle("sans", 6.0, 5.5, 1.15),  # page labels, scale bar, credits
    }
)

BOLD_OF: Mapping[str, str] = MappingProxyType(
    {
        "sans": "sans-bold",
        "sans-italic": "sans-bold-italic",
        "narrow": "narrow-bold",
        "serif": "serif-bold",
        "serif-italic": "serif-bold",
    }
)

# Inline icons: the icon box is this many times the cap height, centred on the middle
# of the capitals. The art fills about 85 % of its box, so at 1.5 the drawn icon stands
# a little taller than the capitals; at exactly the cap height a 7 pt icon would be
# under 2 mm and unreadable.
INLINE_ICON_SCALE = 1.5
# An inline icon takes its ink's width plus this side bearing either side, in ems, but
# never more than its square: a narrow icon (the wheat ear) leaves no hole before a colon,
# and the wide ones, whose ink nearly fills the square, keep it.
INLINE_ICON_BEARING_EM = 0.08

# --- lines, radii, sizes (mm unless noted) -------------------------------------------

STROKE = MappingProxyType(
    {
        "hair": 0.12,  # guides, grid lines on tracks
        "thin": 0.25,  # cut lines, separators
        "regular": 0.4,  # panel and slot outlines
        "bold": 0.7,  # frames, board cell borders
    }
)
ICON_STROKE = 6.0  # icon units (viewBox 100): 0.24 mm at 4 mm, 1.2 mm at 20 mm

RADIUS = MappingProxyType(
    {
        "card": 3.0,  # rounded card corner shown on previews and frames
        "panel": 1.5,  # text panels, slots
        "token": 1.0,  # unit tokens and markers
    }
)

ICON_SIZE = MappingProxyType(
    {
        "min": 4.0,  # smallest an icon is ever drawn
        "cost": 5.5,  # cost icons on cards
        "badge": 8.0,  # family and land badges
        "feature": 20.0,  # centre art of a tile or a back
    }
)

SPACE = MappingProxyType({"gap": 1.0, "pad": 2.0, "margin": 3.0})


def check_faces() -> None:
    """Fail loudly if a token names a face that fonts.py does not bundle."""
    for role, style in TYPE.items():
        if style.face not in FACES:
            raise KeyError(f"type role {role!r} uses unknown face {style.face!r}")
    for base, bold in BOLD_OF.items():
        if base not in FACES or bold not in FACES:
            raise KeyError(f"bold mapping {base!r} -> {bold!r} names an unknown face")


check_faces()
