"""Every list of the empire content whose items have an id is checked for duplicates
(pnp.games.empire.checks.ids, or the heroes' and spells' own checks): the lists are read
from the schema, so a list added later cannot be forgotten."""

from __future__ import annotations

import json

from pnp.content import load_game
from pnp.games.empire.checks.ids import listed_ids
from pnp.games.empire.pack import PACK

#: lists with a check of their own: heroes.py (hero-id), magic.py (spell-id), creatures.py (creature-id)
OWN_CHECKS = {"races.heroes", "creature_decks.cards", "magic.schools.levels.destruction", "magic.schools.levels.blessing", "magic.schools.extras"}


def _lists(schema):
    found = []

    def walk(node, path):
        while "$ref" in node and node["$ref"].startswith("#/$defs/"):
            node = schema["$defs"][node["$ref"].rsplit("/", 1)[-1]]
        if node.get("type") == "array" and isinstance(node.get("items"), dict):
            item = walk(node["items"], path)
            if "id" in item.get("properties", {}) or "id" in item.get("required", ()):
                found.append(".".join(path))
        for key, child in node.get("properties", {}).items():
            walk(child, path + (key,))
        return node

    walk(schema, ())
    return found


def test_every_list_with_ids_in_the_schema_is_checked():
    schema = json.loads(PACK.schema.read_text(encoding="utf-8"))
    game, problems = load_game(PACK.content)
    assert game is not None, problems
    checked = {".".join(path) for path in listed_ids(game)}
    lists = set(_lists(schema))
    assert "battle.war_machines" in lists
    assert lists - OWN_CHECKS == checked
