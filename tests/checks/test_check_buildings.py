"""buildings: copies, costs within storage, upgrade chains, better upgrades."""

from checkkit import changed, codes, index_of, line_of, run, shipped_loaded
from pnp.games.tverdzha.checks import buildings
from pnp.core.errors import Level

DATA = shipped_loaded().data
B = {b["id"]: i for i, b in enumerate(DATA["buildings"])}


def test_copies_must_be_two_unless_a_note_names_the_new_number():
    [p] = run(buildings, changed({("building_copies", "value"): 3}))
    assert (p.code, p.level, p.mark.line) == ("copies", Level.ERROR, line_of("building_copies:"))
    [p] = run(buildings, changed({("building_copies",): {"value": 3, "note": "3 copies, not the rules' 2, for a 3-player variant."}}))
    assert (p.code, p.level) == ("copies", Level.WARNING)


def test_a_cost_above_the_storage_cap_can_never_be_paid():
    cathedral = B["cathedral"]
    [p] = run(buildings, changed({("buildings", cathedral, "cost"): {"wood": 1, "gold": 6}}))
    assert p.code == "cost-exceeds-storage" and "6 gold" in p.message and "at most 5" in p.message
    assert p.mark.line == line_of("cost: {wood: 1, gold: 3}")
    # exactly the cap is fine
    assert run(buildings, changed({("buildings", cathedral, "cost"): {"wood": 1, "gold": 5}})) == []


def test_upgrade_and_action_costs_are_checked_too():
    hire = index_of(DATA["actions"], key="hire")
    g = changed({("buildings", B["wall"], "upgrade", "cost"): {"stone": 7},
                 ("actions", hire, "params", "cost"): {"grain": 6}})
    assert codes(run(buildings, g)) == ["cost-exceeds-storage"] * 2


def test_a_raised_storage_cap_allows_bigger_costs():
    g = changed({("limits", "storage", "cap"): 6, ("buildings", B["cathedral"], "cost"): {"wood": 1, "gold": 6}})
    assert run(buildings, g) == []


def test_a_free_building_is_an_error():
    assert codes(run(buildings, changed({("buildings", B["wall"], "cost"): {}}))) == ["empty-cost"]


def test_upgrade_cycles_of_two_and_three():
    g = changed({("buildings", B["market"], "upgrade", "id"): "treasury",
                 ("buildings", B["treasury"], "upgrade", "id"): "market"})
    [p] = run(buildings, g)
    assert p.code == "upgrade-cycle" and p.message.endswith("market -> treasury -> market")
    g = changed({("buildings", B["market"], "upgrade", "id"): "treasury",
                 ("buildings", B["treasury"], "upgrade", "id"): "barracks",
                 ("buildings", B["barracks"], "upgrade", "id"): "market"})
    assert codes(run(buildings, g)) == ["upgrade-cycle"]
    g = changed({("buildings", B["wall"], "upgrade", "id"): "wall"})
    [p] = run(buildings, g)
    assert p.code == "upgrade-cycle" and "wall -> wall" in p.message


def test_an_upgrade_that_is_a_building_without_a_cycle():
    [p] = run(buildings, changed({("buildings", B["wall"], "upgrade", "id"): "fort"}))
    assert p.code == "upgrade-is-building"
    assert p.mark.line == line_of("id: bastion")


def test_an_upgrade_must_give_more_points_or_say_why():
    wall = B["wall"]
    [p] = run(buildings, changed({("buildings", wall, "upgrade", "points"): 2}))
    assert p.code == "upgrade-not-better" and p.mark.line == line_of("points: 3", line_of("id: bastion"))
    g = changed({("buildings", wall, "upgrade", "points"): 2,
                 ("buildings", wall, "upgrade", "note"): "Only 2 points: the +3 defence is the reward."})
    assert run(buildings, g) == []
