"""The frozen model of «Оборона Замка». Checks, the engine and the renderers read this.

Every object keeps the Mark of the YAML it came from, so checks can point at the line.
The field is kept as the content gives it (offset rows and columns, which a designer
reads off the printed field) and converted once to axial hexes for the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Mapping

from pnp.components.board_spec import BoardLabels, BoardSpec, Ground, Pair, Space, Zone
from pnp.content.modelbuilder import key
from pnp.content.gamemodel import GameModel, Share
from pnp.core.errors import Mark
from pnp.core.texts import NO_MARK, Text
from pnp.games.oborona_zamka.rules.field import FieldSpec, Hex, neighbours_of
from pnp.games.oborona_zamka import ui_keys as ui_contract
from pnp.games.oborona_zamka import reads
from pnp.games.oborona_zamka.rules.numbers import Numbers

RowCol = tuple[int, int]


def axial(cell: RowCol) -> Hex:
    """(row, column) of the printed field -> axial (q, r); odd rows sit half a hex right."""
    row, col = cell
    return (col - (row - (row & 1)) // 2, row)


def cell_id(cell: RowCol) -> str:
    """A hex's id on the general board: '4-5' for row 4, column 5 (both from 0, as in the content)."""
    return f"{cell[0]}-{cell[1]}"


def ids(cells) -> tuple[str, ...]:
    return tuple(cell_id(c) for c in cells)


@dataclass(frozen=True)
class Side:
    id: str
    name: Text
    moves: int = key("moves.value")
    crosses_walls: bool
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Race:
    id: str
    side: str
    name: Text
    colour: str
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Field:
    across_flats: float = key("hex.across_flats")  # mm between a hex's flat sides, as printed
    rows: tuple[int, ...]  # hexes per row, top to bottom
    mountain: tuple[RowCol, ...]
    castle: tuple[RowCol, ...]
    wall_around: tuple[RowCol, ...]  # the wall stands on every edge between these and the rest
    starts: Mapping[str, tuple[RowCol, ...]]  # side id -> start hexes, in placing order
    mirror: bool = key("mirror.value")
    mark: Mark = field(default=NO_MARK, compare=False)
    colours: Mapping[str, str] = field(default_factory=dict)  # zone id -> the printed field's fill
    terrain: Mapping[str, str] = field(default_factory=dict)  # zone id -> how its hexes are drawn
    ground: Ground | None = None  # the land the field lies on; None: white paper, no frame

    @property
    def cells(self) -> tuple[RowCol, ...]:
        return tuple((r, c) for r, n in enumerate(self.rows) for c in range(n))

    def walls(self) -> tuple[tuple[RowCol, RowCol], ...]:
        """The wall segments, each on the edge between an enclosed hex and a field hex outside."""
        inside = {axial(c) for c in self.wall_around}
        back = {axial(c): c for c in self.cells}
        found = set()
        for cell in self.wall_around:
            for n in neighbours_of(axial(cell)):
                if n in back and n not in inside:
                    found.add(tuple(sorted((cell, back[n]))))
        return tuple(sorted(found))

    def mirrored(self, cell: RowCol) -> RowCol:
        """The hex's mirror image left to right (rows of n hexes: column c <-> n-1-c)."""
        row, col = cell
        return (row, self.rows[row] - 1 - col)

    def board(self, side_ids: tuple[str, str]) -> BoardSpec:
        """The field as a general board (pnp.components.board_spec): pointy-top hexes in axial
        coordinates, zones for the mountain, the castle, the yard inside the wall and each side's
        start hexes (in placing order), the wall on the edges around the yard, and the mirror
        pairs when the field is declared mirrored. The general board renderer and checks read it.

        A hex's id is `cell_id` (its row and column as the designer writes them in the content)."""
        cells = tuple(Space(cell_id(c), axial(c)) for c in self.cells)
        yard = tuple(c for c in self.wall_around if c not in self.castle)
        zones = (Zone("mountain", "mountain", ids(self.mountain)), Zone("castle", "castle", ids(self.castle)),
                 Zone("yard", "yard", ids(yard)),
                 *(Zone(f"start-{side}", "start", ids(self.starts.get(side, ())), player=side) for side in side_ids))
        zones = tuple(replace(z, colour=self.colours.get(z.id), terrain=self.terrain.get(z.id)) for z in zones)
        walls = tuple(Pair(cell_id(a), cell_id(b)) for a, b in self.walls())
        mirror = (tuple(Pair(cell_id(c), cell_id(self.mirrored(c))) for c in self.cells if c < self.mirrored(c))
                  if self.mirror else ())
        return BoardSpec("hex", cells, zones, walls, mirror, mark=self.mark, ground=self.ground)

    def spec(self, side_ids: tuple[str, str]) -> FieldSpec:
        """The field in axial hexes, for the engine (sides in engine order: attacker, defender)."""
        return FieldSpec(
            cells=tuple(axial(c) for c in self.cells),
            mountain=frozenset(axial(c) for c in self.mountain),
            castle=frozenset(axial(c) for c in self.castle),
            walls=tuple((axial(a), axial(b)) for a, b in self.walls()),
            starts=(tuple(axial(c) for c in self.starts.get(side_ids[0], ())),
                    tuple(axial(c) for c in self.starts.get(side_ids[1], ()))),
        )


