"""The battle's rules as data (content `battle:`), frozen: what pnp.games.empire.rules.battle counts by.

The model holds them; the engine reads only these types, so it never sees the YAML.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field
from fractions import Fraction
from typing import Callable, Mapping

from pnp.content.modelbuilder import At, key
from pnp.core.errors import Mark
from pnp.core.texts import NO_MARK, Text, frozen_map
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
    flank: bool = False  # flank attacks count here
    second_echelon: bool = False  # the second row may step in here
    against: str = "neutral"  # neutral | player: whom this battle is fought against
    morale: bool = False  # the neutrals' morale is drawn on a domino (dungeons)
    trophy_chests: int | None = None  # 3.4.2; None: as the card says (a dungeon)
    points: str | None = None  # a won battle's victory points: "squads" of the neutral army, the "card"'s, or none


@dataclass(frozen=True)
class Formations:
    line_least: int = key("line.least")
    line_per_squad: int = key("line.per_squad")
    mixed_least: int = key("mixed.least")
    mixed_bonus: int = key("mixed.bonus")
    mixed_per_extra: int = key("mixed.per_extra")
    straight_least: int = key("straight.least")
    straight_bonus: int = key("straight.bonus")
    straight_per_extra: int = key("straight.per_extra")


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
    blocks_machines: bool = False  # between players the opponent's machine counts nothing
    restores: int = 0  # after the battle a card with a strike restores this many of the weakest routed squads

    def strength(self, where: str) -> int | None:
        """Its strength where it counts (`field` or `siege`), None where it does not."""
        return self.siege if where == "siege" else self.field if where == "field" else None


@dataclass(frozen=True)
class Morale:
    """The neutrals' morale in a dungeon: one tile of a domino set, `bonus` strength when its pips reach `least`."""
    pips: int = key("domino_pips")  # the set's highest pip: 6 for a double-six set
    least: int = key("from")
    bonus: int

    def tiles(self) -> tuple[int, int]:
        """(the set's tiles whose pips add up to `least` or more, all its tiles: every pair of pips, each once).

        Counted in closed form, not listed (a listing of a 100,000-pip set took 16 GB): the tiles
        of s pips are the a <= b with a + b = s, s // 2 - max(0, s - top) + 1 of them, and the
        tiles below `least` are their sum over s up to least - 1."""
        top = self.pips
        total = (top + 1) * (top + 2) // 2
        below = min(self.least - 1, 2 * top)  # the most pips a tile that misses may have
        if below < 0:
            return total, total
        over = max(0, below - top)
        misses = (below // 2) * ((below + 1) // 2) + (below + 1) - over * (over + 1) // 2
        return total - misses, total

    def chance(self) -> Fraction:
        """The share of the set's tiles whose pips add up to `least` or more."""
        return Fraction(*self.tiles())


@dataclass(frozen=True)
class HeroAbility:
    """What a hero of the content adds to a battle (3.2.5); the numbers the calculator counts, else `text`."""
    level: int | None = None  # the creature level it boosts
    kind: str | None = None  # or the attack kind it boosts («все стрелки получают +1»)
    plus: int = 0  # strength for each such squad
    times: int = 1  # those squads' damage multiplied
    own_times: int = 1  # the hero's own damage multiplied («урон героя х2»), never its courage
    text: Text | None = None  # a race ability the calculator does not count, printed as it is
    spells: int = 1  # spells its army may cast a battle («может колдовать 2 заклинания за битву»)
    #: times a week its player may spy («умение шпионаж несколько раз в неделю»): not a battle's, the engine's
    spying: int = 0


@dataclass(frozen=True)
class RaceHero:
    number: int  # 1-9: heroes 1-7 boost the creature level of their number
    id: str
    name: Text
    ability: HeroAbility
    mark: Mark = _field(default=NO_MARK, compare=False)
    skill: str | None = None  # «Благословение» (blessing) for hero №3, «Магический удар» (magic_strike) for №6


def _least_most(name: str) -> Callable[[At], tuple[int, int] | None]:
    """A `{least, most}` pair as (least, most), or None where the content has none."""
    def pair(at: At) -> tuple[int, int] | None:
        found = at.data.get(name)
        return (found["least"], found["most"]) if found is not None else None
    return pair


def _kind_names(at: At) -> Mapping[str, Text]:
    return frozen_map({k["id"]: at.build(Text, f"attack_kinds.{i}.name") for i, k in enumerate(at.data["attack_kinds"])})


def _without_note(name: str) -> Callable[[At], Mapping[str, str]]:
    return lambda at: frozen_map({k: v for k, v in at.data[name].items() if k != "note"})


@dataclass(frozen=True)
class BattleRules:
    """The content's `battle:` section (and its `magic:`), as the calculator and the engine read it."""
    attack_kinds: tuple[str, ...] = _field(metadata={"build": lambda at: tuple(k["id"] for k in at.data["attack_kinds"])})
    types: tuple[BattleType, ...]
    magic_attack_bonus: int
    formations: Formations
    luck_zero_penalty: int = key("luck.zero_penalty")
    miss_damage: int = key("miss_damage.value")
    courage_max: int = key("courage.max")
    machines: tuple[WarMachine, ...] = key("war_machines")
    #: the schools of magic (the content's top-level `magic:`)
    magic: Magic = _field(metadata={"build": lambda at: at.up().build(Magic, "magic")})
    #: «ПО 1-7»: the least and most squads of a neutral army
    neutral_squads: tuple[int, int] | None = _field(default=None, metadata={"build": _least_most("neutral_squads")})
    #: an attack kind's printed name, by id
    kind_names: Mapping[str, Text] = _field(default_factory=dict, metadata={"build": _kind_names})
    flank_multiplier: int = key("flank.multiplier", default=1)
    echelon_per_squad: int = key("second_echelon.per_squad", default=0)
    morale: Morale = Morale(0, 1, 0)
    squads_per_chest: int = key("bribery.squads_per_chest", default=1)
    #: travel-card type -> battle type
    card_battles: Mapping[str, str] = _field(default_factory=dict, metadata={"build": _without_note("card_battles")})
    #: each upgrade of a squad's barracks raises its minimal damage by this
    upgrade_miss_damage: int = key("miss_damage.per_upgrade", default=0)

    def type(self, id_: str) -> BattleType | None:
        return next((t for t in self.types if t.id == id_), None)

    def machine(self, id_: str) -> WarMachine | None:
        return next((m for m in self.machines if m.id == id_), None)

    @property
    def forge_levels(self) -> int:
        """The forge's levels: the war machines' highest level (its upgrades stop there); 0 without machines."""
        return max((m.level for m in self.machines), default=0)
