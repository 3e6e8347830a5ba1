"""ТВЕРДЖА's ui strings: which keys its renderers print and which {fields} each is given.

The content writes the game's player-facing strings (`ui:` in its YAML); the tool's own
strings (sheet labels, alignment, tiling, preview) come from pnp's catalogue
(pnp.core.catalogue), which the content may override. The renderers ask for both by
key and fill in what is only known while drawing ({count}, {page}). These tables are
the contract: `pnp check` holds the content to it (a missing key, a misspelt field, a
plural form on a field that is not a number), and `Game.ui` refuses a key or a field no
table lists, so no renderer can ask for a string the check has not verified. Game facts
({victory_points}) are filled in while loading and are not fields here.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from pnp.core import catalogue
from pnp.core.catalogue import NUMBER, TEXT, UiKeys, table

#: every string the renderers always print, with its fields
REQUIRED = table({
    "action_free": "", "actions_title": "",
    "aid_battle_title": "", "aid_castle_bonus": "bonus#", "aid_hit": "", "aid_natural": "hit# miss#",
    "aid_order_title": "", "aid_ratio": "", "aid_round_title": "", "aid_siege_bonus": "bonus# name",
    "aid_strength": "", "aid_castle_total": "name total#", "battle_step": "n# name",
    "board_castle": "player", "board_castle_note": "", "board_land_points": "points#",
    "board_yield": "amount# resource",
    "card_aid": "", "card_battle": "", "card_building": "", "card_upgrade": "", "castle": "",
    "comp_aids": "", "comp_battle_cards": "", "comp_board": "", "comp_building_cards": "",
    "comp_markers": "", "comp_mats": "", "comp_tiles": "", "comp_tokens": "",
    "comp_upgrade_cards": "",
    "copies": "count#", "entrance": "",
    "marker_first": "", "marker_score": "", "marker_storage": "",
    "mat_army_limit": "per#", "mat_army_limit_lands": "per#", "mat_cap": "cap#", "mat_garrison": "",
    "mat_header_note": "", "mat_overflow": "n#", "mat_part": "player", "mat_reserve": "", "mat_reserve_note": "", "mat_slot": "n#",
    "mat_storage": "", "mat_wounded": "", "mat_wounded_note": "",
    "player_a": "", "player_b": "",
    "preview_dice": "",
    "round_end": "", "round_start": "", "round_title": "", "round_turn": "first second",
    "strength": "",
    "tile_centre": "", "tile_pair": "", "upgrade_of": "name", "upgrades_to": "name",
})

#: strings the kit prints only where the content has them, or keeps for later use
OPTIONAL = table({"cost": "", "points": "", "upgrade": ""})

#: the contract as the ui-strings check reads it (the model's `ui_keys`)
KEYS = UiKeys(REQUIRED, OPTIONAL, "pnp/games/tverdzha/ui_keys.py")

#: `aid_action_<action key>`: the short text of an action on the player aid; its fields
#: are that action's parameters
PER_ACTION = "aid_action_"
#: `aid_phase_<timing key>`: the rule of a battle phase on the player aid; no fields
PER_PHASE = "aid_phase_"


def fields_for(key: str, action_params: Mapping[str, Mapping], phases: tuple[str, ...]) -> Mapping[str, str] | None:
    """The fields of ui string `key`, or None when the kit does not print such a string.

    `action_params` maps each action key to its parameters (for `aid_action_<key>`),
    `phases` lists the battle timing keys (for `aid_phase_<key>`).
    """
    if key in catalogue.FIELDS:
        return catalogue.FIELDS[key]
    if key in REQUIRED:
        return REQUIRED[key]
    if key in OPTIONAL:
        return OPTIONAL[key]
    if key.startswith(PER_ACTION) and key[len(PER_ACTION):] in action_params:
        params = action_params[key[len(PER_ACTION):]]
        return MappingProxyType({name: NUMBER if type(value) is int else TEXT for name, value in params.items()})
    if key.startswith(PER_PHASE) and key[len(PER_PHASE):] in phases:
        return MappingProxyType({})
    return None
