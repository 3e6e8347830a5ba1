"""A game made only of data (pack: data), checked and built through the command line as a
designer would: 52 cards from a CSV, a hex board, tokens, a two-section rulebook; measured on
the real PDFs (pdftotext, pdfinfo -box)."""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from datakit import ROOT, page_mm, run, words


GAME = """\
pack: data
game:
  id: harvest
  title: {uk: Жнива, en: Harvest}
  languages: [uk, en]
palette:
  teal: "#2a8c8c"
values:
  hand: 4
card: {width: 63, height: 88}
card_families:
  - id: crops
    name: {uk: Врожай, en: Crops}
    colour: teal
    cards: {table: cards.csv}
tokens:
  - id: seed
    name: {uk: Зерна, en: Seeds}
    shape: square
    size: 18
    colour: grain
    faces:
      - {text: {uk: "1", en: "1"}, count: 6}
      - {text: {uk: "3", en: "3"}, count: 3}
board:
  topology: {kind: hex, radius: 3}
  cell: 22
rulebook:
  sections:
    - title: {uk: Підготовка, en: Setup}
      text:
        uk: "Кожен гравець бере {hand} {hand|карту|карти|карт}."
        en: "Each player draws {hand} {hand|card|cards}."
    - title: {uk: Хід гри, en: Playing}
      text:
        uk: "Зіграй карту й посади врожай."
        en: "Play a card and plant a crop."
"""

#: 26 kinds of crop, two copies each: 52 cards
CROPS = [(f"crop{k:02d}", 2, f"Поле{k:02d}", f"Field{k:02d}", f"Дає {k % 5 + 1} зерна.", f"Gives {k % 5 + 1} seeds.")
         for k in range(26)]


def write_game(folder: Path, game: str = GAME, rows=CROPS) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "cards.csv").open("w", encoding="utf-8", newline="") as out:
        w = csv.writer(out)
        w.writerow(["id", "count", "name.uk", "name.en", "text.uk", "text.en"])
        w.writerows(rows)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    return folder / "game.yaml"


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    """The game built --all in English from a folder of its own, the command run from elsewhere."""
    base = tmp_path_factory.mktemp("harvest")
    content = write_game(base / "game")
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    checked = run("check", "--content", str(content), cwd=elsewhere)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "52 cards in 1 family, 9 tokens, a board of 37 cells, a rulebook of 2 sections" in checked.stdout
    built = run("build", "--content", str(content), "--all", "--lang", "en", "--out", str(base / "out"), cwd=elsewhere)
    assert built.returncode == 0, built.stdout + built.stderr
    return base / "out" / "en"


def test_every_card_of_the_csv_is_printed_with_its_words(kit):
    text = words(kit / "harvest-en-cards.pdf")
    for _, count, _, name, _, rule in CROPS:
        assert text.count(name) == count, name
        assert rule in text
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["components"]["cards_crops"] == 52


def test_the_print_shop_cards_are_63_by_88_mm_with_3_mm_bleed(kit):
    fronts = kit / "print-shop" / "generic" / "harvest-en-crops-fronts.pdf"
    assert page_mm(fronts, "TrimBox") == (63.0, 88.0)
    assert page_mm(fronts, "MediaBox") == (69.0, 94.0)
    assert words(fronts, 1, 1).split()[0] == "Field00"


def test_the_board_prints_each_of_its_37_hexes_once(kit):
    text = words(kit / "harvest-en-board.pdf")
    labels = re.findall(r"-?\d,-?\d", text)
    assert len(labels) == 37 == len(set(labels))
    assert "Harvest — Board" in text


def test_the_tokens_print_each_face_by_its_count(kit):
    text = words(kit / "harvest-en-tokens.pdf", 1, 1)
    assert re.findall(r"\b[13]\b", text.split("Seeds")[0]).count("1") >= 6 or text.count("1") >= 6
    assert "Seeds" in text


def test_the_rulebook_fills_the_named_values_into_both_sections(kit):
    text = words(kit / "harvest-en-rulebook.pdf")
    assert "Each player draws 4 cards." in text
    assert "Setup" in text and "Playing" in text and "{hand" not in text


def test_the_palette_colour_is_the_cards_ground(kit):
    svg = next((kit / "svg" / "cards").rglob("*.svg")).read_text(encoding="utf-8")
    assert "#2a8c8c" in svg


