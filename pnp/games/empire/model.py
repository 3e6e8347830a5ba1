"""The frozen model of «Строительство империи». Checks and the rules engine read this.

Every object keeps the Mark of the YAML it came from, so checks can point at the line.
Travel cards share one class: each type fills the fields its layout prints (the schema
requires them per type) and leaves the others empty.

The general model builder (pnp.content.modelbuilder) makes it from the validated content: each
field says where it comes from (`key("hero_hand.base")`) where that is not its own name, and
what the content writes in another shape says how it is read (`metadata={"build": …}`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Iterable, Mapping

from pnp.components.card_family import CardFamily, CardSpec
from pnp.content.gamemodel import GameModel
from pnp.content.modelbuilder import At, key, place_key
from pnp.core.errors import Mark
from pnp.core.texts import NO_MARK, Text
from pnp.games.empire import ui_keys as ui_contract
from pnp.games.empire import reads
from pnp.games.empire.book_model import BookContent, Play
from pnp.games.empire.rules.battle_rules import BattleRules, RaceHero
from pnp.games.empire.rules.capital import Cell, Layout


@dataclass(frozen=True)
class Resource:
    id: str
    short: Text  # the letters on the sheet: К, Д, Ме ...
    name: Text
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Plot:
    id: str
    kind: str  # palace | gates | barracks | forge | magic_tower | unique
    at: Cell
    level: int | None = None  # barracks only: I-VII
    built: bool = False  # built from the start
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class IncomeStep:
    verticals: int
    gold: int
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class FortStep:
    """The capital's siege strength from `verticals` completed verticals on («укрепления»)."""
    verticals: int
    strength: int
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Capital:
    columns: int
    rows: int
    income: tuple[IncomeStep, ...]
    fortifications: tuple[FortStep, ...]
    hero_base: int = key("hero_hand.base")
    points_per_card: int = key("points_per_card.value")
    plots: tuple[Plot, ...]
    mark: Mark = field(default=NO_MARK, compare=False)

    @cached_property
    def layout(self) -> Layout:
        """The plots as the rules engine reads them (pnp.games.empire.rules.capital)."""
        palace = next((p.id for p in self.plots if p.kind == "palace"), "")
        return Layout(self.columns, self.rows, {p.id: p.at for p in self.plots}, palace,
                      frozenset(p.id for p in self.plots if p.built))

    def income_track(self) -> tuple[tuple[int, int], ...]:
        return tuple((s.verticals, s.gold) for s in self.income)

    def fortification_track(self) -> tuple[tuple[int, int], ...]:
        return tuple((s.verticals, s.strength) for s in self.fortifications)


@dataclass(frozen=True)
class Upgrade:
    cost: int
    name: Text | None = None  # a new name once upgraded (Ратуша -> Магистрат)
    gold: int | None = None
    heroes: int | None = None
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Building:
    plot: str = place_key()  # the plot it stands on: its key under the race's `buildings:`
    name: Text
    cost: int | None = None  # cards to build; None for what stands from the start
    upgrade: Upgrade | None = None
    hires: Text | None = None
    gives: Text | None = None
    gold: int | None = None
    heroes: int | None = None
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Race:
    id: str
    name: Text
    buildings: tuple[Building, ...]  # in the content's order
    mark: Mark = field(default=NO_MARK, compare=False)
    heroes: tuple[RaceHero, ...] = ()  # the race's heroes (3.2.5), by number as the content lists them

    def building(self, plot: str) -> Building | None:
        return next((b for b in self.buildings if b.plot == plot), None)

    def heroes_granted(self, built: Iterable[str], upgraded: Iterable[str] = ()) -> tuple[int, ...]:
        """The hero limits of the race's buildings on the `built` plots, the upgrade's where upgraded
        (pnp.games.empire.rules.capital.hero_limit takes the largest)."""
        up = set(upgraded)
        found = []
        for plot in built:
            b = self.building(plot)
            if b is None:
                continue
            heroes = b.upgrade.heroes if plot in up and b.upgrade and b.upgrade.heroes is not None else b.heroes
            if heroes is not None:
                found.append(heroes)
        return tuple(found)


