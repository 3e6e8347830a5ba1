"""ВУЛИК's frozen model, built from content the schemas have validated."""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping

from pnp.components.board_spec import BoardLabels, BoardSpec, Space
from pnp.components.card_family import CardFamily, CardRow, CardSpec
from pnp.content.yamlload import Loaded
from pnp.core import catalogue
from pnp.core.errors import Mark
from pnp.core.templating import fill

#: the fields of a flower card's row (what its layout may show)
FLOWER_FIELDS = ("name", "honey", "art")


@dataclass(frozen=True)
class Flower:
    id: str
    name: Mapping[str, str]
    honey: int
    count: int
    art: str | None = None  # the flower's picture, a file beside the content


@dataclass(frozen=True)
class Print:
    card: CardSpec  # what pnp's card renderer reads: size, bleed, safe margin, smallest text


@dataclass(frozen=True)
class Vulyk:
    id: str
    title: Mapping[str, str]
    languages: tuple[str, ...]
    print: Print
    flowers: tuple[Flower, ...]
    card_families: tuple[CardFamily, ...]
    radius: int  # hex cells within this many steps of the centre
    hex_mm: float  # a cell's circumradius
    ui_strings: Mapping[str, Mapping[str, str]]
    sha256: str
    marks: Mapping[tuple, Mark] = field(default_factory=dict, compare=False, repr=False)
    source: str = ""  # the content file as shown: its folder holds the pictures

    def mark(self, *path: Any) -> Mark:
        while path not in self.marks and path:
            path = path[:-1]
        return self.marks.get(path, Mark("?", 1, 1))

    def ui(self, key: str, lang: str, **values: Any) -> str:
        """The content's `ui:` string, else pnp's own (sheet labels), {fields} filled from `values`."""
        own = self.ui_strings.get(key, {})
        template = own[lang] if lang in own else catalogue.text(key, lang)
        return fill(template, values, lang) if values else template

    def cells(self) -> tuple[tuple[int, int], ...]:
        """Axial coordinates (q, r) of every cell, row by row."""
        n = self.radius
        return tuple((q, r) for r in range(-n, n + 1) for q in range(-n, n + 1) if abs(q + r) <= n)

    # --- the board, as pnp's general board renderer reads it (pnp.components.board_sheet) ---

    @cached_property
    def board_spec(self) -> BoardSpec:
        return BoardSpec("hex", tuple(Space(f"{q},{r}", (q, r)) for q, r in self.cells()))

    @property
    def board_cell(self) -> float:
        """mm across a hex's flats (the content gives its circumradius)."""
        return self.hex_mm * math.sqrt(3)

    @property
    def board_gap(self) -> float:
        return 0.0

    def board_labels(self, lang: str) -> BoardLabels:
        """Each cell named by its axial coordinates, as players record a game."""
        return BoardLabels({c.id: c.id for c in self.board_spec.cells})


def flower_rows(game: Vulyk, family: CardFamily, lang: str) -> tuple[CardRow, ...]:
    """The flower family's cards: one row per flower, in content order."""
    return tuple(CardRow(f.id, f.count, game.mark("flowers", i), {"name": f.name[lang], "honey": f.honey, "art": f.art})
                 for i, f in enumerate(game.flowers))


def build_model(loaded: Loaded, shown: str) -> Vulyk:
    d, marks = loaded.data, dict(loaded.marks)
    card = d["card"]
    families = tuple(
        CardFamily(f["id"], f["layout"], f["colour"], f["icon"], f["back"], f["name"], f["component"], "flowers",
                   FLOWER_FIELDS, marks.get(("card_families", i), Mark(shown, 1, 1)), flower_rows)
        for i, f in enumerate(d["card_families"]))
    return Vulyk(
        id=d["game"]["id"], title=d["game"]["title"], languages=tuple(d["game"]["languages"]),
        print=Print(CardSpec(card["width"], card["height"], card["bleed"], card["safe"], card["min_text_pt"])),
        flowers=tuple(Flower(f["id"], f["name"], f["honey"], f["count"], f.get("art")) for f in d["flowers"]),
        card_families=families,
        radius=d["board"]["radius"], hex_mm=d["board"]["hex"], ui_strings=d["ui"],
        sha256=hashlib.sha256(loaded.text.encode("utf-8")).hexdigest(), marks=marks, source=shown,
    )
