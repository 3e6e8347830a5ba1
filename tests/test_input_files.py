"""Input files: every command refuses devices, pipes and big files without blocking, and
`pnp check --sim` validates the result file's shape at the right line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.content import default_content, load_game
from pnp.content.readfile import MAX_FILE_BYTES, read_limited
from pnp.sim.simfile import load_sim_result

ROOT = Path(__file__).resolve().parent.parent  # the checkout: subprocesses import pnp from here

COMMANDS = [["check"], ["build", "--only", "cards"], ["export"], ["odds", "--attacker", "3", "--defender", "2"],
            ["sim", "--games", "2"]]


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "game.yaml"
    os.mkfifo(path)
    return path


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(cwd))
    # a blocked read would hit the timeout: the test then fails instead of hanging
    return subprocess.run([sys.executable, "-m", "pnp.cli", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=60)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("source", ["fifo", "/dev/zero"])
def test_every_command_refuses_a_fifo_or_a_device_at_once(command, source, fifo, tmp_path):
    path = fifo if source == "fifo" else Path(source)
    proc = _run([command[0], "--content", str(path), *command[1:], *(["--out", str(tmp_path / "out")] if command[0] == "build" else [])],
                tmp_path)
    assert proc.returncode in (1, 2), proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    assert not (tmp_path / "out").exists()


def test_check_sim_refuses_a_fifo_at_once(fifo, tmp_path):
    proc = _run(["check", "--sim", str(fifo)], tmp_path)
    assert proc.returncode == 2 and "pipe" in proc.stderr, proc.stdout + proc.stderr


def test_the_reader_says_what_the_file_is(fifo, tmp_path):
    assert read_limited(fifo, "x")[1].code == "file-not-regular"
    assert "device" in read_limited("/dev/zero", "x")[1].message
    assert "directory" in read_limited(tmp_path, "x")[1].message
    assert read_limited(tmp_path / "missing.yaml", "x")[1].code == "file-unreadable"


def test_the_limit_is_the_same_for_the_content_and_the_sim_result(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    assert [p.code for p in load_game(big)[1]] == ["file-too-big"]
    assert [p.code for p in load_sim_result(big, "big.json")[1]] == ["file-too-big"]
    exact = tmp_path / "exact.json"
    exact.write_bytes(b"{}" + b" " * (MAX_FILE_BYTES - 2))
    assert [p.code for p in load_sim_result(exact, "exact.json")[1]] == ["missing-key"]


def _result(**changes) -> dict:
    doc = {"meta": {"pnp_sim": 2, "content_sha256": "0" * 64, "game": "tverdzha"},
           "stats": {"games": 10, "peaks": {"tokens": {"max": 9, "p99.9": 8, "mean": 4.5, "games": {"4": 9, "9": 1}}}}}
    for path, value in changes.items():
        node = doc
        *head, last = path.split("__")
        for key in head:
            node = node[key]
        node[last] = value
    return doc


def _problems(tmp_path: Path, doc) -> list[tuple[int, str, str]]:
    path = tmp_path / "sim.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc, indent=1), encoding="utf-8")
    data, problems = load_sim_result(path, "sim.json")
    assert (data is None) == bool(problems)
    return [(p.mark.line, p.code, p.message) for p in problems]


def test_a_result_of_the_right_shape_is_read(tmp_path):
    assert _problems(tmp_path, _result()) == []


def test_an_empty_object_is_not_a_result(tmp_path):
    assert [(line, code) for line, code, _ in _problems(tmp_path, "{}")] == [(1, "missing-key")]


def test_a_wrong_value_is_reported_at_its_line(tmp_path):
    text = json.dumps(_result(stats__peaks={"tokens": {"games": {"9": "many"}}}), indent=1)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '"many"' in row)
    assert [(ln, code) for ln, code, _ in _problems(tmp_path, text)] == [(line, "wrong-type")]
    text = json.dumps(_result(stats__peaks={"tokens": {"games": {"nine": 1}}}), indent=1)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '"nine"' in row)
    assert [(ln, code, msg) for ln, code, msg in _problems(tmp_path, text)] == [
        (line, "bad-key", "stats.peaks.tokens.games: key 'nine' does not have the expected form "
                          "(a peak value, a whole number)")]
    # a result of the format before the per-value game counts (pnp_sim 1) is refused
    assert [code for _, code, _ in _problems(tmp_path, _result(meta__pnp_sim=1))] == ["bad-value"]
    assert [code for _, code, _ in _problems(tmp_path, _result(stats__games=2.0))] == ["wrong-type"]


def test_not_json_is_reported_where_it_breaks(tmp_path):
    assert _problems(tmp_path, '{\n "meta": \n') [0][:2] == (3, "sim-not-json")


def test_check_with_an_empty_result_is_a_usage_error_that_says_where(tmp_path):
    (tmp_path / "sim.json").write_text("{}", encoding="utf-8")
    proc = _run(["check", "--content", str(default_content()), "--sim", str(tmp_path / "sim.json")], tmp_path)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stderr.startswith("pnp: sim.json is not a `pnp sim --json` result:\n"), proc.stderr
    assert "sim.json:1:1: error: the document: required key 'stats' is missing [missing-key]" in proc.stderr