@dataclass(frozen=True)
class TravelType:
    id: str
    name: Text
    colour: str
    label: Text  # the type as one card's header names it
    mark: Mark = field(default=NO_MARK, compare=False)
    played: str = "deck"  # where a played card goes: deck | discard | holdings | out

    @property
    def returns(self) -> bool:
        """A played card of the type comes back to be dealt again (under the deck, or through the discard)."""
        return self.played in ("deck", "discard")


@dataclass(frozen=True)
class ChestRange:
    first: int = key("weeks.0")
    last: int = key("weeks.1")
    chests: int
    mark: Mark = field(default=NO_MARK, compare=False)


def _dungeon_chests(at: At) -> int | None:
    chests = at.data.get("chests")
    return chests if isinstance(chests, int) else None


def _treasure_chests(at: At) -> tuple["ChestRange", ...]:
    return at.build(tuple[ChestRange, ...], "chests") if isinstance(at.data.get("chests"), list) else ()


@dataclass(frozen=True)
class TravelCard:
    id: str
    type: str
    name: Text
    guards: int | None = None  # least squads of the neutral army
    resource: str | None = None
    gold: int | None = None  # a day (mines, towns) or to join (terrain)
    points: int | None = None
    strength: tuple[int, ...] = ()  # by week, from week 1
    week: int | None = None
    kind: Text | None = None
    bonus: int | None = None
    chests: int | None = field(default=None, metadata={"build": _dungeon_chests})  # a dungeon's reward
    #: a treasure's chests by weeks (its `chests:` is a list)
    chest_ranges: tuple[ChestRange, ...] = field(default=(), metadata={"build": _treasure_chests})
    penalty: Mapping[str, int] = field(default_factory=dict)
    action: str | None = None
    effect: Text | None = None
    mark: Mark = field(default=NO_MARK, compare=False)
    count: int = 1  # printed copies


@dataclass(frozen=True)
class NeutralArmy:
    """A card of the neutral deck: an army kind. The army has the guarded card's guards plus `extra` squads;
    its strength is its squads times the squad's strength of the week."""
    id: str
    count: int
    name: Text
    strength: tuple[int, ...]  # a squad's, by week from week 1
    extra: int = 0
    flying: bool = False
    immune: bool = False
    mark: Mark = field(default=NO_MARK, compare=False)

    def squads(self, guards: int) -> int:
        return guards + self.extra

    def army_strength(self, guards: int, week: int) -> int:
        """The army's strength on a card of `guards` in week `week` (1-based)."""
        return self.squads(guards) * self.strength[week - 1]


@dataclass(frozen=True)
class NeutralDeck:
    colour: str
    armies: tuple[NeutralArmy, ...] = key("cards")
    mark: Mark = field(default=NO_MARK, compare=False)

    @property
    def size(self) -> int:
        return sum(a.count for a in self.armies)


@dataclass(frozen=True)
class Chests:
    """The chest cards (3.4.1): the bank's size, what a player may hold, and a chest's worth taken as gold or experience."""
    count: int
    keep: int
    gold: int
    experience: int
    colour: str
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Economy:
    """The whole game's numbers the seed leaves open (content `economy:`): prices in gold, a hero's own
    attack, what holdings bring at a week's start, the luck ritual."""
    start_chests: int
    creature_gold: int  # a creature card's price a level
    hero_gold: int
    hero_attack: int
    resource_chests: int
    ritual_luck: int
    #: what a hero's skill («Благословение», «Магический удар») adds to a hero spell's stated strength
    skill_bonus: int
    #: «Наличие ресурсов в империи позволяет возводить постройки в столице со скидками»: chests off a
    #: building or an upgrade for each kind of resource its player holds, at most `discount_most` off,
    #: never below `least_cost`
    discount: int
    discount_most: int
    least_cost: int
    mark: Mark = field(default=NO_MARK, compare=False)

    def price(self, cost: int, kinds: int) -> int:
        """What a building or an upgrade printed at `cost` chests costs a player holding `kinds` kinds of resource."""
        return max(min(cost, self.least_cost), cost - min(kinds * self.discount, self.discount_most))


