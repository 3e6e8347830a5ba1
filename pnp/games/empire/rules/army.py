"""An army of «Строительство империи» and what it fights, as the battle reads them (3.2).

Plain values: the squads of the first row and the second echelon, the heroes, the spells cast
(`Casting`), the opponent, and the groups of squads that take one damage card together. The
battle (`pnp.games.empire.rules.battle`) counts them and its spells (`pnp.games.empire.rules.magic`)
read them; both import this module, which imports neither.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.games.empire.rules.battle_rules import HeroAbility


@dataclass(frozen=True)
class Casting:
    """One spell the army casts, and the squad (from 1) a one-squad blessing is cast on."""
    spell: str
    on: int | None = None
    where: tuple = field(default=("spell",), compare=False)  # the army file's path to blame for the spell ...
    on_where: tuple = field(default=("spell_on",), compare=False)  # ... and for its squad


@dataclass(frozen=True)
class Squad:
    type: str  # the creature: squads of one type side by side make a line
    level: int  # I-VII
    kind: str  # an attack kind of the rules (melee, ranged, flying, magic)
    cards: int = 1  # a column: its cards lie on each other and multiply its damage
    large: bool = False
    flank: bool = False  # turned to the enemy's wing at an end of the first row
    behind: int | None = None  # a second-echelon squad: the first-row squad (from 0) it stands behind
    upgrades: int = 0  # the upgrades of the barracks it was hired from: each raises its minimal damage
    #: immune to magic: its own army's blessings do not act on it («благословения на таких существ не действуют»)
    immune: bool = False


@dataclass(frozen=True)
class Hero:
    name: str
    bonus: int  # the hero's own damage this battle, as the army file states it
    courage: int = 0  # +1 attack for each battle fought (the die beside the hero)
    blessing: int = 0  # the skills «Благословение» and «Магический удар»: + to a hero spell (rules.magic)
    magic_strike: int = 0
    ability: HeroAbility | None = None  # a hero of the content: what its ability adds (3.2.5)


@dataclass(frozen=True)
class Army:
    squads: tuple[Squad, ...]  # the first row, left to right
    luck: int
    deck: tuple[int, ...]  # the strike of every card in the creature deck (0: no strike mark)
    machine: str | None = None
    spells: tuple[Casting, ...] = ()  # one a battle, more with a hero whose ability says so
    heroes: tuple[Hero, ...] = ()
    tower: int = 0  # the magic tower's level M (0: not built)
    echelon: tuple[Squad, ...] = ()  # the second row: each squad names the first-row squad it stands behind
    chests: int = 0  # bribery (3.4.3): chests paid ...
    chests_at: int = 1  # ... before this damage card, counted from 1 (the start of the count)

    @property
    def fighters(self) -> tuple[Squad, ...]:
        """Every squad as the breakdown numbers them: the first row, then the second echelon."""
        return self.squads + self.echelon


@dataclass(frozen=True)
class Opponent:
    strength: int
    battle: str  # a battle type's id: field | siege | dungeon | players
    luck: int  # the neutral armies' luck of the week (or the player's who holds the town)
    immune_to_magic: bool = False
    flying: bool = False  # the neutral army flies (Обуза)
    squads: tuple[int, ...] = ()  # the neutral army squad by squad, when known (`strength` is their sum)
    count: int | None = None  # else its number of squads, when known; neither: a fixed strength (a town)
    mercenaries: int = 0  # squads another player paid a chest each to add (3.4.3)
    name: str = ""  # the travel card fought for, as a report names it
    machine: str | None = None  # between players: the other side's war machine (a neutral army brings none)


@dataclass(frozen=True)
class Group:
    """Squads that take one damage card together (a line), and the damage it multiplies by."""
    first: int  # in `Army.fighters`
    last: int
    multiplier: int
    backups: tuple["Group", ...] = ()  # the second echelon behind it: steps in, left to right, when it misses
    upgrades: int = 0  # its barracks' upgrades (a line's squads share one barracks: the most of them)

    @property
    def numbers(self) -> str:
        """The squads counted from 1, left to right: «2» or «2-4»."""
        return str(self.first + 1) if self.first == self.last else f"{self.first + 1}-{self.last + 1}"
