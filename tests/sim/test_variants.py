"""`--set PATH=V1,V2`: content variants made by rewriting one scalar in place, typed like it."""

from __future__ import annotations

import pytest
import yaml

from pnp.content import load_text
from pnp.games.oborona_zamka.pack import PACK as OBORONA
from pnp.games.tverdzha.pack import PACK as TVERDZHA
from pnp.sim.variants import BadSetting, variants

TEXT = TVERDZHA.content.read_text(encoding="utf-8")
CASTLE = OBORONA.content.read_text(encoding="utf-8")


def _changed_lines(a: str, b: str) -> list[tuple[str, str]]:
    return [(x, y) for x, y in zip(a.splitlines(), b.splitlines()) if x != y]


def test_every_combination_in_set_order_with_only_those_values_rewritten():
    settings, found = variants(CASTLE, "c.yaml", ["rules.fight.hit=5,6", "rules.wall_attack.hit=4,5"])
    assert [s.values for s in settings] == [(5, 6), (4, 5)]
    assert [v.label for v in found] == [
        "rules.fight.hit=5, rules.wall_attack.hit=4", "rules.fight.hit=5, rules.wall_attack.hit=5",
        "rules.fight.hit=6, rules.wall_attack.hit=4", "rules.fight.hit=6, rules.wall_attack.hit=5"]
    last = found[-1].text
    assert len(last.splitlines()) == len(CASTLE.splitlines())  # every line number stays
    assert _changed_lines(CASTLE, last) == [("  fight: {hit: 5}", "  fight: {hit: 6}")]
    assert _changed_lines(CASTLE, found[0].text) == [("  wall_attack: {hit: 5}", "  wall_attack: {hit: 4}")]
    data = yaml.safe_load(last)
    assert (data["rules"]["fight"]["hit"], data["rules"]["wall_attack"]["hit"]) == (6, 5)


def test_a_list_item_by_id_or_index_and_values_of_every_type():
    _, (by_id,) = variants(TEXT, "t.yaml", ["buildings.market.cost.wood=4"])
    _, (by_index,) = variants(TEXT, "t.yaml", ["buildings.0.cost.wood=4"])
    assert by_id.text == by_index.text
    assert yaml.safe_load(by_id.text)["buildings"][0]["cost"] == {"wood": 4}
    _, (flag,) = variants(TEXT, "t.yaml", ["limits.army.castle_counts=false"])
    assert yaml.safe_load(flag.text)["limits"]["army"]["castle_counts"] is False
    _, (text,) = variants(TEXT, "t.yaml", ["buildings.market.name.uk=Базар: «новий»"])
    assert yaml.safe_load(text.text)["buildings"][0]["name"] == {"uk": "Базар: «новий»"}
    game, problems = load_text(text.text, "t.yaml")
    assert game is not None and game.buildings[0].name.get("uk") == "Базар: «новий»"


@pytest.mark.parametrize("option, message", [
    ("limits.storag.cap=4", "limits has no key 'storag' (did you mean 'storage'?)"),
    ("limits.storage.cap=four", "expected a whole number like the content's '5' at t.yaml:101:18, found 'four'"),
    ("limits.storage.cap=4.5", "expected a whole number"),
    ("limits.army.castle_counts=1", "expected true or false"),
    ("limits.storage=4", "t.yaml:101:12 is a mapping, not one value; its keys: cap, note"),
    ("building_copies=3", "is a mapping, not one value; did you mean building_copies.value?"),
    ("buildings.bazaar.points=2", "buildings has no item with id 'bazaar'"),
    ("buildings.99.points=2", "buildings has"),
    ("buildings=2", "is a list, not one value"),
    ("limits.storage.cap.x=1", "limits.storage.cap is a value (5), it has no 'x'"),
    ("limits.storage.cap", "expected PATH=V1,V2,..."),
    ("limits.storage.cap=4,,5", "expected PATH=V1,V2,..."),
    ("limits.storage.cap=4,4", "a value is given twice"),
])
def test_a_setting_the_content_cannot_take_is_refused_with_what_is_there(option, message):
    with pytest.raises(BadSetting) as caught:
        variants(TEXT, "t.yaml", [option])
    assert message in str(caught.value)


def test_one_path_set_twice_is_refused():
    with pytest.raises(BadSetting, match="given twice"):
        variants(TEXT, "t.yaml", ["limits.storage.cap=4", "limits.storage.cap=6"])
