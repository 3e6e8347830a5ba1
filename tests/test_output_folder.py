"""The output folder is pnp's only when its manifest says so (pnp.core.outfolder, pnp.core.swap).

A build refuses to replace a folder with files its previous manifest does not list, a folder
holding the content file, the home folder or pnp itself; a hostile manifest never makes pnp read
or delete outside the folder; stale temporary folders are removed; the swap survives a kill.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.core import swap
from pnp.build import build
from pnp.core.outfolder import Listed, OutputFolderError, remove_listed
from pnp.components.base import BuildOptions


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_issue_reproduction_keeps_the_users_files(game, fake_renderers, tmp_path):
    out = tmp_path / "P"
    (out / "uk").mkdir(parents=True)
    (out / "uk" / "game.yaml").write_text("game: {}\n")
    (out / "uk" / "NOTES.txt").write_text("n\n")
    with pytest.raises(OutputFolderError, match=r"holds the content file .*game\.yaml"):
        build(game, BuildOptions(), out_root=out, content=out / "uk" / "game.yaml")
    assert _tree(out / "uk") == {"NOTES.txt": b"n\n", "game.yaml": b"game: {}\n"}
    assert sorted(p.name for p in out.iterdir()) == [".pnp-build.lock", "uk"]  # no temporary folder left


def test_a_folder_without_a_manifest_is_not_replaced(game, fake_renderers, tmp_path):
    (tmp_path / "uk").mkdir()
    (tmp_path / "uk" / "NOTES.txt").write_text("mine")
    with pytest.raises(OutputFolderError, match=r"files pnp did not write \(NOTES\.txt\) and no manifest\.json"):
        build(game, BuildOptions(), out_root=tmp_path)
    assert _tree(tmp_path / "uk") == {"NOTES.txt": b"mine"}


def test_an_empty_folder_is_used(game, fake_renderers, tmp_path):
    (tmp_path / "uk").mkdir()
    build(game, BuildOptions(), out_root=tmp_path)
    assert set(_tree(tmp_path / "uk")) == {"manifest.json", "one.txt", "sub/two.txt"}


def test_a_file_added_to_a_previous_build_stops_the_next(game, fake_renderers, tmp_path):
    build(game, BuildOptions(), out_root=tmp_path)
    (tmp_path / "uk" / "sub" / "mine.txt").write_text("mine")
    before = _tree(tmp_path / "uk")
    for only in ((), ("fake-one",)):
        with pytest.raises(OutputFolderError, match=r"sub/mine\.txt\) and its manifest\.json does not list them"):
            build(game, BuildOptions(), out_root=tmp_path, only=only)
    assert _tree(tmp_path / "uk") == before


def test_a_rebuild_replaces_only_what_the_manifest_lists(game, fake_renderers, tmp_path):
    fake_renderers["extra"] = 3
    build(game, BuildOptions(), out_root=tmp_path)
    fake_renderers["extra"] = 0
    build(game, BuildOptions(), out_root=tmp_path)
    assert set(_tree(tmp_path / "uk")) == {"manifest.json", "one.txt", "sub/two.txt"}
    assert sorted(p.name for p in tmp_path.iterdir()) == [".pnp-build.lock", "uk"]


def test_the_checkout_is_never_replaced(game, fake_renderers, tmp_path, monkeypatch):
    from pnp import build as build_mod

    build(game, BuildOptions(), out_root=tmp_path)
    monkeypatch.setattr(build_mod, "ROOT", tmp_path / "uk" / "svg")  # pnp installed inside its own output
    with pytest.raises(OutputFolderError, match="holds pnp itself"):
        build(game, BuildOptions(), out_root=tmp_path)


def test_the_home_folder_is_never_replaced(game, fake_renderers, tmp_path, monkeypatch):
    (tmp_path / "uk").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "uk"))
    with pytest.raises(OutputFolderError, match="holds your home folder"):
        build(game, BuildOptions(), out_root=tmp_path)


def test_a_symlink_or_a_file_in_place_of_the_folder_is_refused(game, fake_renderers, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "uk").symlink_to(elsewhere)
    with pytest.raises(OutputFolderError, match="is a symbolic link"):
        build(game, BuildOptions(), out_root=out)
    (out / "uk").unlink()
    (out / "uk").write_text("x")
    with pytest.raises(OutputFolderError, match="is not a folder"):
        build(game, BuildOptions(), out_root=out)


HOSTILE = {
    "climbs out": {"files": [{"path": "../victim.txt", "kind": "cards", "pages": 0}]},
    "deep climb": {"files": [{"path": "sub/../../victim.txt", "kind": "cards", "pages": 0}]},
    "absolute": {"files": [{"path": "VICTIM", "kind": "cards", "pages": 0}]},
    "backslash": {"files": [{"path": "..\\victim.txt", "kind": "cards", "pages": 0}]},
    "empty path": {"files": [{"path": "", "kind": "cards", "pages": 0}]},
    "dot path": {"files": [{"path": "./one.txt", "kind": "cards", "pages": 0}]},
    "number path": {"files": [{"path": 5, "kind": "cards", "pages": 0}]},
    "files not a list": {"files": "one.txt"},
    "entry not an object": {"files": ["one.txt"]},
    "not an object": [1, 2],
    "kind not a string": {"files": [{"path": "one.txt", "kind": 3, "pages": 0}]},
    "pages not a number": {"files": [{"path": "one.txt", "kind": "cards", "pages": "2"}]},
    "pages a bool": {"files": [{"path": "one.txt", "kind": "cards", "pages": True}]},
    "symlinked file": {"files": [{"path": "link.txt", "kind": "cards", "pages": 0}]},
    "symlinked folder": {"files": [{"path": "linkdir/victim.txt", "kind": "cards", "pages": 0}]},
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("only", [(), ("fake-one",)], ids=["full", "only"])
def test_a_hostile_manifest_is_reported_and_nothing_outside_is_touched(game, fake_renderers, tmp_path, name, only):
    victim = tmp_path / "victim.txt"
    victim.write_text("outside")
    out = tmp_path / "out"
    folder = out / "uk"
    folder.mkdir(parents=True)
    (folder / "link.txt").symlink_to(victim)
    (folder / "linkdir").symlink_to(tmp_path)
    data = json.loads(json.dumps(HOSTILE[name]).replace("VICTIM", str(victim)))
    (folder / "manifest.json").write_text(json.dumps(data))
    before = sorted(os.listdir(folder))
    with pytest.raises(OutputFolderError, match=r"manifest\.json is not a pnp manifest \(.+\)"):
        build(game, BuildOptions(), out_root=out, only=only)
    assert victim.read_text() == "outside"
    assert sorted(os.listdir(folder)) == before
    assert not any(".building-" in p.name for p in out.iterdir())


def test_a_manifest_that_is_a_symlink_or_not_json_is_reported(game, fake_renderers, tmp_path):
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"files": []}))
    folder = tmp_path / "out" / "uk"
    folder.mkdir(parents=True)
    (folder / "manifest.json").symlink_to(outside)
    with pytest.raises(OutputFolderError, match=r"not a pnp manifest \(not a regular file\)"):
        build(game, BuildOptions(), out_root=tmp_path / "out")
    (folder / "manifest.json").unlink()
    (folder / "manifest.json").write_bytes(b"\xff{not json")
    with pytest.raises(OutputFolderError, match=r"not a pnp manifest \(unreadable"):
        build(game, BuildOptions(), out_root=tmp_path / "out")


def test_remove_listed_leaves_what_is_not_listed(tmp_path):
    (tmp_path / "sub").mkdir()
    for name in ("a.txt", "sub/b.txt", "sub/c.txt", "manifest.json"):
        (tmp_path / name).write_text(name)
    assert remove_listed(tmp_path, [Listed("a.txt", "cards", 0), Listed("sub/b.txt", "cards", 0)]) is False
    assert _tree(tmp_path) == {"sub/c.txt": b"sub/c.txt"}
    assert remove_listed(tmp_path, [Listed("sub/c.txt", "cards", 0)]) is True
    assert not tmp_path.exists()


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def _pnp_temp(folder: Path) -> Path:
    """A temporary folder as a build makes it: pnp's marker inside."""
    folder.mkdir()
    (folder / swap.MARKER).write_text("pnp build\n")
    return folder


