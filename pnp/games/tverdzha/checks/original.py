"""The content against the facts of the original rules (pnp/games/tverdzha/reference.py).

A value that differs from the rules is an error; with a `note:` beside it (the
designer's recorded decision) it is a warning, so the departure stays visible.
Battle-card counts are the deck check's; building copies are the buildings check's.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Iterator, Mapping

from pnp.checks._util import explained, note_for, where
from pnp.games.tverdzha.model import Game
from pnp.core.errors import Problem, error, warning
from pnp.games.tverdzha import reference

ID = "rules"

CODES = {
    "rules-value": "A limit, setup value, victory condition or effect parameter differs from the original rules.",
    "rules-cost": "A building's cost differs from the original rules.",
    "rules-points": "A building's or upgrade's points differ from the original rules.",
    "rules-missing": "Something the original rules have (a building, an upgrade, an action) is missing.",
    "rules-extra": "A building the original rules do not have.",
    "rules-effect": "A building, upgrade or card lacks the effect the original rules give it.",
}

Locate = Callable[[Game], "tuple[Any, tuple] | None"]


def _at(path: tuple, read: Callable[[Game], Any]) -> Locate:
    """A fact at a fixed path of the content, read from the model."""
    return lambda game: (read(game), path)


def _action_param(key: str, name: str) -> Locate:
    def locate(game: Game):
        for i, action in enumerate(game.actions):
            if action.key == key:
                value = action.params.get(name)
                return (dict(value) if isinstance(value, Mapping) else value), ("actions", i, "params", name)
        return None
    return locate


def _land_points(kind: str) -> Locate:
    def locate(game: Game):
        for i, land in enumerate(game.lands):
            if land.id == kind:
                return land.points, ("lands", i, "points")
        return None
    return locate


#: Where each fact of reference.FACTS lives in the content.
WHERE: dict[str, Locate] = {
    "storage_cap": _at(("limits", "storage", "cap"), lambda g: g.limits.storage_cap),
    "hand_size": _at(("limits", "hand", "size"), lambda g: g.limits.hand_size),
    "units_per_land": _at(("limits", "units_per_land", "value"), lambda g: g.limits.units_per_land),
    "army_per_land": _at(("limits", "army", "per_land"), lambda g: g.limits.army_per_land),
    "training_cap": _at(("limits", "training_cap", "value"), lambda g: g.limits.training_cap),
    "building_slots": _at(("limits", "building_slots", "value"), lambda g: g.limits.building_slots),
    "market_size": _at(("limits", "market_size", "value"), lambda g: g.limits.market_size),
    "heals_per_turn": _at(("limits", "heals_per_turn", "value"), lambda g: g.limits.heals_per_turn),
    "setup_market": _at(("setup", "market"), lambda g: g.setup.market),
    "setup_hand": _at(("setup", "hand"), lambda g: g.setup.hand),
    "setup_resources": _at(("setup", "resources"), lambda g: g.setup.resources.as_dict()),
    "setup_units": _at(("setup", "units"), lambda g: g.setup.units),
    "victory_points": _at(("victory", "points"), lambda g: g.victory.points),
    "castle_entrances": _at(("victory", "castle_entrances"), lambda g: g.victory.castle_entrances),
    "tie_winner": _at(("victory", "tie_winner"), lambda g: g.victory.tie_winner),
    "deck_size": _at(("battle_deck", "size"), lambda g: g.battle_deck_size),
    "castle_defense": _at(("battle", "castle_defense", "value"), lambda g: g.battle.castle_defense),
    "land_points": _at(("scoring", "lands", "points"), lambda g: g.scoring.land_points),
    "land_per": _at(("scoring", "lands", "per"), lambda g: g.scoring.land_per),
    "prestige_points": _at(("scoring", "prestige", "points"), lambda g: g.scoring.prestige_points),
    "prestige_buildings": _at(("scoring", "prestige", "buildings"), lambda g: g.scoring.prestige_buildings),
    "hire_cost": _action_param("hire", "cost"),
    "hire_strength": _action_param("hire", "strength"),
    "train_cost": _action_param("train", "cost"),
    "train_amount": _action_param("train", "amount"),
    "move_steps": _action_param("move", "steps"),
    "citadel_points": _land_points("citadel"),
}


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
        return tuple(sorted(value))
    return value


def _show(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    if isinstance(value, tuple):
        return ", ".join(_show(v) for v in value)
    return str(value)


def _differs(game: Game, code: str, what: str, found: Any, expected: Any, quote: str, path: tuple) -> Problem:
    if explained(game, path, found, expected):
        return warning(code, f"{what} is {_show(found)}, the rules say {_show(expected)} (a note explains why)", game.mark(*path))
    return error(code, f"{what} is {_show(found)}, the rules say {_show(expected)}", game.mark(*path),
                 f"rules: «{quote}»; change it back, or add a note: beside it naming the new value and why")


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    yield from _facts(game)
    yield from _thresholds(game)
    yield from _buildings(game)
    yield from _effect_params(game)


def _facts(game: Game) -> Iterator[Problem]:
    for name, (expected, quote) in reference.FACTS.items():
        locate = WHERE.get(name)
        if locate is None:
            continue  # facts checked elsewhere (threshold_hits) or by other checks
        found = locate(game)
        if found is None:
            yield error("rules-missing", f"the rules' {name.replace('_', ' ')} ({_show(expected)}) has no place in the content",
                        game.mark(), f"rules: «{quote}»")
            continue
        value, path = found
        if _plain(value) != _plain(expected):
            yield _differs(game, "rules-value", where(path), value, expected, quote, path)


def _thresholds(game: Game) -> Iterator[Problem]:
    expected, quote = reference.FACTS["threshold_hits"]
    rows = game.battle.thresholds
    if len(rows) != len(expected):
        path = ("battle", "thresholds", "rows")
        yield _differs(game, "rules-value", "the hit-threshold table's hits", tuple(r.hit for r in rows), expected, quote, path)
        return
    for i, (row, hit) in enumerate(zip(rows, expected)):
        if row.hit != hit:
            path = ("battle", "thresholds", "rows", i, "hit")
            yield _differs(game, "rules-value", where(path), row.hit, hit, quote, path)


def _buildings(game: Game) -> Iterator[Problem]:
    index = {b.id: i for i, b in enumerate(game.buildings)}
    for bid, (name, cost, points) in reference.BUILDINGS.items():
        if bid not in index:
            yield error("rules-missing", f"building {bid!r} ({name}) of the rules is missing", game.mark("buildings"))
            continue
        i = index[bid]
        b = game.buildings[i]
        if b.cost.as_dict() != dict(cost):
            yield _differs(game, "rules-cost", f"the cost of {bid!r} ({name})", b.cost.as_dict(), cost, f"{name}: {_show(cost)}", ("buildings", i, "cost"))
        if b.points != points:
            yield _differs(game, "rules-points", f"the points of {bid!r} ({name})", b.points, points, f"{name}: {points}", ("buildings", i, "points"))
    for i, b in enumerate(game.buildings):
        if b.id not in reference.BUILDINGS:
            path = ("buildings", i, "id")
            report = warning if note_for(game, *path) else error
            yield report("rules-extra", f"building {b.id!r} is not in the original rules", game.mark(*path),
                         "" if report is warning else "add a note: saying why the game has it")
    upgrades = {b.upgrade.id: i for i, b in enumerate(game.buildings)}
    for uid, points in reference.UPGRADE_POINTS.items():
        if uid not in upgrades:
            yield error("rules-missing", f"upgrade {uid!r} of the rules is missing", game.mark("buildings"))
            continue
        u = game.buildings[upgrades[uid]].upgrade
        if u.points != points:
            path = ("buildings", upgrades[uid], "upgrade", "points")
            yield _differs(game, "rules-points", f"the points of upgrade {uid!r}", u.points, points, f"{uid}: {points}", path)


def _effect_params(game: Game) -> Iterator[Problem]:
    all_owners = list(game.owners())
    uses = Counter(o.id for o in all_owners)
    # an id used twice is the references check's problem; which one the rules mean is unclear
    by_id = {o.id: o for o in all_owners if uses[o.id] == 1}
    for (owner_id, key, param), (expected, quote) in reference.EFFECT_PARAMS.items():
        owner = by_id.get(owner_id)
        if owner is None:
            continue  # reported as rules-missing (buildings, upgrades) or card-missing (deck)
        j = next((j for j, e in enumerate(owner.effects) if e.key == key), None)
        if j is None:
            yield error("rules-effect", f"{owner.kind} {owner_id!r} has no {key!r} effect, which the rules give it",
                        game.mark(*owner.path, "effects"), f"rules: «{quote}»")
            continue
        value = owner.effects[j].params.get(param)
        path = owner.path + ("effects", j, "params", param)
        if value is None:
            continue  # a missing parameter is the references check's
        if value != expected:
            yield _differs(game, "rules-value", f"{owner.kind} {owner_id!r}: {key}.{param}", value, expected, quote, path)
