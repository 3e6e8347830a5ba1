"""The designer's fonts (pnp.content.fonts): `fonts: {ROLE: {file: …, licence: …}}` names a
TrueType/OpenType file beside the content for a bundled face's role; a font that cannot be used
(missing, outside the folder, not a font, not embeddable, without its licence beside it, for an
unknown role) is a problem at the line that names it, never a traceback.

The test font is PT Sans (ParaType Free Font License: modification allowed under another name)
subset to Latin and Cyrillic and renamed, made once per run."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from pnp.content import display_path, load_game
from pnp.content.schema import BASE_SCHEMA_PATH
from pnp.games import pack
from pnp.typeset.fonts import FACES

from fontkit import FAMILY, LATIN_CYRILLIC, LICENCE, make_font as _make_font


@pytest.fixture(scope="module")
def test_font(tmp_path_factory) -> bytes:
    """PT Sans, Basic Latin and the Cyrillic block only, renamed to FAMILY."""
    return _make_font(tmp_path_factory.mktemp("font"), LATIN_CYRILLIC)


def _content(folder: Path, fonts_yaml: str) -> Path:
    text = pack("tverdzha").content.read_text(encoding="utf-8")
    path = folder / "game.yaml"
    path.write_text(text.rstrip("\n") + "\n" + fonts_yaml, encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> int:
    """The line of the last occurrence of `needle` (the `fonts:` part is written at the end)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return max(i for i, line in enumerate(lines, 1) if needle in line)


def _errors(problems):
    return [(p.code, p.mark.line, p.message) for p in problems if p.level.value == "error"]


def _folder(tmp_path: Path, font: bytes, licence: str = LICENCE) -> Path:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Test.ttf").write_bytes(font)
    (tmp_path / "fonts" / "OFL.txt").write_text(licence, encoding="utf-8")
    return tmp_path


GOOD = "fonts:\n  sans-bold: {file: fonts/Test.ttf, licence: fonts/OFL.txt}\n"


def test_a_designer_font_with_its_licence_checks_clean_and_is_part_of_the_content(tmp_path, test_font):
    game, problems = load_game(_content(_folder(tmp_path, test_font), GOOD))
    assert _errors(problems) == []
    shipped, _ = load_game(pack("tverdzha").content)
    # the font's bytes are part of the content: another font is changed content
    assert game.sha256 != shipped.sha256


