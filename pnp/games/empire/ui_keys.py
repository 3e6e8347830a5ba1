"""«Строительство империи»'s ui strings: which keys each of its renderers prints and which {fields} each is given.

The content writes the kit's words (`ui:` in its YAML); the tool's own strings (sheet labels,
the alignment sheet, the preview) come from pnp's catalogue (pnp.core.catalogue), which the
content may override. Each renderer declares what it prints (`Renderer.ui`: this pack's
renderers name a table below, pnp's general ones theirs in pnp.components.ui_words), and what
pnp's general renderers print through this game's plug-ins (the rulebook's tables, the kit
list) is declared here under their names. `KEYS`, the union, is the contract: `pnp check`
holds the content to it (pnp/checks/ui.py: a missing key, a field no renderer fills, a plural
form on a field that is not a number), and `Game.ui` refuses a key or a field it lacks, so no
renderer can ask for a string the check has not verified.

A field is a number (`#`, it may take plural forms) only where every renderer fills it with a
whole number: the travel deck's colour-in prints and templates fill the card's numbers with a
blank, so those are text. A key a rule picks (`opponent_<against>`, `hero_skill_<skill>`,
`travel_penalty_<kind>`) is listed for every value the schema allows.
"""

from __future__ import annotations

from typing import Any

from pnp.components import ui_words
from pnp.components.ui_words import SHEET
from pnp.core.catalogue import table
from pnp.core.ui_contract import UiKeys, words


def _has_neutral_deck(game: Any) -> bool:
    return game.neutral_deck is not None


def _has_chests(game: Any) -> bool:
    return game.chests is not None


#: the capital sheets (render/capital_sheet.py, capital_layout.py)
CAPITAL = words({
    "capital_legend": "", "capital_sheet": "", "effects_hero": "", "effects_heroes": "", "effects_machines": "",
    "effects_magic": "", "effects_other": "", "effects_title": "", "fortifications_title": "", "income_start": "", "income_step": "n#",
    "income_title": "", "plot_auto": "", "plot_built": "", "plot_cost": "n#", "plot_gold": "gold", "plot_heroes": "n#",
    "plot_hires": "who", "plot_points": "n#", "plot_prebuilt": "", "plot_upgrade": "n#", "plot_upgrade_damage": "n#",
    "plot_upgrade_level": "most n#", "plot_upgrade_to": "n# name", "plot_upgraded": "", "plot_upgrades": "", "points_title": "", "points_total": "",
    "points_week": "n#", "stores_title": "", "treasury_gold": "gold", "treasury_title": "", "vertical_done": "",
    "stores_discount": "discount# most# least#",
})

#: a travel card's words (render/travel_rows.py and the layouts templates/empire/cards), for the deck and its prints
_TRAVEL = {
    "travel_card": "", "travel_cards": "", "travel_chest_range": "chests first last", "travel_experience": "most# n#",
    "travel_chests": "", "travel_cost": "gold n", "travel_gold": "gold n", "travel_guards": "", "travel_instant": "",
    "travel_join": "", "travel_paren": "n", "travel_penalty": "", "travel_per_day": "", "travel_plus": "n",
    "travel_points": "n", "travel_points_end": "", "travel_points_storm": "", "travel_resource": "short",
    "travel_from_week": "n", "travel_reward": "", "travel_siege_strength": "", "travel_strength": "",
    # a trap's penalty, by the kind its card names (`penalty:`)
    "travel_penalty_chests": "gold n#", "travel_penalty_creature_cards": "gold n#", "travel_penalty_gold": "gold n#",
}
#: the travel deck (render/travel_cards.py)
TRAVEL_CARDS = words(_TRAVEL, tool=SHEET)
#: its outlines to colour in and the blank templates (render/travel_cards.py)
TRAVEL_PRINTS = words({**_TRAVEL, "travel_colour_in": "", "travel_templates": ""}, tool=SHEET)

#: the creature decks (render/creature_cards.py, creature_rows.py)
CREATURE_CARDS = words({
    "creature_card": "", "creature_cards": "", "creature_immune": "", "creature_kind": "kind race",
    "creature_large": "", "creature_no_strike": "", "creature_strike": "", "kit_creature_cards": "race",
}, tool=SHEET)

