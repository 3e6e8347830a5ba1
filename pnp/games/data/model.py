"""The frozen model of a data-only game, built by pnp's general model builder from the keys
its dataclasses declare (pnp.content.modelbuilder).

What the game names rather than writes out is resolved here, once: a colour name of the game's
palette becomes its #rrggbb (pnp's palette keys pass as they are), a family's name becomes the
ui string `card_<id>` its cards and backs print, the board's cells come from its grid, and the
rulebook's prose gets the named `values:` filled in (so a number is written once, in `values:`).
"""

from __future__ import annotations

import functools

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

import yaml

from pnp.components.board_spec import BoardLabels, BoardSpec, Grid, Space
from pnp.components.card_family import CardFamily, CardSpec, ListedRows
from pnp.content import modelbuilder
from pnp.content.gamemodel import GameModel
from pnp.content.modelbuilder import At, key
from pnp.core.errors import Mark
from pnp.core.texts import Text, frozen_map
from pnp.games.data import parts, reads
from pnp.games.data.parts import Aid, Icon, Mat, Sheet, text_at as _text
from pnp.games.data.prose import filled

#: the layout and back a family gets when it names none (pnp's own, in this pack's templates)
DEFAULT_LAYOUT, DEFAULT_BACK, DEFAULT_ICON = "basic", "back", "card"


def family_ui_key(family_id: str) -> str:
    """The ui string a family's name is printed by (on its cards, backs and sheet labels)."""
    return f"card_{family_id.replace('-', '_')}"


def component_ui_key(family_id: str) -> str:
    """The ui string a family is named by as a component (sheet labels, the kit's list)."""
    return f"cards_{family_id.replace('-', '_')}"


def token_ui_key(token_id: str) -> str:
    return f"token_{token_id.replace('-', '_')}"


def _colour(palette: Mapping[str, str], name: str) -> str:
    """A colour as the renderers take it: the game's palette name as #rrggbb, else as written
    (#rrggbb or a key of pnp's palette, which the card-layout check holds)."""
    return palette.get(name, name)


def _palette(at: At) -> Mapping[str, str]:
    return frozen_map({k: v.lower() for k, v in (at.get("palette", {}) or {}).items()})


def _families(at: At) -> tuple[CardFamily, ...]:
    palette = _palette(at)
    out = []
    for i, family in enumerate(at.get("card_families")):
        rows = family["cards"]
        source = ListedRows.from_data(rows, [at.loaded.mark(("card_families", i, "cards", k)) for k in range(len(rows))])
        out.append(CardFamily(family["id"], family.get("layout", DEFAULT_LAYOUT), _colour(palette, family["colour"]),
                              family.get("icon", DEFAULT_ICON), family.get("back", DEFAULT_BACK),
                              family_ui_key(family["id"]), component_ui_key(family["id"]),
                              "cards", source.fields(), at.mark("card_families", i), source))
    return tuple(out)


@dataclass(frozen=True)
class Print:
    card: CardSpec  # what pnp's card renderer reads: size, bleed, safe margin, smallest text


def _print(at: At) -> Print:
    """The card's size, its bleed, safe margin and smallest text taking the schema's defaults."""
    return Print(CardSpec(at.get("card.width"), at.get("card.height"), at.get("card.bleed", 3),
                          at.get("card.safe", 4), at.get("card.min_text_pt", 7)))


@dataclass(frozen=True)
class TokenFace:
    text: Text
    count: int = 1


@dataclass(frozen=True)
class Token:
    id: str
    name: Text
    shape: str
    size: float
    colour: str  # #rrggbb or a key of pnp's palette (the game's palette resolved)
    faces: tuple[TokenFace, ...]
    mark: Mark


