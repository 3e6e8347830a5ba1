"""The build cache (pnp.cache): a kit built from the cache is byte-identical to one built from
scratch, after each of a series of edits (a content value, a ui string, an option, a template, a
file beside the content), and only what an edit touches is drawn again; a damaged entry is
rebuilt; the cache keeps to its bound and deletes nothing of anyone else's; --no-cache skips it."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from pnp.build import build
from pnp.components.base import BuildOptions
from pnp.content import load_game
from pnp.core.resources import bundled

ROOT = Path(__file__).resolve().parent.parent
PACKS = Path(__file__).resolve().parent / "packs"

pytestmark = pytest.mark.slow


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PNP_CACHE_DIR", str(folder))
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    return folder


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".pnp-build.lock"}


def _same(a: Path, b: Path) -> None:
    left, right = _tree(a), _tree(b)
    assert sorted(left) == sorted(right)
    differ = [name for name in left if left[name] != right[name]]
    assert not differ, f"built from the cache and from scratch, these differ: {differ}"


class Kit:
    """A copy of a bundled game's content, built incrementally and from scratch side by side."""

    def __init__(self, tmp: Path, name: str) -> None:
        self.content = tmp / "game" / f"{name}.yaml"
        self.content.parent.mkdir()
        shutil.copy(bundled("content") / f"{name}.yaml", self.content)
        self.tmp = tmp

    def edit(self, old: str, new: str) -> None:
        text = self.content.read_text(encoding="utf-8")
        assert text.count(old) >= 1, old
        self.content.write_text(text.replace(old, new, 1), encoding="utf-8")

    def both(self, **options) -> list[str]:
        """Build with the cache into inc/ and without into clean/; the same bytes; what came from the cache."""
        game, problems = load_game(self.content)
        assert game is not None, problems
        opts = BuildOptions(lang=game.languages[0], **options)
        cached = build(game, opts, out_root=self.tmp / "inc", content=self.content).cached
        fresh = build(game, opts, out_root=self.tmp / "clean", content=self.content, use_cache=False)
        assert fresh.cached == []
        _same(self.tmp / "inc" / opts.lang, self.tmp / "clean" / opts.lang)
        return cached


def test_a_series_of_edits_builds_the_same_bytes_as_a_clean_build_and_draws_only_what_changed(tmp_path, cache_dir):
    kit = Kit(tmp_path, "tverdzha")
    assert kit.both() == []  # an empty cache
    # one battle card's name: the cards, and what prints the cards, are drawn again; the board is not
    kit.edit("name: {uk: Натиск}", "name: {uk: Натиск!}")
    cached = kit.both()
    assert {"board", "mats", "tokens"} <= set(cached)  # the tokens count markers, not cards
    assert not {"cards", "rulebook", "preview"} & set(cached)
    # one ui string (the land tiles' heading): what prints it is drawn again, the cards are not
    kit.edit("comp_tiles: {uk: Плитки земель}", "comp_tiles: {uk: Плитки земель!}")
    cached = kit.both()
    assert "cards" in cached and "tokens" not in cached
    # an option: every component is drawn for US Letter, once
    assert "cards" not in kit.both(paper="letter")
    # back to the first wording, on A4: all of it comes from the cache
    kit.edit("name: {uk: Натиск!}", "name: {uk: Натиск}")
    kit.edit("comp_tiles: {uk: Плитки земель!}", "comp_tiles: {uk: Плитки земель}")
    assert {"cards", "tokens", "board", "mats", "aids", "rulebook"} <= set(kit.both())


def test_each_empire_deck_is_drawn_apart_so_a_travel_card_redraws_the_travel_deck_alone(tmp_path, cache_dir):
    kit = Kit(tmp_path, "empire")
    kit.both()
    kit.edit("name: {ru: Клад, uk: Скарб}", "name: {ru: Клад!, uk: Скарб!}")
    cached = kit.both()  # byte-identical to a clean build, and:
    assert {"creature-cards", "hero-cards", "neutral-cards", "chest-cards"} <= set(cached)
    assert "travel-cards" not in cached


def test_which_font_prints_a_role_is_part_of_the_key(tmp_path, cache_dir):
    """Two designer fonts beside the content all along: naming the other one for a role redraws the
    kit in it (the files beside the content did not change, the content's `fonts:` did)."""
    from fontkit import LATIN_CYRILLIC, LICENCE, make_font
    from pnp.commands import new
    folder = tmp_path / "game"
    new.write(folder, "uk")
    (folder / "fonts").mkdir()
    for name, extra in (("One.ttf", []), ("Two.ttf", [0x2116])):  # two fonts of other bytes
        make_font(folder / "fonts", LATIN_CYRILLIC + extra)
        (folder / "fonts" / "font.ttf").rename(folder / "fonts" / name)
    (folder / "fonts" / "OFL.txt").write_text(LICENCE, encoding="utf-8")
    content = folder / "game.yaml"
    content.write_text(content.read_text(encoding="utf-8")
                       + "\nfonts:\n  sans: {file: fonts/One.ttf, licence: fonts/OFL.txt}\n", encoding="utf-8")

    def built() -> tuple[list[str], str]:
        game, problems = load_game(content)
        assert game is not None, problems
        result = build(game, BuildOptions(lang="uk"), out_root=tmp_path / "out", content=content)
        return result.cached, hashlib.sha256((tmp_path / "out" / "uk" / f"{game.id}-uk-cards.pdf").read_bytes()).hexdigest()

    _, first = built()
    content.write_text(content.read_text(encoding="utf-8").replace("fonts/One.ttf", "fonts/Two.ttf"), encoding="utf-8")
    cached, second = built()
    assert "cards" not in cached and second != first


