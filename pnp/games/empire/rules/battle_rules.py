"""The battle's rules as data (content `battle:`), frozen: what pnp.games.empire.rules.battle counts by.

The model holds them; the engine reads only these types, so it never sees the YAML.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field
from typing import Mapping

from pnp.core.errors import Mark
from pnp.core.texts import NO_MARK, Text
from pnp.games.empire.rules.schools import Magic


@dataclass(frozen=True)
class BattleType:
    id: str  # field | siege | dungeon
    name: Text
    bonus_kind: str  # the attack kind that earns +1 a squad here
    formations: bool
    machines: str  # the machines that count here: field | siege | none
    destruction_spells: bool
    large_creatures: bool
    spell_level_max: int | None = None
    mark: Mark = _field(default=NO_MARK, compare=False)
    opponent: str = "neutral"  # neutral | player (the table's «Противник» row)
    flank_attacks: bool = False
    second_echelon: bool = False
    trophy_chests: int | None = None  # 3.4.2; None: as the card says (a dungeon)
    points: str | None = None  # a won battle's victory points: "squads" of the neutral army, the "card"'s, or none


@dataclass(frozen=True)
class Formations:
    line_least: int
    line_per_squad: int
    mixed_least: int
    mixed_bonus: int
    mixed_per_extra: int
    straight_least: int
    straight_bonus: int
    straight_per_extra: int


@dataclass(frozen=True)
class WarMachine:
    id: str
    level: int
    name: Text
    siege: int | None = None
    field: int | None = None
    mark: Mark = _field(default=NO_MARK, compare=False)
    label: Text | None = None  # what the table's strength column says of a machine without strength
    effect: Text | None = None  # what such a machine does
    spell_penalty: int | None = None  # the strength the opponent's spell loses

    def strength(self, where: str) -> int | None:
        """Its strength where it counts (`field` or `siege`), None where it does not."""
        return self.siege if where == "siege" else self.field if where == "field" else None


@dataclass(frozen=True)
class BattleRules:
    attack_kinds: tuple[str, ...]
    types: tuple[BattleType, ...]
    magic_attack_bonus: int
    formations: Formations
    luck_zero_penalty: int
    miss_damage: int
    courage_max: int
    machines: tuple[WarMachine, ...]
    magic: Magic  # the schools of magic (content `magic:`)
    neutral_squads: tuple[int, int] | None = None  # «ПО 1-7»: the least and most squads of a neutral army
    kind_names: Mapping[str, Text] = _field(default_factory=dict)  # an attack kind's printed name, by id

    def type(self, id_: str) -> BattleType | None:
        return next((t for t in self.types if t.id == id_), None)

    def machine(self, id_: str) -> WarMachine | None:
        return next((m for m in self.machines if m.id == id_), None)
