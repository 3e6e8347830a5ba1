"""`pnp new NAME`: a folder that checks and builds at once, from any directory, and never a
folder or file of the user's overwritten."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "pnp.cli", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


def test_a_new_game_checks_and_builds_all_from_another_folder(tmp_path):
    made = run("new", "Star Path", "--lang", "en", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    folder = tmp_path / "Star Path"
    assert sorted(p.name for p in folder.iterdir()) == ["README.md", "art", "cards", "cards.csv", "game.yaml"]
    assert sorted(p.name for p in (folder / "cards").iterdir()) == ["back.svg.j2", "basic.svg.j2", "basic.yaml"]
    content = (folder / "game.yaml").read_text(encoding="utf-8")
    assert "  id: star-path " in content and '  title: {en: "Star Path"}' in content
    assert (folder / "README.md").read_text(encoding="utf-8").startswith("# Star Path\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    checked = run("check", "--content", str(folder / "game.yaml"), cwd=elsewhere)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    built = run("build", "--content", str(folder / "game.yaml"), "--all", "--out", str(tmp_path / "out"), cwd=elsewhere)
    assert built.returncode == 0, built.stdout + built.stderr
    kit = tmp_path / "out" / "en"
    for name in ("cards", "tokens", "board", "rulebook", "alignment"):
        assert (kit / f"star-path-en-{name}.pdf").is_file(), name
    assert (kit / "index.html").is_file() and (kit / "tts").is_dir() and (kit / "print-shop").is_dir()
    cards = subprocess.run(["pdftotext", str(kit / "star-path-en-cards.pdf"), "-"], capture_output=True, text=True,
                           check=True).stdout
    assert "Knight" in cards and "Take 2 coins." in cards
    # the sample picture, on every card of the first sheet, 30 mm high (the layout's box; the picture is square)
    images = subprocess.run(["pdfimages", "-list", str(kit / "star-path-en-cards.pdf")], capture_output=True,
                            text=True, check=True).stdout.splitlines()[2:]
    first = [line.split() for line in images if line.split()[0] == "1"]
    assert len(first) >= 9 and all(row[3:5] == ["480", "480"] for row in first), images
    width_ppi = float(first[0][12])
    assert 480 / width_ppi * 25.4 == pytest.approx(30, abs=0.1)


def test_the_games_own_layout_is_the_one_printed(tmp_path):
    """The layout `pnp new` copies beside the content is the one the build reads (not pnp's)."""
    assert run("new", "mine", cwd=tmp_path).returncode == 0
    layout = tmp_path / "mine" / "cards" / "basic.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace("shows: text,", "shows: {ui: said, text: '{text}'},")
                      + "", encoding="utf-8")
    game = tmp_path / "mine" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "ui:\n  said: {uk: \"Сказано: {text}\"}\n", encoding="utf-8")
    built = run("build", "--content", str(game), "--only", "cards", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    cards = subprocess.run(["pdftotext", str(tmp_path / "out" / "uk" / "mine-uk-cards.pdf"), "-"],
                           capture_output=True, text=True, check=True).stdout
    assert "Сказано: Візьми 2 монети." in " ".join(cards.split())


@pytest.mark.parametrize("existing", ["folder", "file", "empty folder"])
def test_new_refuses_a_name_that_exists_and_leaves_it_as_it_was(tmp_path, existing):
    target = tmp_path / "game"
    if existing == "file":
        target.write_text("my notes", encoding="utf-8")
    else:
        target.mkdir()
        if existing == "folder":
            (target / "game.yaml").write_text("mine", encoding="utf-8")
    made = run("new", "game", cwd=tmp_path)
    assert made.returncode == 2
    assert "game: already exists; pnp new writes a new folder and never changes one" in made.stderr
    assert "Traceback" not in made.stderr
    if existing == "file":
        assert target.read_text(encoding="utf-8") == "my notes"
    else:
        assert [p.name for p in target.iterdir()] == ([] if existing == "empty folder" else ["game.yaml"])
        if existing == "folder":
            assert (target / "game.yaml").read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game"]  # nothing half-made left beside it


def test_new_in_a_language_without_a_starter_is_a_usage_error(tmp_path):
    made = run("new", "game", "--lang", "de", cwd=tmp_path)
    assert made.returncode == 2 and "--lang de: no starter game in that language; known: en, uk" in made.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_new_games_picture_is_the_designers_by_one_line(tmp_path):
    """The starter's layout shows its sample picture; naming another file puts that on the cards."""
    assert run("new", "pics", cwd=tmp_path).returncode == 0
    folder = tmp_path / "pics"
    (folder / "art" / "sunflower.png").write_bytes((ROOT / "tests" / "packs" / "pnp_vulyk" / "art" / "sunflower.png").read_bytes())
    layout = folder / "cards" / "basic.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace("file: art/emblem.png", "file: art/sunflower.png"),
                      encoding="utf-8")
    built = run("build", "--content", str(folder / "game.yaml"), "--only", "cards", "--out", str(tmp_path / "out"),
                cwd=tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    images = subprocess.run(["pdfimages", "-list", str(tmp_path / "out" / "uk" / "pics-uk-cards.pdf")],
                            capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    assert len(images) >= 9, images  # a picture on each card of the first sheet
    assert all(line.split()[3:5] == ["400", "400"] for line in images), images  # the sunflower's pixels
