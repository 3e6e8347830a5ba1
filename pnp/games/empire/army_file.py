"""The army and opponent files of `pnp odds --game empire`: YAML in, the battle engine's types out.

An army file:

    luck: 2                      # the player's luck
    squads:                      # the first row, left to right
      - {type: pikemen, level: 1, kind: melee, flank: true}   # at an end of the row: a flank attack
      - {type: archers, level: 2, kind: ranged, cards: 2}   # a column of 2 cards
      - {type: griffins, level: 3, kind: flying, large: true, upgrades: 1}   # its barracks upgraded once
      - {type: angels, level: 7, kind: flying, large: true, immune: true}   # immune to magic: no blessing acts on it
    echelon:                     # optional: the second echelon, each behind a first-row squad (from 1)
      - {behind: 2, type: swordsmen, level: 4, kind: melee}
    machine: ballista            # optional: one war machine of the content
    heroes:                      # optional: a hero of the content by id, or any hero by name and bonus
      - {id: mage, bonus: 2, courage: 1}          # its ability comes from the content
                                                  # (a hero's skills «Благословение» and «Магический удар»:
                                                  # `blessing: 2`, `magic_strike: 1` in its mapping)
      - {name: Воевода, bonus: 3}
    # magic (pnp.games.empire.rules.magic), all optional:
    tower: 3                     # the magic tower's level M (0 or none: not built)
    spell: thorny_shell          # one spell of the schools a hero casts
    spell_on: 2                  # the squad (from 1) a one-squad blessing is cast on
    # with a hero whose ability casts more (`spells: 2`), a list, each an id or {id: …, on: N}:
    # spell: [stone_skin, {id: thorny_shell, on: 2}]
    bribe: {chests: 2, before_card: 1, goal: 90}  # optional: chests paid before damage card 1; the
                                                  # least chests for P(win) ≥ 90% is printed too
    deck: {0: 6, 1: 4, 2: 3}     # the creature deck: how many cards bear each strike (0: none)

Bounds, so that every file is counted in bounded time and memory: at most 20 squads in the first
row and 20 in the second echelon, a column of at most 20 cards, a deck of at most 1,000 cards
whose strikes are written in the digits 0-9 (from 0 to 99), and a battle whose deck orders take
at most 1,000,000 states of the exact count (`rules.battle.odds.DECK_STATES_MOST`, for the whole
question: both outcomes of a dungeon's morale, and every number of chests the bribe goal's
search tries, count against one bound; an army of the seed's size takes far fewer). A file past a bound is a problem at its line, like any mistake.

An opponent file is one of:
- a neutral army: `battle: field|siege|dungeon`, `strength: 24`, the neutral luck as `week: 3`
  (the content's week track) or `luck: 2`; optional `squads:` (their number, or each squad's
  strength as a list whose sum is the strength), `mercenaries: 1` (squads another player paid
  for), `immune_to_magic: true`, `flying: true` (the neutral army flies);
- a travel card of the content: `card: town_gems` and `week: 3`; its battle and strength come
  from the card (a town's or dungeon's strength of the week, a garrison's printed strength),
  a mine's or reserved place's neutral army needs `strength:` (or `squads:` as a list: at
  least the card's guards, and a reserved place's at least its victory points) and has the
  card's guards as squads; `luck:` instead of the week's neutral luck when a player holds the card;
- another player's army, in the army file's format (it has a `deck:`): a field battle
  between players, this file the defender.
Every mistake is a Problem at its line and column. A path that is no regular file (a directory,
/dev/zero) or cannot be read is a usage error, as for --content.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from pnp.content.yamlload import Loaded, load_yaml
from pnp.core.errors import error
from pnp.games import OddsInputError, OddsRequestError
from pnp.games.empire.model import Game
from pnp.games.empire.rules.army import Army, Casting, Hero, Opponent, Squad
from pnp.games.empire.rules.battle.validation import BattleError

_SQUAD = {"type", "level", "kind", "cards", "large", "upgrades", "immune"}
#: the bounds of an army file (stated in the docstring above and in docs/content-empire.md)
SQUADS_MOST = 20  # in the first row, and in the second echelon
CARDS_MOST = 20  # in one squad's column
DECK_MOST = 1000  # cards in the creature deck
STRIKE_MOST = 99
#: what --army and --against say of the file they name
_FILE = {"army": "army file", "against": "opponent file"}


class _Reader:
    """Reads typed fields from one loaded file, failing at the first mistake with its mark."""

    def __init__(self, loaded: Loaded, what: str):
        self.loaded, self.what = loaded, what
        self.goal: Fraction | None = None  # an army file's bribe goal: the chance the chests should reach

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
    loaded, problems = load_yaml(path, what=_FILE[what])
    if problems and problems[0].code in ("file-unreadable", "file-not-regular"):
        raise OddsRequestError(f"--{what} {path}: {problems[0].message}")  # like --content: exit 2
    if loaded is None or problems:
        raise OddsInputError(problems)
    return _Reader(loaded, what)


#: the army's magic keys beside `spell:`, and a hero's skills (both numbers)
MAGIC = {"spell", "tower", "spell_on"}
SKILLS = ("blessing", "magic_strike")


def _squad(r: _Reader, s: Any, at: tuple, extra: set[str]) -> tuple[Squad, dict]:
    s = r.mapping(s, at, _SQUAD | extra, {"type", "level", "kind"})
    return Squad(r.string(s["type"], at + ("type",)), r.integer(s["level"], at + ("level",), 1, 7),
                 r.string(s["kind"], at + ("kind",)), r.integer(s.get("cards", 1), at + ("cards",), 1, CARDS_MOST),
                 r.flag(s.get("large", False), at + ("large",)), r.flag(s.get("flank", False), at + ("flank",)),
                 upgrades=r.integer(s.get("upgrades", 0), at + ("upgrades",), 0),
                 immune=r.flag(s.get("immune", False), at + ("immune",))), s


def _list(r: _Reader, d: dict, key: str, what: str, needed: bool = False, most: int | None = None) -> list:
    value = d.get(key, [])
    if not isinstance(value, list) or (needed and not value):
        found = "an empty list" if value == [] else _shown(value)
        raise r.fail(f"expected a list of {what}, found {found}", (key,), f"{r.what}-type")
    if most is not None and len(value) > most:
        raise r.fail(f"expected at most {most} {what}, found {len(value)}", (key,), f"{r.what}-too-many")
    return value


def _hero(r: _Reader, h: Any, at: tuple, game: Game) -> Hero:
    h = r.mapping(h, at, {"id", "name", "bonus", "courage", *SKILLS}, set())
    if ("id" in h) == ("name" in h):
        raise r.fail("expected a hero of the content as `id:` or any hero as `name:` and `bonus:`, one of them", at,
                     f"{r.what}-hero")
    courage = r.integer(h.get("courage", 0), at + ("courage",))
    skills = {k: r.integer(h[k], at + (k,), 0) for k in SKILLS if k in h}
    if "name" in h:
        if "bonus" not in h:
            raise r.fail("expected a key 'bonus', found none", at, f"{r.what}-missing")
        return Hero(r.string(h["name"], at + ("name",)), r.integer(h["bonus"], at + ("bonus",)), courage, **skills)
    known = game.hero(r.string(h["id"], at + ("id",)))
    if known is None:
        ids = ", ".join(x.id for race in game.races for x in race.heroes)
        raise r.fail(f"expected a hero of the content ({ids}), found {h['id']!r}", at + ("id",), f"{r.what}-hero")
    return Hero(known.name.get("ru"), r.integer(h.get("bonus", 0), at + ("bonus",)), courage, **skills,
                ability=known.ability)


def _army(r: _Reader, d: Any, game: Game) -> Army:
    keys = {"luck", "squads", "echelon", "machine", "heroes", "bribe", "deck", *MAGIC}
    d = r.mapping(d, (), keys, {"luck", "squads", "deck"})
    squads = [_squad(r, s, ("squads", i), {"flank"})[0]
              for i, s in enumerate(_list(r, d, "squads", "squads", True, SQUADS_MOST))]
    echelon = []
    for j, s in enumerate(_list(r, d, "echelon", "squads", most=SQUADS_MOST)):
        squad, raw = _squad(r, s, ("echelon", j), {"behind"})
        if "behind" not in raw:
            raise r.fail("expected a key 'behind' (the first-row squad it stands behind, from 1), found none",
                         ("echelon", j), f"{r.what}-missing")
        echelon.append(replace(squad, behind=r.integer(raw["behind"], ("echelon", j, "behind"), 1) - 1))
    deck = _deck(r, d["deck"])
    heroes = [_hero(r, h, ("heroes", i), game) for i, h in enumerate(_list(r, d, "heroes", "heroes"))]
    chests, at = 0, 1
    if "bribe" in d:
        b = r.mapping(d["bribe"], ("bribe",), {"chests", "before_card", "goal"}, {"chests"})
        chests = r.integer(b["chests"], ("bribe", "chests"), 0)
        at = r.integer(b.get("before_card", 1), ("bribe", "before_card"), 1)
        if "goal" in b:
            r.goal = Fraction(r.integer(b["goal"], ("bribe", "goal"), 1, 100), 100)
    optional: dict[str, Any] = {"machine": r.string(d["machine"], ("machine",))} if "machine" in d else {}
    if "tower" in d:
        optional["tower"] = r.integer(d["tower"], ("tower",), 0)
    return Army(tuple(squads), r.integer(d["luck"], ("luck",)), deck, heroes=tuple(heroes),
                echelon=tuple(echelon), chests=chests, chests_at=at, spells=_spells(r, d), **optional)


def _deck(r: _Reader, value: Any) -> tuple[int, ...]:
    """The creature deck, `strike: cards`, as the strike of every card; its size is checked on the
    counts before a card is listed."""
    if not isinstance(value, dict):
        raise r.fail(f"expected the deck as strike: cards, found {_shown(value)}", ("deck",), f"{r.what}-type")
    counts: dict[int, int] = {}
    for key, count in value.items():
        # the loader keeps mapping keys as text: a strike is written in the digits 0-9 («²» or «١٢» are no strike)
        text = str(key)
        if not (text.isascii() and text.isdigit()) or int(text) > STRIKE_MOST:
            raise r.fail(f"expected a strike (a whole number from 0 to {STRIKE_MOST} in the digits 0-9), "
                         f"found {key!r}", ("deck", key), f"{r.what}-deck")
        counts[int(text)] = counts.get(int(text), 0) + r.integer(count, ("deck", key), 0, DECK_MOST)
    size = sum(counts.values())
    if not size:
        raise r.fail("expected a creature deck of at least one card, found none", ("deck",), f"{r.what}-deck")
    if size > DECK_MOST:
        raise r.fail(f"expected a creature deck of at most {DECK_MOST:,} cards, found {size:,}", ("deck",),
                     f"{r.what}-deck")
    return tuple(v for v in sorted(counts) for _ in range(counts[v]))


def _spells(r: _Reader, d: dict) -> tuple[Casting, ...]:
    """`spell:` one spell (a one-squad blessing's squad as `spell_on:`), or a list of them (with a hero who
    casts more), each an id or `{id: …, on: N}`."""
    value = d.get("spell")
    if value is None:
        return ()
    if not isinstance(value, list):
        on = r.integer(d["spell_on"], ("spell_on",), 0) if "spell_on" in d else None
        return (Casting(r.string(value, ("spell",)), on),)
    if "spell_on" in d:
        raise r.fail("expected each listed spell's squad in its own entry ({id: …, on: N}), found `spell_on:`",
                     ("spell_on",), f"{r.what}-spell")
    spells = []
    for i, s in enumerate(_list(r, d, "spell", "spells", True)):
        at = ("spell", i)
        if isinstance(s, dict):
            s = r.mapping(s, at, {"id", "on"}, {"id"})
            on = r.integer(s["on"], at + ("on",), 0) if "on" in s else None
            spells.append(Casting(r.string(s["id"], at + ("id",)), on, at + ("id",), at + ("on",)))
        else:
            spells.append(Casting(r.string(s, at), None, at, at))
    return tuple(spells)


def read_army(path: Path, game: Game) -> tuple[Army, _Reader]:
    r = _load(path, "army")
    return _army(r, r.loaded.data, game), r


def read_opponent(path: Path, game: Game) -> tuple[Opponent | Army, _Reader]:
    """A neutral army or a travel card (an Opponent), or another player's army (an Army: a battle between players)."""
    r = _load(path, "against")
    if isinstance(r.loaded.data, dict) and "deck" in r.loaded.data:
        return _army(r, r.loaded.data, game), r
    keys = {"battle", "card", "strength", "week", "luck", "squads", "mercenaries", "immune_to_magic", "flying"}
    d = r.mapping(r.loaded.data, (), keys, set())
    week = r.integer(d["week"], ("week",), 1, game.weeks) if "week" in d else None
    if "luck" in d:
        luck = r.integer(d["luck"], ("luck",))
    elif week is not None:
        luck = game.neutral_luck[week - 1]
    else:
        raise r.fail("expected the neutral luck as `week:` (the week track) or `luck:`, found neither", (),
                     "against-luck")
    battle, strength, count = _card(r, d, week, game) if "card" in d else _neutral(r, d)
    squads: tuple[int, ...] = ()
    if isinstance(d.get("squads"), list):
        squads = tuple(r.integer(v, ("squads", i), 0) for i, v in enumerate(d["squads"]))
        if not squads or ("strength" in d and sum(squads) != strength):
            raise r.fail(f"expected squads whose strengths add up to the strength ({strength}), found {sum(squads)}",
                         ("squads",), "against-squads")
        strength, count = sum(squads), None
    elif "squads" in d:
        count = r.integer(d["squads"], ("squads",), 1)
    if (battle_type := game.battle.type(battle)) is not None and battle_type.against != "neutral":
        raise r.fail(f"a {battle} battle is fought against another player's army: give an army file as --against",
                     ("battle",), "against-battle")
    return Opponent(strength, battle, luck, r.flag(d.get("immune_to_magic", False), ("immune_to_magic",)),
                    flying=r.flag(d.get("flying", False), ("flying",)), squads=squads, count=count,
                    mercenaries=r.integer(d.get("mercenaries", 0), ("mercenaries",), 0), name=d.get("card", "")), r


