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
    table.write_bytes(b"\x80\x05 not a table")
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


def _walked_as_os_walk_goes(root: Path, suffixes, leave_out) -> list[str]:
    """The files a key reads, found the plain way (os.walk and pathlib), for the fast walk to agree with."""
    found = []
    for here, dirs, files in os.walk(root):
        base = Path(here)
        dirs[:] = sorted(d for d in dirs if d not in keys.SKIPPED and not d.startswith(".")
                         and not (leave_out and (base / d).resolve() in leave_out))
        for name in sorted(files):
            path = base / name
            if name.startswith(".") or (suffixes is not None and path.suffix.lower() not in suffixes):
                continue
            if (leave_out and path.resolve() in leave_out) or not path.is_file():
                continue
            found.append(str(path.relative_to(root)))
    return found


@pytest.mark.parametrize("suffixes", [None, frozenset({".yaml", ".png"})])
@pytest.mark.parametrize("left_out", [(), ("sub",), ("a.yaml", "b")])
def test_the_walk_finds_the_files_os_walk_finds_in_its_order(tmp_path, suffixes, left_out):
    root = tmp_path / "game"
    for name in ("a.yaml", "B.yaml", "x.", ".dot", "sub/c.PNG", "sub/deeper/d.yaml", "sub/.hidden/e.yaml",
                 "__pycache__/f.yaml", "b/z.svg", "b/y.yaml", "arch.tar.yaml"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(name)
    (root / "link.yaml").symlink_to(root / "a.yaml")           # a link to a file: read, as the file
    (root / "broken.yaml").symlink_to(root / "nowhere")        # a broken link: nothing to read
    (root / "linked").symlink_to(root / "sub", target_is_directory=True)  # a link to a folder: not walked
    leave_out = {(root / name).resolve() for name in left_out}
    walked = [relative for relative, _, _ in keys._walk(str(root), suffixes, leave_out)]
    assert walked == _walked_as_os_walk_goes(root, suffixes, leave_out)
    assert ("link.yaml" in walked) == ("a.yaml" not in left_out)  # left out with the file it resolves to
    assert "broken.yaml" not in walked and not any(w.startswith("linked") for w in walked)


def test_a_full_table_keeps_only_the_files_of_the_process_that_wrote_it(cache, tmp_path, monkeypatch):
    """Every check reads the whole table: past its bound it keeps the files one process used, not every
    folder ever checked."""
    monkeypatch.setattr(keys._KnownDigests, "MOST", 3)
    files = []
    for n in range(7):
        files.append(tmp_path / f"{n}.yaml")
        files[-1].write_text(str(n))
    first = _new_process()
    for path in files[:5]:
        first.digest(path, path.stat())
    first.keep()
    second = _new_process()
    assert len(second.table) == 5  # all five were this process's own
    for path in files[5:]:
        second.digest(path, path.stat())
    second.keep()
    assert sorted(_new_process().table) == sorted(str(p) for p in files[5:])
