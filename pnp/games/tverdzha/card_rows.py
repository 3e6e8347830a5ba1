"""ТВЕРДЖА's cards as rows for the general card renderer: the fields each layout shows.

The content's `card_families:` names, for each family, where its cards come from
(`rows`): the battle cards, the buildings or their upgrades. Each source turns those
into `CardRow`s, one per unique face, with the fields its layout's elements read
(templates/tverdzha/cards/*.yaml).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Callable

from pnp.components.card_family import CardFamily, CardRow
from pnp.games.tverdzha.model import Game
from pnp.games.tverdzha.render.reminders import step_label

# The emblem drawn in a card's art window: by the first effect key that has one, else the
# family icon. Presentation only: the icon that best pictures the effect.
EMBLEMS = MappingProxyType({
    "trade": "trade", "income_choice": "gold", "hire_strength": "hire", "train_cap": "train",
    "castle_defense": "wall", "hand_size": "hand", "land_limit": "castle", "road_bonus": "move",
    "storage": "storage", "round_draw": "card", "build_discount": "any", "army_limit": "army",
    "siege_entrances": "entrance", "infirmary": "heal", "prestige": "point", "town_hall": "building",
    "roll_bonus": "die", "enemy_roll_penalty": "die", "reroll_miss": "die",
    "enemy_strength_penalty": "strength", "strength_bonus": "army", "reduce_hits": "wall",
    "full_defense": "wall", "cancel_card": "card", "target_strongest": "battle", "militia": "hire",
    "ignore_defense": "castle", "last_stand": "unit", "bandage": "heal", "loot": "gold",
    "draw_after": "hand", "forage": "any",
})


def emblem(effects, family: CardFamily) -> str:
    for effect in effects:
        if effect.key in EMBLEMS:
            return EMBLEMS[effect.key]
    return family.icon


def battle_rows(game: Game, family: CardFamily, lang: str) -> tuple[CardRow, ...]:
    keys = [t.key for t in game.battle.timing]
    return tuple(CardRow(c.id, c.count, c.mark, MappingProxyType({
        "name": c.name.get(lang), "effect": game.effects_text(c.effects, lang),
        "timing_label": step_label(game, c.timing, lang), "timing": tuple(k == c.timing for k in keys),
        "emblem": emblem(c.effects, family),
    })) for c in game.battle_cards)


def building_rows(game: Game, family: CardFamily, lang: str) -> tuple[CardRow, ...]:
    return tuple(CardRow(b.id, b.copies, b.mark, MappingProxyType({
        "name": b.name.get(lang), "effect": game.effects_text(b.effects, lang), "cost": b.cost,
        "points": b.points, "upgrade": b.upgrade.name.get(lang), "upgrade_cost": b.upgrade.cost,
        "upgrade_points": b.upgrade.points, "emblem": emblem(b.effects, family),
    })) for b in game.buildings)


def upgrade_rows(game: Game, family: CardFamily, lang: str) -> tuple[CardRow, ...]:
    return tuple(CardRow(b.upgrade.id, b.copies, b.upgrade.mark, MappingProxyType({
        "name": b.upgrade.name.get(lang), "effect": game.effects_text(b.upgrade.effects, lang),
        "cost": b.upgrade.cost, "points": b.upgrade.points, "building": b.name.get(lang),
        "emblem": emblem(b.upgrade.effects, family),
    })) for b in game.buildings)


#: the content's `rows:` names -> (the fields its rows have, the source)
SOURCES: MappingProxyType[str, tuple[tuple[str, ...], Callable]] = MappingProxyType({
    "battle_cards": (("name", "effect", "timing_label", "timing", "emblem"), battle_rows),
    "buildings": (("name", "effect", "cost", "points", "upgrade", "upgrade_cost", "upgrade_points", "emblem"),
                  building_rows),
    "upgrades": (("name", "effect", "cost", "points", "building", "emblem"), upgrade_rows),
})
