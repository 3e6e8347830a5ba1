"""A designer's whole game made only as docs/new-game.md says, with no Python: `pnp new`, 55 cards
from a CSV with a PNG picture each, a TrueType font of the designer's own for the cards' names and
text, the starter's hex board, tokens and two-section rulebook. It checks clean, builds `--all`
with the DriveThruCards file (the build's preflight passes), and the kit is what was asked: every
card's words, each picture at its box's size, the font embedded, the DTC file in CMYK within the
ink limit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw
from pypdf import PdfReader

from fontkit import LATIN_CYRILLIC, LICENCE, POSTSCRIPT, make_font

ROOT = Path(__file__).resolve().parents[3]
LIMIT = 240.0  # DriveThruCards' total ink, per cent
#: eleven kinds of card, five of each: (id, name, text)
KINDS = [(f"bee{n}", name, f"Візьми {n + 1} мед{'у' if n else ''} і передай хід.")
         for n, name in enumerate(["Трутень", "Робоча бджола", "Матка", "Сторож", "Збирачка", "Будівничка",
                                   "Розвідниця", "Годувальниця", "Вентилятор", "Прибиральниця", "Воскова"])]
COPIES = 5
PICTURE_PX = 600  # 30 mm at 508 dpi: above the 300 dpi the build asks


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "pnp.cli", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=900)


def _picture(path: Path, n: int) -> None:
    """A square picture: a dark ground (more ink than DTC takes, uncapped) and a coloured disc."""
    image = Image.new("RGB", (PICTURE_PX, PICTURE_PX), (20 + n * 5, 12, 8))
    ImageDraw.Draw(image).ellipse((100, 100, 500, 500), fill=(230, 170 - n * 10, 20 + n * 20))
    image.save(path)


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> tuple[Path, Path, subprocess.CompletedProcess, subprocess.CompletedProcess]:
    root = tmp_path_factory.mktemp("designer")
    assert run("new", "Bee Court", "--lang", "uk", cwd=root).returncode == 0
    folder = root / "Bee Court"
    for n, (card, _, _) in enumerate(KINDS):
        _picture(folder / "art" / f"{card}.png", n)
    rows = ["id,count,name.uk,text.uk,art"] + [f"{card},{COPIES},{name},{text},art/{card}.png" for card, name, text in KINDS]
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    layout = folder / "cards" / "basic.yaml"
    text = layout.read_text(encoding="utf-8")
    assert "art: {kind: image, file: art/emblem.png," in text
    layout.write_text(text.replace("art: {kind: image, file: art/emblem.png,", "art: {kind: image, shows: art,"),
                      encoding="utf-8")
    (folder / "fonts").mkdir()
    make_font(folder / "fonts", LATIN_CYRILLIC)
    (folder / "fonts" / "font.ttf").rename(folder / "fonts" / "BeeSans.ttf")
    (folder / "fonts" / "OFL.txt").write_text(LICENCE, encoding="utf-8")
    content = folder / "game.yaml"
    content.write_text(content.read_text(encoding="utf-8") + "\nfonts:\n"
                       "  serif-bold: {file: fonts/BeeSans.ttf, licence: fonts/OFL.txt}\n"
                       "  sans: {file: fonts/BeeSans.ttf, licence: fonts/OFL.txt}\n", encoding="utf-8")
    checked = run("check", "--content", str(content), cwd=root)
    built = run("build", "--content", str(content), "--all", "--shop", "dtc", "--out", str(root / "out"), cwd=root)
    return content, root / "out" / "uk", checked, built


def test_it_checks_clean_and_builds_all(made):
    _, kit, checked, built = made
    assert checked.returncode == 0 and "55 cards" in checked.stdout, checked.stdout
    assert built.returncode == 0, built.stdout + built.stderr
    for part in ("cards", "tokens", "board", "rulebook", "alignment"):
        assert (kit / f"bee-court-uk-{part}.pdf").is_file(), part


def test_every_card_prints_its_words_in_the_designers_font(made):
    _, kit, _, _ = made
    cards = kit / "bee-court-uk-cards.pdf"
    words = subprocess.run(["pdftotext", str(cards), "-"], capture_output=True, text=True, check=True).stdout
    for _, name, text in KINDS:
        assert words.count(name) >= COPIES and text in " ".join(words.split()), name
    fonts = subprocess.run(["pdffonts", str(cards)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    embedded = {line.split()[0].split("+")[-1] for line in fonts if line.split()[-5] == "yes"}
    assert POSTSCRIPT in embedded and not {"PTSans-Regular", "PTSerif-Bold"} & embedded, fonts


def test_each_picture_prints_at_its_box_size(made):
    _, kit, _, _ = made
    listed = subprocess.run(["pdfimages", "-list", str(kit / "bee-court-uk-cards.pdf")], capture_output=True, text=True,
                            check=True).stdout.splitlines()[2:]
    pictures = [line.split() for line in listed if line.split()[3:5] == [str(PICTURE_PX)] * 2]
    assert len(pictures) >= len(KINDS)
    for row in pictures:  # the starter's layout: a 30 mm square box, the picture contained in it
        x_ppi, y_ppi = float(row[12]), float(row[13])
        assert (PICTURE_PX / x_ppi * 25.4, PICTURE_PX / y_ppi * 25.4) == (pytest.approx(30, abs=0.1),) * 2


def test_the_dtc_file_is_cmyk_within_the_ink_limit_with_the_font(made):
    _, kit, _, _ = made
    path = kit / "print-shop" / "dtc" / "bee-court-uk-heroes.pdf"  # the card family (its id: heroes)
    reader = PdfReader(path)
    images = []
    for page in reader.pages:
        for obj in page["/Resources"].get("/XObject", {}).values():
            obj = obj.get_object()
            stack = [obj]
            while stack:
                item = stack.pop()
                if item.get("/Subtype") == "/Image":
                    images.append(item)
                elif item.get("/Subtype") == "/Form":
                    stack += [o.get_object() for o in item.get("/Resources", {}).get("/XObject", {}).values()]
    pictures = [i for i in images if int(i["/Width"]) == PICTURE_PX]
    assert pictures
    for image in pictures:
        assert image["/ColorSpace"] == "/DeviceCMYK"
        ink = np.frombuffer(image.get_data(), dtype=np.uint8).reshape(-1, 4).astype(int).sum(axis=1) / 255 * 100
        assert ink.max() <= LIMIT
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    assert POSTSCRIPT in fonts
