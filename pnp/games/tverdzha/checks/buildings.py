"""Buildings and upgrades: copies, affordable costs, sane upgrade chains, better upgrades.

- every building (and upgrade) card is printed `building_copies` times, 2 by the rules;
- no cost asks for more of a resource than the base storage cap: resources above the
  cap burn at the end of every round, so such a cost could never be paid;
- an upgrade is a new card, never another building: an upgrade id equal to a building
  id would chain upgrades, and a chain that comes back is a cycle;
- an upgrade is strictly better: more points, unless a `note:` explains what else it gives.
"""

from __future__ import annotations

from typing import Iterator

from pnp.checks._util import explained, where
from pnp.games.tverdzha.model import Game
from pnp.core.errors import Problem, error, warning
from pnp.games.tverdzha import reference

ID = "buildings"

CODES = {
    "copies": "`building_copies` differs from the 2 copies of the original rules.",
    "cost-exceeds-storage": "A cost asks for more of one resource than storage can ever hold.",
    "empty-cost": "A building or upgrade that costs nothing.",
    "upgrade-is-building": "An upgrade's id is a building's id (upgrades are their own cards).",
    "upgrade-cycle": "Upgrades lead back to where they started.",
    "upgrade-not-better": "An upgrade gives no more points than its building and no note says why.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    yield from _copies(game)
    yield from _costs(game)
    yield from _chains(game)
    yield from _better(game)


def _copies(game: Game) -> Iterator[Problem]:
    copies = game.buildings[0].copies if game.buildings else reference.BUILDING_COPIES
    if copies != reference.BUILDING_COPIES:
        noted = explained(game, ("building_copies", "value"), copies)
        yield (warning if noted else error)(
            "copies", f"building_copies is {copies}; the rules print {reference.BUILDING_COPIES} of every building (one per player)"
            + (" (a note explains why)" if noted else ""), game.mark("building_copies", "value"),
            "" if noted else f"change it back, or add a note: naming the new value ({copies}) and why")


def _costs(game: Game) -> Iterator[Problem]:
    cap = game.limits.storage_cap
    items = []
    for i, b in enumerate(game.buildings):
        items.append((("buildings", i, "cost"), b.cost.as_dict(), f"building {b.id!r}"))
        items.append((("buildings", i, "upgrade", "cost"), b.upgrade.cost.as_dict(), f"upgrade {b.upgrade.id!r}"))
    for i, action in enumerate(game.actions):
        for name, value in action.params.items():
            if hasattr(value, "items"):
                items.append((("actions", i, "params", name), dict(value), f"action {action.key!r}"))
    for path, cost, what in items:
        if not cost and path[0] == "buildings":
            yield error("empty-cost", f"{what} costs nothing", game.mark(*path))
        for res, amount in cost.items():
            if amount > cap:
                yield error("cost-exceeds-storage", f"{what} costs {amount} {res}, but storage holds at most {cap} of each resource",
                            game.mark(*path, res), f"resources above {cap} burn at the end of every round (limits.storage.cap, line {game.mark('limits', 'storage', 'cap').line})")


def _chains(game: Game) -> Iterator[Problem]:
    index = {b.id: i for i, b in enumerate(game.buildings)}
    upgrade_to = {b.id: b.upgrade.id for b in game.buildings}
    reported: set[str] = set()
    for i, b in enumerate(game.buildings):
        target = b.upgrade.id
        if target not in index or b.id in reported:
            continue
        chain = [b.id]
        while chain[-1] in upgrade_to and upgrade_to[chain[-1]] not in chain:
            chain.append(upgrade_to[chain[-1]])
        mark = game.mark("buildings", i, "upgrade", "id")
        if chain[-1] in upgrade_to and upgrade_to[chain[-1]] in chain:
            loop = chain[chain.index(upgrade_to[chain[-1]]):] + [upgrade_to[chain[-1]]]
            if b.id in loop:
                reported.update(loop)
                yield error("upgrade-cycle", f"upgrades go round in a circle: {' -> '.join(loop)}", mark,
                            "give each upgrade its own id, different from every building id")
                continue
        yield error("upgrade-is-building", f"building {b.id!r} upgrades to {target!r}, which is a building; an upgrade is its own card",
                    mark, f"building {target!r} is at line {game.mark('buildings', index[target], 'id').line}")


def _better(game: Game) -> Iterator[Problem]:
    for i, b in enumerate(game.buildings):
        u = b.upgrade
        if u.points <= b.points and not explained(game, ("buildings", i, "upgrade", "points"), u.points, cite_rules=False):
            yield error("upgrade-not-better", f"upgrade {u.id!r} gives {u.points} points, no more than {b.id!r} ({b.points})",
                        game.mark("buildings", i, "upgrade", "points"),
                        f"give it more points, or add a note: to {where(('buildings', i, 'upgrade'))} naming its {u.points} points and what else makes it better")