def test_stale_temporary_folders_of_dead_builds_are_removed(game, fake_renderers, tmp_path):
    stale = _pnp_temp(tmp_path / f".uk.building-{_dead_pid()}")
    (stale / "svg").mkdir(parents=True)
    (stale / "svg" / "half.svg").write_text("<svg")
    other_lang = _pnp_temp(tmp_path / f".ru.building-{_dead_pid()}")
    live = _pnp_temp(tmp_path / f".uk.building-{os.getppid()}")  # a live process: maybe an older pnp without the lock
    reused = _pnp_temp(tmp_path / f".uk.building-{os.getpid()}")  # a dead build's PID, now ours
    (reused / "half.pdf").write_text("%PDF")
    build(game, BuildOptions(), out_root=tmp_path)
    assert not stale.exists() and not other_lang.exists() and live.is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".pnp-build.lock", live.name, "uk"]
    assert swap.MARKER not in _tree(tmp_path / "uk")  # the marker never reaches the output


def test_a_folder_killed_after_its_manifest_was_written_is_removed(game, fake_renderers, tmp_path):
    build(game, BuildOptions(), out_root=tmp_path / "first")
    sealed = tmp_path / f".uk.building-{_dead_pid()}"  # killed between removing the marker and the swap
    os.rename(tmp_path / "first" / "uk", sealed)
    build(game, BuildOptions(), out_root=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".pnp-build.lock", "first", "uk"]