#: the taverns' hero cards (render/creature_cards.py, hero_rows.py)
HERO_CARDS = words({
    "hero_card": "", "hero_cards": "", "hero_level": "level", "hero_own_attack": "n#", "hero_own_times": "n#",
    "hero_plus": "n#",
    "hero_skill_blessing": "n#", "hero_skill_magic_strike": "n#", "hero_spells": "n#", "hero_spying": "n#", "hero_times": "n#",
    "kit_hero_cards": "race",
}, tool=SHEET)

#: the neutral armies' deck (render/deck_cards.py, neutral_rows.py), for a content with `neutral_armies:`
NEUTRAL_CARDS = words({
    "creature_immune": "", "neutral_army_more": "n#", "neutral_army_same": "", "neutral_card": "", "neutral_cards": "",
    "neutral_extra": "n#", "neutral_extra_caption": "", "neutral_luck": "", "neutral_strength": "", "neutral_type": "",
}, tool=SHEET, when=_has_neutral_deck)

#: the chests (render/deck_cards.py, chest_rows.py), for a content with `chests:`
CHEST_CARDS = words({
    "chest_card": "", "chest_cards": "", "chest_gold": "gold n#", "chest_gold_caption": "", "chest_rule": "n#",
    "chest_xp": "n#", "chest_xp_caption": "", "chest_bank": "",
}, tool=SHEET, when=_has_chests)

#: the magic-school boards (render/magic_board.py)
MAGIC = words({
    "magic_blessing": "", "magic_board": "", "magic_damage": "", "magic_destruction": "", "magic_destruction_sub": "",
    "magic_hero_slot": "n#", "magic_hero_spell": "", "magic_joined": "school spells", "magic_level": "n#",
    "magic_rules": "", "magic_skills": "", "magic_tower": "n#",
})

#: a battle type's words, on the reference boards and the worksheet (render/battle_words.py)
_BATTLE = {
    "points_card": "", "points_none": "", "points_squads": "least# most#", "trophy_card": "", "trophy_chests": "n#", "types_points": "",
}

#: the reference boards (render/board_reference.py, board_battles.py, board_machines.py, board_weeks.py)
BOARDS = words({
    **_BATTLE,
    "ban_artillery": "names", "ban_destruction": "", "ban_large": "", "ban_machines": "", "ban_siege_engines": "names",
    "ban_spell_level": "n#", "boards_file": "", "bonus_weapon": "kind magic n#", "bonus_weapon_apart": "kind magic m# n#",
    "machine_counts": "where", "machine_spell_penalty": "n#",
    "machines_effect": "", "machines_legend": "", "machines_level": "", "machines_machine": "", "machines_strength": "",
    "machines_title": "", "opponent_neutral": "", "opponent_player": "", "types_bans": "", "types_bonuses": "",
    "types_legend": "", "types_opponent": "", "types_title": "", "types_trophies": "", "types_type": "",
    "weeks_days": "", "weeks_effects": "", "weeks_legend": "", "weeks_luck": "", "weeks_title": "", "weeks_week": "",
    "word_echelon": "", "word_flank": "", "word_formations": "",
})