@dataclass(frozen=True)
class Creature:
    """One creature of a race's deck and its printed cards: each card's strike mark (0: the card has none)."""
    id: str
    level: int  # I-VII: the barracks of that level hires it
    name: Text
    kind: str  # an attack kind of `battle:` (melee, ranged, flying, magic)
    strikes: tuple[int, ...]  # one a printed card
    large: bool = False
    immune: bool = False  # immune to magic
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class CreatureDeck:
    race: str
    creatures: tuple[Creature, ...] = key("cards")
    mark: Mark = field(default=NO_MARK, compare=False)
    colour: str = "#555555"  # its cards' frame and back (content `colour:`)

    @property
    def strikes(self) -> tuple[int, ...]:
        """The strike of every card, as the battle engine's Army.deck reads it."""
        return tuple(s for c in self.creatures for s in c.strikes)


@dataclass(frozen=True)
class Print:
    #: the travel cards' size, as pnp's card renderer and the exporters read it (content `cards:`), its
    #: numbers as the content writes them (a whole 63 stays an int in what the rulebook prints)
    card: CardSpec = field(metadata={"build": lambda at: CardSpec(**{f.name: at.get(f.name) for f in fields(CardSpec)})})


@dataclass(frozen=True)
class Game(GameModel):
    id: str = key("game.id")
    title: Text = key("game.title")
    languages: tuple[str, ...] = key("game.languages")
    gold_short: Text = key("gold.short")
    gold_name: Text = key("gold.name")
    resources: tuple[Resource, ...]
    neutral_luck: tuple[int, ...] = key("weeks.neutral_luck")  # by week, from week 1; its length is the number of weeks
    capital: Capital
    races: tuple[Race, ...]
    travel_types: tuple[TravelType, ...]
    travel_cards: tuple[TravelCard, ...]
    battle: BattleRules
    notes: Mapping[tuple, str] = field(default_factory=dict, compare=False, repr=False)  # path of a mapping -> its note
    ui_strings: Mapping[str, Text] = key("ui", default_factory=dict)  # the content's `ui:` (the printed kit's words)
    source: str = ""
    sha256: str = ""
    fonts: tuple = field(default=(), compare=False, repr=False)  # the designer's fonts (pnp.content.fonts.DesignerFont)
    marks: Mapping[tuple, Mark] = field(default_factory=dict, compare=False, repr=False)
    week_days: int | None = key("weeks.days.value", default=None)  # days (rounds) a week: the week track's day counter
    play: Play | None = None  # the seed's numbers for the turn and war (content `play:`)
    book: BookContent | None = key("rulebook", default=None)  # the rulebook's worked battle and decided gaps
    #: content `cards:` (None for a model built without it)
    print: Print | None = key("cards", default=None)
    #: every deck as pnp's card renderer reads them (modelbuild.py gives them: their rows read the model)
    card_families: tuple[CardFamily, ...] = ()
    #: content `creature_decks:`, a deck a race
    creature_decks: tuple[CreatureDeck, ...] = ()
    #: content `neutral_armies:` and `chests:` (None for a content without them)
    neutral_deck: NeutralDeck | None = key("neutral_armies", default=None)
    chests: Chests | None = None
    #: content `economy:` (None for a content without it: such a game has no engine)
    economy: Economy | None = None

    #: its ui-string contract (a class attribute, not a field: the same for every content)
    ui_keys = ui_contract.KEYS
    ui_contract_file = "pnp/games/empire/ui_keys.py"
    renderer_reads = reads.READS

    @property
    def weeks(self) -> int:
        return len(self.neutral_luck)

    def hero(self, id_: str) -> RaceHero | None:
        """A hero of any race by id (the checks keep hero ids unique across races)."""
        return next((h for r in self.races for h in r.heroes if h.id == id_), None)
    def creature(self, id_: str) -> Creature | None:
        """A creature of any race's deck by id (the checks keep creature ids unique across decks)."""
        return next((c for d in self.creature_decks for c in d.creatures if c.id == id_), None)

    def travel_card(self, id_: str) -> TravelCard | None:
        return next((c for c in self.travel_cards if c.id == id_), None)

    def travel_type(self, type_id: str) -> TravelType:
        return next(t for t in self.travel_types if t.id == type_id)

    def travel_copies(self, type_id: str) -> int:
        """The printed copies of a travel type's cards."""
        return sum(c.count for c in self.travel_cards if c.type == type_id)
