"""Files' digests kept between processes by their stat (pnp.cache.keys._KnownDigests): a key names a file's bytes
without reading them while the file stays as it was, and reads them again whenever it may have changed."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from pnp.cache import keys


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PNP_CACHE_DIR", str(folder))
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    keys._file_digest.cache_clear()  # the process's own memo: each step below stands for a new process
    return folder


def _new_process() -> keys._KnownDigests:
    keys._file_digest.cache_clear()
    return keys._KnownDigests()


def _digest(known: keys._KnownDigests, path: Path) -> str:
    found = known.digest(path, path.stat())
    known.keep()
    return found


def test_a_file_as_it_was_is_not_read_again_in_the_next_process(cache, tmp_path, monkeypatch):
    path = tmp_path / "layout.yaml"
    path.write_bytes(b"size: 12")
    assert _digest(_new_process(), path) == hashlib.sha256(b"size: 12").hexdigest()
    known = _new_process()
    monkeypatch.setattr(keys, "_file_digest", lambda *a: pytest.fail("read again"))
    assert _digest(known, path) == hashlib.sha256(b"size: 12").hexdigest()


def test_bytes_changed_under_the_same_size_and_modification_time_are_read_again(cache, tmp_path):
    path = tmp_path / "layout.yaml"
    path.write_bytes(b"size: 12")
    before = path.stat()
    _digest(_new_process(), path)
    path.write_bytes(b"size: 14")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # as `touch -d` or `cp -p` may leave it
    assert path.stat().st_size == before.st_size and path.stat().st_mtime_ns == before.st_mtime_ns
    assert _digest(_new_process(), path) == hashlib.sha256(b"size: 14").hexdigest()


def test_another_file_renamed_into_its_place_is_read_again(cache, tmp_path):
    path, other = tmp_path / "art.png", tmp_path / "new.png"
    path.write_bytes(b"AAAA")
    other.write_bytes(b"BBBB")
    _digest(_new_process(), path)
    os.utime(other, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns))
    other.replace(path)
    assert _digest(_new_process(), path) == hashlib.sha256(b"BBBB").hexdigest()


def test_a_damaged_table_means_the_files_are_read_again(cache, tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"words")
    _digest(_new_process(), path)
    (table,) = (cache / keys._KnownDigests.KIND).iterdir()
    table.write_bytes(b"\x80\x05 not a pickle")
    assert _digest(_new_process(), path) == hashlib.sha256(b"words").hexdigest()
    table.write_bytes(b"\x80\x04\x95\x08\x00\x00\x00\x00\x00\x00\x00]\x94(K\x01K\x02e.")  # a list, not a table
    assert _digest(_new_process(), path) == hashlib.sha256(b"words").hexdigest()


def test_nothing_is_kept_without_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PNP_NO_CACHE", "1")
    path = tmp_path / "a.txt"
    path.write_bytes(b"words")
    assert _digest(_new_process(), path) == hashlib.sha256(b"words").hexdigest()
    assert not (tmp_path / "cache" / keys._KnownDigests.KIND).exists()
