"""`pnp check`: output formats, --strict, --sim, exit codes."""

import json
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main
from pnp.content import default_content

TEXT = default_content().read_text(encoding="utf-8")
STORAGE = 'storage: {cap: 5, note: "Applied to each resource separately at the end of every round."}'


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tverdzha.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _check(*args):
    return CliRunner().invoke(main, ["check", *map(str, args)])


def test_json_report_of_the_shipped_content():
    result = _check("--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["ok"] is True and report["problems"] == []
    s = report["summary"]
    assert (s["lands"], s["buildings"], s["building_cards"], s["upgrades"], s["battle_card_types"], s["battle_cards"]) == (21, 18, 36, 18, 16, 40)
    assert (s["errors"], s["warnings"]) == (0, 0)


def test_json_report_of_broken_content(tmp_path):
    assert STORAGE in TEXT
    path = _write(tmp_path, TEXT.replace(STORAGE, STORAGE.replace("cap: 5", "cap: 6"), 1))
    result = _check("--content", path, "--format", "json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False and report["summary"]["errors"] == 1
    [p] = report["problems"]
    assert p["code"] == "rules-value" and p["level"] == "error"
    assert TEXT.splitlines()[p["line"] - 1].strip().startswith("storage: {cap: 5")
    assert set(p) == {"file", "line", "col", "level", "code", "message", "hint"}


def test_text_output_lists_problems_then_a_summary(tmp_path):
    path = _write(tmp_path, TEXT.replace(STORAGE, STORAGE.replace("cap: 5", "cap: 6"), 1))
    result = _check("--content", path)
    lines = result.stdout.splitlines()
    assert result.exit_code == 1
    assert lines[0].startswith(f"{path}:") and lines[0].endswith("[rules-value]")
    assert lines[1].startswith("    hint: rules: «")
    assert lines[-1] == f"{path}: 1 error, 0 warnings"


def test_strict_makes_warnings_fail(tmp_path):
    noted = 'storage: {cap: 6, note: "The rules say 5; raised to 6 for longer games."}'
    path = _write(tmp_path, TEXT.replace(STORAGE, noted, 1))
    relaxed = _check("--content", path)
    assert relaxed.exit_code == 0
    assert "warning: limits.storage.cap is 6" in relaxed.stdout
    assert relaxed.stdout.splitlines()[-1].endswith("1 warning")
    strict = _check("--content", path, "--strict")
    assert strict.exit_code == 1
    assert strict.stdout.splitlines()[-1].endswith("0 errors, 1 warning (--strict: warnings fail)")


def test_missing_content_file_is_a_usage_error(tmp_path):
    result = _check("--content", tmp_path / "nope.yaml")
    assert result.exit_code == 2
    assert result.stderr.strip() == f"pnp: no content file at {tmp_path / 'nope.yaml'}"


def _sim_result(tmp_path: Path, tokens: int) -> Path:
    """1000 games that all reached these peaks."""
    peaks = {key: {"games": {str(n): 1000}} for key, n in (("tokens", tokens), ("battle_dice", 6), ("side_dice", 4))}
    path = tmp_path / "sim.json"
    path.write_text(json.dumps({"meta": {}, "stats": {"games": 1000, "peaks": peaks}}))
    return path


def test_sim_result_that_the_kit_covers(tmp_path):
    result = _check("--sim", _sim_result(tmp_path, 12))
    assert result.exit_code == 0, result.output


def test_sim_result_that_needs_more_tokens_fails(tmp_path):
    result = _check("--sim", _sim_result(tmp_path, 99))
    assert result.exit_code == 1
    assert "[kit-count]" in result.stdout


def test_unreadable_or_wrong_sim_files_are_usage_errors(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = _check("--sim", bad)
    assert result.exit_code == 2 and result.stderr.startswith("pnp: cannot read the simulation result")
    bad.write_text("[1, 2]")
    assert _check("--sim", bad).exit_code == 2
    bad.write_text('{"stats": {"peaks": {"tokens": 3}}}')
    result = _check("--sim", bad)
    assert result.exit_code == 2 and "is not a `pnp sim --json` result" in result.stderr
    assert "Traceback" not in result.output
