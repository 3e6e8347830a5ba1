"""Each race's heroes (seed 3.2.5): nine numbers, heroes 1-7 boosting the creature level of their number."""

from __future__ import annotations

from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.games.empire import reference
from pnp.games.empire.model import Game
from pnp.games.empire.rules.battle_rules import RaceHero

ID = "heroes"

CODES = {
    "hero-number": "Two heroes of a race share a number.",
    "hero-level": "A hero of numbers 1-7 boosts another creature level than its number, or one of the race's "
                  "own heroes (8-9) boosts a level.",
    "hero-id": "Two heroes share an id (an army file names a hero by id).",
    "hero-ability": "A hero's ability adds to squads (`plus:`, `times:`) without saying which: "
                    "a `level:` or a `kind:`.",
    "hero-count": "A race has not its nine heroes numbered 1 to 9 (seed 3.2.5: «7 из 9-ти героев расы»).",
    "hero-skill": "Hero №3 («наставник») has not the skill «Благословение» (`skill: blessing`), hero №6 («маг») "
                  "not «Магический удар» (`skill: magic_strike`), or another hero has a skill.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    ids: dict[str, str] = {}
    for r, race in enumerate(game.races):
        numbers: dict[int, str] = {}
        for i, h in enumerate(race.heroes):
            at = ("races", r, "heroes", i)
            if h.number in numbers:
                yield error("hero-number", f"races[{r}] ({race.id}): hero {h.id!r} has number {h.number}, as "
                            f"{numbers[h.number]!r} does", game.mark(*at, "number"),
                            f"a race has {reference.HEROES} heroes, numbered 1 to {reference.HEROES}")
            numbers.setdefault(h.number, h.id)
            yield from _skill(game, r, i, race.id, h)
            if h.id in ids:
                yield error("hero-id", f"races[{r}] ({race.id}): hero id {h.id!r} is also {ids[h.id]}'s",
                            game.mark(*at, "id"))
            ids.setdefault(h.id, race.id)
            level = h.ability.level
            if (h.ability.plus or h.ability.times > 1) and level is None and h.ability.kind is None:
                yield error("hero-ability", f"races[{r}] ({race.id}): hero {h.number} ({h.id}) boosts squads "
                            "without saying which", game.mark(*at, "ability"), "add `level:` or `kind:`")
            if h.number <= reference.LEVEL_HEROES and level is not None and level != h.number:
                yield error("hero-level", f"races[{r}] ({race.id}): hero {h.number} ({h.id}) boosts level {level}",
                            game.mark(*at, "ability", "level"),
                            f"heroes 1-{reference.LEVEL_HEROES} boost the creatures of their own level: "
                            f"level {h.number}")
            if h.number > reference.LEVEL_HEROES and level is not None:
                yield error("hero-level", f"races[{r}] ({race.id}): hero {h.number} ({h.id}) boosts level {level}",
                            game.mark(*at, "ability", "level"),
                            f"heroes {reference.LEVEL_HEROES + 1}-{reference.HEROES} have the race's own abilities: "
                            "give them a `kind:` boost, `own_times:` or a `text:`")
        yield from _count(game, r, race.id, numbers)


def _count(game: Game, r: int, race_id: str, numbers: dict[int, str]) -> Iterator[Problem]:
    missing = [n for n in range(1, reference.HEROES + 1) if n not in numbers]
    if missing:
        yield error("hero-count", f"races[{r}] ({race_id}): no hero numbered {', '.join(map(str, missing))}",
                    game.mark("races", r, "heroes") or game.mark("races", r),
                    f"a race has {reference.HEROES} heroes: {reference.LEVEL_HEROES} that each boost a creature "
                    f"level, numbered by it, and {reference.HEROES - reference.LEVEL_HEROES} of the race's own")


def _skill(game: Game, r: int, i: int, race_id: str, h: RaceHero) -> Iterator[Problem]:
    wanted = reference.HERO_SKILLS.get(h.number)
    if h.skill == wanted:
        return
    at = ("races", r, "heroes", i)
    if wanted is None:
        yield error("hero-skill", f"races[{r}] ({race_id}): hero {h.number} ({h.id}) has the skill {h.skill!r}",
                    game.mark(*at, "skill"), "only hero №3 («наставник») and hero №6 («маг») have a skill")
    else:
        yield error("hero-skill", f"races[{r}] ({race_id}): hero {h.number} ({h.id}) has "
                    + (f"the skill {h.skill!r}" if h.skill else "no skill"), game.mark(*at, "skill") if h.skill else h.mark,
                    f"the seed ties hero №{h.number} to `skill: {wanted}`")