@dataclass(frozen=True)
class Rules:
    first_player: str = key("first_player.value")
    fight: int = key("fight.hit")
    fight_over_wall: int = key("fight_over_wall.hit")
    wall_attack: int = key("wall_attack.hit")
    capture: int = key("capture.hit")
    capture_from: str = key("capture.from")
    capture_bonus: bool = key("capture.bonus")
    potion: int = key("potion.hit")
    potion_no_room: str = key("potion.no_room")
    commander_target: int = key("commander.target_modifier")
    commander_bonus: int = key("commander.bonus")
    defender_reroll: bool = key("commander.defender_reroll")
    own_bonus: bool = key("commander.own_bonus")
    natural_six: bool = key("natural_six.value")
    turn_cap: int = key("turn_cap.value")
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Components:
    dice: int = key("dice.count")
    die_faces: int = key("dice.faces")
    standees_per_race: int = key("standees.per_race")
    spare_wall_segments: int = key("wall_segments.spare")
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Balance:
    """The simulator's balance finding (content `balance:`): the command and what it printed."""
    games: int = key("command.games")
    seed: int = key("command.seed")
    agents: tuple[str, ...] = key("command.agents")
    attacker: Share
    defender: Share
    victories: Mapping[str, float]  # victory type (the simulator's id) -> share of the games
    mean_turns: float = key("turns.mean")
    confidence: float  # the level of the intervals
    mark: Mark = field(default=NO_MARK, compare=False)

    def favoured(self) -> str:
        """"attacker" or "defender": the side that wins more often."""
        return "attacker" if self.attacker.rate >= self.defender.rate else "defender"


@dataclass(frozen=True)
class Term:
    term: Text
    means: Text
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Game(GameModel):
    id: str = key("game.id")
    title: Text = key("game.title")
    tagline: Text = key("game.tagline")
    minutes: int = key("game.minutes")
    languages: tuple[str, ...] = key("game.languages")
    sides: tuple[Side, ...]  # the attacker first, then the defender
    races: tuple[Race, ...]
    army: int = key("army.size.value")
    commanders: int = key("army.commanders.value")
    warrior: Text = key("army.warrior")
    commander: Text = key("army.commander")
    field: Field
    rules: Rules
    components: Components
    ui_strings: Mapping[str, Text] = key("ui", default_factory=dict)
    glossary: tuple[Term, ...] = key("glossary", default=())
    notes: Mapping[tuple, str] = field(default_factory=dict, compare=False, repr=False)  # path of a mapping -> its note
    source: str = ""
    sha256: str = ""
    fonts: tuple = field(default=(), compare=False, repr=False)  # the designer's fonts (pnp.content.fonts.DesignerFont)
    marks: Mapping[tuple, Mark] = field(default_factory=dict, compare=False, repr=False)
    balance: Balance | None = None  #: the simulator's finding the rulebook prints (None: not measured)

    def side(self, side_id: str) -> Side:
        return next(s for s in self.sides if s.id == side_id)

    def races_of(self, side_id: str) -> tuple[Race, ...]:
        return tuple(r for r in self.races if r.side == side_id)

    @cached_property
    def numbers(self) -> Numbers:
        """The rules' numbers as the engine reads them."""
        r = self.rules
        return Numbers(
            army=self.army, moves=(self.sides[0].moves, self.sides[1].moves), fight=r.fight,
            fight_over_wall=r.fight_over_wall, wall=r.wall_attack, capture=r.capture, potion=r.potion,
            commander_target=r.commander_target, commander_bonus=r.commander_bonus,
            defender_reroll=r.defender_reroll, own_bonus=r.own_bonus, bonus_on_capture=r.capture_bonus, natural_six=r.natural_six,
            max_turns=r.turn_cap, faces=self.components.die_faces)

    #: its ui-string contract (a class attribute, not a field: the same for every content)
    ui_keys = ui_contract.KEYS
    ui_contract_file = "pnp/games/oborona_zamka/ui_keys.py"
    renderer_reads = reads.READS

    @cached_property
    def board_spec(self) -> BoardSpec:
        """The field as a general board (`Field.board`), sides in engine order."""
        return self.field.board((self.sides[0].id, self.sides[1].id))

    @cached_property
    def field_spec(self) -> FieldSpec:
        return self.field.spec((self.sides[0].id, self.sides[1].id))

    # --- the printed field: what the general board renderer reads (pnp.components.board_sheet) ---

    @property
    def board_cell(self) -> float:
        """mm across a hex's flats, as printed."""
        return self.field.across_flats

    @property
    def board_gap(self) -> float:
        """The hexes touch: the wall pieces stand on their shared edges."""
        return 0.0

    def hex_name(self, cell: RowCol, lang: str) -> str:
        """A hex as players (and the rulebook) name it: its row's letter (`ui.hex_rows`, top row
        first) and its place in the row from the left, from 1: row 4, column 5 is 'Д6'."""
        row, col = cell
        return f"{self.ui('hex_rows', lang).split()[row]}{col + 1}"

    def board_labels(self, lang: str) -> BoardLabels:
        """Every hex's name, and the legend: each zone's name (the `ui` string of its id) and the wall's."""
        zones = {z.id: self.ui(z.id.replace("-", "_"), lang) for z in self.board_spec.zones}
        return BoardLabels({cell_id(c): self.hex_name(c, lang) for c in self.field.cells}, zones,
                           self.ui("wall_legend", lang))
