"""The content's `magic:` section (schema-valid plain data) as the frozen schools of magic, with marks."""

from __future__ import annotations

from typing import Any, Callable

from pnp.core.errors import Mark
from pnp.core.texts import Text
from pnp.games.empire.rules.schools import Level, Magic, School, Spell, SpellEffect

Marks = Callable[..., Mark]
Texts = Callable[..., Text]


def build_magic(d: dict[str, Any], m: Marks, text: Texts) -> Magic:
    schools = tuple(_school(i, s, m, text) for i, s in enumerate(d["schools"]))
    return Magic(d["levels"], d["tower"]["damage_per_level"], schools, m("magic"))


def _school(i: int, s: dict[str, Any], m: Marks, text: Texts) -> School:
    at = ("magic", "schools", i)

    def spell(path: tuple, sp: dict[str, Any], circle: str, level: dict[str, Any] | None, pair: bool) -> Spell:
        return Spell(sp["id"], text(sp["name"], *path, "name"), s["id"], circle,
                     level["level"] if level else None, level["damage"] if level and circle == "destruction" else 0,
                     text(sp["text"], *path, "text") if "text" in sp else None, SpellEffect(**sp.get("effect", {})),
                     sp.get("hero"), pair, m(*path))

    def circle(j: int, lv: dict[str, Any], c: str) -> tuple[Spell, ...]:
        return tuple(spell(at + ("levels", j, c, k), sp, c, lv, len(lv.get(c, ())) > 1)
                     for k, sp in enumerate(lv.get(c, ())))

    levels = tuple(Level(lv["level"], lv["damage"], circle(j, lv, "destruction"), circle(j, lv, "blessing"),
                         m(*at, "levels", j)) for j, lv in enumerate(s.get("levels", ())))
    extras = tuple(spell(at + ("extras", k), sp, "extra", None, False) for k, sp in enumerate(s.get("extras", ())))
    return School(s["id"], text(s["name"], *at, "name"), levels, extras, s.get("joins_every_school", False), m(*at))