def test_the_ukrainian_kit_builds_in_ukrainian(tmp_path):
    content = write_game(tmp_path / "game")
    built = run("build", "--content", str(content), "--only", "cards", "--only", "rulebook", "--out", str(tmp_path / "out"),
                cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert "Кожен гравець бере 4 карти." in words(tmp_path / "out" / "uk" / "harvest-uk-rulebook.pdf")
    assert "Поле00" in words(tmp_path / "out" / "uk" / "harvest-uk-cards.pdf")


def test_a_row_without_a_field_is_a_problem_at_its_row_of_the_csv(tmp_path):
    rows = [r for r in CROPS]
    rows[3] = (*rows[3][:4], "", rows[3][5])  # crop03 has no Ukrainian text
    content = write_game(tmp_path / "game", rows=rows)
    checked = run("check", "--content", str(content), cwd=tmp_path)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert re.search(r"cards\.csv:5:\d+: error: card 'crop03' of family 'crops': field 'text' expected a text in 'uk'",
                     checked.stdout), checked.stdout


def test_a_language_pnp_does_not_speak_must_give_the_words_the_kit_prints(tmp_path):
    game = GAME.replace("languages: [uk, en]", "languages: [uk, de]").replace("en:", "de:")
    content = write_game(tmp_path / "game", game=game, rows=[(i, c, a, b, x, y) for i, c, a, b, x, y in CROPS[:2]])
    (tmp_path / "game" / "cards.csv").write_text((tmp_path / "game" / "cards.csv").read_text(encoding="utf-8")
                                                 .replace(".en", ".de"), encoding="utf-8")
    checked = run("check", "--content", str(content), cwd=tmp_path)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert re.search(r"game\.yaml:5:\d+: error: ui: expected the strings the kit prints in 'de', found none for "
                     r".*comp_board.*print_scale", checked.stdout), checked.stdout


def test_an_unknown_colour_name_is_a_problem_at_its_family(tmp_path):
    content = write_game(tmp_path / "game", game=GAME.replace("colour: teal", "colour: tael"))
    checked = run("check", "--content", str(content), cwd=tmp_path)
    assert checked.returncode == 1
    assert re.search(r"game\.yaml:12:\d+: error: .*'tael'", checked.stdout), checked.stdout


def test_the_vulyk_test_pack_made_only_of_data_prints_the_same_cards_and_board(tmp_path):
    """tests/packs/vulyk_data: ВУЛИК with no Python of its own prints the cards and the board the
    Python pack (tests/packs/pnp_vulyk, 173 lines of model, pack and icons) prints."""
    packs = ROOT / "tests" / "packs"
    folder = tmp_path / "vulyk"
    shutil.copytree(packs / "pnp_vulyk" / "templates" / "cards", folder / "cards")
    shutil.copy(packs / "vulyk_data" / "vulyk.yaml", folder / "vulyk.yaml")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(packs)])}  # the flower icon's pack
    kits = {}
    for name, source in (("data", ["--content", str(folder / "vulyk.yaml")]), ("python", ["--game", "vulyk"])):
        out = tmp_path / name
        built = subprocess.run([sys.executable, "-m", "pnp.cli", "build", *source, "--only", "cards", "--only", "board",
                                "--out", str(out)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
        assert built.returncode == 0, built.stdout + built.stderr
        kits[name] = out / "uk"
    for pdf in ("vulyk-uk-cards.pdf", "vulyk-uk-board.pdf"):
        data, python = (words(kits[k] / pdf) for k in ("data", "python"))
        assert data == python, pdf
        assert page_mm(kits["data"] / pdf, "MediaBox") == page_mm(kits["python"] / pdf, "MediaBox")
    assert "Соняшник" in words(kits["data"] / "vulyk-uk-cards.pdf") and "Мед: 3" in words(kits["data"] / "vulyk-uk-cards.pdf")


def test_a_game_of_cards_alone_builds_all_without_the_parts_it_leaves_out(tmp_path):
    """No board, tokens or rulebook in the content: --all makes no such file, and the exporters
    take only what there is."""
    game = GAME.split("tokens:")[0]
    content = write_game(tmp_path / "game", game=game, rows=CROPS[:3])
    built = run("build", "--content", str(content), "--all", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    kit = tmp_path / "out" / "uk"
    assert sorted(p.name for p in kit.glob("*.pdf")) == ["harvest-uk-alignment.pdf", "harvest-uk-cards.pdf"]
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    assert {f["kind"] for f in manifest["files"]} >= {"cards", "print-shop", "tts"}
    assert not {"board", "tokens", "rulebook"} & {f["kind"] for f in manifest["files"]}


def test_prose_naming_a_value_the_game_lacks_is_a_problem_at_its_line(tmp_path):
    content = write_game(tmp_path / "game", game=GAME.replace("бере {hand}", "бере {hands}"))
    checked = run("check", "--content", str(content), cwd=tmp_path)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert re.search(r"game\.yaml:32:\d+: error: rulebook\.sections\.0\.text\.uk: placeholder \{hands\} is not a "
                     r"parameter; the named values: hand \[prose-value\]", checked.stdout), checked.stdout


def test_card_text_whose_markup_cannot_be_set_is_a_problem_at_its_row(tmp_path):
    rows = list(CROPS)
    rows[1] = (*rows[1][:5], "Gives ] seeds.")
    content = write_game(tmp_path / "game", rows=rows)
    checked = run("check", "--content", str(content), cwd=tmp_path)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert re.search(r"cards\.csv:3:1: error: card 'crop01' of family 'crops': field text\.en: .*\[row-markup\]",
                     checked.stdout), checked.stdout


def test_a_row_without_a_field_the_family_has_is_a_problem_at_its_row(tmp_path):
    rows = list(CROPS)
    rows[2] = (*rows[2][:2], "", "", *rows[2][4:])  # crop02 has no name at all
    content = write_game(tmp_path / "game", rows=rows)
    checked = run("check", "--content", str(content), cwd=tmp_path)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert re.search(r"cards\.csv:4:1: error: card 'crop02' of family 'crops': expected a value for 'name' \(other "
                     r"cards of the family give one\), found none \[row-field\]", checked.stdout), checked.stdout
