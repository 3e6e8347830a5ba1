"""The parsed-YAML cache (pnp.content.parsecache) gives exactly what parsing gives, skips the parser
on a hit, ignores a damaged entry, keeps no file that had a problem, and trims only its own entries."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pnp.content import parsecache, yamlload
from pnp.core import private

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(p for folder in ("content", "templates", "pnp") for p in (ROOT / folder).rglob("*.yaml"))


@pytest.fixture
def cache(monkeypatch, tmp_path):
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    return tmp_path / parsecache.KIND


def _no_parser(monkeypatch):
    def refuse(text, file):
        raise AssertionError(f"{file} was parsed although it is in the cache")
    monkeypatch.setattr(yamlload, "_parse", refuse)


def test_every_shipped_file_reads_the_same_from_the_cache(cache, monkeypatch):
    assert len(SHIPPED) > 20
    parsed = {}
    for path in SHIPPED:
        text = path.read_text(encoding="utf-8")
        loaded, problems = yamlload.parse_yaml(text, path.name)
        assert loaded is not None and problems == [], path
        parsed[path] = (text, loaded)
    kept = {entry.name for entry in cache.iterdir()}
    assert {parsecache._name(t, p.name, None) for p, (t, _) in parsed.items()} <= kept
    _no_parser(monkeypatch)
    for path, (text, first) in parsed.items():
        again, problems = yamlload.parse_yaml(text, path.name)
        assert problems == []
        assert again.data == first.data and again.marks == first.marks and again.text == text, path
        assert list(again.marks) == list(first.marks)


def test_the_name_the_marks_carry_is_part_of_the_key(cache, monkeypatch):
    yamlload.parse_yaml("a: 1\nb: [2, 3]\n", "one.yaml")
    loaded, _ = yamlload.parse_yaml("a: 1\nb: [2, 3]\n", "two.yaml")
    assert loaded.marks[("b", 1)] == yamlload.Mark("two.yaml", 2, 8)
    assert len(list(cache.iterdir())) == 2 * 3  # each name's file and its two sections


def test_a_file_with_a_problem_is_read_again_every_time(cache):
    text = "a: 1\na: 2\n"
    for _ in range(2):
        loaded, problems = yamlload.parse_yaml(text, "dup.yaml")
        assert [p.code for p in problems] == ["duplicate-key"] and loaded.data == {"a": 1}
    assert not cache.exists() or not list(cache.iterdir())


@pytest.mark.parametrize("damage", [b"", b"not marshal", b"\xe9" * 40, None])
def test_a_damaged_entry_is_ignored(cache, damage):
    text = "name: {uk: Вулик, ru: Улей}\ncount: 3\n"
    first, _ = yamlload.parse_yaml(text, "game.yaml")
    import marshal
    entries = list(cache.iterdir())
    assert len(entries) == 3  # the file's, and each of its two sections' (pnp.content.yamlsplit)
    for entry in entries:
        entry.write_bytes(damage if damage is not None else marshal.dumps(({"x": 1}, ("x",), (1,), ())))
    again, problems = yamlload.parse_yaml(text, "game.yaml")
    assert problems == [] and again.data == first.data and again.marks == first.marks


def test_no_cache_skips_it(cache, monkeypatch):
    monkeypatch.setenv("PNP_NO_CACHE", "1")
    yamlload.parse_yaml("a: 1\n", "a.yaml")
    assert not cache.exists()


def test_the_folder_keeps_the_newest_entries_and_nothing_else_is_removed(cache, monkeypatch):
    monkeypatch.setattr(parsecache, "KEEP", 3)
    mine = cache.parent / parsecache.KIND / "notes.txt"
    for n in range(6):
        yamlload.parse_yaml(f"a: {n}\n", "a.yaml")
        if n == 0:
            mine.write_text("a file pnp did not write")
        second = n * 1_000_000_000  # an entry written earlier is older, however coarse the clock
        os.utime(cache / parsecache._name(f"a: {n}\n", "a.yaml", None), ns=(second, second))
    entries = sorted(p.name for p in cache.iterdir() if p != mine)
    assert len(entries) == 3 and mine.read_text() == "a file pnp did not write"
    _kept = {parsecache._name(f"a: {n}\n", "a.yaml", None) for n in (3, 4, 5)}
    assert set(entries) == _kept


def test_trim_never_touches_a_symlink_or_a_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    folder = private.cache_folder("kind")
    outside = tmp_path / "precious"
    outside.write_text("keep")
    (folder / ("a" * 64)).symlink_to(outside)
    (folder / ("b" * 64)).mkdir()
    private.cache_trim("kind", 0)
    assert outside.read_text() == "keep" and (folder / ("b" * 64)).is_dir() and (folder / ("a" * 64)).is_symlink()


def test_trim_waits_for_an_eighth_more_then_keeps_the_newest(tmp_path, monkeypatch):
    """A folder kept full is not read whole at every write: the newest 16 are kept once there are 19."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    folder = private.cache_folder("kind")
    names = [f"{n:064x}" for n in range(19)]
    for n, name in enumerate(names):
        private.cache_put("kind", name, b"x")
        os.utime(folder / name, ns=(n * 1_000_000_000, n * 1_000_000_000))
        private.cache_trim("kind", 16)
        assert len(list(folder.iterdir())) == (n + 1 if n < 18 else 16)
    assert sorted(p.name for p in folder.iterdir()) == names[3:]


def test_a_large_folder_is_trimmed_after_one_write_in_sixteen(tmp_path, monkeypatch):
    """Trimming lists the folder: a folder that keeps 64 files or more is trimmed only after a write whose
    hex name ends in 0, and then to its newest 64."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    folder = private.cache_folder("kind")
    for n in range(80):
        name = f"{n:063x}1"  # never ends in 0
        private.cache_put("kind", name, b"x")
        os.utime(folder / name, ns=(n * 10 ** 9, n * 10 ** 9))
        private.cache_trim("kind", 64, name)
    assert len(list(folder.iterdir())) == 80
    private.cache_put("kind", "f" * 63 + "0", b"x")
    private.cache_trim("kind", 64, "f" * 63 + "0")
    kept = sorted(p.name for p in folder.iterdir())
    assert len(kept) == 64 and "f" * 63 + "0" in kept and f"{0:063x}1" not in kept
