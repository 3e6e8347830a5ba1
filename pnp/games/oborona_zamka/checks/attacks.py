"""Every attack the rules allow must be able to succeed: the thresholds, the commander's
modifiers and the natural six are each in range alone, but together they can make a roll
that no die face wins (a 6 over the wall at the commander, -1, with no natural six).

The odds come from the engine itself (rules/odds.py), so the check and the game agree."""

from __future__ import annotations

from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.games.oborona_zamka.model import Game
from pnp.games.oborona_zamka.rules.field import Field
from pnp.games.oborona_zamka.rules.odds import attacks

ID = "attacks"

CODES = {
    "rules-impossible": "An attack the rules allow can never succeed: its threshold with the modifiers is above the die's top face.",
    "die-faces": "A roll needs a face the dice do not have (components.dice.faces).",
}

#: the content key of each attack's threshold
THRESHOLD = {"fight": "fight", "fight_over_wall": "fight_over_wall", "wall": "wall_attack", "capture": "capture"}
WHAT = {"fight": "a fight", "fight_over_wall": "a fight over the wall", "wall": "a wall attack",
        "capture": "the roll for the castle"}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    yield from _faces(game)
    f = game.field
    listed = (*f.mountain, *f.castle, *f.wall_around, *(c for hexes in f.starts.values() for c in hexes))
    if not set(listed) <= set(f.cells):
        return  # the attacks are set on the field, which needs every hex on it: field-cell says which is not
    try:
        situations = attacks(Field(game.field_spec), game.numbers)
    except StopIteration:
        return  # no free wall edge or open pair of hexes to set an attack on: the field check reports that field
    reported = set()
    for s in situations:
        if s.p == 0 and s.kind not in reported:
            reported.add(s.kind)
            yield error("rules-impossible", f"{WHAT[s.kind]} by the {('attacker', 'defender')[s.side]}"
                        f"{' at the commander' if s.at_leader else ''} needs {s.need} with a modifier of "
                        f"{s.modifier:+d}: no die face wins it"
                        f"{'' if game.rules.natural_six else ' (rules.natural_six is off)'}",
                        game.mark("rules", THRESHOLD[s.kind], "hit"),
                        "lower the threshold, soften the modifier, or let a natural 6 always succeed")



def _faces(game: Game) -> Iterator[Problem]:
    """A roll that needs more than a die shows is a slip of the pen, even where a natural top
    face would still win it."""
    faces = game.components.die_faces
    for key in (*THRESHOLD.values(), "potion"):
        need = getattr(game.rules, key)
        if need > faces:
            yield error("die-faces", f"rules.{key}.hit: expected a face of the die (1 to {faces}), found {need}",
                        game.mark("rules", key, "hit"), "lower it, or give the dice more faces (components.dice.faces)")
