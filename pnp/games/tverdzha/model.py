"""The immutable game model. Everything downstream (checks, engine, renderers) reads this.

Every object keeps the Mark of the YAML it came from so checks can point at the line.
References between objects are kept as ids (strings); the references check reports
ids that point nowhere, so the model can be built from imperfect content.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Iterator, Mapping

from pnp.components.board_graph import BoardGraph
from pnp.components.board_spec import BoardLabels, BoardSpec, read_board
from pnp.core import templating as texts
from pnp.games.tverdzha import ui_keys as ui_contract
from pnp.games.tverdzha import reads
from pnp.components.card_family import CardFamily, CardSpec
from pnp.core.errors import Mark
from pnp.core.texts import NO_MARK, Text, frozen_map
from pnp.content.gamemodel import GameModel
from pnp.content.modelbuilder import At, key


def _computed(fn) -> Any:
    """A field the model builder fills with `fn(at)` (at: the place of the object that holds it)."""
    return field(metadata={"build": fn})


def _frozen_params(at: At) -> Mapping[str, Any]:
    """An effect's or action's parameters, nested maps frozen too."""
    return frozen_map({k: frozen_map(v) if isinstance(v, dict) else v for k, v in (at.data or {}).items()})


def _marks_of(*keys: str):
    """The marks of the given keys below the object (every key it has with none given)."""
    return lambda at: frozen_map({k: at.mark(k) for k in (keys or at.data)})

@dataclass(frozen=True)
class Cost:
    """Resource id -> amount, in content order."""

    items: tuple[tuple[str, int], ...] = ()
    mark: Mark = field(default=NO_MARK, compare=False)

    def get(self, resource: str) -> int:
        return dict(self.items).get(resource, 0)

    @property
    def total(self) -> int:
        return sum(a for _, a in self.items)

    def as_dict(self) -> dict[str, int]:
        return dict(self.items)

    @classmethod
    def from_content(cls, at: At) -> "Cost":
        """A cost written `{wood: 2, stone: 1}`, in the content's order."""
        return cls(tuple((k, int(v)) for k, v in (at.data or {}).items()), at.mark())

    def __iter__(self):
        return iter(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

#: a unit token is square: one strength on each edge, turned towards its owner
UNIT_TOKEN_EDGES = 4


@dataclass(frozen=True)
class Effect:
    key: str
    params: Mapping[str, Any] = _computed(lambda at: _frozen_params(At(at.data.get("params"), at.path + ("params",), at.loaded)))
    text: Text
    mark: Mark = field(default=NO_MARK, compare=False)

    def param(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)


@dataclass(frozen=True)
class Upgrade:
    id: str
    name: Text
    cost: Cost
    points: int
    effects: tuple[Effect, ...]
    base: str = _computed(lambda at: at.loaded.data["buildings"][at.path[1]]["id"])  # the building it upgrades
    note: str = ""
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Building:
    id: str
    name: Text
    cost: Cost
    points: int
    effects: tuple[Effect, ...]
    upgrade: Upgrade
    copies: int = _computed(lambda at: at.loaded.data["building_copies"]["value"])
    note: str = ""
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class BattleCard:
    id: str
    name: Text
    count: int
    timing: str
    effects: tuple[Effect, ...]
    note: str = ""
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Resource:
    id: str
    icon: str
    name: Text
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class LandKind:
    id: str
    icon: str
    name: Text
    yields: str | None = None
    points: int = 0
    fixed: bool = False
    note: str = ""
    mark: Mark = field(default=NO_MARK, compare=False)
    scores: bool = True  # counts towards the points for lands held


@dataclass(frozen=True)
class Cell:
    """A land of the board. `mirror` and `neighbors` (sorted by id) are the board graph's,
    copied here once by the model builder for the engine's flat tables."""

    id: str
    pos: tuple[int, int]
    mirror: str
    neighbors: tuple[str, ...]
    land: str | None = None  # fixed land kind printed on the cell; None for a tile cell
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Castle:
    """A castle zone of the board: a space beside the cells, reached through its entrances."""

    player: str
    pos: tuple[int, int]
    entrances: tuple[str, ...]
    mark: Mark = field(default=NO_MARK, compare=False)
    zone: str = ""  # its zone id, the castle's space in the board graph


@dataclass(frozen=True)
class Tiles:
    pairs: tuple[tuple[str, int], ...]
    centre: tuple[tuple[str, int], ...]
    note: str = ""
    mark: Mark = field(default=NO_MARK, compare=False)

    @property
    def count(self) -> int:
        return 2 * sum(n for _, n in self.pairs) + sum(n for _, n in self.centre)


@dataclass(frozen=True)
class Board:
    """The board: its general topology (`spec`, with the graph every distance comes from)
    and what ТВЕРДЖА adds to it: fixed lands on cells, castles, land tiles."""

    cells: tuple[Cell, ...]
    castles: tuple[Castle, ...]
    tiles: Tiles
    spec: BoardSpec = field(compare=False)
    note: str = ""
    mark: Mark = field(default=NO_MARK, compare=False)

    @classmethod
    def from_content(cls, at: At) -> "Board":
        """The board's general topology read once; the cells copy its graph for the engine."""
        spec = read_board(at.loaded, at.path)
        graph = spec.graph
        cells = tuple(
            Cell(cell["id"], tuple(cell["pos"]), graph.image(cell["id"]), graph.neighbours(cell["id"], gates=False),
                 cell.get("land"), at.mark("cells", i))
            for i, cell in enumerate(at.data["cells"])
        )
        castles = tuple(Castle(z.player or "", z.pos or (0, 0), z.entrances, z.mark, z.id) for z in spec.zones_of("castle"))
        t = at.data["tiles"]
        tiles = Tiles(tuple(t["pairs"].items()), tuple(t["centre"].items()), t.get("note", ""), at.mark("tiles"))
        return cls(cells, castles, tiles, spec, at.data.get("note", ""), at.mark())

    @property
    def graph(self) -> BoardGraph:
        return self.spec.graph

    def cell(self, cell_id: str) -> Cell:
        for c in self.cells:
            if c.id == cell_id:
                return c
        raise KeyError(cell_id)

    def castle(self, player: str) -> Castle:
        for c in self.castles:
            if c.player == player:
                return c
        raise KeyError(player)

    @property
    def cell_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cells)