@dataclass(frozen=True)
class Board:
    topology: str = key("topology.kind")
    cols: int | None = key("topology.cols")
    rows: int | None = key("topology.rows")
    radius: int | None = key("topology.radius")
    cell: float = 20.0
    labels: bool = True
    name: Text | None = None
    mark: Mark = field(default=Mark("?"), compare=False)

    def positions(self) -> tuple[tuple[int, int], ...]:
        """Every cell's grid position, row by row: a hexagon of `radius` (axial [q, r]), else
        cols x rows (a hex grid's odd rows half a cell to the right, as pnp's boards read them)."""
        if self.radius is not None:
            n = self.radius
            return tuple((q, r) for r in range(-n, n + 1) for q in range(-n, n + 1) if abs(q + r) <= n)
        cols, rows = self.cols or 1, self.rows or 1
        if self.topology == "hex":
            return tuple((c - (r - (r & 1)) // 2, r) for r in range(rows) for c in range(cols))
        return tuple((c, r) for r in range(rows) for c in range(cols))


@dataclass(frozen=True)
class Section:
    title: Text
    text: Text


def _tokens(at: At) -> tuple[Token, ...]:
    palette = _palette(at)
    return tuple(Token(t["id"], _text(at, "tokens", i, "name"), t["shape"], float(t["size"]),
                       _colour(palette, t["colour"]),
                       tuple(TokenFace(_text(at, "tokens", i, "faces", k, "text"), face.get("count", 1))
                             for k, face in enumerate(t["faces"])),
                       at.mark("tokens", i))
                 for i, t in enumerate(at.get("tokens", ())))


#: the words pnp's renderers print that its catalogue leaves to each game, in pnp's languages
DEFAULT_STRINGS = Path(__file__).with_name("strings.yaml")


@functools.cache
def _default_ui() -> Mapping[str, Text]:
    data = yaml.safe_load(DEFAULT_STRINGS.read_text(encoding="utf-8"))
    return frozen_map({k: Text(frozen_map(v)) for k, v in data.items()})


def _ui(at: At) -> Mapping[str, Text]:
    """The content's ui strings, over the names of its families and tokens as the strings the
    renderers print them by (a name the content writes once, in its family), over this pack's
    default words."""
    own = {k: _text(at, "ui", k) for k in at.get("ui", {}) or {}}
    named = {}
    for i, f in enumerate(at.get("card_families")):
        named[family_ui_key(f["id"])] = _text(at, "card_families", i, "name")
        named[component_ui_key(f["id"])] = _text(at, "card_families", i, "component" if "component" in f else "name")
    named |= {token_ui_key(t["id"]): _text(at, "tokens", i, "name") for i, t in enumerate(at.get("tokens", ()))}
    if at.get("board", None) and at.get("board").get("name"):
        named["comp_board"] = _text(at, "board", "name")
    return frozen_map(dict(_default_ui()) | named | own)


def _sections(at: At) -> tuple[Section, ...]:
    """The rulebook's sections, their prose with the named values filled in (in each language)."""
    values = at.get("values", {}) or {}
    out = []
    for i, _ in enumerate(at.get("rulebook.sections", ()) if at.get("rulebook", None) else ()):
        out.append(Section(_text(at, "rulebook", "sections", i, "title"),
                           filled(_text(at, "rulebook", "sections", i, "text"), values)))
    return tuple(out)


def _players(at: At) -> tuple[int, int] | None:
    given = at.get("game.players", None)
    return (given["min"], given["max"]) if given else None


@dataclass(frozen=True)
class Game(GameModel):
    id: str = key("game.id")
    title: Text = key("game.title")
    languages: tuple[str, ...] = key("game.languages")
    palette: Mapping[str, str] = field(metadata={"build": _palette})
    print: Print = field(metadata={"build": _print})
    card_families: tuple[CardFamily, ...] = field(metadata={"build": _families})
    tokens: tuple[Token, ...] = field(metadata={"build": _tokens})
    sections: tuple[Section, ...] = field(metadata={"build": _sections})
    board: Board | None = None
    #: (fewest, most) players, when the content says
    players: tuple[int, int] | None = field(metadata={"build": _players}, default=None)
    icons: Mapping[str, Icon] = field(metadata={"build": parts.icons}, default_factory=dict)
    mats: tuple[Mat, ...] = field(metadata={"build": lambda at: parts.mats(at, _palette(at))}, default=())
    sheets: tuple[Sheet, ...] = field(metadata={"build": parts.sheets}, default=())
    aids: tuple[Aid, ...] = field(metadata={"build": lambda at: parts.aids(at, _palette(at))}, default=())
    values: Mapping[str, Any] = field(default_factory=dict)
    ui_strings: Mapping[str, Text] = field(metadata={"build": _ui}, default_factory=dict)
    #: the folder the content file is in: its own card layouts (cards/) replace the built-in ones
    folder: Path | None = None
    source: str = ""
    sha256: str = ""
    fonts: tuple = field(default=(), compare=False, repr=False)  # the designer's fonts (pnp.content.fonts.DesignerFont)
    marks: Mapping[tuple, Mark] = field(default_factory=dict, compare=False, repr=False)
    notes: Mapping[tuple, Any] = field(default_factory=dict, compare=False, repr=False)

    renderer_reads = reads.READS

    #: what the markup check reads: no text of a data game is filled from resource parameters
    resource_icons: Mapping[str, str] = field(default_factory=dict, init=False, repr=False)

    def filled_texts(self):
        """The texts printed filled from parameters (the markup check's): none; the rulebook's
        prose is filled from `values:` when the model is built."""
        return iter(())

    def own_icon_art(self) -> Mapping[str, tuple[str, str]]:
        """The content's own icons for pnp's icon set (pnp.games.own_icons): name -> (label, the
        drawing in a 0 0 100 100 box); an icon whose file cannot be read draws nothing (the
        data-parts check says why, at its line)."""
        if not self.icons or self.folder is None:
            return {}
        # no label: a content icon has a name, not a word in each language, so it says nothing in the PDF's text layer
        return {name: ("", parts.OwnIcon(parts.read_icon(icon, self.folder)[0])) for name, icon in self.icons.items()}

    def own_templates(self, kind: str) -> Path | None:
        """The game's own templates of `kind` ("cards"): its folder's cards/, when it has one."""
        if self.folder is None or not (self.folder / kind).is_dir():
            return None
        return self.folder / kind

    # --- what pnp's general board renderer reads (pnp.components.board_sheet) ---

    @cached_property
    def board_spec(self) -> BoardSpec:
        b = self.board
        cells = tuple(Space(f"{q},{r}", (q, r), None, b.mark) for q, r in b.positions())
        return BoardSpec(b.topology, cells, grid=Grid(b.cols, b.rows, b.radius, b.mark), mark=b.mark)

    @property
    def board_cell(self) -> float:
        return self.board.cell

    @property
    def board_gap(self) -> float:
        return 0.0

    def board_labels(self, lang: str) -> BoardLabels:
        """Each cell named by its position (as players note a game), or left blank."""
        return BoardLabels({c.id: c.id if self.board.labels else "" for c in self.board_spec.cells})


def build_model(loaded, shown: str) -> Game:
    """The model of validated content read from `shown` (a path from the working directory, as
    the tables beside the content are found)."""
    folder = Path(shown).resolve().parent
    return modelbuilder.build(Game, loaded, folder=folder, **modelbuilder.file_fields(loaded, shown))
