"""`pnp sim --game empire --players N`: the command plays 2, 3 and 4 players and prints each race's win rate
with its 95 % interval, the game's length, points by source and, with --check-kit, the decks' peaks."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from pnp.cli import main


def _sim(*args):
    result = CliRunner().invoke(main, ["sim", "--game", "empire", "--workers", "1", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("players, agents", [(2, "greedy"), (3, "random"), (4, "greedy,random,greedy,random")])
def test_the_command_plays_two_to_four_players_and_prints_each_race_s_interval(players, agents, tmp_path):
    code, out, err = _sim("--players", str(players), "--games", str(2 * players), "--seed", "5", "--agents", agents,
                          "--check-kit", "--json", str(tmp_path / "r.json"))
    assert code == 0, out + err
    seats = re.findall(r"seat ([A-D]) wins", out)
    assert seats == list("ABCD"[:players])
    races = re.findall(r"race (\w+) wins \d+\.\d% \(95 % CI \d+\.\d%–\d+\.\d%, \d+/\d+; \d+ seat-rotated groups as "
                       r"the unit\)", out)
    assert len(races) == len(set(races)) and set(races) <= {"humans", "orcs", "dark_elves", "forest_elves"}
    assert len(races) >= players
    assert "rounds: mean 49.0" in out  # seven weeks of seven days
    assert "points a player by source" in out and "buildings" in out
    for deck in ("travel", "neutral", "chests", "diplomacy"):
        assert re.search(rf"  {deck}: kit \d+, \d+ of {2 * players} games needed more", err), err
    doc = json.loads((tmp_path / "r.json").read_text())
    assert sorted(doc["stats"]["races"]) == sorted(races)
    assert doc["stats"]["games"] == 2 * players


def test_the_same_seed_gives_the_same_json(tmp_path):
    runs = []
    for name in ("a", "b"):
        code, _, err = _sim("--players", "3", "--games", "3", "--seed", "8", "--json", str(tmp_path / f"{name}.json"))
        assert code == 0, err
        doc = json.loads((tmp_path / f"{name}.json").read_text())
        doc["meta"].pop("elapsed", None)
        runs.append(json.dumps(doc, sort_keys=True))
    assert runs[0] == runs[1]


def test_the_summary_counts_the_chests_of_bribes_and_mercenaries_per_game(tmp_path):
    code, out, err = _sim("--players", "4", "--games", "4", "--seed", "5", "--agents", "random",
                          "--json", str(tmp_path / "r.json"))
    assert code == 0, out + err
    per_game = json.loads((tmp_path / "r.json").read_text())["stats"]["per_game"]
    line = next(x for x in out.splitlines() if x.strip().startswith("per game:"))
    for key in ("bribes_neutral", "bribes_in_war", "mercenaries"):
        assert per_game[key] > 0, key
        assert f"{key} {per_game[key]}" in line


@pytest.mark.parametrize("value", ["1", "5", "many"])
def test_a_number_of_players_the_game_does_not_seat_is_a_usage_error(value):
    code, out, err = _sim("--players", value, "--games", "1")
    assert code == 2 and "--players" in err


def test_a_game_that_declares_no_players_option_refuses_it():
    result = CliRunner().invoke(main, ["sim", "--game", "oborona-zamka", "--players", "2", "--games", "1",
                                       "--workers", "1"])
    assert result.exit_code == 2 and "takes no options of its own, found --players" in result.stderr


@pytest.mark.parametrize("players", [2, 4])
def test_a_seat_rotated_group_seats_each_race_in_every_seat_once(players):
    """The races follow the agent slots (EmpireSimulation.bind_slots): a group's games share their chance
    draws, so every agent slot is dealt the same race in each, and each race sits once in every seat; a
    race's rate carries no seat's advantage, and the group's games are different games."""
    from pnp.games import pack
    from pnp.games.empire.simulation import EmpireSimulation
    from pnp.sim.hooks import parse_specs
    from pnp.sim.runner import play_many
    from pnp.sim.source import GameSource

    sim = EmpireSimulation(players=players)
    source = GameSource.read(pack("empire").content, sim)
    roles = sim.roles(source.game())
    records = list(play_many(source, parse_specs("random", sim, roles), games=2 * players, seed=3, workers=1))
    for group in (records[:players], records[players:]):
        race_of_slot = {group[0]["slots"][role]: group[0]["races"][seat] for seat, role in enumerate(roles)}
        for r in group:
            assert [r["races"][seat] for seat in range(players)] == [race_of_slot[r["slots"][role]] for role in roles]
        for seat in range(players):
            assert len({r["races"][seat] for r in group}) == players  # each race once in this seat
