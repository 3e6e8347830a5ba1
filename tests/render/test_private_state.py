"""Private state only: nothing pnp writes for itself has a fixed name in a shared folder."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest
from checkouts import CHECKOUT, copy_checkout, pnp_command, pnp_env
from pdfprobe import not_bundled_fonts

from pnp import cli
from pnp.core import private


@pytest.mark.slow
def test_two_builds_from_two_checkouts_at_once_both_embed_the_bundled_fonts(tmp_path):
    shared_tmp = tmp_path / "tmp"
    shared_tmp.mkdir()
    builds = []
    for name in ("a", "b"):
        checkout = copy_checkout(tmp_path / f"checkout-{name}")
        out = tmp_path / f"out-{name}"
        process = subprocess.Popen(pnp_command("build", "--only", "cards", "--out", str(out)), cwd=checkout,
                                   env=pnp_env(shared_tmp, pythonpath=checkout),
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        builds.append((process, out))
    for process, out in builds:
        log, _ = process.communicate(timeout=600)
        assert process.returncode == 0, log
        pdf = (out / "uk" / "tverdzha-uk-cards.pdf").read_bytes()
        assert not_bundled_fonts(pdf) == []
    # no folder or file left behind in the shared temporary folder: nothing to collide on
    assert sorted(os.listdir(shared_tmp)) == []


_SCRATCH_PROBE = """
import multiprocessing, os, stat
from pnp.core import private

def child(_):
    return str(private.scratch_dir())

with multiprocessing.get_context("fork").Pool(2) as pool:
    seen = pool.map(child, range(2))
path = private.scratch_dir()
print(path, oct(stat.S_IMODE(os.stat(path).st_mode)), *seen)
"""


def test_the_scratch_folder_is_private_shared_with_forked_workers_and_removed_at_exit(tmp_path):
    runs = []
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", _SCRATCH_PROBE], env=pnp_env(tmp_path, CHECKOUT),
                              capture_output=True, text=True, check=True)
        runs.append(done.stdout.split())
    (first, mode, *workers), (second, *_) = runs
    assert mode == "0o700"
    assert workers == [first, first], "forked workers must use their parent's folder"
    assert first != second and first.startswith(str(tmp_path))
    assert os.listdir(tmp_path) == [], "the folder outlived its process"


@pytest.fixture
def user_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(private, "user_cache_dir", lambda app: str(tmp_path / "cache" / app))
    return tmp_path / "cache" / "pnp"


def test_the_cache_round_trips_and_writes_atomically(user_cache):
    private.cache_put("subsets", "a.ttf", b"font bytes")
    assert private.cache_get("subsets", "a.ttf") == b"font bytes"
    assert private.cache_get("subsets", "b.ttf") is None
    assert os.listdir(user_cache / "subsets") == ["a.ttf"], "a partial file was left behind"
    assert stat.S_IMODE(os.stat(user_cache / "subsets").st_mode) == 0o700


def test_the_cache_never_follows_a_planted_symlink(user_cache, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious")
    (user_cache / "subsets").mkdir(parents=True)
    (user_cache / "subsets" / "a.ttf").symlink_to(victim)
    assert private.cache_get("subsets", "a.ttf") is None
    private.cache_put("subsets", "a.ttf", b"font bytes")
    assert victim.read_bytes() == b"precious"
    assert not (user_cache / "subsets" / "a.ttf").is_symlink()
    # a whole folder planted as a symlink is not used at all
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (user_cache / "fonts").symlink_to(elsewhere)
    private.cache_put("fonts", "b.ttf", b"font bytes")
    assert os.listdir(elsewhere) == [] and private.cache_get("fonts", "b.ttf") is None
    # nor does a FIFO planted under a cached name make the build wait for a writer
    os.mkfifo(user_cache / "subsets" / "c.ttf")
    assert private.cache_get("subsets", "c.ttf") is None


def test_two_crashes_in_one_second_get_two_private_reports(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))

    @cli._fault_guard
    def broken():
        raise RuntimeError("a real bug")

    for _ in range(2):
        with pytest.raises(SystemExit) as exit_:
            broken()
        assert exit_.value.code == 70
    reports = sorted(tmp_path.iterdir())
    assert len(reports) == 2
    err = capsys.readouterr().err
    for report in reports:
        assert report.name.startswith("pnp-crash-") and "RuntimeError: a real bug" in report.read_text()
        assert stat.S_IMODE(report.stat().st_mode) == 0o600
        assert f"(details in {report})" in err