@dataclass(frozen=True)
class PrintSpec:
    # the sizes as the content writes them (an int stays an int in the printed words)
    card: CardSpec = _computed(lambda at: CardSpec(**{k: at.get(f"card.{k}") for k in ("width", "height", "bleed", "safe", "min_text_pt")}))
    unit_token: float = _computed(lambda at: at.get("unit_token.size"))
    land_tile: float = _computed(lambda at: at.get("land_tile.size"))
    marker: float = _computed(lambda at: at.get("marker.size"))
    board_cell: float = _computed(lambda at: at.get("board.cell"))
    board_gap: float = _computed(lambda at: at.get("board.gap"))


@dataclass(frozen=True)
class Setup:
    units: tuple[tuple[str, int], ...] = _computed(lambda at: tuple((u["where"], u["strength"]) for u in at.data["units"]))  # (where, strength)
    resources: Cost
    hand: int
    market: int
    first_player: str
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Limits:
    storage_cap: int = key("storage.cap")
    hand_size: int = key("hand.size")
    hand_max: int = key("hand.max")
    units_per_land: int = key("units_per_land.value")
    army_per_land: int = key("army.per_land")
    army_castle_counts: bool = key("army.castle_counts")
    training_cap: int = key("training_cap.value")
    strength_floor: int = key("strength_floor.value")
    heals_per_turn: int = key("heals_per_turn.value")
    building_slots: int = key("building_slots.value")
    market_size: int = key("market_size.value")
    marks: Mapping[str, Mark] = field(default_factory=dict, compare=False, metadata={"build": _marks_of(
        "storage", "hand", "units_per_land", "army", "training_cap", "strength_floor", "heals_per_turn",
        "building_slots", "market_size")})


@dataclass(frozen=True)
class Action:
    key: str
    name: Text
    text: Text
    params: Mapping[str, Any] = _computed(lambda at: _frozen_params(At(at.data.get("params"), at.path + ("params",), at.loaded)))
    free: bool = False
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Step:
    key: str
    text: Text
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Round:
    start: tuple[Step, ...]
    turn: tuple[Step, ...]
    end: tuple[Step, ...]


@dataclass(frozen=True)
class ThresholdRow:
    min_ratio: Fraction = _computed(lambda at: Fraction(at.data["min_ratio"]))
    inclusive: bool
    hit: int
    label: Text
    mark: Mark = field(default=NO_MARK, compare=False)

    def matches(self, ratio: Fraction) -> bool:
        return ratio >= self.min_ratio if self.inclusive else ratio > self.min_ratio


@dataclass(frozen=True)
class Timing:
    """One step of a battle: its engine key, short name and one-line explanation."""

    key: str
    name: Text
    text: Text


