"""The loader reports every problem at once and at the right place: NFD text, a duplicate
key among other problems, ui strings only through the declared contract."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from pnp.checks import run_all
from pnp.content import default_content, load_game

TEXT = default_content().read_text(encoding="utf-8")


def test_a_file_saved_in_nfd_is_read_as_nfc_with_one_warning(tmp_path: Path):
    nfd = tmp_path / "game.yaml"
    nfd.write_text(unicodedata.normalize("NFD", TEXT), encoding="utf-8")
    assert TEXT.count("й") > 50  # the shipped game has many letters NFD decomposes
    game, problems = load_game(nfd)
    problems += run_all(game, "uk")
    assert [p.code for p in problems] == ["text-nfd"], [p.format() for p in problems]
    assert problems[0].level.value == "warning" and "NFC" in problems[0].hint
    reference, _ = load_game()
    assert game.building("market").upgrade.name.values == reference.building("market").upgrade.name.values
    assert all(unicodedata.is_normalized("NFC", t.get("uk")) for t in game.ui_strings.values())


def test_a_duplicate_key_does_not_hide_the_checks(tmp_path: Path):
    path = tmp_path / "game.yaml"
    path.write_text(TEXT.replace("minutes: 30", "minutes: 30\n  minutes: 40", 1), encoding="utf-8")
    game, problems = load_game(path)
    assert [p.code for p in problems] == ["duplicate-key"]
    assert game is not None and game.minutes == 30  # the first value is kept, the checks run on it


def test_a_renderer_cannot_ask_for_an_undeclared_ui_string(game):
    assert game.ui("copies", "uk", count=3) == "×3"
    with pytest.raises(LookupError, match="not declared"):
        game.ui("copeis", "uk", count=3)
    with pytest.raises(LookupError, match="not declared"):
        game.ui("copies", "uk", number=3)


def test_every_ui_string_of_the_shipped_game_is_declared(game):
    assert all(game.ui_fields(key) is not None for key in game.ui_strings)