def test_folders_a_kill_left_between_the_steps_are_removed(game, fake_renderers, tmp_path):
    just_made = tmp_path / f".uk.building-{_dead_pid()}"  # killed between mkdir and the marker
    just_made.mkdir()
    emptied = tmp_path / f".ru.building-{_dead_pid()}"  # killed while removing: only empty folders left
    (emptied / "svg" / "board").mkdir(parents=True)
    build(game, BuildOptions(), out_root=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".pnp-build.lock", "uk"]


def test_discard_removes_the_proof_last(tmp_path, monkeypatch):
    tmp = swap.make_temp(tmp_path, "uk")
    (tmp / "sub").mkdir()
    (tmp / "sub" / "a.pdf").write_text("%PDF")
    (tmp / "manifest.json").write_text("{}")
    removed = []
    unlink = os.unlink
    monkeypatch.setattr(swap.os, "unlink", lambda path, **kw: removed.append(Path(path).name) or unlink(path, **kw))
    swap.discard(tmp)
    assert removed[-2:] == ["manifest.json", swap.MARKER] and not tmp.exists()


def test_folders_pnp_cannot_prove_it_made_are_left_alone(game, fake_renderers, tmp_path):
    dead = _dead_pid()
    photos = tmp_path / f".photos.building-{dead}"  # the issue's reproduction: not a language
    no_marker = tmp_path / f".uk.building-{dead}"  # a language, but no marker and no manifest
    linked = tmp_path / f".ru.building-{dead}"  # the marker is a link, not pnp's file
    for folder in (photos, no_marker, linked):
        folder.mkdir()
        (folder / "a.txt").write_text("keep")
    (photos / swap.MARKER).write_text("pnp build\n")
    (linked / swap.MARKER).symlink_to(tmp_path / "elsewhere")
    build(game, BuildOptions(), out_root=tmp_path)
    for folder in (photos, no_marker, linked):
        assert (folder / "a.txt").read_text() == "keep"
    assert (tmp_path / "uk" / "manifest.json").is_file()


