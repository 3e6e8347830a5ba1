"""«Оборона Замка»'s ui strings: which keys its renderers print and which {fields} each is given.

The content writes the kit's words (`ui:` in its YAML); the tool's own strings (sheet
labels, tiling, preview) come from pnp's catalogue (pnp.core.catalogue), which the content
may override. These tables are the contract: `pnp check` holds the content to it (the
general check pnp/checks/ui.py: a missing key, a field its renderer does not fill, a
plural form on a field that is not a number, a template that cannot be read), and
`Game.ui` refuses a key or a field no table lists, so no renderer can ask for a string
the check has not verified.

A key a rule picks (`aid_first_<first_player>`, `aid_capture_<capture.from>`,
`aid_no_room_<potion.no_room>`, `aid_bonus_<all|others>[_capture]`, `aid_reroll_<all|others>`)
is listed for every value the schema allows, so changing a rule never needs a new string.
"""

from __future__ import annotations

from typing import Mapping

from pnp.core import catalogue
from pnp.core.catalogue import UiKeys, table

#: every string the renderers print (the aids, the paper models, the standees, the field, the preview)
REQUIRED = table({
    # the player aids (render/aids.py)
    "aid_attack_attacker": "", "aid_attack_defender": "", "aid_blocked": "",
    "aid_bonus_all": "bonus", "aid_bonus_all_capture": "bonus", "aid_bonus_others": "bonus",
    "aid_bonus_others_capture": "bonus", "aid_capture_next_to_castle": "range", "aid_commander_target": "modifier",
    "aid_dice": "n#", "aid_first_lot": "", "aid_move": "moves#", "aid_natural_six": "", "aid_no_room_lost": "",
    "aid_player": "", "aid_potion": "range", "aid_potion_title": "", "aid_reroll_all": "", "aid_reroll_others": "",
    "aid_rolls": "", "aid_row_capture": "", "aid_row_fight": "", "aid_row_over_wall": "", "aid_row_potion": "",
    "aid_row_wall": "", "aid_step_attack_attacker": "", "aid_step_attack_defender": "", "aid_step_move": "",
    "aid_success": "", "aid_turn": "", "aid_victory": "", "aid_wall_falls": "", "aid_walls_closed": "",
    "aid_walls_open": "", "aid_win_attacker": "", "aid_win_defender": "",
    "castle": "", "commander": "", "mountain": "", "wall": "", "wall_legend": "", "yard": "",
    "start_attacker": "", "start_defender": "", "hex_rows": "",
    # the components' names (print shop, TTS, the preview's kit list)
    "comp_aids": "", "comp_board": "", "comp_standees": "", "copies": "count#",
    "kit_aids": "", "kit_board": "", "kit_castle": "", "kit_dice": "", "kit_standees": "", "kit_wall_segments": "",
    # the paper models (render/models.py, walls.py, castle.py, steps.py)
    "models_title": "", "models_spare": "", "models_cut": "", "models_valley": "", "models_mountain": "",
    "models_glue": "",
    "models_wall_step_1": "", "models_wall_step_2": "", "models_wall_step_3": "", "models_wall_step_4": "",
    "models_wall_step_5": "",
    "models_castle_step_1": "", "models_castle_step_2": "", "models_castle_step_3": "", "models_castle_step_4": "",
    "models_castle_step_5": "a b",
    # the standees (render/standees.py)
    "standee_warrior": "n#",
})

#: strings the kit prints nowhere yet, kept in the content for later use
OPTIONAL = table({"attacker": "", "defender": "", "warrior": ""})

#: the contract as the ui-strings check reads it (the model's `ui_keys`)
KEYS = UiKeys(REQUIRED, OPTIONAL, "pnp/games/oborona_zamka/ui_keys.py")


def fields_for(key: str) -> Mapping[str, str] | None:
    """The fields of ui string `key` (name -> NUMBER or TEXT), or None when the kit prints no such string."""
    for known in (catalogue.FIELDS, REQUIRED, OPTIONAL):
        if key in known:
            return known[key]
    return None
