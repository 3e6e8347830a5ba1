"""The schools of magic as data (content `magic:`), frozen: what pnp.games.empire.rules.magic casts by
and what the magic-school board prints.

A school has levels (1 at the bottom of the seed's table), each with its damage (the «Урон»
column) and the spells of its two circles; spells outside the levels (Ритуал Земли, the ether's)
are its extras. A spell's `effect` holds the numbers the calculator counts; the rest of what it
does is its `text`, printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pnp.content.modelbuilder import At, key
from pnp.core.errors import Mark
from pnp.core.texts import NO_MARK, Text

CIRCLES = ("destruction", "blessing")


def _extra(at: At) -> bool:
    """Whether the spell built at `at` is one of its school's extras (else in a level's circle)."""
    return at.path[-2] == "extras"


@dataclass(frozen=True)
class SpellEffect:
    strength: int = 0  # +N to the army's strength, or +N a squad of `per_squad`'s kind
    per_squad: str | None = None
    siege: int | None = None  # a destruction spell's strength in a siege (where the circle is banned)
    against_flying: int = 0
    luck: int = 0
    maximal: str | None = None  # one | all: squads that deal their maximal damage without a card
    large: bool = False  # a summoned large creature
    #: out of battle: "anyone", a «Война» card of its reader reaches any player, not only a neighbour (the seed's
    #: «в случае наличия портала во владениях, то любому игроку»)
    war: str | None = None

    @property
    def counted(self) -> bool:
        """Whether the battle calculator counts anything of it (a war's reach is the game's, not a battle's)."""
        return replace(self, war=None) != SpellEffect()


@dataclass(frozen=True)
class Spell:
    """A spell, from where the content lists it: a level's circle (`levels[j].destruction[k]`) or the
    school's extras; what it takes from there (its school, circle, level and damage) says so."""
    id: str
    name: Text
    school: str = field(metadata={"build": lambda at: at.up(2 if _extra(at) else 4).data["id"]})
    circle: str = field(metadata={"build": lambda at: "extra" if _extra(at) else at.path[-2]})  # destruction | blessing | extra
    #: None: outside the levels (a ritual, the ether's spells)
    level: int | None = field(metadata={"build": lambda at: None if _extra(at) else at.up(2).data["level"]})
    #: a destruction spell's: its level's «Урон»
    damage: int = field(default=0, metadata={"build": lambda at: at.up(2).data["damage"] if at.path[-2] == "destruction" else 0})
    text: Text | None = None
    effect: SpellEffect = SpellEffect()
    hero: int | None = None  # the hero slot (№1-9) the board ties it to, if it names one
    #: one of two in its level's circle: the heroes' skills add to it
    hero_spell: bool = field(default=False, metadata={"build": lambda at: not _extra(at) and len(at.up().data) > 1})
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Level:
    level: int
    damage: int
    destruction: tuple[Spell, ...] = ()
    blessing: tuple[Spell, ...] = ()
    mark: Mark = field(default=NO_MARK, compare=False)

    def circle(self, name: str) -> tuple[Spell, ...]:
        return self.destruction if name == "destruction" else self.blessing


@dataclass(frozen=True)
class School:
    id: str
    name: Text
    levels: tuple[Level, ...] = ()  # in the content's order
    extras: tuple[Spell, ...] = ()
    joins_every_school: bool = False  # the ether: its spells stand beside every school's
    mark: Mark = field(default=NO_MARK, compare=False)

    @property
    def spells(self) -> tuple[Spell, ...]:
        return tuple(s for lv in self.levels for c in CIRCLES for s in lv.circle(c)) + self.extras

    @property
    def playable(self) -> bool:
        """A school a player can draw: one with spells in its levels (the ether only joins the others)."""
        return not self.joins_every_school and any(lv.destruction or lv.blessing for lv in self.levels)


@dataclass(frozen=True)
class Magic:
    levels: int  # spell levels a school has
    tower_damage: int = key("tower.damage_per_level")  # the tower's automatic damage a level
    schools: tuple[School, ...]
    mark: Mark = field(default=NO_MARK, compare=False)

    def school(self, id_: str) -> School | None:
        return next((s for s in self.schools if s.id == id_), None)

    def spell(self, id_: str) -> Spell | None:
        return next((sp for s in self.schools for sp in s.spells if sp.id == id_), None)

    @property
    def joined(self) -> tuple[School, ...]:
        """The schools whose spells join every school's board (the ether)."""
        return tuple(s for s in self.schools if s.joins_every_school)
