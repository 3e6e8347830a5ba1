"""Every id the content uses points at something that exists, and ids are unique.

Resources (in costs, yields, parameters), land kinds (fixed cells, tiles), prestige
buildings, battle-card timings, icons (resource and land icons, `[icon]` markup in any
text) and effect keys with their parameters. A name that points nowhere gets a
"did you mean" from the names that exist.
"""

from __future__ import annotations

from typing import Iterator, Mapping

from pnp.checks._util import did_you_mean, key_mark, lang_mark, texts, where
from pnp.core import templating as templates
from pnp.games.tverdzha.effect_keys import ACTION_PARAMS, BATTLE, BUILDING, COST, EFFECTS, RESOURCE, kind_of
from pnp.games.tverdzha.model import Game
from pnp.core.errors import Problem, error
from pnp.art.icons import icon_names

ID = "references"

CODES = {
    "duplicate-id": "Two things share an id (buildings, upgrades and battle cards share one namespace).",
    "unknown-resource": "A cost, yield or parameter names a resource that is not in `resources`.",
    "unknown-land": "A board cell or a tile count names a land kind that is not in `lands`.",
    "unknown-building": "The prestige set names a building that is not in `buildings`.",
    "unknown-timing": "A battle card's `timing` is not one of `battle.timing`.",
    "unknown-icon": "An icon name (or `[icon]` markup in a text) that the kit's icon set does not have.",
    "unknown-effect": "An effect key the engine does not know (see the effect list).",
    "effect-misplaced": "A battle-card effect on a building, or a building effect on a battle card.",
    "missing-param": "An effect or action lacks a parameter its key needs.",
    "unknown-param": "An effect or action has a parameter its key does not take.",
    "wrong-param": "A parameter of the wrong kind (a number where a resource is needed, ...).",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    yield from _unique_ids(game)
    yield from _resources(game)
    yield from _lands(game)
    yield from _prestige(game)
    yield from _timings(game)
    yield from _icons(game)
    yield from _effects(game)
    yield from _actions(game)


def _unique_ids(game: Game) -> Iterator[Problem]:
    groups = (
        [(r.id, ("resources", i)) for i, r in enumerate(game.resources)],
        [(k.id, ("lands", i)) for i, k in enumerate(game.lands)],
        # buildings and cards name the things; an upgrade that reuses a name is the odd one out
        [(o.id, o.path) for o in sorted(game.owners(), key=lambda o: o.kind == "upgrade")],
    )
    for group in groups:
        first: dict[str, tuple] = {}
        for item_id, path in group:
            if item_id in first:
                earlier = game.mark(*first[item_id], "id")
                yield error("duplicate-id", f"{where(path)}: id {item_id!r} is already used by {where(first[item_id])} (line {earlier.line})",
                            game.mark(*path, "id"), "ids must be unique; buildings, upgrades and battle cards share one set of ids")
            else:
                first[item_id] = path


def _unknown_resource(game: Game, res: str, mark, what: str) -> Problem:
    return error("unknown-resource", f"{what}: unknown resource {res!r}; resources: {', '.join(game.resource_ids)}",
                 mark, did_you_mean(res, game.resource_ids))


def _cost(game: Game, cost: Mapping, path: tuple) -> Iterator[Problem]:
    for res in cost:
        if res not in game.resource_ids:
            yield _unknown_resource(game, res, key_mark(game, *path, res), where(path))


def _resources(game: Game) -> Iterator[Problem]:
    for i, b in enumerate(game.buildings):
        yield from _cost(game, b.cost.as_dict(), ("buildings", i, "cost"))
        yield from _cost(game, b.upgrade.cost.as_dict(), ("buildings", i, "upgrade", "cost"))
    yield from _cost(game, game.setup.resources.as_dict(), ("setup", "resources"))
    for i, land in enumerate(game.lands):
        if land.yields is not None and land.yields not in game.resource_ids:
            yield _unknown_resource(game, land.yields, game.mark("lands", i, "yields"), f"lands[{i}].yields")


def _lands(game: Game) -> Iterator[Problem]:
    kinds = [k.id for k in game.lands]

    def unknown(kind: str, mark, what: str) -> Problem:
        return error("unknown-land", f"{what}: unknown land kind {kind!r}; land kinds: {', '.join(kinds)}", mark, did_you_mean(kind, kinds))

    for i, cell in enumerate(game.board.cells):
        if cell.land is not None and cell.land not in kinds:
            yield unknown(cell.land, game.mark("board", "cells", i, "land"), f"board cell {cell.id}")
    for part, counts in (("pairs", game.board.tiles.pairs), ("centre", game.board.tiles.centre)):
        for kind, _ in counts:
            if kind not in kinds:
                yield unknown(kind, key_mark(game, "board", "tiles", part, kind), f"board.tiles.{part}")


def _prestige(game: Game) -> Iterator[Problem]:
    ids = [b.id for b in game.buildings]
    for j, bid in enumerate(game.scoring.prestige_buildings):
        if bid not in ids:
            upgrade_of = next((b.id for b in game.buildings if b.upgrade.id == bid), None)
            hint = f"name the base building {upgrade_of!r}; its upgrade counts too" if upgrade_of else did_you_mean(bid, ids)
            yield error("unknown-building", f"scoring.prestige.buildings: unknown building {bid!r}",
                        game.mark("scoring", "prestige", "buildings", j), hint)


def _timings(game: Game) -> Iterator[Problem]:
    keys = [t.key for t in game.battle.timing]
    for i, card in enumerate(game.battle_cards):
        if card.timing not in keys:
            yield error("unknown-timing", f"battle card {card.id!r}: timing {card.timing!r} is not one of battle.timing ({', '.join(keys)})",
                        game.mark("battle_cards", i, "timing"), did_you_mean(card.timing, keys))


def _icons(game: Game) -> Iterator[Problem]:
    known = icon_names()

    def unknown(name: str, mark, what: str) -> Problem:
        return error("unknown-icon", f"{what}: unknown icon {name!r}", mark, did_you_mean(name, known) or f"icons: {', '.join(known)}")

    for section, items in (("resources", game.resources), ("lands", game.lands)):
        for i, item in enumerate(items):
            if item.icon not in known:
                yield unknown(item.icon, game.mark(section, i, "icon"), f"{section}[{i}].icon")
    for text, path in texts(game):
        for lang, value in sorted(text.values.items()):
            for name in sorted(templates.icons(value)):
                if name not in known:
                    yield unknown(name, lang_mark(game, text, path, lang), f"{where(path)}.{lang}: [{name}]")


_KIND_NAMES = {"int": "a whole number", RESOURCE: "a resource id", COST: "a cost like {grain: 2}"}


def _params(game: Game, params: Mapping, spec: Mapping[str, str], path: tuple, what: str) -> Iterator[Problem]:
    for name in spec:
        if name not in params:
            yield error("missing-param", f"{what} needs the parameter {name!r} ({_KIND_NAMES[spec[name]]})", game.mark(*path, "params"),
                        f"parameters of {what}: {', '.join(spec) or 'none'}")
    for name, value in params.items():
        mark = game.mark(*path, "params", name)
        if name not in spec:
            yield error("unknown-param", f"{what} takes no parameter {name!r}", key_mark(game, *path, "params", name),
                        did_you_mean(name, spec) or f"parameters of {what}: {', '.join(spec) or 'none'}")
        elif kind_of(value) != spec[name]:
            yield error("wrong-param", f"{what}: parameter {name!r} must be {_KIND_NAMES[spec[name]]}, found {value!r}", mark)
        elif spec[name] == RESOURCE and value not in game.resource_ids:
            yield _unknown_resource(game, value, mark, f"{what}, parameter {name!r}")
        elif spec[name] == COST:
            yield from _cost(game, value, path + ("params", name))


def _effects(game: Game) -> Iterator[Problem]:
    allowed_on = {"building": BUILDING, "upgrade": BUILDING, "battle card": BATTLE}
    for owner in game.owners():
        for j, effect in enumerate(owner.effects):
            path = owner.path + ("effects", j)
            spec = EFFECTS.get(effect.key)
            if spec is None:
                yield error("unknown-effect", f"{owner.kind} {owner.id!r}: unknown effect key {effect.key!r}",
                            game.mark(*path, "key"), did_you_mean(effect.key, EFFECTS) or "see the effect keys in docs/content.md")
                continue
            if spec.on != allowed_on[owner.kind]:
                yield error("effect-misplaced", f"{owner.kind} {owner.id!r}: {effect.key!r} is a {spec.on} effect",
                            game.mark(*path, "key"))
            yield from _params(game, effect.params, spec.params, path, f"effect {effect.key!r}")


def _actions(game: Game) -> Iterator[Problem]:
    first: dict[str, int] = {}
    for i, action in enumerate(game.actions):
        if action.key in first:
            yield error("duplicate-id", f"actions[{i}]: action {action.key!r} is already defined by actions[{first[action.key]}]",
                        game.mark("actions", i, "key"))
        first.setdefault(action.key, i)
        yield from _params(game, action.params, ACTION_PARAMS.get(action.key, {}), ("actions", i), f"action {action.key!r}")
