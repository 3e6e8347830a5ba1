"""The ui strings pnp's general renderers and exporters print, each declared once (`Renderer.ui`).

A light module (it imports only pnp's catalogue), so that a game's contract (its `ui_keys.py`)
can name these declarations beside its own renderers' without loading any drawing code, and
`pnp check` holds the content to them. What a general renderer prints of a game's own words
through the game's plug-ins (its card rows and layouts, its rulebook's templates, its board's
labels, its kit list) the game declares under the renderer's name in its contract.
"""

from __future__ import annotations

from typing import Any, Mapping

from pnp.core.catalogue import FIELDS
from pnp.core.ui_contract import Words, words

#: a home-print sheet's labels (pnp.print.imposition.sheet_text)
SHEET = ("print_back", "print_front", "print_page", "print_scale")
#: a part tiled over several sheets and its assembly map (pnp.print.tile_plan)
TILES = ("print_scale", "tile_cut", "tile_glue", "tile_label", "tile_map_title",
         "tile_step_1", "tile_step_2", "tile_step_3", "tile_step_4")


def _card_families(game: Any) -> Mapping[str, Mapping[str, str]]:
    """Each card family's name (on its cards) and component (the sheets' and exports' label):
    keys the content names."""
    return {key: {} for family in game.card_families for key in (family.name, family.component)}


#: pnp.components.cards: the card sheets
CARDS = words(tool=SHEET, derived=_card_families)
#: pnp.components.board_sheet: the board on one large page and tiled
BOARD = words({"comp_board": ""}, tool=TILES)
#: pnp.components.alignment_sheet: the duplex test pair
ALIGNMENT = words(tool=("align_back", "align_front", "align_offset", "align_step_1", "align_step_2", "align_step_3",
                        "align_step_4", "align_title", "print_scale"))
#: pnp.rulebook.renderer: the rulebook's title (its text is the game's templates')
RULEBOOK = words(tool=("comp_rulebook",))
#: pnp.exports.printshop and pnp.exports.tts print the names the renderers they take declare
PRINT_SHOP = Words()
TTS = Words()
#: pnp.exports.preview: the gallery page (the kit list is the pack's, the sections' names the renderers')
PREVIEW = words({"copies": "count#"}, tool=tuple(key for key in FIELDS if key.startswith("preview_"))
                + ("comp_alignment", "comp_rulebook"))
