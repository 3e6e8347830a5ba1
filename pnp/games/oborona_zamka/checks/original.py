"""The content against the facts of the original rules (pnp/games/oborona_zamka/reference.py).

A value that differs from the rules is an error; with a `note:` beside it that says it
departs from the rules and names the new value, a warning, so the departure stays visible.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from pnp.checks._util import explained
from pnp.core.errors import Problem, error, warning
from pnp.games.oborona_zamka import reference
from pnp.games.oborona_zamka.model import Game

ID = "rules"

CODES = {
    "rules-value": "A number or a rule differs from the original rules.",
    "rules-races": "A side's races are not the ones the original names.",
}


def _side(index: int, read: Callable[[Any], Any], *path) -> Callable[[Game], tuple[Any, tuple]]:
    return lambda g: (read(g.sides[index]), ("sides", index) + path)


def _at(path: tuple, read: Callable[[Game], Any]) -> Callable[[Game], tuple[Any, tuple]]:
    return lambda g: (read(g), path)


#: where each fact of reference.FACTS lives in the content
WHERE: dict[str, Callable[[Game], tuple[Any, tuple]]] = {
    "army_size": _at(("army", "size", "value"), lambda g: g.army),
    "commanders": _at(("army", "commanders", "value"), lambda g: g.commanders),
    "attacker_moves": _side(0, lambda s: s.moves, "moves", "value"),
    "defender_moves": _side(1, lambda s: s.moves, "moves", "value"),
    "attacker_crosses_walls": _side(0, lambda s: s.crosses_walls, "crosses_walls"),
    "defender_crosses_walls": _side(1, lambda s: s.crosses_walls, "crosses_walls"),
    "first_player": _at(("rules", "first_player", "value"), lambda g: g.rules.first_player),
    "fight": _at(("rules", "fight", "hit"), lambda g: g.rules.fight),
    "fight_over_wall": _at(("rules", "fight_over_wall", "hit"), lambda g: g.rules.fight_over_wall),
    "wall_attack": _at(("rules", "wall_attack", "hit"), lambda g: g.rules.wall_attack),
    "capture": _at(("rules", "capture", "hit"), lambda g: g.rules.capture),
    "potion": _at(("rules", "potion", "hit"), lambda g: g.rules.potion),
    "commander_target": _at(("rules", "commander", "target_modifier"), lambda g: g.rules.commander_target),
    "commander_bonus": _at(("rules", "commander", "bonus"), lambda g: g.rules.commander_bonus),
    "defender_reroll": _at(("rules", "commander", "defender_reroll"), lambda g: g.rules.defender_reroll),
    "own_bonus": _at(("rules", "commander", "own_bonus"), lambda g: g.rules.own_bonus),
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    for name, (rules_value, quote) in reference.FACTS.items():
        value, path = WHERE[name](game)
        if value == rules_value:
            continue
        message = f"{name.replace('_', ' ')}: the original rules say {rules_value!r} ({quote}), found {value!r}"
        if explained(game, path, value, rules_value):
            yield warning("rules-value", message + " (a recorded departure)", game.mark(*path))
        else:
            yield error("rules-value", message, game.mark(*path),
                        "follow the rules, or keep the value and say why in a note: that cites the rules and names it")
    for i, side in enumerate(game.sides):
        names = tuple(r.name.get("ru") for r in game.races_of(side.id) if r.name.has("ru"))
        if "ru" in game.languages and set(names) != set(reference.RACES[side.id]):
            yield error("rules-races", f"the {side.id}'s races: the original names {', '.join(reference.RACES[side.id])}, "
                        f"found {', '.join(names) or 'none'}", game.mark("races"))
