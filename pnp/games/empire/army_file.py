"""The army and opponent files of `pnp odds --game empire`: YAML in, the battle engine's types out.

An army file:

    luck: 2                      # the player's luck
    squads:                      # the first row, left to right
      - {type: pikemen, level: 1, kind: melee}
      - {type: archers, level: 2, kind: ranged, cards: 2}   # a column of 2 cards
      - {type: griffins, level: 3, kind: flying, large: true}
    machine: ballista            # optional: one war machine of the content
    heroes: [{name: Наставник, bonus: 3, courage: 1}]   # optional: each hero's bonus, its courage
    # magic (pnp.games.empire.rules.magic), all optional: a hero's skills «Благословение» and
    # «Магический удар» as `blessing: 2` and `magic_strike: 1` in its mapping, and
    tower: 3                     # the magic tower's level M (0 or none: not built)
    spell: thorny_shell          # one spell of the schools a hero casts
    spell_on: 2                  # the squad (from 1) a one-squad blessing is cast on
    deck: {0: 6, 1: 4, 2: 3}     # the creature deck: how many cards bear each strike (0: none)

An opponent file: `battle: field|siege|dungeon`, `strength: 24`, the neutral luck as
`week: 3` (the content's week track) or `luck: 2`, and optional `immune_to_magic: true` and
`flying: true` (the neutral army flies).
Every mistake is a Problem at its line and column.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.content.yamlload import Loaded, load_yaml
from pnp.core.errors import error
from pnp.games import OddsInputError
from pnp.games.empire.model import Game
from pnp.games.empire.rules.battle import Army, BattleError, Hero, Opponent, Squad


class _Reader:
    """Reads typed fields from one loaded file, failing at the first mistake with its mark."""

    def __init__(self, loaded: Loaded, what: str):
        self.loaded, self.what = loaded, what

    def fail(self, message: str, path: tuple, code: str) -> OddsInputError:
        return OddsInputError([error(code, message, self.loaded.mark(path))])

    def mapping(self, value: Any, path: tuple, keys: set[str], required: set[str]) -> dict:
        if not isinstance(value, dict):
            raise self.fail(f"expected a mapping, found {_shown(value)}", path, f"{self.what}-type")
        for key in value:
            if key not in keys:
                raise self.fail(f"expected one of {', '.join(sorted(keys))}, found key {key!r}", path + (key,),
                                f"{self.what}-key")
        for key in sorted(required - set(value)):
            raise self.fail(f"expected a key {key!r}, found none", path, f"{self.what}-missing")
        return value

    def integer(self, value: Any, path: tuple, least: int | None = None, most: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or (least is not None and value < least) \
                or (most is not None and value > most):
            span = f" from {least}" if least is not None else ""
            span += f" to {most}" if most is not None else ""
            raise self.fail(f"expected a whole number{span}, found {_shown(value)}", path, f"{self.what}-number")
        return value

    def string(self, value: Any, path: tuple) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"expected a name, found {_shown(value)}", path, f"{self.what}-type")
        return value

    def flag(self, value: Any, path: tuple) -> bool:
        if not isinstance(value, bool):
            raise self.fail(f"expected true or false, found {_shown(value)}", path, f"{self.what}-type")
        return value


def _shown(value: Any) -> str:
    return "nothing" if value is None else repr(value) if not isinstance(value, (dict, list)) else type(value).__name__


def _load(path: Path, what: str) -> _Reader:
    loaded, problems = load_yaml(path)
    if loaded is None or problems:
        raise OddsInputError(problems)
    return _Reader(loaded, what)


#: the army's magic keys beside `spell:`, and a hero's skills (both numbers)
MAGIC = {"spell", "tower", "spell_on"}
SKILLS = ("blessing", "magic_strike")


def read_army(path: Path) -> tuple[Army, _Reader]:
    r = _load(path, "army")
    d = r.mapping(r.loaded.data, (), {"luck", "squads", "machine", "heroes", "deck", *MAGIC}, {"luck", "squads", "deck"})
    if not isinstance(d["squads"], list) or not d["squads"]:
        raise r.fail(f"expected a list of squads, found {_shown(d['squads'])}", ("squads",), "army-type")
    squads = []
    for i, s in enumerate(d["squads"]):
        at = ("squads", i)
        s = r.mapping(s, at, {"type", "level", "kind", "cards", "large"}, {"type", "level", "kind"})
        squads.append(Squad(r.string(s["type"], at + ("type",)), r.integer(s["level"], at + ("level",), 1, 7),
                            r.string(s["kind"], at + ("kind",)), r.integer(s.get("cards", 1), at + ("cards",), 1),
                            r.flag(s.get("large", False), at + ("large",))))
    if not isinstance(d["deck"], dict):
        raise r.fail(f"expected the deck as strike: cards, found {_shown(d['deck'])}", ("deck",), "army-type")
    cards: list[int] = []
    for key, count in d["deck"].items():
        # the loader keeps mapping keys as text: a strike is a key of digits
        if not str(key).isdigit():
            raise r.fail(f"expected a strike (a whole number from 0), found {key!r}", ("deck", key), "army-deck")
        cards += [int(key)] * r.integer(count, ("deck", key), 0)
    if not cards:
        raise r.fail("expected a creature deck of at least one card, found none", ("deck",), "army-deck")
    heroes = d.get("heroes", [])
    if not isinstance(heroes, list):
        raise r.fail(f"expected a list of heroes, found {_shown(heroes)}", ("heroes",), "army-type")
    found = []
    for i, h in enumerate(heroes):
        h = r.mapping(h, ("heroes", i), {"name", "bonus", "courage", *SKILLS}, {"name", "bonus"})
        found.append(Hero(r.string(h["name"], ("heroes", i, "name")), r.integer(h["bonus"], ("heroes", i, "bonus")),
                          r.integer(h.get("courage", 0), ("heroes", i, "courage")),
                          **{k: r.integer(h[k], ("heroes", i, k), 0) for k in SKILLS if k in h}))
    if isinstance(d.get("spell"), list):
        raise r.fail("expected one spell a battle, found a list", ("spell",), "army-spell")
    optional: dict[str, Any] = {k: r.string(d[k], (k,)) for k in ("machine", "spell") if k in d}
    optional.update({k: r.integer(d[k], (k,), 0) for k in MAGIC - {"spell"} if k in d})
    army = Army(tuple(squads), r.integer(d["luck"], ("luck",)), tuple(sorted(cards)), heroes=tuple(found), **optional)
    return army, r


def read_opponent(path: Path, game: Game) -> tuple[Opponent, _Reader]:
    r = _load(path, "against")
    d = r.mapping(r.loaded.data, (), {"battle", "strength", "week", "luck", "immune_to_magic", "flying"}, {"battle", "strength"})
    if ("week" in d) == ("luck" in d):
        raise r.fail("expected the neutral luck as `week:` (the week track) or `luck:`, one of them", (),
                     "against-luck")
    luck = (game.neutral_luck[r.integer(d["week"], ("week",), 1, game.weeks) - 1] if "week" in d
            else r.integer(d["luck"], ("luck",)))
    return Opponent(r.integer(d["strength"], ("strength",), 0), r.string(d["battle"], ("battle",)), luck,
                    r.flag(d.get("immune_to_magic", False), ("immune_to_magic",)),
                    r.flag(d.get("flying", False), ("flying",))), r


def blame(exc: BattleError, army: _Reader, against: _Reader) -> OddsInputError:
    """An army the rules refuse, pointed at the line of the file that says it."""
    reader = against if exc.where[:1] == ("battle",) else army
    return reader.fail(str(exc), exc.where, exc.code)
