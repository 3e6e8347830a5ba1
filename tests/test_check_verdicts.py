"""`pnp check` of files checked before, unchanged, prints the verdict it printed (pnp.cache.check_verdicts),
and anything that could change the verdict (the content, a file beside it, pnp's code, the
arguments) makes a fresh check."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import games
from pnp.cache import check_verdicts, keys
from pnp.cli import main
from pnp.commands import check
from pnp.content import default_content

ROOT = Path(__file__).resolve().parent.parent
STORAGE = 'storage: {cap: 5, note: "Applied to each resource separately at the end of every round."}'


@pytest.fixture
def cache(monkeypatch, tmp_path):
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / check_verdicts.KIND


@pytest.fixture
def checks(monkeypatch) -> list[Path]:
    """The content files a check really read (not a kept verdict)."""
    read: list[Path] = []
    load = check.load_game
    monkeypatch.setattr(check, "load_game", lambda path: read.append(path) or load(path))
    return read


def _check(*args):
    return CliRunner().invoke(main, ["check", *map(str, args)])


def _content(tmp_path: Path, text: str | None = None) -> Path:
    folder = tmp_path / "game"
    folder.mkdir(exist_ok=True)
    path = folder / "tverdzha.yaml"
    path.write_text(text if text is not None else default_content().read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_a_second_check_of_the_same_files_prints_the_kept_verdict(cache, checks, tmp_path):
    path = _content(tmp_path, default_content().read_text(encoding="utf-8").replace(STORAGE, STORAGE.replace("cap: 5", "cap: 6")))
    first, second = _check("--content", path), _check("--content", path)
    assert first.exit_code == second.exit_code == 1
    assert first.stdout == second.stdout and ": error: " in first.stdout
    assert checks == [path]  # the second did not read the content
    assert len(list(cache.iterdir())) == 1


def test_what_changes_a_verdict_makes_a_fresh_check(cache, checks, tmp_path, monkeypatch):
    path = _content(tmp_path)
    ok = _check("--content", path)
    assert ok.exit_code == 0 and len(checks) == 1
    # the content: broken, then as it was (that verdict is kept)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(STORAGE, STORAGE.replace("cap: 5", "cap: 6")), encoding="utf-8")
    broken = _check("--content", path)
    assert broken.exit_code == 1 and len(checks) == 2
    path.write_text(text, encoding="utf-8")
    assert _check("--content", path).stdout == ok.stdout and len(checks) == 2
    # a file of an input kind beside it (a table, a picture, a layout)
    (path.parent / "extra.csv").write_text("id,name\n", encoding="utf-8")
    assert _check("--content", path).exit_code == 0 and len(checks) == 3
    # the arguments
    assert _check("--content", path, "--format", "json").stdout.startswith("{") and len(checks) == 4
    _check("--content", path, "--strict")
    _check("--content", path, "--lang", "uk")
    assert len(checks) == 6
    # pnp's code
    monkeypatch.setattr(keys, "code_files", lambda: "another pnp")
    assert _check("--content", path).stdout == ok.stdout and len(checks) == 7


def test_a_damaged_verdict_is_checked_again(cache, checks, tmp_path):
    path = _content(tmp_path)
    first = _check("--content", path)
    for entry in cache.iterdir():
        entry.write_bytes(b"7\nnot a verdict")
    again = _check("--content", path)
    assert again.exit_code == first.exit_code == 0 and again.stdout == first.stdout and len(checks) == 2


def test_a_usage_error_and_a_sim_file_are_never_kept(cache, checks, tmp_path):
    path = _content(tmp_path)
    for _ in range(2):
        result = _check("--content", path, "--lang", "xx")
        assert result.exit_code == 2 and "--lang xx" in result.output
    assert not cache.exists() or not list(cache.iterdir())
    assert check_verdicts.key(path, "x", ()) is not None
    sim = tmp_path / "sim.json"
    sim.write_text("{}", encoding="utf-8")
    for _ in range(2):
        _check("--content", path, "--sim", sim)
    assert len(checks) == 4


def test_no_cache_skips_it(cache, checks, monkeypatch, tmp_path):
    monkeypatch.setenv("PNP_NO_CACHE", "1")
    path = _content(tmp_path)
    _check("--content", path)
    _check("--content", path)
    assert len(checks) == 2 and not cache.exists()


def test_the_installed_packs_are_read_from_the_registrys_entry_point_group():
    assert check_verdicts.PACKS_GROUP == games.ENTRY_POINT_GROUP


def test_a_kept_verdict_reads_no_content_in_a_new_process(tmp_path):
    """The point of keeping it: the second process neither reads the content nor validates it."""
    probe = ("import sys; from pnp.commands import check; load = check.load_game; "
             "check.load_game = lambda path: print('read') or load(path); code = check.run(None); "
             "print(code, 'jsonschema' in sys.modules)")
    env = {**{k: v for k, v in __import__('os').environ.items() if k != "PNP_NO_CACHE"}, "PNP_CACHE_DIR": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env, cwd=ROOT)
            for _ in range(2)]
    assert runs[0].stdout.startswith("read\n") and runs[0].stdout.splitlines()[-1] == "0 True"
    assert "read" not in runs[1].stdout and runs[1].stdout.splitlines()[-1] == "0 False"
    assert runs[0].stdout.splitlines()[1:-1] == runs[1].stdout.splitlines()[:-1]  # the same report