def _neutral(r: _Reader, d: dict) -> tuple[str, int, int | None]:
    for key in ("battle", "strength"):
        if key not in d and not (key == "strength" and isinstance(d.get("squads"), list)):
            raise r.fail(f"expected a key {key!r} (or a travel card as `card:`), found none", (), "against-missing")
    return r.string(d["battle"], ("battle",)), r.integer(d.get("strength", 0), ("strength",), 0), None


def _card(r: _Reader, d: dict, week: int | None, game: Game) -> tuple[str, int, int | None]:
    """A travel card's battle, strength and squads: its own strength, or the neutral army the file gives."""
    if "battle" in d:
        raise r.fail("expected no `battle:` with a card: the card's type decides it", ("battle",), "against-key")
    card = game.travel_card(d["card"])
    if card is None or card.type not in game.battle.card_battles:
        fought = ", ".join(c.id for c in game.travel_cards if c.type in game.battle.card_battles)
        raise r.fail(f"expected a travel card that is fought for ({fought}), found {d['card']!r}", ("card",),
                     "against-card")
    battle = game.battle.card_battles[card.type]
    if card.strength:
        if week is None:
            raise r.fail(f"expected `week:` for {card.id}'s strength of the week, found none", (), "against-week")
        own = card.strength[week - 1]
    elif card.bonus is not None:
        own = card.bonus
    else:
        if "strength" not in d and not isinstance(d.get("squads"), list):
            raise r.fail(f"expected the strength of the neutral army that holds {card.id} (`strength:` or `squads:` "
                         "as a list), found none", ("card",), "against-missing")
        strength = r.integer(d.get("strength", 0), ("strength",), 0)
        squads = d.get("squads")
        # «Все заповедные места обязательно охраняются нейтральными армиями, сила которых не может быть ниже
        # цены в победных очках (ПО) карты»; the number in brackets is «минимальное кол-во отрядов»
        # the list's length or the number given: either way at least the card's guards
        count = len(squads) if isinstance(squads, list) else squads if type(squads) is int else None
        if count is not None and card.guards is not None and count < card.guards:
            raise r.fail(f"expected at least {card.guards} squads guarding {card.id}, found {count}", ("squads",),
                         "against-squads")
        total = sum(v for v in squads if isinstance(v, int)) if isinstance(squads, list) else strength
        if card.points is not None and total < card.points:
            raise r.fail(f"expected a neutral strength of at least {card.points} (the card's victory points) guarding "
                         f"{card.id}, found {total}", ("squads",) if isinstance(squads, list) else ("strength",),
                         "against-strength")
        return battle, strength, card.guards
    if "strength" in d or "squads" in d:
        key = "strength" if "strength" in d else "squads"
        raise r.fail(f"expected no `{key}:`: {card.id}'s strength is printed on the card ({own})", (key,),
                     "against-key")
    return battle, own, None


def blame(exc: BattleError, army: _Reader, against: _Reader) -> OddsInputError:
    """An army the rules refuse, pointed at the line of the file that says it."""
    reader = against if exc.side == "against" else army
    return reader.fail(str(exc), exc.where, exc.code)