@dataclass(frozen=True)
class Battle:
    castle_defense: int = key("castle_defense.value")
    always_hit: int = key("natural.always_hit")
    always_miss: int = key("natural.always_miss")
    thresholds: tuple[ThresholdRow, ...] = key("thresholds.rows")
    timing: tuple[Timing, ...]
    mark: Mark = field(default=NO_MARK, compare=False)

    def hit_on(self, own: int | Fraction, enemy: int | Fraction) -> int:
        """The die face a side needs, from the first threshold row its strength ratio matches."""
        ratio = Fraction(own) / Fraction(enemy) if enemy else Fraction(10**9)
        for row in self.thresholds:
            if row.matches(ratio):
                return row.hit
        return self.always_hit


@dataclass(frozen=True)
class Victory:
    points: int
    castle_entrances: int
    tie_winner: str
    check: str
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Scoring:
    land_per: int = key("lands.per")
    land_points: int = key("lands.points")
    prestige_buildings: tuple[str, ...] = key("prestige.buildings")
    prestige_points: int = key("prestige.points")
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Track:
    """A printed track 0..top; a marker flipped to its "+overflow" side counts that much more."""

    top: int
    overflow: int = 0

    @property
    def capacity(self) -> int:
        """The highest value the track and its marker can show."""
        return self.top + self.overflow


@dataclass(frozen=True)
class Components:
    unit_tokens_per_player: int = key("unit_tokens.per_player")
    score_markers_per_player: int = key("score_markers.per_player")
    storage_markers_per_player: int = key("storage_markers.per_player")
    first_player_markers: int = key("first_player_marker.count")
    dice: int = key("dice.count")
    storage_track: Track
    score_track: Track
    marks: Mapping[str, Mark] = field(default_factory=dict, compare=False, metadata={"build": _marks_of()})


@dataclass(frozen=True)
class Clarification:
    topic: Text
    text: Text


@dataclass(frozen=True)
class Change:
    """A departure from the original rules, printed in its own rulebook section."""

    topic: Text
    original: Text
    text: Text
    reason: Text | None
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class IconWord:
    """What an inline icon says in the text layer: plural forms by the number before it."""

    forms: Text
    genitive: Text | None = None