def test_the_schema_roles_are_the_bundled_faces():
    import json
    schema = json.loads(BASE_SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["properties"]["fonts"]["propertyNames"]["enum"] == list(FACES)


@pytest.mark.parametrize("entry, code, needle", [
    ("{file: fonts/Missing.ttf, licence: fonts/OFL.txt}", "font-file", "no file"),
    ("{file: ../Test.ttf, licence: fonts/OFL.txt}", "font-file", "leaves the content's folder"),
    ("{file: /usr/share/fonts/x.ttf, licence: fonts/OFL.txt}", "font-file", "leaves the content's folder"),
    ("{file: fonts/OFL.txt, licence: fonts/OFL.txt}", "font-file", "expected a .ttf, .otf file"),
    ("{file: fonts/Text.ttf, licence: fonts/OFL.txt}", "font-file", "expected a TrueType or OpenType font"),
    ("{file: fonts/Cut.ttf, licence: fonts/OFL.txt}", "font-file", "expected a TrueType or OpenType font"),
    ("{file: fonts/Restricted.ttf, licence: fonts/OFL.txt}", "font-licence", "may not be embedded"),
    ("{file: fonts/Test.ttf, licence: fonts/Missing.txt}", "font-licence", "no file"),
    ("{file: fonts/Test.ttf, licence: Elsewhere.txt}", "font-licence", "beside the font"),
    ("{file: fonts/Test.ttf, licence: fonts/Empty.txt}", "font-licence", "empty"),
    ("{file: fonts/Test.ttf}", "missing-key", "licence"),
])
def test_a_font_that_cannot_be_used_is_a_problem_at_its_line(tmp_path, test_font, entry, code, needle):
    folder = _folder(tmp_path, test_font)
    (folder / "fonts" / "Text.ttf").write_text("not a font at all\n", encoding="utf-8")
    (folder / "fonts" / "Cut.ttf").write_bytes(test_font[:2000])
    restricted = TTFont(folder / "fonts" / "Test.ttf")
    restricted["OS/2"].fsType = 0x0002
    restricted.save(folder / "fonts" / "Restricted.ttf")
    (folder / "Elsewhere.txt").write_text(LICENCE, encoding="utf-8")
    (folder / "fonts" / "Empty.txt").write_text("\n", encoding="utf-8")
    path = _content(folder, f"fonts:\n  sans: {entry}\n")
    _, problems = load_game(path)
    errors = _errors(problems)
    assert [(c, line) for c, line, _ in errors] == [(code, _line_of(path, "  sans: {"))], errors
    assert needle in errors[0][2]


def test_an_unknown_role_is_refused_at_its_line(tmp_path, test_font):
    path = _content(_folder(tmp_path, test_font), "fonts:\n  title: {file: fonts/Test.ttf, licence: fonts/OFL.txt}\n")
    _, problems = load_game(path)
    errors = _errors(problems)
    assert [line for _, line, _ in errors] == [_line_of(path, "  title: {")], errors


def test_pnp_check_reports_a_hostile_font_without_a_traceback(tmp_path, test_font):
    folder = _folder(tmp_path, test_font)
    (folder / "fonts" / "Test.ttf").write_bytes(b"\x00\x01\x00\x00" + b"\xff" * 4000)  # a TrueType header, then garbage
    path = _content(folder, GOOD)
    run = subprocess.run([sys.executable, "-m", "pnp.cli", "check", "--content", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    out = run.stdout + run.stderr
    assert "Traceback" not in out
    assert f"{display_path(path)}:{_line_of(path, '  sans-bold: {')}:" in out
    assert "[font-file]" in out


def test_every_game_pack_admits_the_fonts_part():
    import json
    from pnp.games import packs
    for name, game_pack in packs().items():
        schema = json.loads(game_pack.schema.read_text(encoding="utf-8"))
        ref = schema["properties"]["fonts"]["$ref"]
        assert ref.endswith("base.schema.json#/properties/fonts"), name


def test_a_data_only_game_takes_a_designer_font(tmp_path, test_font):
    import shutil
    starter = pack("data").content.parent
    shutil.copytree(starter, tmp_path / "game")
    folder = _folder(tmp_path / "game", test_font)
    path = folder / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + "\n" + GOOD, encoding="utf-8")
    game, problems = load_game(path)
    assert _errors(problems) == []
    assert game is not None


def test_a_cyrillic_title_in_a_latin_only_designer_font_is_an_error_at_its_line(tmp_path):
    latin = _make_font(tmp_path, list(range(0x20, 0x7F)))
    folder = tmp_path / "game"
    folder.mkdir()
    path = _content(_folder(folder, latin), GOOD)
    game, problems = load_game(path)
    assert _errors(problems) == []  # the font itself is fine
    from pnp import checks
    found = [p for p in checks.run_all(game) if p.code == "missing-glyph"]
    title = game.mark("game", "title", "uk")
    at_title = [p for p in found if p.mark == title]
    assert at_title, found[:3]
    assert FAMILY in at_title[0].message
    # the same strings in the bundled faces are clean
    shipped, _ = load_game(pack("tverdzha").content)
    assert [p for p in checks.run_all(shipped) if p.code == "missing-glyph"] == []


def _starter_with(tmp_path: Path, font: bytes, fonts_yaml: str) -> Path:
    """The game `pnp new` writes, with the font in its folder and `fonts_yaml` in its content."""
    from pnp.commands import new
    new.write(tmp_path / "game", "uk")
    folder = _folder(tmp_path / "game", font)
    path = folder / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + "\n" + fonts_yaml, encoding="utf-8")
    return path


def _pdffonts(pdf: Path) -> list[tuple[str, bool]]:
    """(font name without the subset tag, embedded) of every font in the PDF."""
    lines = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    return [(line.split()[0].split("+")[-1], line.split()[-5] == "yes") for line in lines]


def test_a_data_only_game_prints_in_the_designer_font(tmp_path, test_font):
    # the starter's card text is in `sans`, its names in `serif-bold`: both given the designer's font
    fonts_yaml = ("fonts:\n  sans: {file: fonts/Test.ttf, licence: fonts/OFL.txt}\n"
                  "  serif-bold: {file: fonts/Test.ttf, licence: fonts/OFL.txt}\n")
    path = _starter_with(tmp_path, test_font, fonts_yaml)
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "pnp.entry", "build", "--content", str(path), "--all", "--out", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "NOT subset" not in done.stderr + done.stdout
    kit = next(out.iterdir())
    cards = next(kit.glob("*-cards.pdf"))
    used = _pdffonts(cards)
    assert ("PnpTestSans", True) in used, used
    # every face the cards print in is the designer's: the bundled faces the roles had are gone
    assert not [name for name, _ in used if name.startswith(("PTSans-Regular", "PTSerif-Bold"))], used
    text = subprocess.run(["pdftotext", str(cards), "-"], capture_output=True, text=True, check=True).stdout
    game, _ = load_game(path)
    family = game.card_families[0]
    first = family.cards(game, game.languages[0])[0]
    assert str(first.fields["name"]) in text
    # the rulebook (reportlab) and the gallery (its @font-face subsets) carry it too
    assert ("PnpTestSans", True) in _pdffonts(next(kit.glob("*-rulebook.pdf")))
    assert 'font-family: "pnp ' in (kit / "index.html").read_text(encoding="utf-8")


def test_designer_fonts_replace_their_roles_only_while_active(tmp_path, test_font):
    from pnp.print.pdf import DocInfo, svg_to_pdf
    from pnp.typeset import fonts
    path = _starter_with(tmp_path, test_font, GOOD)
    game, _ = load_game(path)
    assert fonts.face("sans-bold").family == "PT Sans"
    word = "Вулик 12"
    bundled_width = fonts.text_width_pt(word, "sans-bold", 10)  # measured, and kept for the role
    with fonts.designer_fonts(game.fonts):
        bold = fonts.face("sans-bold")
        # the role's widths are the designer's face's now, not those kept for the bundled one
        own = TTFont(bold.path)
        advances = own["hmtx"].metrics
        units = sum(advances[own.getBestCmap()[ord(c)]][0] for c in word)
        assert fonts.text_width_pt(word, "sans-bold", 10) == units * 10 / own["head"].unitsPerEm != bundled_width
        assert bold.family.startswith("pnp ") and bold.path.is_file() and fonts.face("sans").family == "PT Sans"
        svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="20mm" viewBox="0 0 100 20">'
               f'<text x="2" y="12" font-size="8" {bold.svg_attr_text()}>Вулик 12</text></svg>')
        pdf = tmp_path / "one.pdf"
        pdf.write_bytes(svg_to_pdf(svg, DocInfo("one")))
        assert [name for name, _ in _pdffonts(pdf)] == ["PnpTestSans"] * len(_pdffonts(pdf))
    assert fonts.face("sans-bold").family == "PT Sans"
    assert fonts.text_width_pt(word, "sans-bold", 10) == bundled_width


