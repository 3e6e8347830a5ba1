"""Each race's heroes as rows for pnp's card renderer: the tavern deck a race (seed 3.2.5, «Герои
нанимаются из специальной колоды (Таверны)»), one card a hero, its own back and the race's colour.

The ability is printed from the model (`battle_words.ability_words`, the words the rulebook uses);
the ring's headline is its number at a glance (+2, ×2, 2 spells; empty for an ability in words only); below, every
card says the damage the hero deals itself (`economy.hero_attack`), and the mentor's and the mage's their skill; the
fixed words are the content's `ui:`.
"""

from __future__ import annotations

from types import MappingProxyType

from pnp.components.card_family import CardFamily, CardRow
from pnp.core.errors import Mark
from pnp.games.empire.model import Game
from pnp.games.empire.render.battle_words import ability_words
from pnp.games.empire.render.travel_emblems import TAVERN_BACK
from pnp.games.empire.rules.battle_rules import RaceHero

#: a race's family id: the prefix keeps them apart from the creature and travel cards'
PREFIX = "heroes_"
FIELDS = ("number", "name", "race", "headline", "ability", "skill")


def family_id(race: str) -> str:
    return PREFIX + race


def _headline(game: Game, hero: RaceHero, lang: str) -> str:
    a = hero.ability
    if a.plus:
        return f"+{a.plus}"
    if a.times > 1 or a.own_times > 1:
        return f"×{max(a.times, a.own_times)}"
    return str(a.spells) if a.spells > 1 else ""  # an ability in words only: the ring stays empty


def rows(game: Game, family: CardFamily, lang: str) -> tuple[CardRow, ...]:
    """One card a hero of the race, by number."""
    race = next(r for r in game.races if family_id(r.id) == family.id)
    return tuple(CardRow(h.id, 1, h.mark, MappingProxyType({
        "number": f"№{h.number}", "name": h.name.get(lang), "race": race.name.get(lang),
        "headline": _headline(game, h, lang), "ability": ability_words(game, h, lang),
        "skill": _traits(game, h, lang)}))
        for h in sorted(race.heroes, key=lambda h: h.number))


def _traits(game: Game, hero: RaceHero, lang: str) -> str:
    """The hero's own damage (3.2.5: what an ability «урон героя ×2» multiplies), then the mentor's or the mage's
    spell skill, a line each."""
    # a model without `economy:` (which the kit check refuses, naming it) still has its cards' words checked
    e = game.economy
    lines = [game.ui("hero_own_attack", lang, n=e.hero_attack)] if e is not None else []
    lines += [game.ui(f"hero_skill_{hero.skill}", lang, n=e.skill_bonus if e is not None else 0)] if hero.skill else []
    return "\n".join(lines)


def title(game: Game, family: CardFamily, lang: str) -> str:
    """The tavern's name with its race's («Карты героев: Люди»): on its sheets, each race's a sheet of its own."""
    race = next(r for r in game.races if family_id(r.id) == family.id)
    return game.ui("kit_hero_cards", lang, race=race.name.get(lang))


def family(race: str, colour: str, mark: Mark) -> CardFamily:
    """A race's tavern: the `hero` layout, the race deck's colour on the face and the back."""
    return CardFamily(family_id(race), "hero", colour, TAVERN_BACK, "back", "hero_card", "hero_cards",
                      "races", FIELDS, mark, rows, title)
