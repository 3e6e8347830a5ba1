"""`pnp export --format json`: the validated model as JSON, deterministic."""

import json

from click.testing import CliRunner

from pnp.cli import main
from pnp.content import default_content, load_game
from pnp.games.tverdzha.export_json import dumps, export


def _export(*args):
    return CliRunner().invoke(main, ["export", *map(str, args)])


def test_export_has_the_fields_other_tools_need():
    result = _export("--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    b = {x["id"]: x for x in data["buildings"]}
    assert len(b) == 18
    wall = b["wall"]
    assert wall["name"] == {"uk": "Стіна"} and wall["cost"] == {"stone": 3} and wall["points"] == 2 and wall["copies"] == 2
    assert wall["upgrade"]["name"] == {"uk": "Бастіон"} and wall["upgrade"]["points"] == 3
    assert wall["upgrade"]["cost"] == {"stone": 3, "gold": 1}
    assert wall["effects"][0] == {"key": "castle_defense", "params": {"bonus": 2},
                                  "text": {"uk": "+2 до сили захисників твого замку."}}
    cards = {c["id"]: c for c in data["battle_cards"]}
    assert sum(c["count"] for c in cards.values()) == 40 and cards["retreat"]["name"] == {"uk": "Відступ"}
    lands = {c["id"]: c for c in data["board"]["lands"]}
    assert len(lands) == 21 and lands["citadel"]["kind"] == "citadel" and lands["a1"]["kind"] is None
    assert sorted(lands["a1"]["neighbors"]) == ["a2", "a5"] and lands["a1"]["mirror"] == "b1"
    assert {c["player"]: c["entrances"] for c in data["board"]["castles"]} == {"A": ["a1", "a2", "a3"], "B": ["b1", "b2", "b3"]}
    assert data["limits"]["storage_cap"] == 5 and data["limits"]["hand_size"] == 3
    assert data["victory"] == {"points": 30, "castle_entrances": 2, "tie_winner": "B", "check": "end_of_round"}
    assert data["scoring"]["prestige"]["buildings"] == ["cathedral", "tourney", "fair"]


def test_filled_texts_have_no_template_left():
    game, _ = load_game()
    text = dumps(game)
    data = json.loads(text)
    for b in data["buildings"]:
        for e in b["effects"] + b["upgrade"]["effects"]:
            assert "{" not in e["text"]["uk"]
    hire = next(a for a in data["actions"] if a["key"] == "hire")
    assert "2 [grain]" in hire["text"]["uk"]


def test_export_is_deterministic_and_independent_of_the_working_directory(tmp_path, monkeypatch):
    first = _export().stdout
    monkeypatch.chdir(tmp_path)
    second = _export("--content", default_content()).stdout
    assert first == second
    game, _ = load_game()
    assert list(export(game)) == ["format", "source", "game", "resources", "land_kinds", "board", "setup", "limits",
                                  "actions", "round", "battle", "victory", "scoring", "buildings", "battle_cards",
                                  "battle_deck", "components", "ui", "clarifications", "changes", "glossary"]


def test_broken_content_exports_nothing(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(default_content().read_text(encoding="utf-8").replace("battle_deck: {size: 40}", "battle_deck: {size: 41}"))
    result = _export("--content", path)
    assert result.exit_code == 1 and result.stdout == ""
    assert "[deck-size]" in result.stderr
    assert _export("--content", tmp_path / "missing.yaml").exit_code == 2
