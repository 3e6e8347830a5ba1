"""The render workers `pnp serve` keeps between saves (pnp.core.warm_workers): a model reaches them
whole, a group goes back to the worker that drew it, and a kit they rebuild after each of a series
of a designer's edits (a card's words, its layout, its template, its picture, the content) is
byte-identical to a clean build."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from pnp.build import build
from pnp.components.base import BuildOptions
from pnp.content import load_game
from pnp.core.resources import bundled
from pnp.core.warm_workers import WarmWorkers, placement
from pnp.core.kept import keep_between_builds
from test_build_cache import _same

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", ["tverdzha", "oborona-zamka", "empire"])
def test_a_model_reaches_a_worker_whole(name):
    game, problems = load_game(bundled("content") / f"{name}.yaml")
    assert game is not None, problems
    assert pickle.loads(pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL)) == game


def test_a_group_goes_to_the_worker_that_drew_most_of_it():
    assert placement({}, [("cards", "aids"), ("rulebook",)], 2) == [0, 1]
    home = {"cards": 1, "aids": 0, "rulebook": 0}
    assert placement(home, [("aids", "cards", "tokens"), ("rulebook",)], 2) == [1, 0]
    assert placement(home, [("rulebook", "aids"), ("cards",)], 2) == [0, 1]
    assert placement(home, [("tokens",)], 2) == [0]
    assert placement(home, [("cards",)], 2) == [1]


@pytest.mark.slow
def test_warm_workers_rebuild_a_designers_edits_as_a_clean_build_does(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    subprocess.run([sys.executable, "-m", "pnp.cli", "new", "mygame"], cwd=tmp_path, check=True, capture_output=True)
    folder = tmp_path / "mygame"
    content = folder / "game.yaml"

    def edit(path: Path, old: str, new: str) -> None:
        text = path.read_text(encoding="utf-8")
        assert old in text, (path, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    with WarmWorkers(2, setup=keep_between_builds) as warm:
        def both() -> None:
            game, problems = load_game(content)
            assert game is not None, problems
            options = BuildOptions(lang=game.languages[0])
            build(game, options, out_root=tmp_path / "warm", content=content, warm=warm)
            build(game, options, out_root=tmp_path / "clean", content=content, use_cache=False)
            _same(tmp_path / "warm" / options.lang, tmp_path / "clean" / options.lang)

        both()
        edit(folder / "cards.csv", "Лицар", "Лицар у броні")  # one card's words
        both()
        edit(folder / "cards" / "basic.yaml", "size: 12, min: 9", "size: 14, min: 9")  # the layout
        both()
        edit(folder / "cards" / "basic.svg.j2", "</svg>", "<!-- edited --></svg>")  # the template
        both()
        picture = folder / "art" / "emblem.png"
        with Image.open(picture) as image:
            edited = image.convert("RGBA")
        edited.putpixel((0, 0), (0, 0, 255, 255))
        edited.save(picture)  # the picture every card shows
        both()
        edit(content, 'title: {uk: "mygame"}', 'title: {uk: "Моя гра"}')  # the title every component prints
        both()


#: a bundled game's edits, one after the other: (content, lang, [(what the content says, what it says now)])
BUNDLED_EDITS = {
    # one battle card renamed twice: the cards, the aids and the rulebook drawn again in workers that
    # drew them before (kept faces, compiled templates)
    "tverdzha": ("tverdzha.yaml", "uk", [("name: {uk: Натиск}", "name: {uk: Навала}"),
                                          ("name: {uk: Навала}", "name: {uk: Натиск}")]),
    # a travel card renamed (the rulebook's worked week kept), a number the week is played with
    # (played again), the name back (the first week kept)
    "empire": ("empire.yaml", "ru", [("name: {ru: Клад,", "name: {ru: Тайник,"),
                                      ("start_chests: 3", "start_chests: 4"),
                                      ("name: {ru: Тайник,", "name: {ru: Клад,"),
                                      ("start_chests: 4", "start_chests: 3")]),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", BUNDLED_EDITS)
def test_warm_workers_rebuild_a_bundled_game_as_a_clean_build_does(tmp_path, monkeypatch, name):
    """Each of a series of edits to a bundled game, rebuilt by warm workers, matches a clean build."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    file, lang, edits = BUNDLED_EDITS[name]
    content = tmp_path / file
    content.write_text((bundled("content") / file).read_text(encoding="utf-8"), encoding="utf-8")
    with WarmWorkers(2, setup=keep_between_builds) as warm:
        for edit in [None, *edits]:
            if edit is not None:
                old, new = edit
                text = content.read_text(encoding="utf-8")
                assert old in text
                content.write_text(text.replace(old, new, 1), encoding="utf-8")
            game, problems = load_game(content)
            assert game is not None, problems
            options = BuildOptions(lang=lang)
            build(game, options, out_root=tmp_path / "warm", content=content, warm=warm)
            build(game, options, out_root=tmp_path / "clean", content=content, use_cache=False)
            _same(tmp_path / "warm" / lang, tmp_path / "clean" / lang)
