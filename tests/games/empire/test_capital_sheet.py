"""The capital sheet of «Строительство империи» (pnp/games/empire/render/): the PDF read back and
measured in millimetres (pypdf, pdftotext -bbox, Ghostscript's bbox device, pdffonts), its words
compared with the content."""

from __future__ import annotations

import re
import subprocess
from html import unescape
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.components.base import BuildOptions, RenderContext
from pnp.content import load_game
from pnp.games import pack
from pnp.games.empire.render import capital_layout
from pnp.games.empire.render.capital_sheet import CapitalRenderer, plot_title
from pnp.games.empire.render.forms import BOX_STROKE
from pnp.print.geometry import Box, pt_to_mm

SEAM_MIN = 8.0  # the issue's «nothing within 8 mm of the sheet's edges»
PAGE = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}  # landscape, mm


@pytest.fixture(scope="module")
def game():
    model, problems = load_game(pack("empire").content)
    assert model is not None and not problems, problems
    return model


def render(game, out: Path, lang: str, paper: str = "a4", ink_saver: bool = False) -> Path:
    files = CapitalRenderer().render(game, RenderContext(BuildOptions(lang=lang, paper=paper, ink_saver=ink_saver), out))
    assert [(f.path, f.kind, f.pages) for f in files] == [(f"empire-{lang}-capital.pdf", "mats", len(game.races))]
    return out / files[0].path


@pytest.fixture(scope="module")
def sheets(game, tmp_path_factory):
    """(lang, paper) -> the built PDF."""
    root = tmp_path_factory.mktemp("capital")
    return {(lang, paper): render(game, root / f"{lang}-{paper}", lang, paper)
            for lang in ("ru", "uk") for paper in PAGE}


_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


def page_words(pdf: Path, page: int = 1) -> list[tuple[str, Box]]:
    """Every word on `page` with its box in mm from the top-left corner (pdftotext -bbox)."""
    html = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    found = []
    for m in _WORD.finditer(html):
        x0, y0, x1, y1 = (pt_to_mm(float(v)) for v in m.group(1, 2, 3, 4))
        found.append((unescape(m.group(5)), Box(x0, y0, x1 - x0, y1 - y0)))
    return found


def words_in(words: list[tuple[str, Box]], box: Box) -> str:
    """The words whose centre lies in `box`, in reading order (lines from the top, each from the left), joined by spaces."""
    inside = sorted(((w, b) for w, b in words if box.x <= b.cx <= box.right and box.y <= b.cy <= box.bottom),
                    key=lambda wb: wb[1].cy)
    lines: list[list[tuple[str, Box]]] = []
    for w, b in inside:
        if lines and abs(b.cy - lines[-1][0][1].cy) < 1.2:
            lines[-1].append((w, b))
        else:
            lines.append([(w, b)])
    return " ".join(w for line in lines for w, _ in sorted(line, key=lambda wb: wb[1].x))


def layout(game, paper: str) -> capital_layout.SheetLayout:
    return capital_layout.sheet_layout(paper, len(game.resources), game.weeks + 1)


# --- the page -----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAGE)
def test_one_landscape_page_per_race_of_the_paper(game, sheets, paper):
    for lang in ("ru", "uk"):
        pages = PdfReader(sheets[(lang, paper)]).pages
        assert len(pages) == len(game.races)
        for page in pages:
            size = (pt_to_mm(float(page.mediabox.width)), pt_to_mm(float(page.mediabox.height)))
            assert size == pytest.approx(PAGE[paper], abs=0.05)


@pytest.mark.parametrize("paper", PAGE)
def test_nothing_is_printed_within_the_sleeves_seam(game, sheets, paper):
    """Ghostscript's bbox device measures every mark on the page, white ones too."""
    width, height = PAGE[paper]
    for lang in ("ru", "uk"):
        done = subprocess.run(["gs", "-q", "-dBATCH", "-dNOPAUSE", "-sDEVICE=bbox", str(sheets[(lang, paper)])],
                              capture_output=True, text=True, check=True)
        boxes = re.findall(r"%%HiResBoundingBox: ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)", done.stderr + done.stdout)
        assert len(boxes) == len(game.races)
        for x0, y0, x1, y1 in ((pt_to_mm(float(v)) for v in b) for b in boxes):
            margins = (x0, y0, width - x1, height - y1)
            assert min(margins) >= SEAM_MIN, margins
            assert min(margins) < capital_layout.SEAM + 1.0  # the frame is used, not shrunk away from the edges


def test_fonts_are_embedded(sheets):
    for pdf in sheets.values():
        rows = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
        assert rows and all(row.split()[-5] == "yes" for row in rows), rows


def test_the_same_content_gives_the_same_bytes(game, sheets, tmp_path):
    for lang in ("ru", "uk"):
        assert render(game, tmp_path / lang, lang).read_bytes() == sheets[(lang, "a4")].read_bytes()


