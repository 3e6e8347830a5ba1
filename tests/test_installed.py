"""What is installed, kept between processes (pnp.core.installed): the answers importlib.metadata gives, asked
again whenever a distribution is installed, upgraded or removed, and game packs installed as entry points."""

from __future__ import annotations

import shutil
from importlib import metadata
from pathlib import Path

import pytest

from pnp import games
from pnp.core import installed
from pnp.games.tverdzha.pack import PACK as TVERDZHA


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PNP_CACHE_DIR", str(folder))
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    installed._table.cache_clear()
    yield folder
    _new_process()


def _new_process() -> None:
    """What the next process sees: this one's answers written as its exit would write them."""
    if installed._table.cache_info().currsize:
        installed._table().keep()
    installed._table.cache_clear()


def _distribution(site: Path, name: str, version: str, entry_points: str = "") -> Path:
    """A distribution as pip leaves it: a `.dist-info` folder with its METADATA (and entry points)."""
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8")
    if entry_points:
        (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")
    return info


@pytest.mark.parametrize("name", ["jsonschema", "pyyaml", "click", "no-such-distribution-here"])
def test_versions_are_importlib_metadatas(cache, name):
    try:
        expected = metadata.version(name)
    except metadata.PackageNotFoundError:
        expected = None
    assert installed.version(name) == expected
    _new_process()
    assert installed.version(name) == expected


def test_entry_points_are_importlib_metadatas(cache):
    expected = tuple(sorted(((e.name, e.value) for e in metadata.entry_points(group="console_scripts"))))
    assert expected and installed.entry_points("console_scripts") == expected


def test_the_answers_are_written_once_a_process(cache):
    installed.version("click"), installed.version("pyyaml"), installed.entry_points("console_scripts")
    assert not list((cache / installed.KIND).iterdir())  # nothing written while the process asks
    _new_process()
    assert len(list((cache / installed.KIND).iterdir())) == 1


def test_kept_answers_are_not_asked_again(cache, monkeypatch):
    first = installed.version("pyyaml"), installed.entry_points("console_scripts")
    _new_process()
    monkeypatch.setattr(installed, "_ask", lambda question: pytest.fail(f"asked again: {question}"))
    assert (installed.version("pyyaml"), installed.entry_points("console_scripts")) == first


def test_an_install_an_upgrade_and_a_removal_are_seen(cache, tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    assert installed.version("pnp-test-plugin") is None
    _new_process()
    first = _distribution(site, "pnp-test-plugin", "1.0")
    assert installed.version("pnp-test-plugin") == "1.0"
    _new_process()
    shutil.rmtree(first)  # pip's upgrade: the old metadata folder removed, the new one written
    _distribution(site, "pnp-test-plugin", "2.0")
    assert installed.version("pnp-test-plugin") == "2.0"
    _new_process()
    shutil.rmtree(site / "pnp_test_plugin-2.0.dist-info")
    assert installed.version("pnp-test-plugin") is None


@pytest.mark.parametrize("damage", [b"", b"\x00garbage", b"\xfb" * 10])
def test_a_damaged_entry_is_asked_again(cache, damage):
    expected = installed.version("click")
    _new_process()
    (entry,) = (cache / installed.KIND).iterdir()
    entry.write_bytes(damage)
    _new_process()
    assert installed.version("click") == expected


def test_an_answer_of_the_wrong_shape_is_asked_again(cache):
    import marshal

    expected = installed.version("click")
    _new_process()
    (entry,) = (cache / installed.KIND).iterdir()
    entry.write_bytes(marshal.dumps({("version", "click"): 8}))
    _new_process()
    assert installed.version("click") == expected


def test_a_game_pack_installed_as_an_entry_point_is_loaded(cache, tmp_path, monkeypatch):
    site = tmp_path / "site"
    monkeypatch.syspath_prepend(str(site))
    _distribution(site, "pnp-tverdzha-again", "1.0", "[pnp.games]\ntverdzha = pnp.games.tverdzha.pack:PACK\n")
    assert games._installed() == [("pnp.games.tverdzha.pack:PACK", TVERDZHA)]


def test_an_entry_point_that_is_not_its_pack_is_refused_in_one_line(cache, tmp_path, monkeypatch):
    site = tmp_path / "site"
    monkeypatch.syspath_prepend(str(site))
    _distribution(site, "pnp-mislabelled", "1.0", "[pnp.games]\nvulyk = pnp.games.tverdzha.pack:PACK\n")
    with pytest.raises(games.PackError, match="'vulyk'.*is not a GamePack with id 'vulyk'"):
        games._installed()


def test_nothing_is_kept_without_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PNP_NO_CACHE", "1")
    installed._table.cache_clear()
    assert installed.version("click") == metadata.version("click")
    _new_process()
    assert not (tmp_path / "cache").exists()
