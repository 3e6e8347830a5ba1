"""rules: the content against the original rules; every fact, changed, fails at its line."""

from functools import lru_cache
from pathlib import Path

import pytest
import yaml

import pnp.checks as checks
from checkkit import changed, codes, index_of, run, shipped_loaded, shipped_text
from pnp.games.tverdzha.checks import original as rules
from pnp.core.errors import Level
from pnp.games.tverdzha import reference

DATA = shipped_loaded().data
FOUNDATION = ("board", "buildings", "deck", "references", "rules", "strings", "templates", "thresholds")


@lru_cache(maxsize=1)
def _composed():
    return yaml.compose(shipped_text(), Loader=yaml.SafeLoader)


def yaml_line(path: tuple) -> int:
    """The line of `path` in the shipped file, found with PyYAML's own composer (not pnp's marks)."""
    node = _composed()
    for step in path:
        if isinstance(step, int):
            node = node.value[step]
        else:
            node = next(v for k, v in node.value if k.value == step)
    return node.start_mark.line + 1


def _other(value, path: tuple = ()):
    """A different value of the same kind, still valid for the schema."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value - 1 if "hit" in path and value == 6 else value + 1
    if isinstance(value, str):
        return {"A": "B", "B": "A"}.get(value, "wood" if value != "wood" else "stone")
    if isinstance(value, dict):
        key = next(iter(value))
        return {**value, key: value[key] + 1}
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return [{**value[0], "strength": value[0]["strength"] + 1}] + value[1:]
    if isinstance(value, list):
        return value[:-1] + ["market"]
    raise TypeError(value)


def _get(path: tuple):
    node = DATA
    for step in path:
        node = node[step]
    return node


def _fact_paths() -> list[tuple]:
    """The content path of every fact the reference table holds."""
    game = changed({})
    paths = [rules.WHERE[name](game)[1] for name in reference.FACTS if name in rules.WHERE]
    paths += [("battle", "thresholds", "rows", i, "hit") for i in range(len(DATA["battle"]["thresholds"]["rows"]))]
    b = {x["id"]: i for i, x in enumerate(DATA["buildings"])}
    u = {x["upgrade"]["id"]: i for i, x in enumerate(DATA["buildings"])}
    for bid in reference.BUILDINGS:
        paths += [("buildings", b[bid], "cost"), ("buildings", b[bid], "points")]
    paths += [("buildings", u[uid], "upgrade", "points") for uid in reference.UPGRADE_POINTS]
    cards = {c["id"]: i for i, c in enumerate(DATA["battle_cards"])}
    paths += [("battle_cards", cards[cid], "count") for cid in reference.BATTLE_CARDS]
    for (owner, key, param) in reference.EFFECT_PARAMS:
        if owner in b:
            base = ("buildings", b[owner])
        elif owner in u:
            base = ("buildings", u[owner], "upgrade")
        else:
            base = ("battle_cards", cards[owner])
        j = next(j for j, e in enumerate(_get(base + ("effects",))) if e["key"] == key)
        paths.append(base + ("effects", j, "params", param))
    paths.append(("building_copies", "value"))
    return paths


FACT_PATHS = _fact_paths()


def test_the_sweep_covers_every_reference_fact():
    expected = (len([n for n in reference.FACTS if n in rules.WHERE]) + len(DATA["battle"]["thresholds"]["rows"])
                + 2 * len(reference.BUILDINGS) + len(reference.UPGRADE_POINTS) + len(reference.BATTLE_CARDS)
                + len(reference.EFFECT_PARAMS) + 1)
    assert len(FACT_PATHS) == len(set(FACT_PATHS)) == expected > 130


@pytest.mark.parametrize("path", FACT_PATHS, ids=lambda p: ".".join(map(str, p)))
def test_changing_any_fact_is_an_error_at_its_line(path):
    # the schema would report an invalid value at its line too; the checks must do it alone
    g = changed({path: _other(_get(path), path)}, valid=False)
    problems = checks.run_all(g, only=FOUNDATION)
    line = yaml_line(path)
    at_line = [p for p in problems if p.level is Level.ERROR and p.mark.line == line]
    assert at_line, f"{path} -> {_other(_get(path), path)}: " + "; ".join(p.format() for p in problems)


def test_a_note_naming_the_new_value_turns_the_error_into_a_warning():
    g = changed({("limits", "storage"): {"cap": 6, "note": "The rules say 5; raised to 6 for a longer game."}})
    [p] = run(rules, g)
    assert (p.code, p.level) == ("rules-value", Level.WARNING)
    g = changed({("limits", "storage"): {"cap": 6, "note": "Applied to each resource separately; 6 is fine."}})
    [p] = run(rules, g)
    assert (p.code, p.level) == ("rules-value", Level.ERROR)
    assert "naming the new value" in p.hint and "5 одиниць" in p.hint


def test_a_cost_note_must_name_the_changed_amount():
    market = index_of(DATA["buildings"], id="market")
    g = changed({("buildings", market, "cost"): {"wood": 4}, ("buildings", market, "note"): "Dearer than in the rules: 4 wood."})
    assert [(p.code, p.level) for p in run(rules, g)] == [("rules-cost", Level.WARNING)]


def test_a_building_the_rules_do_not_have():
    extra = dict(DATA["buildings"][0], id="mill", upgrade=dict(DATA["buildings"][0]["upgrade"], id="big_mill"))
    g = changed({("buildings", len(DATA["buildings"])): extra})
    assert codes(run(rules, g)) == ["rules-extra"]


def test_a_missing_building_and_a_missing_effect():
    market = index_of(DATA["buildings"], id="market")
    g = changed({("buildings", market, "id"): "bazaar"})
    assert sorted(codes(run(rules, g))) == ["rules-extra", "rules-missing"]
    wall = index_of(DATA["buildings"], id="wall")
    g = changed({("buildings", wall, "effects", 0, "key"): "storage"})
    assert "rules-effect" in codes(run(rules, g))


def test_reference_buildings_match_the_rules_text():
    """Read the building table of the published rules and compare it with the reference."""
    seed = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "tverdzha-rules-uk.txt"
    if not seed.exists():
        pytest.skip("the rules text lives outside the repository (../shared/seeds)")
    emoji = {"🌲": "wood", "🪨": "stone", "🌾": "grain", "🟡": "gold"}
    rows = {}
    for line in seed.read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        if len(cols) == 5 and cols[3].isdigit():
            cost = {}
            for ch in cols[1]:
                cost[emoji[ch]] = cost.get(emoji[ch], 0) + 1
            rows[cols[0]] = (cost, int(cols[3]))
    assert len(rows) == 18
    for name, cost, points in reference.BUILDINGS.values():
        assert rows[name] == (dict(cost), points), name
    cards = {}
    for line in seed.read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        if len(cols) == 3 and cols[2].isdigit():
            cards[cols[0]] = int(cols[2])
    assert {name: count for name, count in reference.BATTLE_CARDS.values()} == cards
