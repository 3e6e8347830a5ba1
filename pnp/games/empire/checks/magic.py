"""The schools of magic: the seed's five schools of seven levels, damage that rises with the level,
one or two spells a circle, one spell per id and per printed name.

«В каждой школе магии есть семь уровней заклинаний. На некоторых уровнях по два заклинания,
которые относятся к конкретному герою, на других – всего одно»: a school with spells has each
level once, from 1 to the content's `magic.levels`; a level's circle holds one spell or two; only
a spell of two (a hero spell) is tied to a hero slot. A school the seed gives no spells (water,
fire, air) is allowed, with an info line: a player who draws its board could cast nothing.
"""

from __future__ import annotations

from typing import Iterator

from pnp.core.errors import Level, Problem, error
from pnp.games.empire import reference
from pnp.games.empire.checks._seed import departure
from pnp.games.empire.model import Game
from pnp.games.empire.rules.schools import CIRCLES, School

ID = "magic"

CODES = {
    "magic-seed": "The number of spell levels or the schools differ from the seed's.",
    "spell-levels": "A school's levels are not each level from 1 to magic.levels once.",
    "spell-damage": "A level's damage is not above the level below it.",
    "spell-circle": "A level's circle holds more spells than the seed's two, or a common spell names a hero.",
    "spell-id": "Two spells share an id.",
    "spell-name": "Two spells print the same name in one language.",
    "school-unplayable": "A school without spells: allowed, but a player who draws it casts nothing.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    magic = game.battle.magic
    if magic.levels != reference.SPELL_LEVELS:
        yield from departure(game, "magic-seed", ("magic", "levels"), f"magic.levels: the seed's schools have "
                             f"{reference.SPELL_LEVELS} levels, found {magic.levels}", magic.levels, reference.SPELL_LEVELS)
    ids = tuple(s.id for s in magic.schools)
    if ids != reference.SCHOOLS:
        yield from departure(game, "magic-seed", ("magic", "schools"), f"magic.schools: the seed's are "
                             f"{', '.join(reference.SCHOOLS)} ({reference.SCHOOLS_QUOTE}), found {', '.join(ids)}",
                             list(ids), list(reference.SCHOOLS))
    for i, school in enumerate(magic.schools):
        yield from _levels(game, i, school)
        if not school.spells:
            # a note, not a warning: the seed gives these schools no spells, so the shipped content has them
            yield Problem("school-unplayable", Level.INFO, f"magic.schools[{i}] ({school.id}): no spells, so it is "
                          "not playable (the seed gives none) and its board is not printed", school.mark,
                          "add its levels when the designer writes them")
    yield from _unique(game, lang)


def _levels(game: Game, i: int, school: School) -> Iterator[Problem]:
    most = game.battle.magic.levels
    at = ("magic", "schools", i, "levels")
    seen: dict[int, int] = {}
    for j, lv in enumerate(school.levels):
        if lv.level in seen or not 1 <= lv.level <= most:
            why = f"also levels[{seen[lv.level]}]" if lv.level in seen else f"a school has levels 1-{most}"
            yield error("spell-levels", f"magic.schools[{i}] ({school.id}): level {lv.level} is {why}",
                        game.mark(*at, j, "level"))
        seen.setdefault(lv.level, j)
        for circle in CIRCLES:
            spells = lv.circle(circle)
            if len(spells) > reference.SPELLS_A_CIRCLE:
                yield error("spell-circle", f"magic.schools[{i}] ({school.id}) level {lv.level}: {len(spells)} spells "
                            f"in the {circle} circle, the seed's levels hold one or {reference.SPELLS_A_CIRCLE}",
                            game.mark(*at, j, circle))
            for k, spell in enumerate(spells):
                if spell.hero is not None and not spell.hero_spell:
                    yield error("spell-circle", f"{spell.id}: a common spell (alone in its circle) names hero "
                                f"№{spell.hero}; only one of two spells on a level is a hero's",
                                game.mark(*at, j, circle, k, "hero"))
    missing = [n for n in range(1, most + 1) if n not in seen]
    if school.levels and missing:
        yield error("spell-levels", f"magic.schools[{i}] ({school.id}): no level {', '.join(map(str, missing))} "
                    f"(a school has levels 1-{most})", game.mark(*at))
    ordered = sorted(enumerate(school.levels), key=lambda jl: jl[1].level)
    for (_, below), (j, above) in zip(ordered, ordered[1:]):
        if above.damage <= below.damage:
            yield error("spell-damage", f"magic.schools[{i}] ({school.id}): level {above.level}'s damage "
                        f"{above.damage} is not above level {below.level}'s {below.damage}: damage rises with the level",
                        game.mark(*at, j, "damage"))


def _unique(game: Game, lang: str | None) -> Iterator[Problem]:
    spells = [s for school in game.battle.magic.schools for s in school.spells]
    ids: dict[str, str] = {}
    for s in spells:
        if s.id in ids:
            yield error("spell-id", f"spell id {s.id!r} ({s.school}) is also a spell of {ids[s.id]}", s.mark)
        ids.setdefault(s.id, s.school)
    for code in (lang,) if lang else game.languages:
        named: dict[str, str] = {}
        for s in spells:
            if not s.name.has(code):
                continue
            if s.name.get(code) in named:
                yield error("spell-name", f"{s.id}: «{s.name.get(code)}» ({code}) is also {named[s.name.get(code)]}'s "
                            "name", s.name.mark)
            named.setdefault(s.name.get(code), s.id)
