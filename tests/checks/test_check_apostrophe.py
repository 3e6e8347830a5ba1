"""apostrophe: a Ukrainian word is printed with the kit's one apostrophe (ʼ U+02BC), never ’ or '."""

import subprocess
import sys
from pathlib import Path

import pytest

from pnp.checks import _printed, apostrophe
from pnp.content import load_game

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("tverdzha", "empire", "oborona-zamka")


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_game_prints_one_apostrophe(game):
    loaded, problems = load_game(ROOT / "content" / f"{game}.yaml")
    assert not problems
    assert list(apostrophe.check(loaded)) == []


def test_a_content_string_with_the_other_apostrophe_is_refused_at_its_line(tmp_path):
    source = (ROOT / "content" / "oborona-zamka.yaml").read_text(encoding="utf-8")
    line = next(n for n, text in enumerate(source.splitlines(), 1) if text.startswith("  comp_aids:"))
    edited = tmp_path / "oborona-zamka.yaml"
    edited.write_text(source.replace("uk: Памʼятки}", "uk: Пам’ятки}", 1), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pnp.cli", "check", "--content", str(edited)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    out = done.stdout + done.stderr
    assert f"oborona-zamka.yaml:{line}:" in out and "[wrong-apostrophe]" in out
    assert "«Пам’ятки»" in out and "U+2019" in out and "«Памʼятки»" in out  # what was found, what to write
    assert "Traceback" not in out


def test_a_template_line_is_refused_at_the_character(tmp_path, monkeypatch):
    folder = tmp_path / "rulebook"
    (folder / "uk").mkdir(parents=True)
    (folder / "uk" / "rulebook.j2").write_text("Перший рядок.\nСімʼя й дев'ять п’ять.\n", encoding="utf-8")
    monkeypatch.setattr(_printed, "rulebook_templates", lambda game: folder)
    game, _ = load_game(ROOT / "content" / "oborona-zamka.yaml")
    found = [(p.code, p.mark.line, p.mark.col) for p in apostrophe.check(game, "uk")]
    assert found == [("wrong-apostrophe", 2, len("Сімʼя й дев") + 1), ("wrong-apostrophe", 2, len("Сімʼя й дев'ять п") + 1)]
    assert list(apostrophe.check(game, "ru")) == []  # Russian has no apostrophe to enforce
