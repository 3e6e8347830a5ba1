"""The rulebook's inline-icon placeholders: whole files in the scratch folder, never synced."""

from __future__ import annotations

import base64
import os
from pathlib import Path

import pytest

from pnp.rulebook import vector_icons


def test_a_placeholder_is_the_blank_png_under_its_icons_name_and_costs_no_sync(monkeypatch):
    def no_sync(fd):
        raise AssertionError("a scratch file was synced to the disk")

    monkeypatch.setattr(os, "fsync", no_sync)
    vector_icons.placeholder.cache_clear()
    path = Path(vector_icons.placeholder(("wood", "stone~2"), False, 1.4))
    assert path.name == "pnp-inline-icon-140-wood+stone~2.png"
    assert path.read_bytes() == base64.b64decode(vector_icons._BLANK_PNG)
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".part")]  # no half-written file left


def test_a_failed_write_leaves_nothing_behind(tmp_path, monkeypatch):
    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        vector_icons._scratch_write(tmp_path, "x.png", b"data")
    assert list(tmp_path.iterdir()) == []