def test_a_font_without_a_capital_height_measures_its_h(tmp_path, test_font):
    from pnp.typeset import fonts
    old = TTFont(io.BytesIO(test_font))
    old["OS/2"].version = 1  # OS/2 before version 2 has no sCapHeight: many a designer's font
    folder = _folder(tmp_path, test_font)
    old.save(folder / "fonts" / "Test.ttf")
    game, problems = load_game(_content(folder, GOOD))
    assert _errors(problems) == []
    with fonts.designer_fonts(game.fonts):
        measured = fonts.cap_height_em("sans-bold")
    assert measured == pytest.approx(fonts.cap_height_em("sans"), abs=0.02)


def test_an_otf_with_postscript_outlines_prints_in_the_cards_and_the_rulebook(tmp_path):
    from fontkit import make_cff_font
    otf = make_cff_font(tmp_path, LATIN_CYRILLIC)
    assert TTFont(io.BytesIO(otf)).sfntVersion == "OTTO"
    path = _starter_with(tmp_path, otf, "fonts:\n  serif-bold: {file: fonts/Test.ttf, licence: fonts/OFL.txt}\n")
    (path.parent / "fonts" / "Test.ttf").rename(path.parent / "fonts" / "Serif.otf")
    path.write_text(path.read_text(encoding="utf-8").replace("fonts/Test.ttf", "fonts/Serif.otf"), encoding="utf-8")
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "pnp.entry", "build", "--content", str(path), "--all", "--out", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    kit = next(out.iterdir())
    for pdf in (next(kit.glob("*-cards.pdf")), next(kit.glob("*-rulebook.pdf"))):  # cairo's and reportlab's
        assert ("PnpTestSerif", True) in _pdffonts(pdf), pdf.name