def test_our_pid_on_a_folder_pnp_did_not_make_stops_the_build(game, fake_renderers, tmp_path):
    mine = tmp_path / f".uk.building-{os.getpid()}"
    mine.mkdir()
    (mine / "a.txt").write_text("keep")
    with pytest.raises(OutputFolderError, match=r"\.uk\.building-\d+ is in the way \(pnp cannot tell it made it\)"):
        build(game, BuildOptions(), out_root=tmp_path)
    assert _tree(mine) == {"a.txt": b"keep"} and not (tmp_path / "uk").exists()


def test_a_users_old_folder_is_not_taken_for_an_output_left_aside(game, fake_renderers, tmp_path):
    old = tmp_path / ".uk.old"
    old.mkdir()
    (old / "diary.txt").write_text("mine")
    build(game, BuildOptions(), out_root=tmp_path)
    assert _tree(old) == {"diary.txt": b"mine"}
    assert set(_tree(tmp_path / "uk")) == {"manifest.json", "one.txt", "sub/two.txt"}
    build(game, BuildOptions(), out_root=tmp_path)  # and with the output there too
    assert _tree(old) == {"diary.txt": b"mine"}


def test_the_lock_is_never_written_through_a_hard_link(game, fake_renderers, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("the user's text")
    out = tmp_path / "out"
    out.mkdir()
    os.link(victim, out / swap.LOCK_NAME)
    with pytest.raises(OutputFolderError, match=r"\.pnp-build\.lock has 2 names \(a hard link to another file\); remove it"):
        build(game, BuildOptions(), out_root=out)
    assert victim.read_text() == "the user's text" and not (out / "uk").exists()


def test_the_lock_is_not_opened_when_it_is_not_a_regular_file(game, fake_renderers, tmp_path):
    os.mkfifo(tmp_path / swap.LOCK_NAME)
    with pytest.raises(OutputFolderError, match=r"\.pnp-build\.lock is not a regular file; remove it"):
        build(game, BuildOptions(), out_root=tmp_path)


def test_an_output_left_aside_by_a_killed_swap_is_put_back(game, fake_renderers, tmp_path):
    build(game, BuildOptions(), out_root=tmp_path)
    before = _tree(tmp_path / "uk")
    os.rename(tmp_path / "uk", tmp_path / ".uk.old")  # a kill between the fallback's two renames
    fake_renderers["fail"] = True
    with pytest.raises(RuntimeError, match="boom"):
        build(game, BuildOptions(), out_root=tmp_path)
    assert _tree(tmp_path / "uk") == before and not (tmp_path / ".uk.old").exists()


def test_the_fallback_swap_without_rename_exchange(game, fake_renderers, tmp_path, monkeypatch):
    build(game, BuildOptions(), out_root=tmp_path)
    tried = []
    monkeypatch.setattr(swap, "_exchange", lambda a, b: tried.append((a.name, b.name)) or False)
    fake_renderers["text"] = "two"
    build(game, BuildOptions(), out_root=tmp_path)
    assert tried == [(f".uk.building-{os.getpid()}", "uk")]
    assert (tmp_path / "uk" / "one.txt").read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".pnp-build.lock", "uk"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="renameat2 is Linux's")
def test_rename_exchange_swaps_two_folders_in_one_step(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "from-a").touch()
    (tmp_path / "b" / "from-b").touch()
    assert swap._exchange(tmp_path / "a", tmp_path / "b") is True
    assert os.listdir(tmp_path / "a") == ["from-b"] and os.listdir(tmp_path / "b") == ["from-a"]


def test_files_that_appear_during_a_build_are_kept_aside(tmp_path):
    final, tmp = tmp_path / "uk", tmp_path / ".uk.building-1"
    final.mkdir()
    tmp.mkdir()
    (final / "old.txt").write_text("old")
    (final / "late.txt").write_text("written by the user while pnp rendered")
    (tmp / "new.txt").write_text("new")
    notes = swap.into_place(tmp, final, [Listed("old.txt", "cards", 0)])
    kept = tmp_path / f"uk.kept-{os.getpid()}"
    assert notes == [f"files added to {final} during the build were not replaced: they are in {kept}"]
    assert _tree(final) == {"new.txt": b"new"} and _tree(kept) == {"late.txt": b"written by the user while pnp rendered"}
