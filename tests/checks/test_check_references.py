"""references: every id points at something that exists; ids are unique; hints."""

from dataclasses import replace

import pytest

from checkkit import DELETE, changed, codes, from_text, index_of, line_of, run, shipped_loaded, shipped_text
from pnp.games.tverdzha.checks import references
from pnp.games.tverdzha.effect_keys import BATTLE, BUILDING, EFFECTS

DATA = shipped_loaded().data
WALL = index_of(DATA["buildings"], id="wall")
MARKET = index_of(DATA["buildings"], id="market")
LOOT = index_of(DATA["battle_cards"], id="loot")


def test_unknown_resource_in_a_cost_points_at_the_key_with_a_hint():
    text = shipped_text().replace("cost: {wood: 3}\n    points: 1\n    effects:\n      - key: trade",
                                  "cost: {wod: 3}\n    points: 1\n    effects:\n      - key: trade", 1)
    game = from_text(text, "content/tverdzha.yaml")
    [p] = [p for p in run(references, game) if p.code == "unknown-resource"]
    line = line_of("cost: {wood: 3}")
    assert (p.mark.line, p.mark.col) == (line, text.splitlines()[line - 1].index("wod") + 1)
    assert p.hint == "did you mean 'wood'?"
    assert "resources: wood, stone, grain, gold" in p.message


def test_unknown_resources_in_yields_setup_and_action_costs():
    quarry = index_of(DATA["lands"], id="quarry")
    hire = index_of(DATA["actions"], key="hire")
    game = changed({("lands", quarry, "yields"): "stones", ("setup", "resources"): {"wood": 1, "gain": 1},
                    ("actions", hire, "params", "cost"): {"grian": 2}})
    found = [(p.code, p.hint) for p in run(references, game)]
    assert found.count(("unknown-resource", "did you mean 'stone'?")) == 1
    assert found.count(("unknown-resource", "did you mean 'grain'?")) == 2


def test_duplicate_ids_across_buildings_upgrades_and_cards():
    game = changed({("battle_cards", LOOT, "id"): "market", ("buildings", WALL, "upgrade", "id"): "ram"})
    problems = [p for p in run(references, game) if p.code == "duplicate-id"]
    assert len(problems) == 2
    by_line = {p.mark.line: p for p in problems}
    # the card reusing a building id, and the upgrade reusing a card id, are the ones reported
    assert line_of("- id: loot") in by_line
    assert line_of("id: bastion") in by_line


def test_duplicate_resource_and_land_ids():
    game = changed({("resources", 3, "id"): "wood", ("lands", 1, "id"): "forest"})
    assert codes(run(references, game)).count("duplicate-id") == 2


def test_unknown_land_on_a_cell_and_in_tiles():
    citadel = index_of(DATA["board"]["cells"], id="citadel")
    game = changed({("board", "cells", citadel, "land"): "citadell",
                    ("board", "tiles", "centre"): {"field": 1, "quary": 1, "desert": 1}})
    found = {(p.code, p.hint) for p in run(references, game)}
    assert ("unknown-land", "did you mean 'citadel'?") in found
    assert ("unknown-land", "did you mean 'quarry'?") in found


def test_prestige_naming_an_upgrade_suggests_its_base_building():
    game = changed({("scoring", "prestige", "buildings"): ["basilica", "tourney", "fair"]})
    [p] = run(references, game)
    assert p.code == "unknown-building" and "'cathedral'" in p.hint
    assert p.mark.line == line_of("buildings: [cathedral, tourney, fair]")


def test_battle_card_timing_must_be_a_battle_timing():
    game = changed({("battle", "timing"): [t for t in DATA["battle"]["timing"] if t["key"] != "after"]})
    problems = run(references, game)
    after_cards = [c for c in DATA["battle_cards"] if c["timing"] == "after"]
    assert codes(problems) == ["unknown-timing"] * len(after_cards)


