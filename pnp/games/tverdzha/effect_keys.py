"""The effect vocabulary: every effect key the content may use, with its parameters.

An effect in the content is ``{key, params, text}``: the key names what the engine does,
the params carry every number, and the printed text is a template filled from the same
params. This table is the contract between the content, the checks (which refuse an
unknown key or a missing parameter), the rules engine (which implements each key) and
docs/content.md (generated from it).

Parameter kinds: ``int`` a whole number, ``resource`` a resource id, ``cost`` a map
resource id -> amount.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

INT, RESOURCE, COST = "int", "resource", "cost"

BUILDING, BATTLE = "building", "battle card"


@dataclass(frozen=True)
class EffectSpec:
    key: str
    params: Mapping[str, str]  # name -> kind, in the order the docs list them
    on: str  # BUILDING (buildings and upgrades) or BATTLE (battle cards)
    doc: str


def _spec(key: str, on: str, doc: str, **params: str) -> EffectSpec:
    return EffectSpec(key, MappingProxyType(params), on, doc)


_ALL = (
    # --- buildings and upgrades ---------------------------------------------------
    _spec("trade", BUILDING, "Trade action: give `give` identical resources for `get` of any kinds (gold too).", give=INT, get=INT),
    _spec("income_choice", BUILDING, "At the start of each round: +`amount` resources of the owner's choice.", amount=INT),
    _spec("income", BUILDING, "At the start of each round: +`amount` of `resource`.", resource=RESOURCE, amount=INT),
    _spec("hire_strength", BUILDING, "New units are hired at `strength`.", strength=INT),
    _spec("hire_cost_up", BUILDING, "Hiring costs `amount` more `resource`.", resource=RESOURCE, amount=INT),
    _spec("hire_cost_down", BUILDING, "Hiring costs `amount` less `resource`.", resource=RESOURCE, amount=INT),
    _spec("train_cap", BUILDING, "Units may be trained up to strength `cap`.", cap=INT),
    _spec("castle_defense", BUILDING, "+`bonus` to the strength of the castle's defenders, on top of the castle's own bonus.", bonus=INT),
    _spec("hand_size", BUILDING, "+`bonus` battle cards to the hand size.", bonus=INT),
    _spec("land_limit", BUILDING, "At most `limit` units on one land and in the castle.", limit=INT),
    _spec("road_bonus", BUILDING, "Entering a land by a move: take `amount` of its resource (once per action).", amount=INT),
    _spec("move_range", BUILDING, "A move may go up to `steps` steps; an attack only with the last step.", steps=INT),
    _spec("storage", BUILDING, "+`bonus` to the storage cap of every resource.", bonus=INT),
    _spec("round_draw", BUILDING, "At the start of each round: draw `cards` battle cards.", cards=INT),
    _spec("build_discount", BUILDING, "New buildings cost `amount` resources less (owner's choice).", amount=INT),
    _spec("upgrade_discount", BUILDING, "Upgrades cost `amount` resources less.", amount=INT),
    _spec("army_limit", BUILDING, "+`bonus` to the army limit.", bonus=INT),
    _spec("siege_entrances", BUILDING, "Holding `count` entrances is enough to enter the enemy castle.", count=INT),
    _spec("siege_attack", BUILDING, "+`bonus` strength when attacking the enemy castle.", bonus=INT),
    _spec("infirmary", BUILDING, "Units lost in battle become wounded (up to `capacity`); healing returns one at `strength`.", capacity=INT, strength=INT),
    _spec("prestige", BUILDING, "A prestige building (scoring.prestige counts the set)."),
    _spec("town_hall", BUILDING, "+`points` points for every `per` other buildings in the castle.", per=INT, points=INT),
    # --- battle cards ---------------------------------------------------------------
    _spec("roll_bonus", BATTLE, "+`amount` to each of your rolls.", amount=INT),
    _spec("enemy_roll_penalty", BATTLE, "-`amount` to each of the enemy's rolls.", amount=INT),
    _spec("enemy_strength_penalty", BATTLE, "-`amount` to the enemy's strength (never below the strength floor).", amount=INT),
    _spec("strength_bonus", BATTLE, "+`amount` to your strength.", amount=INT),
    _spec("reduce_hits", BATTLE, "If you took `min_hits` or more hits, cancel `amount` of them.", amount=INT, min_hits=INT),
    _spec("cancel_card", BATTLE, "The enemy's battle card has no effect."),
    _spec("target_strongest", BATTLE, "Your hits remove the enemy's strongest units first."),
    _spec("militia", BATTLE, "If you took `min_hits` or more hits, `units` units of `strength` return.", min_hits=INT, units=INT, strength=INT),
    _spec("reroll_miss", BATTLE, "Reroll `rerolls` of your misses, once.", rerolls=INT),
    _spec("ignore_defense", BATTLE, "Attacking a castle: ignore all its defence bonuses."),
    _spec("full_defense", BATTLE, "You lose no units but deal no hits."),
    _spec("last_stand", BATTLE, "If `min_hits` or more hits would remove all your units, the weakest stays.", min_hits=INT),
    _spec("bandage", BATTLE, "Lost a unit but held the land: `units` lost units return at `strength`.", units=INT, strength=INT),
    _spec("loot", BATTLE, "Won the battle: take `amount` `resource`.", resource=RESOURCE, amount=INT),
    _spec("draw_after", BATTLE, "After the battle: draw `cards` battle cards.", cards=INT),
    _spec("forage", BATTLE, "Won the battle: take `amount` of the contested land's resource.", amount=INT),
)

EFFECTS: Mapping[str, EffectSpec] = MappingProxyType({s.key: s for s in _ALL})

#: Parameters of the turn actions (actions[].params); actions not listed take none.
ACTION_PARAMS: Mapping[str, Mapping[str, str]] = MappingProxyType({
    "hire": MappingProxyType({"cost": COST, "strength": INT}),
    "move": MappingProxyType({"steps": INT}),
    "train": MappingProxyType({"cost": COST, "amount": INT}),
})


def kind_of(value: Any) -> str:
    """The parameter kind a (schema-valid) value has."""
    if isinstance(value, Mapping):
        return COST
    if isinstance(value, str):
        return RESOURCE
    return INT
