"""A data-only game's own icons, mats, sheets and player aids, checked and built through the command
line: measured on the real PDFs (pdftotext words, pdfinfo boxes in mm) in both languages it ships,
the icons found in the masters; and every field or text these parts need, dropped or wrong, is a
red `pnp check` at its line."""

from __future__ import annotations

import base64
import json
import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

from datakit import page_mm, run, words


STAR = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<polygon points="50,6 62,38 96,38 68,58 79,92 50,72 21,92 32,58 4,38 38,38" fill="#e0b030" stroke="#3a2a10" stroke-width="5"/>
</svg>
"""

GAME = """\
pack: data
game:
  id: market
  title: {uk: Ярмарок, en: Market}
  languages: [uk, en]
  players: {min: 2, max: 3}
values:
  price: 2
icons:
  star: icons/star.svg
card: {width: 63, height: 88}
card_families:
  - id: goods
    name: {uk: Товари, en: Goods}
    colour: teal
    cards:
      - {id: silk, count: 2, name: {uk: Шовк, en: Silk}, text: {uk: "Дає 2 [star].", en: "Gives 2 [star]."}}
palette:
  teal: "#2a8c8c"
mats:
  - id: stall
    name: {uk: Прилавок, en: Stall}
    width: 300
    height: 220
    colour: teal
    areas:
      - title: {uk: "Запас [star]", en: "Supply [star]"}
        text: {uk: "Тут лежать твої зорі, по {price} на товар.", en: "Your stars lie here, {price} a good."}
        box: {x: 6, y: 22, width: 140, height: 90}
      - title: {uk: Рука, en: Hand}
        box: {x: 154, y: 22, width: 140, height: 90}
sheets:
  - id: score
    name: {uk: Рахунок, en: Score sheet}
    columns: [{uk: Очки, en: Points}, {uk: Аня, en: Ann}, {uk: Богдан, en: Bob}]
    rows: [{uk: Зорі, en: Stars}, {uk: Разом, en: Total}]
aids:
  - id: turn
    name: {uk: Твій хід, en: Your turn}
    sections:
      - title: {uk: Купуй, en: Buy}
        text: {uk: "Купи товар за {price} [star].", en: "Buy goods for {price} [star]."}
      - title: {uk: Продавай, en: Sell}
        text: {uk: "Продай товар.", en: "Sell goods."}
  - id: round
    name: {uk: Раунд, en: Round}
    size: half-page
    count: 1
    sections:
      - {title: {uk: Ранок, en: Morning}, text: {uk: "Відкрий ринок.", en: "Open the market."}}
      - {title: {uk: Вечір, en: Evening}, text: {uk: "Порахуй зорі.", en: "Count the stars."}}
rulebook:
  sections:
    - title: {uk: Мета, en: Goal}
      text: {uk: "Збери найбільше [star] до кінця ярмарку.", en: "Gather the most [star] by the end of the market."}
