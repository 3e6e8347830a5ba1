"""`pnp sim` end to end: identical JSON for any --workers, usage errors, ablation, the kit check."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from pnp.cli import main
from pnp.content import default_content


def _sim(*args):
    result = CliRunner().invoke(main, ["sim", *args])
    return result.exit_code, result.output


def test_json_is_identical_with_one_or_two_workers(tmp_path):
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}.json"
        code, _ = _sim("--games", "40", "--seed", "7", "--agents", "random,greedy", "--workers", str(workers),
                       "--json", str(out))
        assert code == 0
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    doc = json.loads(outs[0])
    assert doc["stats"]["games"] == 40 and doc["meta"]["seed"] == 7


def test_precision_runs_until_the_seat_estimates_are_that_precise(tmp_path):
    out = tmp_path / "p.json"
    code, text = _sim("--precision", "25", "--agents", "random", "--workers", "2", "--start-method", "spawn",
                      "--json", str(out))
    assert code == 0, text
    doc = json.loads(out.read_text())
    stop = doc["meta"]["stop"]
    assert (stop["rule"], stop["reason"], stop["target_pp"], stop["max_games"]) == ("precision", "precision", 25, 100_000)
    assert stop["half_width_pp"] <= 25 and stop["games"] == doc["stats"]["games"] == 128  # 4 blocks at the least
    assert "stopped there after 128 games" in text and f"±{stop['half_width_pp']:.2f} pp" in text
    fixed = tmp_path / "f.json"
    assert _sim("--games", "128", "--agents", "random", "--workers", "1", "--json", str(fixed))[0] == 0
    assert json.loads(fixed.read_text())["stats"] == doc["stats"]  # the same games as --games 128


def test_precision_and_games_are_usage_errors_together_and_max_games_needs_precision():
    code, out = _sim("--precision", "1", "--games", "10")
    assert code == 2 and "--games and --precision exclude each other" in out
    code, out = _sim("--max-games", "10")
    assert code == 2 and "--max-games caps a --precision run" in out
    code, out = _sim("--precision", "0")
    assert code == 2 and "--precision" in out


def test_unknown_agent_is_a_usage_error():
    code, out = _sim("--agents", "greedy,clever", "--games", "2")
    assert code == 2 and "unknown agent 'clever'" in out and "greedy" in out


def test_unknown_forbid_id_suggests_the_near_one():
    code, out = _sim("--forbid", "rams", "--games", "2")
    assert code == 2 and "did you mean 'ram'" in out


def test_forbid_removes_a_card_and_a_building(tmp_path):
    out = tmp_path / "ablation.json"
    code, _ = _sim("--games", "4", "--agents", "greedy", "--forbid", "ram", "--forbid", "wall", "--json", str(out))
    assert code == 0
    doc = json.loads(out.read_text())
    assert doc["meta"]["forbid"] == ["ram", "wall"]
    assert "ram" not in doc["stats"]["battle_cards"] and "onslaught" in doc["stats"]["battle_cards"]
    assert "wall" not in doc["stats"]["buildings"] and "market" in doc["stats"]["buildings"]


def test_check_kit_fails_when_the_kit_prints_too_few_tokens(tmp_path):
    text = default_content().read_text(encoding="utf-8")
    small, n = re.subn(r"unit_tokens: \{per_player: \d+", "unit_tokens: {per_player: 2", text)
    assert n == 1
    content = tmp_path / "small.yaml"
    content.write_text(small, encoding="utf-8")
    code, out = _sim("--content", str(content), "--games", "4", "--agents", "greedy", "--check-kit")
    assert code == 1
    assert "unit tokens one player needs" in out and "[kit-count]" in out
    assert re.search(r"tokens: kit 2, 4 of 4 games needed more \(max \d+\), rate 39\.58%–100\.00%: short", out)
    code, out = _sim("--games", "4", "--agents", "greedy", "--check-kit")
    assert code == 0
    assert "at most 1 game in 1000 needs more than a printed count" in out
    assert re.search(r"tokens: kit 20, 0 of 4 games needed more \(max \d+\), rate 0\.00%–60\.42%: undecided", out)


def test_report_by_extension(tmp_path):
    code, _ = _sim("--games", "2", "--agents", "random", "--report", str(tmp_path / "r.html"))
    assert code == 0 and "<svg" in (tmp_path / "r.html").read_text(encoding="utf-8")
    code, out = _sim("--games", "2", "--report", str(tmp_path / "r.docx"))
    assert code == 2 and "html or .pdf" in out


def test_a_run_where_every_game_hits_the_cap_says_so_loudly():
    """Random agents on «Оборона Замка» wander until the safety cap (seed 1: both games): the
    summary's win rates then measure nothing, and a warning line on stderr says so. A warning,
    not a failure: `pnp check` refuses content no game can end on, so this is the agents' doing."""
    result = CliRunner().invoke(main, ["sim", "--game", "oborona-zamka", "--games", "2", "--seed", "1",
                                       "--agents", "random,random", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "safety cap hit: 2 of 2" in result.stdout
    assert ("pnp sim: warning: every game (2 of 2) hit the safety cap of 100 rounds and none ended"
            in result.stderr)
    some = CliRunner().invoke(main, ["sim", "--game", "oborona-zamka", "--games", "4", "--seed", "7",
                                     "--agents", "greedy", "--workers", "1"])
    assert some.exit_code == 0 and "warning" not in some.stderr
