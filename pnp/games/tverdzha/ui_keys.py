"""ТВЕРДЖА's ui strings: which keys each of its renderers prints and which {fields} each is given.

The content writes the game's player-facing strings (`ui:` in its YAML); the tool's own
strings (sheet labels, alignment, tiling, preview) come from pnp's catalogue
(pnp.core.catalogue), which the content may override. The renderers ask for both by
key and fill in what is only known while drawing ({count}, {page}). Each renderer declares
what it prints (`Renderer.ui`: this pack's renderers name a table below, pnp's general ones
theirs in pnp.components.ui_words), and what pnp's general renderers print through this
game's plug-ins (its card rows and layouts, its rulebook's templates, its kit list) is
declared here under their names. `KEYS`, the union, is the contract: `pnp check` holds the
content to it (a missing key, a misspelt field, a plural form on a field that is not a
number), and `Game.ui` refuses a key or a field it lacks, so no renderer can ask for a
string the check has not verified. Game facts ({victory_points}) are filled in while
loading and are not fields here.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from pnp.components import ui_words
from pnp.components.ui_words import SHEET, TILES
from pnp.core.catalogue import NUMBER, TEXT, table
from pnp.core.ui_contract import UiKeys, words

#: `aid_action_<action key>`: the short text of an action on the player aid, where the content
#: has one; its fields are that action's parameters
PER_ACTION = "aid_action_"


def _per_action(game: Any) -> Mapping[str, Mapping[str, str]]:
    """An aid line per action: its parameters are its fields."""
    return {f"{PER_ACTION}{a.key}": MappingProxyType({name: NUMBER if type(value) is int else TEXT
                                                      for name, value in a.params.items()})
            for a in game.actions}


#: the player aids (render/aids.py)
AIDS = words({
    "action_free": "", "actions_title": "", "aid_battle_title": "", "aid_castle_bonus": "bonus#",
    "aid_castle_total": "name total#", "aid_hit": "", "aid_natural": "hit# miss#", "aid_order_title": "",
    "aid_ratio": "", "aid_round_title": "", "aid_siege_bonus": "bonus# name", "aid_strength": "",
    "battle_step": "n# name", "card_aid": "", "comp_aids": "", "player_a": "", "player_b": "",
    "round_end": "", "round_start": "", "round_turn": "first second",
}, tool=SHEET, derived=_per_action, prefixes=(PER_ACTION,), derived_optional=True)

#: the lens board (render/board.py)
BOARD = words({
    "board_castle": "player", "board_castle_note": "", "board_land_points": "points#",
    "board_yield": "amount# resource", "comp_board": "", "entrance": "",
}, tool=TILES)

#: the castle mats (render/mats.py, mat_panels.py, reminders.py); the preview names a mat by its player
MATS = words({
    "action_free": "", "actions_title": "", "board_castle": "player", "comp_mats": "",
    "mat_cap": "cap#", "mat_garrison": "", "mat_header_note": "", "mat_overflow": "n#", "mat_part": "player",
    "mat_reserve": "", "mat_reserve_note": "", "mat_slot": "n#", "mat_storage": "", "mat_wounded": "",
    "mat_wounded_note": "", "player_a": "", "player_b": "",
    "round_end": "", "round_start": "", "round_title": "", "round_turn": "first second",
    # the army limit's wording: counting the castle, or the lands alone (`limits.army.castle_counts`)
    "mat_army_limit": "per#", "mat_army_limit_lands": "per#",
}, tool=TILES)

#: the tiles, unit tokens and markers (render/tokens.py)
TOKENS = words({
    "comp_markers": "", "comp_tiles": "", "comp_tokens": "", "marker_first": "", "marker_score": "",
    "marker_storage": "", "player_a": "", "player_b": "", "strength": "", "tile_centre": "", "tile_pair": "",
}, tool=SHEET)

#: pnp's card renderer, through the card rows (card_rows.py) and layouts (templates/tverdzha/cards)
CARDS = words({"battle_step": "n# name", "copies": "count#", "upgrade_of": "name", "upgrades_to": "name"})

#: pnp's rulebook, through the rulebook's templates and tables (rulebook/)
RULEBOOK = words({
    "battle_step": "n# name", "board_castle_note": "", "castle": "", "comp_aids": "", "comp_battle_cards": "",
    "comp_board": "", "comp_building_cards": "", "comp_markers": "", "comp_mats": "", "comp_tiles": "",
    "comp_tokens": "", "comp_upgrade_cards": "", "mat_garrison": "", "mat_wounded": "", "player_a": "",
    "player_b": "",
})

#: pnp's preview, through the kit list (kit_counts.kit_rows) and the file list's names of kinds
PREVIEW = words({
    "comp_aids": "", "comp_board": "", "comp_markers": "", "comp_mats": "", "comp_tiles": "", "comp_tokens": "",
    "preview_dice": "",
})

#: strings the kit prints nowhere yet, kept in the content for later use
RESERVED = table({"cost": "", "points": "", "upgrade": ""})

#: the contract as the ui-strings check reads it (the model's `ui_keys`), in the pack's renderer order
KEYS = UiKeys((
    ("cards", ui_words.CARDS), ("cards", CARDS), ("tokens", TOKENS), ("board", BOARD), ("mats", MATS),
    ("aids", AIDS), ("rulebook", ui_words.RULEBOOK), ("rulebook", RULEBOOK), ("alignment", ui_words.ALIGNMENT),
    ("print-shop", ui_words.PRINT_SHOP), ("tts", ui_words.TTS), ("preview", ui_words.PREVIEW), ("preview", PREVIEW),
), "pnp/games/tverdzha/ui_keys.py", RESERVED)