"""


def write(folder: Path, game: str = GAME, star: str = STAR) -> Path:
    (folder / "icons").mkdir(parents=True, exist_ok=True)
    (folder / "icons" / "star.svg").write_text(star, encoding="utf-8")
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    return folder / "game.yaml"


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    """The game built --all in English, and its parts in Ukrainian."""
    base = tmp_path_factory.mktemp("market")
    content = write(base / "game")
    checked = run("check", "--content", str(content), cwd=base)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "2 cards in 1 family, 1 mat, 1 sheet, 4 player aids, 1 icon" in checked.stdout
    out = {}
    for lang, extra in (("en", ["--all"]), ("uk", ["--only", "mats", "--only", "sheets", "--only", "aids"])):
        built = run("build", "--content", str(content), "--lang", lang, *extra, "--out", str(base / "out"), cwd=base)
        assert built.returncode == 0, built.stdout + built.stderr
        out[lang] = base / "out" / lang
    return out


def pages_mm(pdf: Path) -> list[tuple[float, float]]:
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", "999", str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    return [(round(float(w) * 25.4 / 72), round(float(h) * 25.4 / 72))
            for w, h in re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", info)]


@pytest.mark.parametrize("lang, said", [
    ("en", ["Stall", "Supply", "Your stars lie here, 2 a good.", "Hand"]),
    ("uk", ["Прилавок", "Запас", "Тут лежать твої зорі, по 2 на товар.", "Рука"]),
])
def test_the_mat_prints_its_title_and_areas_in_each_language_and_is_tiled_over_a4(kits, lang, said):
    kit = kits[lang]
    text = words(kit / f"market-{lang}-mats.pdf")
    assert all(word in text for word in said), text
    # 300 x 220 mm is larger than A4's printable area: a large page (A3) and tiles over A4 with their map
    assert pages_mm(kit / f"market-{lang}-mats.pdf") == [(420, 297)]
    tiles = pages_mm(kit / f"market-{lang}-mats-a4-tiles.pdf")
    assert len(tiles) >= 3 and set(tiles) <= {(210, 297), (297, 210)}
    assert said[0] in words(kit / f"market-{lang}-mats-a4-tiles.pdf", 2, 2)


@pytest.mark.parametrize("lang, said", [
    ("en", ["Score sheet", "Points", "Ann", "Bob", "Stars", "Total"]),
    ("uk", ["Рахунок", "Очки", "Аня", "Богдан", "Зорі", "Разом"]),
])
def test_the_score_sheet_prints_its_table_on_one_a4_page(kits, lang, said):
    pdf = kits[lang] / f"market-{lang}-sheets.pdf"
    text = words(pdf)
    assert all(word in text for word in said), text
    assert pages_mm(pdf) == [(210, 297)]
    assert not (kits[lang] / f"market-{lang}-sheets-a4-tiles.pdf").exists()


@pytest.mark.parametrize("lang, said", [("en", ["Your turn", "Buy", "Sell", "Round", "Morning", "Evening", "goods for 2"]),
                                        ("uk", ["Твій хід", "Купуй", "Продавай", "Раунд", "Ранок", "Вечір", "товар за 2"])])
def test_the_aids_print_once_per_player_card_sized_and_half_a_page(kits, lang, said):
    pdf = kits[lang] / f"market-{lang}-aids.pdf"
    text = words(pdf)
    assert all(word in text for word in said), text
    fronts = words(pdf, 1, 1)
    assert fronts.count(said[0]) == 3  # game.players' most: three copies of the card-sized aid
    assert words(pdf, 3, 3).count(said[4]) == 1  # the half-page aid on a sheet of its own, after them
    manifest = json.loads((kits[lang] / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["components"]["aids_turn"] == 3 and manifest["components"]["aids_round"] == 1


def test_the_print_shop_prints_each_mat_and_sheet_at_its_size(kits):
    shop = kits["en"] / "print-shop" / "generic"
    assert page_mm(shop / "market-en-mats.pdf") == (300.0, 220.0)
    assert page_mm(shop / "market-en-sheets.pdf") == (180.0, 250.0)
    assert (kits["en"] / "tts" / "market-en-mats-stall.png").is_file()
    assert (kits["en"] / "tts" / "market-en-sheets-score.png").is_file()


def test_the_icon_file_is_drawn_in_the_card_text_and_on_the_aids(kits):
    """The content's own SVG is what the card and the aid draw (it is in their masters as it is)."""
    card = (kits["en"] / "svg" / "cards" / "goods-silk.svg").read_text(encoding="utf-8")
    found = [base64.b64decode(m) for m in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", card)]
    assert STAR.encode("utf-8") in found
    page = (kits["en"] / "index.html").read_text(encoding="utf-8")
    assert page.count(base64.b64encode(STAR.encode("utf-8")).decode("ascii")) >= 2  # the card and the aid


def test_the_icon_file_is_drawn_in_the_rulebooks_prose(kits, tmp_path):
    """reportlab's rulebook draws the content's own icon too (svglib, from the SVG file), as vector."""
    from PIL import Image
    import numpy as np
    rulebook = kits["en"] / "market-en-rulebook.pdf"
    page = next(n for n in range(1, 5) if "Gather the most" in words(rulebook, n, n))
    assert "image" not in subprocess.run(["pdfimages", "-list", str(rulebook)], capture_output=True, text=True,
                                         check=True).stdout.split("---\n", 1)[-1]
    subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", str(page), "-l", str(page), str(rulebook), str(tmp_path / "p")],
                   check=True)
    pixels = np.asarray(Image.open(next(tmp_path.glob("p*.png"))).convert("RGB")).astype(int)
    star = (np.abs(pixels - (0xe0, 0xb0, 0x30)).max(axis=2) < 12).sum()
    assert star > 20  # the star's gold, only where the icon stands in the line


def test_ink_saver_lightens_the_content_icon_as_it_does_pictures(tmp_path):
    from PIL import Image
    import numpy as np
    from pnp.art.style import INK_SAVER_KEEP, tint
    content = write(tmp_path / "game")
    golds = {}
    for saving in (False, True):
        out = tmp_path / f"out-{saving}"
        built = run("build", "--content", str(content), "--lang", "en", "--only", "aids", "--out", str(out),
                    *(["--ink-saver"] if saving else []), cwd=tmp_path)
        assert built.returncode == 0, built.stderr
        subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", "1", "-l", "1", str(out / "en" / "market-en-aids.pdf"),
                        str(tmp_path / f"p-{saving}")], check=True)
        pixels = np.asarray(Image.open(next(tmp_path.glob(f"p-{saving}*.png"))).convert("RGB")).astype(int)
        pale = tuple(int(tint("#e0b030", INK_SAVER_KEEP)[i:i + 2], 16) for i in (1, 3, 5))
        golds[saving] = [(np.abs(pixels - colour).max(axis=2) < 10).sum() for colour in ((0xe0, 0xb0, 0x30), pale)]
    assert golds[False][0] > 50 and golds[True][0] == 0 and golds[True][1] > 50, golds