#: the battle worksheet (render/worksheet.py, worksheet_layout.py)
WORKSHEET = words({
    **_BATTLE,
    "ws_battle": "", "ws_before": "", "ws_box_chests": "", "ws_box_courage": "", "ws_box_hero": "", "ws_box_line": "",
    "ws_box_lost": "", "ws_box_luck": "", "ws_box_luck_bonus": "", "ws_box_machine": "", "ws_box_magic": "",
    "ws_box_points": "", "ws_box_ranks": "", "ws_box_saved": "", "ws_box_spell": "",
    "ws_box_strike": "", "ws_box_trophies": "", "ws_box_weapons": "", "ws_bribery": "", "ws_bribery_players": "where",
    "ws_bribery_rule": "n#", "ws_col_cards": "", "ws_col_damage": "", "ws_col_routed": "", "ws_col_squad": "",
    "ws_col_strike": "", "ws_col_total": "", "ws_courage": "", "ws_courage_rule": "n#", "ws_damage": "",
    "ws_damage_rule": "n# up#", "ws_echelon": "n# where", "ws_enemy": "", "ws_enemy_luck": "", "ws_flank": "n# where",
    "ws_formations": "", "ws_hero": "", "ws_hero_own": "n#", "ws_hero_race": "first last section", "ws_heroes": "", "ws_larger": "",
    "ws_legend": "", "ws_line": "least# n#", "ws_losses": "", "ws_losses_rule": "", "ws_losses_tent": "n# name",
    "ws_luck": "", "ws_luck_bonus": "", "ws_luck_minus": "n#", "ws_luck_plus": "", "ws_machine": "where",
    "ws_machine_barrier": "name", "ws_machine_stone": "n# name", "ws_mixed": "bonus# extra# least#",
    "ws_only_in": "where", "ws_own_luck": "", "ws_spell": "", "ws_straight": "bonus# extra# least#", "ws_support": "",
    "ws_title": "", "ws_tower": "n#", "ws_trophies": "", "ws_weapon_kind": "kind n# where", "ws_weapon_magic": "n#",
    "ws_weapons": "", "ws_week": "",
})

#: pnp's rulebook, through the rulebook's tables (rulebook/tables.py): the buildings' and heroes' lines
RULEBOOK = words({
    "hero_level": "level", "hero_own_times": "n#", "hero_plus": "n#", "hero_spells": "n#", "hero_spying": "n#", "hero_times": "n#",
    "plot_auto": "", "plot_cost": "n#", "plot_gold": "gold", "plot_heroes": "n#", "plot_hires": "who", "plot_points": "n#",
    "plot_upgrade": "n#", "plot_upgrade_damage": "n#", "plot_upgrade_level": "most n#", "plot_upgrade_to": "n# name",
    # the components: the reference boards by their printed titles, the travel deck's prints
    "machines_title": "", "types_title": "", "weeks_title": "", "travel_colour_in": "", "travel_templates": "",
}, tool=("align_title",))

#: pnp's preview, through the kit list (kit.py): a row per component, the boards by their titles; and the
#: file list's name for the kinds the capital sheets (mats) and the reference boards (aids) write
PREVIEW = words({
    "comp_aids": "", "comp_mats": "",
    "kit_blanks": "", "kit_board": "board", "kit_capital_sheets": "", "kit_colour_in": "", "kit_creature_cards": "race",
    "kit_hero_cards": "race", "kit_magic_board": "school", "kit_travel_cards": "type", "kit_worksheet": "",
    "machines_title": "", "types_title": "", "weeks_title": "",
})
PREVIEW_NEUTRAL = words({"kit_neutral_cards": ""}, when=_has_neutral_deck)
PREVIEW_CHESTS = words({"kit_chest_cards": ""}, when=_has_chests)

#: strings the kit prints nowhere yet, kept in the content for later use
RESERVED = table({"chest_title": ""})

#: the contract as the ui-strings check reads it (the model's `ui_keys`), in the pack's renderer order
KEYS = UiKeys((
    ("capital", CAPITAL), ("travel-cards", TRAVEL_CARDS), ("travel-prints", TRAVEL_PRINTS),
    ("creature-cards", CREATURE_CARDS), ("hero-cards", HERO_CARDS), ("neutral-cards", NEUTRAL_CARDS),
    ("chest-cards", CHEST_CARDS), ("magic", MAGIC), ("boards", BOARDS), ("worksheet", WORKSHEET),
    ("rulebook", ui_words.RULEBOOK), ("rulebook", RULEBOOK), ("alignment", ui_words.ALIGNMENT),
    ("print-shop", ui_words.PRINT_SHOP), ("tts", ui_words.TTS),
    ("preview", ui_words.PREVIEW), ("preview", PREVIEW), ("preview", PREVIEW_NEUTRAL), ("preview", PREVIEW_CHESTS),
), "pnp/games/empire/ui_keys.py", RESERVED)
