"""ВУЛИК's frozen model, built from content the schemas have validated."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Mapping

from pnp.content.yamlload import Loaded
from pnp.core.errors import Mark


@dataclass(frozen=True)
class Flower:
    id: str
    name: Mapping[str, str]
    honey: int
    count: int


@dataclass(frozen=True)
class Vulyk:
    id: str
    title: Mapping[str, str]
    languages: tuple[str, ...]
    card: tuple[float, float, float]  # width, height, bleed in mm
    flowers: tuple[Flower, ...]
    radius: int  # hex cells within this many steps of the centre
    hex_mm: float  # a cell's circumradius
    ui_strings: Mapping[str, Mapping[str, str]]
    sha256: str
    marks: Mapping[tuple, Mark] = field(default_factory=dict, compare=False, repr=False)

    def mark(self, *path: Any) -> Mark:
        while path not in self.marks and path:
            path = path[:-1]
        return self.marks.get(path, Mark("?", 1, 1))

    def ui(self, key: str, lang: str) -> str:
        return self.ui_strings[key][lang]

    def cells(self) -> tuple[tuple[int, int], ...]:
        """Axial coordinates (q, r) of every cell, row by row."""
        n = self.radius
        return tuple((q, r) for r in range(-n, n + 1) for q in range(-n, n + 1) if abs(q + r) <= n)


def build_model(loaded: Loaded, shown: str) -> Vulyk:
    d = loaded.data
    card = d["card"]
    return Vulyk(
        id=d["game"]["id"], title=d["game"]["title"], languages=tuple(d["game"]["languages"]),
        card=(card["width"], card["height"], card["bleed"]),
        flowers=tuple(Flower(f["id"], f["name"], f["honey"], f["count"]) for f in d["flowers"]),
        radius=d["board"]["radius"], hex_mm=d["board"]["hex"], ui_strings=d["ui"],
        sha256=hashlib.sha256(loaded.text.encode("utf-8")).hexdigest(), marks=dict(loaded.marks),
    )