# --- what `pnp check` refuses, at its line ------------------------------------------------------


def check(folder: Path, game: str, star: str = STAR) -> str:
    result = CliRunner().invoke(main, ["check", "--content", str(write(folder, game, star))])
    assert result.exit_code == 1, result.output
    return result.output


def line_of(game: str, text: str) -> int:
    return next(k for k, line in enumerate(game.splitlines(), 1) if text in line)


@pytest.mark.parametrize("old, new, at, problem", [
    ("    name: {uk: Прилавок, en: Stall}\n", "", "  - id: stall", r"'name' is a required property|name"),
    ("        box: {x: 154, y: 22, width: 140, height: 90}\n", "", "      - title: {uk: Рука", r"box"),
    ("    columns: [{uk: Очки, en: Points}, {uk: Аня, en: Ann}, {uk: Богдан, en: Bob}]\n", "", "  - id: score",
     r"columns"),
    ("        text: {uk: \"Продай товар.\", en: \"Sell goods.\"}\n", "", "      - title: {uk: Продавай", r"text"),
    ("title: {uk: Рука, en: Hand}", "title: {uk: Рука}", "title: {uk: Рука}", r"no 'en' text.*\[missing-text\]"),
    ("star: icons/star.svg", "star: icons/moon.svg", "star: icons/moon.svg", r"no file 'icons/moon.svg'.*\[icon-file\]"),
    ("star: icons/star.svg", "star: ../star.svg", "star: ../star.svg", r"leaves the content's folder \[icon-file\]"),
    ("box: {x: 154, y: 22, width: 140, height: 90}", "box: {x: 154, y: 22, width: 150, height: 90}",
     "width: 150", r"area 2: expected a box inside x 4–296.*\[mat-area\]"),
    ("box: {x: 154, y: 22, width: 140, height: 90}", "box: {x: 100, y: 22, width: 140, height: 90}",
     "x: 100", r"area 2 overlaps area 1 \[mat-area\]"),
    ("    rows: [{uk: Зорі, en: Stars}, {uk: Разом, en: Total}]\n", "    rows: 40\n", "  - id: score",
     r"table of 40 rows.*taller than the sheet.*\[sheet-size\]"),
    ("\"Продай товар.\"", "\"" + "Продай товар знову і знову. " * 60 + "\"", "  - id: turn", r"aid turn column 1 \(uk\): "
     r"expected the text to fit.*\[part-fit\]"),
    ("\"Buy goods for {price} [star].\"", "\"Buy goods for {price} [moon].\"", "  - id: turn",
     r"unknown icon \[moon\].*\[part-fit\]"),
    ("\"Buy goods for {price} [star].\"", "\"Buy goods for {cost} [star].\"", "Buy goods for {cost}",
     r"aids\.0\.sections\.0\.text\.en: .*cost.*\[prose-value\]"),
    ("Your stars lie here, {price} a good.", "Your stars lie here, {price a good.", "Your stars lie here",
     r"mats\.0\.areas\.0\.text\.en: .*\[prose-value\]"),
    ("  players: {min: 2, max: 3}", "  players: {min: 4, max: 3}", "players:", r"expected min <= max.*\[players-range\]"),
])
def test_a_part_missing_what_it_prints_is_red_at_its_line(tmp_path, old, new, at, problem):
    assert old in GAME
    game = GAME.replace(old, new)
    said = check(tmp_path, game)
    line = line_of(game, at)
    assert re.search(rf"game\.yaml:{line}:\d+: error: .*(?:{problem})", said), said


@pytest.mark.parametrize("star, why", [
    ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'><rect", "not well-formed XML"),
    ("<?xml version='1.0'?><!DOCTYPE svg [<!ENTITY a 'aaaa'>]><svg xmlns='http://www.w3.org/2000/svg'>&a;</svg>",
     "EntitiesForbidden"),
    ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'><image href='file:///etc/passwd'/></svg>",
     "may refer only to its own parts"),
    (" " * 1_100_000, "expected at most 1,048,576"),
    ("<html/>", "expected an <svg> document"),
])
def test_a_hostile_or_broken_icon_is_a_problem_at_its_line_never_a_crash(tmp_path, star, why):
    said = check(tmp_path, GAME, star)
    assert re.search(rf"game\.yaml:{line_of(GAME, 'star: icons/star.svg')}:\d+: error: icons\.star: .*{re.escape(why)}"
                     r".*\[icon-file\]", said), said
