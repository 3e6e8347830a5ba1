"""«Оборона Замка» through the general commands: `pnp games`, `pnp check`, `pnp sim`."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from oborona_field import CONTENT

PNP = [sys.executable, "-m", "pnp.cli"]


def run(*args, cwd=None):
    return subprocess.run([*PNP, *args], capture_output=True, text=True, cwd=cwd)


def test_the_game_is_listed_and_its_content_is_clean():
    assert "oborona-zamka" in run("games").stdout
    done = run("check", "--game", "oborona-zamka")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "68 hexes, 12 wall segments, 5 races" in done.stdout


@pytest.mark.parametrize("old, new, code", [
    ("  fight: {hit: 5}", "  fight: {hit: 4}", "rules-value"),
    ("  - id: attacker", "  - id: defender", "schema"),  # the attacker's side comes first
    ("    target_modifier: -1", "    target_modifier: 0", "rules-value"),
    ("  size: {value: 5}", "  size: {value: 4}", "rules-value"),
    ("  mountain: [[4, 5]]", "  mountain: [[4, 9]]", "field-cell"),
    ("    attacker: [[1, 3], [0, 2], [0, 5], [1, 2], [1, 4]]", "    attacker: [[1, 3], [0, 2], [0, 5], [1, 2], [4, 5]]",
     "field-starts"),
    ("  wall_around: [[8, 3], [8, 4], [7, 2], [7, 3], [7, 4], [8, 2], [8, 5]]",
     "  wall_around: [[8, 3], [8, 4], [7, 3]]", "field-wall"),
])
def test_a_broken_fact_is_an_error_at_its_line(tmp_path, old, new, code):
    text = CONTENT.read_text(encoding="utf-8")
    assert old in text
    broken = tmp_path / "broken.yaml"
    broken.write_text(text.replace(old, new), encoding="utf-8")
    line = text[:text.index(old)].count("\n") + 1
    done = run("check", "--content", str(broken))
    assert done.returncode == 1, done.stdout + done.stderr
    assert re.search(rf"broken\.yaml:{line}:\d+: error: .*\[{code}\]", done.stdout), done.stdout


def test_sim_reports_both_roles_the_same_on_one_and_two_workers(tmp_path):
    results = []
    for workers in ("1", "2"):
        out = tmp_path / f"sim{workers}.json"
        done = run("sim", "--game", "oborona-zamka", "--games", "16", "--seed", "7", "--workers", workers,
                   "--json", str(out))
        assert done.returncode == 0, done.stderr
        assert "seat attacker wins" in done.stdout and "seat defender wins" in done.stdout
        results.append(json.loads(out.read_text()))
    assert results[0]["stats"] == results[1]["stats"]
    st = results[0]["stats"]
    assert {"attacker", "defender"} <= set(st["seats"]) and st["games"] == 16
    assert sum(v["n"] for v in st["victories"].values()) == 16


def test_odds_list_every_attack_with_exact_probabilities():
    done = run("odds", "--game", "oborona-zamka", "--json")
    assert done.returncode == 0, done.stderr
    table = json.loads(done.stdout)
    rows = {(r["attack"], r["by"], r["commander_on_field"], r["by_commander"], r["at_commander"]): r
            for r in table["attacks"]}
    assert rows[("fight", "defender", True, False, False)]["p_exact"] == "5/9"  # best of two dice, 5-6
    assert rows[("fight_over_wall", "defender", False, False, True)]["p_exact"] == "1/6"  # a natural 6
    assert table["potion_return"] == "1/2"
    assert run("odds", "--game", "oborona-zamka", "--castle").returncode == 2
