"""A face's metrics kept in the user's cache (pnp.typeset.font_metrics): the same numbers fontTools reads
from the font, found again by the font's bytes, never by its name, and read again from a damaged entry."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.cache import keys
from pnp.typeset import font_metrics
from pnp.typeset.fonts import FACES

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PNP_CACHE_DIR", str(folder))
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    _new_process()
    yield folder
    _new_process()


def _new_process() -> None:
    font_metrics.metrics.cache_clear()
    keys._known.cache_clear()
    keys._file_digest.cache_clear()


def _entries(cache: Path) -> list[Path]:
    return sorted((cache / font_metrics.KIND).iterdir())


@pytest.mark.parametrize("key", sorted(FACES))
def test_kept_metrics_are_the_fonts_own(cache, key):
    path = FACES[key].path
    read = font_metrics._read(path)
    assert font_metrics.metrics(path) == read
    _new_process()
    kept = font_metrics.metrics(path)
    assert kept == read and len(_entries(cache)) == 1
    assert kept.advances[ord("Ж")] > 0 and kept.units_per_em == 1000.0 and kept.descent < 0 < kept.ascent
    assert 0.6 < kept.cap_height < 0.75


def test_a_kept_face_is_not_read_with_fonttools(cache, monkeypatch):
    path = FACES["sans"].path
    font_metrics.metrics(path)
    _new_process()
    monkeypatch.setattr(font_metrics, "_read", lambda p: pytest.fail("read from the font again"))
    assert font_metrics.metrics(path).advances[ord("A")] > 0


def test_another_font_under_the_same_name_has_its_own_metrics(cache, tmp_path):
    path = tmp_path / "Face.ttf"
    shutil.copyfile(FACES["sans"].path, path)
    sans = font_metrics.metrics(path)
    os.unlink(path)
    shutil.copyfile(FACES["narrow"].path, path)  # a new file: another inode and change time
    _new_process()
    narrow = font_metrics.metrics(path)
    assert narrow == font_metrics._read(FACES["narrow"].path)
    assert narrow.advances[ord("M")] < sans.advances[ord("M")]  # the narrow face is narrower
    assert len(_entries(cache)) == 2


@pytest.mark.parametrize("damage", [b"", b"not marshal", b"\xe9" * 40])
def test_a_damaged_entry_is_read_again_from_the_font(cache, damage):
    path = FACES["serif"].path
    read = font_metrics.metrics(path)
    (entry,) = _entries(cache)
    entry.write_bytes(damage)
    _new_process()
    assert font_metrics.metrics(path) == read
    assert entry.read_bytes() not in (b"", damage)  # written again


def test_an_entry_of_the_wrong_shape_is_read_again(cache):
    import marshal

    path = FACES["serif"].path
    read = font_metrics.metrics(path)
    (entry,) = _entries(cache)
    entry.write_bytes(marshal.dumps(((65,), (500,), 1000, 800.0, -200.0, 0.7)))  # an int where a float belongs
    _new_process()
    assert font_metrics.metrics(path) == read


def test_nothing_is_kept_without_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PNP_NO_CACHE", "1")
    _new_process()
    assert font_metrics.metrics(FACES["sans"].path).advances
    assert not (tmp_path / "cache").exists()
    _new_process()


def test_a_check_whose_faces_are_kept_does_not_import_fonttools(tmp_path):
    """The import this cache exists to skip: a content edited since the last check is checked in full."""
    content = tmp_path / "tverdzha.yaml"
    shutil.copyfile(ROOT / "content" / "tverdzha.yaml", content)
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("PNP_NO_CACHE", None)
    probe = ("import sys; from pnp.cli import main\n"
             "sys.argv = ['pnp', 'check', '--content', sys.argv[1]]\ntry: main()\n"
             "except SystemExit as e: code = e.code\n"
             "print('fontTools' in sys.modules, code)")
    first = subprocess.run([sys.executable, "-c", probe, str(content)], env=env, capture_output=True, text=True, cwd=ROOT)
    assert first.stdout.split()[-1] == "0", first.stderr
    with content.open("a", encoding="utf-8") as f:
        f.write("# edited\n")
    second = subprocess.run([sys.executable, "-c", probe, str(content)], env=env, capture_output=True, text=True, cwd=ROOT)
    assert second.stdout.split()[-2:] == ["False", "0"], second.stdout + second.stderr