def test_icons_of_resources_lands_and_inline_markup():
    game = changed({("resources", 0, "icon"): "wod", ("lands", 0, "icon"): "forrest",
                    ("clarifications", 0, "text", "uk"): "Текст з [gld] і [gold]."})
    found = {(p.code, p.hint) for p in run(references, game)}
    assert found == {("unknown-icon", "did you mean 'wood'?"), ("unknown-icon", "did you mean 'forest'?"),
                     ("unknown-icon", "did you mean 'gold'?")}


def test_shipped_content_uses_only_existing_icons(game):
    from pnp.core import templating as text
    from pnp.art.icons import icon_names

    used = {r.icon for r in game.resources} | {k.icon for k in game.lands}
    for b in game.buildings:
        for e in b.effects + b.upgrade.effects:
            used |= text.icons(game.effect_text(e, "uk"))
    assert used and used <= set(icon_names())


def test_unknown_effect_key_with_hint_and_misplaced_effects():
    game = changed({("buildings", WALL, "effects", 0, "key"): "castle_defence",
                    ("battle_cards", LOOT, "effects", 0, "key"): "income"})
    problems = run(references, game)
    assert ("unknown-effect", "did you mean 'castle_defense'?") in {(p.code, p.hint) for p in problems}
    assert "effect-misplaced" in codes(problems)


def test_effect_parameters_missing_unknown_and_wrong_kind():
    game = changed({
        ("buildings", WALL, "effects", 0, "params"): {"bonsu": 2},
        ("battle_cards", LOOT, "effects", 0, "params"): {"resource": 1, "amount": 1},
    })
    found = {(p.code, p.hint) for p in run(references, game)}
    assert ("unknown-param", "did you mean 'bonus'?") in found
    assert any(code == "missing-param" for code, _ in found)
    assert any(code == "wrong-param" for code, _ in found)


def test_action_parameters_follow_the_action_table():
    move = index_of(DATA["actions"], key="move")
    game = changed({("actions", move, "params"): {"step": 1}})
    assert sorted(codes(run(references, game))) == ["missing-param", "unknown-param"]
    game = changed({("actions", move, "params"): DELETE})
    assert codes(run(references, game)) == ["missing-param"]


def test_every_effect_key_in_use_is_known_and_on_the_right_kind(game):
    for b in game.buildings:
        for e in b.effects + b.upgrade.effects:
            assert EFFECTS[e.key].on == BUILDING
    for c in game.battle_cards:
        for e in c.effects:
            assert EFFECTS[e.key].on == BATTLE


def test_the_engine_folds_every_building_effect_of_the_table(game):
    """The one vocabulary (effect_keys) is what the engine implements: a castle holding a
    building with any building key of the table folds without UnknownEffect, and a key
    outside the table is refused."""
    from pnp.games.tverdzha.model import Effect
    from pnp.games.tverdzha.rules.castle_effects import UnknownEffect, fx_of
    from pnp.games.tverdzha.rules.compiled import Rules

    params = {"int": 1, "resource": game.resource_ids[0], "cost": {game.resource_ids[0]: 1}}
    for key, spec in EFFECTS.items():
        if spec.on != BUILDING:
            continue
        effect = Effect(key, {name: params[kind] for name, kind in spec.params.items()}, game.buildings[0].effects[0].text)
        one = replace(game, buildings=(replace(game.buildings[0], effects=(effect,)),) + game.buildings[1:])
        fx_of(Rules(one), {0: 0})
    odd = Effect("teleport", {}, game.buildings[0].effects[0].text)
    bad = replace(game, buildings=(replace(game.buildings[0], effects=(odd,)),) + game.buildings[1:])
    with pytest.raises(UnknownEffect):
        fx_of(Rules(bad), {0: 0})


def test_ids_in_messages_point_at_the_id_line():
    game = changed({("buildings", MARKET, "upgrade", "id"): "treasury"})
    [p] = [p for p in run(references, game) if p.code == "duplicate-id"]
    assert p.mark.line == line_of("id: exchange")
