"""template-numbers: a rulebook template that writes a number itself is refused by `pnp check` at its line and
column (the build refuses it too: pnp.rulebook.own_numbers), so the check accepts only what the build builds."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.content import load_game
from pnp.rulebook import own_numbers

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", ("empire", "oborona-zamka"))
def test_the_shipped_books_write_no_number_of_their_own(game):
    loaded, problems = load_game(ROOT / "content" / f"{game}.yaml")
    assert not problems
    assert list(own_numbers.check(loaded)) == []


def test_a_digit_is_refused_at_its_column_and_layout_is_not(tmp_path, monkeypatch):
    folder = tmp_path / "rulebook"
    (folder / "ru").mkdir(parents=True)
    (folder / "uk").mkdir()
    (folder / "ru" / "rulebook.j2").write_text(
        "@space 4\n1. пункт списка\nГерой {{ n + 2 }} и {% if x > 1 %}3 карты{% endif %}\n{# 5 в комментарии #}\n",
        encoding="utf-8")
    (folder / "uk" / "rulebook.j2").write_text("Без чисел.\n", encoding="utf-8")
    (folder / "uk" / "folder.j2").mkdir()  # named like a template, not one: passed over
    monkeypatch.setattr(own_numbers, "rulebook_templates", lambda game: folder)
    game, _ = load_game(ROOT / "content" / "empire.yaml")
    found = list(own_numbers.check(game, "ru"))
    assert [(p.code, p.mark.line, p.mark.col) for p in found] == [
        ("template-number", 3, len("Герой {{ n + 2 }} и {% if x > 1 %}") + 1)]
    assert found[0].mark.file.endswith("ru/rulebook.j2") and "3 карты" in found[0].message
    assert list(own_numbers.check(game, "uk")) == []
    assert len(own_numbers.written(folder)) == 1  # the build's refusal finds the same line


def test_pnp_check_refuses_what_the_build_would(tmp_path):
    """The whole command on a copy of the empire pack's content and templates: exit 1 with the line, no
    traceback; the build was what refused it before (with an internal error)."""
    root = tmp_path / "checkout"
    shutil.copytree(ROOT / "templates" / "empire", root / "templates" / "empire")
    book = root / "templates" / "empire" / "rulebook" / "uk" / "rulebook.j2"
    lines = book.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("## "))
    lines.insert(at + 1, "Гравців від 2 до 4.")
    book.write_text("\n".join(lines) + "\n", encoding="utf-8")
    folder = str(root / "templates" / "empire")
    done = subprocess.run([sys.executable, "-c", "import sys; from pnp.games import pack; from pathlib import Path;"
                           f" object.__setattr__(pack('empire'), 'templates', Path({folder!r}));"
                           " from pnp.cli import main; sys.argv = ['pnp', 'check', '--game', 'empire']; main()"],
                          capture_output=True, text=True, cwd=tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert f"rulebook/uk/rulebook.j2:{at + 2}:{len('Гравців від ') + 1}:" in out and "[template-number]" in out
    assert "Traceback" not in out
