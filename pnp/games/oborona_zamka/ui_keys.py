"""«Оборона Замка»'s ui strings: which keys each of its renderers prints and which {fields} each is given.

The content writes the kit's words (`ui:` in its YAML); the tool's own strings (sheet
labels, tiling, preview) come from pnp's catalogue (pnp.core.catalogue), which the content
may override. Each renderer declares what it prints (`Renderer.ui`: this pack's renderers
name a table below, pnp's general ones theirs in pnp.components.ui_words), and what pnp's
general renderers print through this game's plug-ins (the field's labels, the rulebook's
templates, the kit list) is declared here under their names. `KEYS`, the union, is the
contract: `pnp check` holds the content to it (the general check pnp/checks/ui.py: a missing
key, a field its renderer does not fill, a plural form on a field that is not a number, a
template that cannot be read), and `Game.ui` refuses a key or a field it lacks, so no
renderer can ask for a string the check has not verified.

A key a rule picks (`aid_first_<first_player>`, `aid_capture_<capture.from>`,
`aid_no_room_<potion.no_room>`, `aid_bonus_<all|others>[_capture]`, `aid_reroll_<all|others>`)
is listed for every value the schema allows, so changing a rule never needs a new string.
"""

from __future__ import annotations

from pnp.components import ui_words
from pnp.components.ui_words import SHEET
from pnp.core.catalogue import table
from pnp.core.ui_contract import UiKeys, words

#: the player aids (render/aids.py)
AIDS = words({
    "aid_attack_attacker": "", "aid_attack_defender": "", "aid_blocked": "",
    "aid_bonus_all": "bonus", "aid_bonus_all_capture": "bonus", "aid_bonus_others": "bonus",
    "aid_bonus_others_capture": "bonus", "aid_capture_next_to_castle": "range", "aid_commander_target": "modifier",
    "aid_dice": "n#", "aid_first_lot": "", "aid_move": "moves#", "aid_natural_six": "", "aid_no_room_lost": "",
    "aid_player": "", "aid_potion": "range", "aid_potion_title": "", "aid_reroll_all": "", "aid_reroll_others": "",
    "aid_rolls": "", "aid_row_capture": "", "aid_row_fight": "", "aid_row_over_wall": "", "aid_row_potion": "",
    "aid_row_wall": "", "aid_step_attack_attacker": "", "aid_step_attack_defender": "", "aid_step_move": "",
    "aid_success": "", "aid_turn": "", "aid_victory": "", "aid_wall_falls": "", "aid_walls_closed": "",
    "aid_walls_open": "", "aid_win_attacker": "", "aid_win_defender": "",
    "commander": "", "comp_aids": "",
}, tool=SHEET)

#: the field's labels (the model's `board_labels` and `hex_name`): what pnp's board renderer prints
#: of this game, and its rulebook's field diagrams
FIELD = table({
    "castle": "", "hex_rows": "", "mountain": "", "start_attacker": "", "start_defender": "", "wall_legend": "",
    "yard": "",
})
BOARD = words(dict.fromkeys(FIELD, ""))

#: the paper models (render/models.py, walls.py, castle.py, steps.py)
MODELS = words({
    "castle": "", "hex_rows": "", "wall": "",
    "models_title": "", "models_spare": "", "models_cut": "", "models_valley": "", "models_mountain": "",
    "models_glue": "",
    "models_wall_step_1": "", "models_wall_step_2": "", "models_wall_step_3": "", "models_wall_step_4": "",
    "models_wall_step_5": "",
    "models_castle_step_1": "", "models_castle_step_2": "", "models_castle_step_3": "", "models_castle_step_4": "",
    "models_castle_step_5": "a b",
}, tool=("print_page", "print_scale", "tile_glue"))

#: the standees (render/standees.py)
STANDEES = words({"commander": "", "comp_standees": "", "standee_warrior": "n#"}, tool=("print_page", "print_scale"))

#: pnp's rulebook, through the rulebook's field diagrams
RULEBOOK = words(dict.fromkeys(FIELD, ""))

#: pnp's preview, through the kit list (a row per printed count, kit.py), and the file list's name for
#: the kinds the field (board) and the aids write
PREVIEW = words({"comp_aids": "", "comp_board": "", "kit_aids": "", "kit_board": "", "kit_castle": "", "kit_dice": "", "kit_standees": "",
                 "kit_wall_segments": ""})

#: strings the kit prints nowhere yet, kept in the content for later use
RESERVED = table({"attacker": "", "defender": "", "warrior": ""})

#: the contract as the ui-strings check reads it (the model's `ui_keys`), in the pack's renderer order
KEYS = UiKeys((
    ("board", ui_words.BOARD), ("board", BOARD), ("models", MODELS), ("standees", STANDEES), ("aids", AIDS),
    ("rulebook", ui_words.RULEBOOK), ("rulebook", RULEBOOK), ("print-shop", ui_words.PRINT_SHOP),
    ("tts", ui_words.TTS), ("preview", ui_words.PREVIEW), ("preview", PREVIEW),
), "pnp/games/oborona_zamka/ui_keys.py", RESERVED)
