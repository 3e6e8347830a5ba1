"""Files pnp writes outside a build (`--json`, `--report`, its cache) are written atomically
(pnp.core.safeio.write_atomic): a failure at any point leaves the previous file whole.
The full-disk cases run as real commands in tests/exit_codes.yaml (`*-disk-full-keeps-the-previous-file`)."""

from __future__ import annotations

import errno
import os
import stat

import pytest

from pnp.core import safeio


def _fail_fsync(fd):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_failed_write_keeps_the_previous_file_and_leaves_no_part(tmp_path, monkeypatch):
    target = tmp_path / "result.json"
    target.write_text('{"previous": true}\n')
    monkeypatch.setattr(safeio.os, "fsync", _fail_fsync)
    with pytest.raises(OSError, match="No space left on device") as caught:
        safeio.write_atomic(target, "{" * 100_000)
    assert caught.value.filename == str(target)  # the message names the user's file, not the temporary one
    assert target.read_text() == '{"previous": true}\n'
    assert os.listdir(tmp_path) == ["result.json"]


def test_the_file_keeps_its_permissions_and_a_new_one_gets_the_usual_ones(tmp_path):
    kept = tmp_path / "kept.html"
    kept.write_text("old")
    kept.chmod(0o640)
    safeio.write_atomic(kept, "new")
    assert kept.read_text() == "new" and stat.S_IMODE(kept.stat().st_mode) == 0o640
    umask = os.umask(0o022)
    try:
        fresh = safeio.write_atomic(tmp_path / "fresh.pdf", b"%PDF")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644  # not mkstemp's private 0600


def test_through_a_symbolic_link_the_file_it_points_to_is_replaced(tmp_path):
    (tmp_path / "real.json").write_text("old")
    (tmp_path / "link.json").symlink_to("real.json")
    safeio.write_atomic(tmp_path / "link.json", "new")
    assert (tmp_path / "link.json").is_symlink() and (tmp_path / "real.json").read_text() == "new"
    safeio.write_atomic(tmp_path / "link.json", "own", follow_symlinks=False)  # pnp's private folders
    assert not (tmp_path / "link.json").is_symlink() and (tmp_path / "real.json").read_text() == "new"