def test_a_damaged_entry_is_rebuilt_and_the_kit_stays_right(tmp_path, cache_dir):
    kit = Kit(tmp_path, "oborona-zamka")
    kit.both()
    entries = list((cache_dir / "build-1" / "entries").iterdir())
    assert entries
    for entry in entries:  # every stored file cut short, as a full disk or a crash might leave it
        for file in (entry / "files").rglob("*"):
            if file.is_file():
                file.write_bytes(file.read_bytes()[:10])
    assert kit.both() == []  # each damaged entry found, removed and drawn again
    assert set(kit.both()) >= {"board", "models", "standees", "rulebook"}  # and stored whole again


def test_the_cache_keeps_to_its_bound_and_deletes_only_its_own_entries(tmp_path, cache_dir, monkeypatch):
    kit = Kit(tmp_path, "oborona-zamka")
    kit.both()
    entries = cache_dir / "build-1" / "entries"
    first = set(os.listdir(entries))
    foreign = entries / "keep-me.txt"
    foreign.write_text("the user's", encoding="utf-8")
    monkeypatch.setenv("PNP_CACHE_MB", "0")
    kit.both(paper="letter")  # a build for Letter: its own entries stay, the older go
    now = set(os.listdir(entries))
    assert not first & now and now - {"keep-me.txt"}
    assert foreign.read_text(encoding="utf-8") == "the user's"


def _pnp(*args: str, env: dict, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, **env, "PYTHONPATH": os.pathsep.join([str(ROOT), str(PACKS)])}
    env.pop("PNP_NO_CACHE", None)
    return subprocess.run([sys.executable, "-m", "pnp.cli", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def _cached(stdout: str) -> list[str]:
    found = re.search(r"from the cache: ([^)]*)\)", stdout)
    return found.group(1).split(", ") if found else []


def test_a_packs_template_a_picture_and_a_file_beside_the_content_are_part_of_the_key(tmp_path):
    """ВУЛИК, an installed pack, copied, its flowers on the layout with the designer's pictures: its
    card template edited, then a picture a card shows, then a file beside its content."""
    packs = tmp_path / "packs"
    shutil.copytree(PACKS, packs)
    content = packs / "pnp_vulyk" / "vulyk.yaml"
    text = content.read_text(encoding="utf-8").replace("layout: flower,", "layout: flower-art,")
    content.write_text(text.replace("honey: 3, count: 5}", "honey: 3, count: 5, art: art/sunflower.png}"),
                       encoding="utf-8")
    env = {"PNP_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": os.pathsep.join([str(ROOT), str(packs)])}

    def both() -> str:
        inc = _pnp("build", "--content", str(content), "--out", str(tmp_path / "inc"), env=env, cwd=tmp_path)
        clean = _pnp("build", "--no-cache", "--content", str(content), "--out", str(tmp_path / "clean"), env=env,
                     cwd=tmp_path)
        assert inc.returncode == 0 and clean.returncode == 0, inc.stderr + clean.stderr
        assert "from the cache" not in clean.stdout
        _same(tmp_path / "inc" / "uk", tmp_path / "clean" / "uk")
        return inc.stdout

    first = both()
    assert "from the cache" not in first
    again = both()
    assert "from the cache: cards, board" in again
    template = packs / "pnp_vulyk" / "templates" / "cards" / "flower.svg.j2"
    template.write_text(template.read_text(encoding="utf-8").replace("</svg>", "<!-- edited --></svg>"),
                        encoding="utf-8")
    assert "from the cache" not in both()  # the pack's own folder is in every key
    assert _cached(both()) == ["cards", "board"]
    picture = content.parent / "art" / "sunflower.png"
    with Image.open(picture) as image:
        edited = image.copy()
    edited.putpixel((0, 0), (0, 0, 255, 255))
    edited.save(picture)
    assert "cards" not in _cached(both())  # the sunflower's card shows the picture
    (content.parent / "sketch.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>", encoding="utf-8")
    assert "from the cache" not in both()  # a file beside the content may be art a layout shows


def test_no_cache_writes_nothing_to_the_cache(tmp_path):
    cache = tmp_path / "cache"
    proc = _pnp("build", "--no-cache", "--game", "oborona-zamka", "--lang", "uk", "--only", "board",
                "--out", str(tmp_path / "out"), env={"PNP_CACHE_DIR": str(cache)}, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert not (cache / "build-1").exists()