@dataclass(frozen=True)
class Term:
    """A glossary entry: one term per thing, and the words not to print for it."""

    term: Text
    meaning: Text
    avoid: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Game(GameModel):
    id: str = key("game.id")
    title: Text = key("game.title")
    tagline: Text | None = key("game.tagline")
    players: tuple[str, ...] = key("game.players")
    minutes: int = _computed(lambda at: at.get("game.minutes", 0))
    languages: tuple[str, ...] = key("game.languages")
    print: PrintSpec
    resources: tuple[Resource, ...]
    lands: tuple[LandKind, ...]
    board: Board
    setup: Setup
    limits: Limits
    actions: tuple[Action, ...]
    round: Round
    battle: Battle
    victory: Victory
    scoring: Scoring
    buildings: tuple[Building, ...]
    battle_cards: tuple[BattleCard, ...]
    battle_deck_size: int = key("battle_deck.size")
    components: Components
    ui_strings: Mapping[str, Text] = key("ui")
    clarifications: tuple[Clarification, ...]
    changes: tuple[Change, ...] = ()
    glossary: tuple[Term, ...] = ()
    #: the card families of the kit, in print order (content `card_families:`)
    card_families: tuple[CardFamily, ...] = ()
    #: icon name -> what it says in the text layer
    icon_words: Mapping[str, IconWord] = field(default_factory=dict)
    source: str = ""
    sha256: str = ""
    fonts: tuple = field(default=(), compare=False, repr=False)  # the designer's fonts (pnp.content.fonts.DesignerFont)
    marks: Mapping[tuple, Mark] = field(default_factory=dict, compare=False, repr=False)
    #: every `note:` of the content, by the path of the mapping that holds it
    notes: Mapping[tuple, str] = field(default_factory=dict, compare=False, repr=False)

    #: its ui-string contract (a class attribute, not a field: the same for every content)
    ui_keys = ui_contract.KEYS
    ui_contract_file = "pnp/games/tverdzha/ui_keys.py"
    renderer_reads = reads.READS

    # ---- units ----------------------------------------------------------------
    def strength_sources(self, *, marked: bool = True) -> Iterator[tuple[int, Mark | None, str]]:
        """(strength, where the content sets it, what) for every way a unit grows stronger: the
        training cap, and each building's or upgrade's training cap and hiring strength. Without
        `marked`, where is None: what prints the strengths reads no marks, so that a line added
        above them changes no printed component (pnp.cache)."""
        yield (self.limits.training_cap, self.mark("limits", "training_cap") if marked else None,
               "limits.training_cap")
        for building in self.buildings:
            for item in (building, building.upgrade):
                for effect in item.effects:
                    for key, name in (("train_cap", "cap"), ("hire_strength", "strength")):
                        if effect.key == key and name in effect.params:
                            yield effect.params[name], effect.mark, f"{item.id} {key}"

    @property
    def unit_strengths(self) -> tuple[int, ...]:
        """Every strength a unit can have: from 1 (one less and it is gone) to the most that
        training or hiring gives; a unit token prints them, one per edge."""
        return tuple(range(1, max(strength for strength, _, _ in self.strength_sources(marked=False)) + 1))

    # ---- the board as pnp's general board renderer reads it (board_sheet.BoardModel): ТВЕРДЖА
    # prints its own lens board (render/board.py); general tools may draw the plain graph
    @property
    def board_spec(self) -> BoardSpec:
        return self.board.spec

    @property
    def board_cell(self) -> float:
        return self.print.board_cell

    @property
    def board_gap(self) -> float:
        return self.print.board_gap

    def board_labels(self, lang: str) -> BoardLabels:
        """No names: the general renderer prints each land's id and position."""
        return BoardLabels()

    # ---- look-ups -------------------------------------------------------------
    def resource(self, rid: str) -> Resource:
        return _by_id(self.resources, rid)

    def land(self, lid: str) -> LandKind:
        return _by_id(self.lands, lid)

    def building(self, bid: str) -> Building:
        return _by_id(self.buildings, bid)

    def battle_card(self, cid: str) -> BattleCard:
        return _by_id(self.battle_cards, cid)

    def action(self, key: str) -> Action:
        for a in self.actions:
            if a.key == key:
                return a
        raise KeyError(key)

    def upgrade(self, uid: str) -> Upgrade:
        for b in self.buildings:
            if b.upgrade.id == uid:
                return b.upgrade
        raise KeyError(uid)

    # cached: every filled effect or action text asks (the Game is frozen, so they never change)
    @cached_property
    def resource_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.resources)

    @cached_property
    def resource_icons(self) -> Mapping[str, str]:
        """Resource id -> icon name: a resource parameter prints as its icon."""
        return frozen_map({r.id: r.icon for r in self.resources})

    def effect_text(self, effect: Effect, lang: str) -> str:
        """The printed text of an effect with its parameters filled in (icons as [markup])."""
        return texts.fill(effect.text.get(lang), effect.params, lang, self.resource_icons)

    def effects_text(self, effects, lang: str, sep: str = "\n") -> str:
        return sep.join(self.effect_text(e, lang) for e in effects)

    def action_text(self, action: Action, lang: str) -> str:
        return texts.fill(action.text.get(lang), action.params, lang, self.resource_icons)


    # ---- walks the checks share (the general markup and prose-facts checks read them) ----
    def owners(self) -> Iterator["Owner"]:
        """Buildings, their upgrades and the battle cards, in file order."""
        for i, b in enumerate(self.buildings):
            yield Owner("building", b.id, ("buildings", i), b.effects, b.mark)
            yield Owner("upgrade", b.upgrade.id, ("buildings", i, "upgrade"), b.upgrade.effects, b.upgrade.mark)
        for i, c in enumerate(self.battle_cards):
            yield Owner("battle card", c.id, ("battle_cards", i), c.effects, c.mark)

    def filled_texts(self) -> Iterator[tuple[Text, Mapping[str, Any], tuple]]:
        """(text, params, path of the text) for every effect and action text: the texts printed
        filled from their parameters."""
        for owner in self.owners():
            for j, e in enumerate(owner.effects):
                yield e.text, e.params, owner.path + ("effects", j, "text")
        for i, a in enumerate(self.actions):
            yield a.text, a.params, ("actions", i, "text")

    def prose(self) -> Iterator[tuple[Text, tuple]]:
        """Round steps, clarifications and changes (texts that name game facts) with their paths."""
        for part in ("start", "turn", "end"):
            for i, step in enumerate(getattr(self.round, part)):
                yield step.text, ("round", part, i, "text")
        for i, c in enumerate(self.clarifications):
            yield c.topic, ("clarifications", i, "topic")
            yield c.text, ("clarifications", i, "text")
        for i, c in enumerate(self.changes):
            for part in ("topic", "original", "text", "reason"):
                if getattr(c, part) is not None:
                    yield getattr(c, part), ("changes", i, part)


@dataclass(frozen=True)
class Owner:
    """Something that carries effects: a building, an upgrade or a battle card."""

    kind: str  # "building" | "upgrade" | "battle card"
    id: str
    path: tuple  # YAML path of the owner
    effects: tuple[Effect, ...]
    mark: Mark


def _by_id(items, item_id: str):
    for item in items:
        if item.id == item_id:
            return item
    raise KeyError(item_id)