# --- the words ----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAGE)
@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_each_plot_prints_its_name_cost_and_upgrade_from_the_content(game, sheets, lang, paper):
    cap, lay = game.capital, layout(game, paper)
    for number, race in enumerate(game.races, start=1):
        words = page_words(sheets[(lang, paper)], number)
        for plot in cap.plots:
            b = race.building(plot.id)
            said = words_in(words, lay.cell(plot.at, cap.columns, cap.rows))
            assert said.startswith(plot_title(game, plot, b)[lang]), (plot.id, said)
            if b.cost is not None:
                assert re.search(rf"\b{b.cost} карт", said), (plot.id, said)
                assert f"{b.cost * cap.points_per_card} ПО" in said
            if b.upgrade is not None:
                assert f"{game.ui('plot_upgrade', lang, n=b.upgrade.cost)}" in said, (plot.id, said)
            for what in (b.hires, b.gives, b.upgrade.name if b.upgrade else None):
                if what is not None:
                    assert what.get(lang) in said, (plot.id, said)


def test_the_seeds_example_reads_as_the_seed_writes_it(sheets, game):
    """«VII. Алтарь света 9 … позволяет нанимать ангелов, улучшение 5»."""
    cell = layout(game, "a4").cell(next(p.at for p in game.capital.plots if p.id == "barracks_7"), 4, 3)
    ru = words_in(page_words(sheets[("ru", "a4")]), cell)
    assert ru.startswith("VII. Алтарь света 9 карт позволяет нанимать ангелов улучшение 5 9 ПО"), ru
    uk = words_in(page_words(sheets[("uk", "a4")]), cell)
    assert uk.startswith("VII. Вівтар світла 9 карт дозволяє наймати янголів покращення 5 9 ПО"), uk


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_income_track_stores_and_points_come_from_the_content(game, sheets, lang):
    lay, words = layout(game, "a4"), page_words(sheets[(lang, "a4")])
    gold = game.gold_short.get(lang)
    track = [w for w in words_in(words, lay.income).split() if w.startswith("+")]
    assert track == [f"+{s.gold}{gold}" for s in game.capital.income]
    assert track[:4] == (["+3о", "+6о", "+10о", "+15о"] if lang == "ru" else ["+3з", "+6з", "+10з", "+15з"])
    stores = words_in(words, lay.stores)
    for res in game.resources:
        assert f"{res.short.get(lang)} {res.name.get(lang)}" in stores
    points = words_in(words, lay.points)
    assert points.count(game.ui("points_week", lang, n=1).split()[0]) == game.weeks
    assert words_in(words, lay.verticals).count(game.ui("vertical_done", lang)) == game.capital.columns


# --- the boxes a marker writes in ---------------------------------------------------------------


def stroked_rectangles(pdf: Path, width_mm: float) -> list[Box]:
    """Every rectangle (`re`) stroked at `width_mm` on page 1, in mm (cairo draws them untransformed
    under the page's one flip)."""
    reader = PdfReader(pdf)
    page = reader.pages[0]
    height = float(page.mediabox.height)
    found, width, pending = [], 0.0, []
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"w":
            width = float(operands[0])
        elif op == b"re":
            pending.append([float(v) for v in operands])
        elif op in (b"S", b"B", b"s", b"b"):
            if abs(pt_to_mm(width) - width_mm) < 1e-3:
                found += [Box(pt_to_mm(x), pt_to_mm(y), pt_to_mm(w), pt_to_mm(h)) for x, y, w, h in pending]
            pending = []
        elif op in (b"f", b"F", b"f*", b"n"):
            pending = []
        elif op == b"cm":
            assert [float(v) for v in operands] in ([1, 0, 0, 1, 0, 0], [1, 0, 0, -1, 0, pytest.approx(height)]), operands
    return found


@pytest.mark.parametrize("paper", PAGE)
def test_every_write_in_box_is_generous(game, sheets, paper):
    race = game.races[0]
    ticks = sum(1 if b.upgrade is None else 2 for b in race.buildings)  # built, and upgraded where it can be
    expected = (ticks + len(game.capital.income) + game.capital.columns + len(game.resources) + game.weeks + 1
                + 4)  # the strategic-effects panel's four boxes
    boxes = stroked_rectangles(sheets[("ru", paper)], BOX_STROKE)
    assert len(boxes) == expected
    heights = sorted(round(b.h, 2) for b in boxes)
    assert heights[0] >= capital_layout.WRITE_MIN, heights
    assert max(b.h for b in boxes) > 20  # the effects panel leaves room for several lines


def test_ink_saver_prints_lighter_tints(game, tmp_path, sheets):
    """The grey level of the whole page, 0 black to 255 white: the ink-saver sheet uses less ink."""
    def mean_grey(pdf: Path) -> float:
        raw = subprocess.run(["pdftoppm", "-r", "20", "-gray", str(pdf)], capture_output=True, check=True).stdout
        pixels = raw.split(b"\n", 3)[3]
        return sum(pixels) / len(pixels)
    assert mean_grey(render(game, tmp_path, "ru", ink_saver=True)) > mean_grey(sheets[("ru", "a4")]) + 0.3



@pytest.mark.parametrize("paper", PAGE)
@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_word_crosses_its_plots_border(game, sheets, lang, paper):
    """The narrower Letter plots shrink a label rather than let it run over the frame."""
    cap, lay = game.capital, layout(game, paper)
    words = page_words(sheets[(lang, paper)])
    for plot in cap.plots:
        cell = lay.cell(plot.at, cap.columns, cap.rows)
        for word, box in words:
            if cell.x <= box.cx <= cell.right and cell.y <= box.cy <= cell.bottom:
                assert cell.inset(0.5).contains(box), (plot.id, word, box, cell)
