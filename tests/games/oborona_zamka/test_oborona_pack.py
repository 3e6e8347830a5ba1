"""«Оборона Замка» through the general commands: `pnp games`, `pnp check`, `pnp sim`."""

import dataclasses
import json
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from oborona_field import CONTENT
from pnp.cli import main
from pnp.commands import build as build_command

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
    """Issue 13's report: each role's win rate with its interval (named as the role, not a
    seat), victory types, length, walls and potions, the dice peak, each agent attacking
    and defending; the same JSON, byte for byte, on one worker and on two."""
    texts, outs = [], []
    for workers in ("1", "2"):
        out = tmp_path / f"sim{workers}.json"
        done = run("sim", "--game", "oborona-zamka", "--games", "16", "--seed", "7", "--agents", "greedy,random",
                   "--workers", workers, "--json", str(out))
        assert done.returncode == 0, done.stderr
        texts.append(done.stdout)
        outs.append(out.read_bytes())
    assert outs[0] == outs[1] and texts[0] == texts[1]
    text, st = texts[0], json.loads(outs[0])["stats"]
    assert "seat" not in text.split("The seat win rates")[0], text
    for role in ("attacker", "defender"):
        r = st["seats"][role]
        assert re.search(rf"^  {role} wins {r['rate']:.1%} \(95 % CI {r['ci95'][0]:.1%}–{r['ci95'][1]:.1%}, "
                         rf"{r['n']}/16\)$", text, re.M), text
    assert re.search(r"^  victory: .*castle \d", text, re.M) and re.search(r"^  rounds: mean ", text, re.M)
    assert re.search(r"^  peaks \(p99 / p99\.9 / max\): dice 2/2/2$", text, re.M), text
    walls, potions = st["per_game"]["walls_destroyed"], st["per_game"]["potion_returns"]
    assert f"  walls destroyed per game: mean {walls['mean']}, p90 {walls['p90']}, max {walls['max']};" in text
    assert f"  potion returns per game: mean {potions['mean']}, p90 {potions['p90']}, max {potions['max']};" in text
    # role-swapped games: each agent attacks in half of them and defends in the other half
    by_role = st["agents_by_role"]
    for agent in ("greedy", "random"):
        assert by_role["attacker"][agent]["of"] == by_role["defender"][agent]["of"] == 8
        assert re.search(rf"^  {agent}: as attacker wins .*; as defender wins ", text, re.M), text
    assert by_role["attacker"]["greedy"]["n"] + by_role["attacker"]["random"]["n"] == st["seats"]["attacker"]["n"]
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


def test_build_says_a_game_has_no_printed_kit_yet(tmp_path, monkeypatch):
    """A pack that lists no renderers (as this one did before its kit) is a usage error, not an empty kit."""
    own = build_command.pack_of
    monkeypatch.setattr(build_command, "pack_of", lambda game: dataclasses.replace(own(game), renderers=()))
    done = CliRunner().invoke(main, ["build", "--game", "oborona-zamka", "--lang", "ru", "--out", str(tmp_path / "out")])
    assert done.exit_code == 2 and "has no printed kit yet" in done.output, done.output
    assert not (tmp_path / "out").exists()
def test_build_writes_the_rulebook(tmp_path):
    done = run("build", "--game", "oborona-zamka", "--lang", "ru", "--only", "rulebook", "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "out" / "ru" / "oborona-zamka-ru-rulebook.pdf").stat().st_size > 0
