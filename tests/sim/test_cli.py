"""`pnp sim` end to end: identical JSON for any --workers, usage errors, ablation, the kit check."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from pnp.cli import main
from pnp.content import DEFAULT_CONTENT


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
    text = DEFAULT_CONTENT.read_text(encoding="utf-8")
    small, n = re.subn(r"unit_tokens: \{per_player: \d+", "unit_tokens: {per_player: 2", text)
    assert n == 1
    content = tmp_path / "small.yaml"
    content.write_text(small, encoding="utf-8")
    code, out = _sim("--content", str(content), "--games", "4", "--agents", "greedy", "--check-kit")
    assert code == 1
    assert "unit tokens one player needs" in out and "[kit-count]" in out
    code, _ = _sim("--games", "4", "--agents", "greedy", "--check-kit")
    assert code == 0


def test_report_by_extension(tmp_path):
    code, _ = _sim("--games", "2", "--agents", "random", "--report", str(tmp_path / "r.html"))
    assert code == 0 and "<svg" in (tmp_path / "r.html").read_text(encoding="utf-8")
    code, out = _sim("--games", "2", "--report", str(tmp_path / "r.docx"))
    assert code == 2 and "html or .pdf" in out
