"""The capital sheet of «Строительство империи» (pnp/games/empire/render/): the PDF read back and
measured in millimetres (pypdf, pdftotext -bbox, Ghostscript's bbox device, pdffonts), its words
compared with the content."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.components.base import BuildOptions, RenderContext
from pnp.games.empire.render import capital_layout
from pnp.games.empire.render.capital_sheet import CapitalRenderer, effect_rows, plot_title
from pnp.games.empire.render.forms import BOX_STROKE, roman
from pnp.games.empire.rules.player import Player
from pnp.games.empire.rules.tables import tables
from pnp.core.geometry import Box, pt_to_mm

from sheetkit import page_words, stroked_rectangles, words_in

SEAM_MIN = 8.0  # the issue's «nothing within 8 mm of the sheet's edges»
PAGE = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}  # landscape, mm



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


def layout(game, paper: str) -> capital_layout.SheetLayout:
    return capital_layout.sheet_layout(paper, len(game.resources), game.weeks + 1, effect_rows(game))


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
    assert ru.startswith("VII. Алтарь света 9 карт позволяет нанимать ангелов улучшение 5, каждое: мин. урон +1 9 ПО"), ru
    uk = words_in(page_words(sheets[("uk", "a4")]), cell)
    assert uk.startswith("VII. Вівтар світла 9 карт дозволяє наймати янголів покращення 5, кожне: мін. шкода +1 9 ПО"), uk


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


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_capitals_siege_strength_is_printed_under_the_income_track_from_the_content(game, sheets, lang):
    lay, words = layout(game, "a4"), page_words(sheets[(lang, "a4")])
    row = words_in(words, lay.fortifications)
    assert game.ui("fortifications_title", lang) in row, row
    printed = [w for w in row.split() if w.isdigit() and int(w) > 9]
    assert printed == [str(st.strength) for st in game.capital.fortifications] == ["65", "75", "85", "100"]
    assert lay.fortifications.y >= lay.income.bottom and lay.plots.y >= lay.fortifications.bottom


# --- the boxes a marker writes in ---------------------------------------------------------------


def levels_of(game, plot) -> int | None:
    """A forge's or a magic tower's levels as the engine caps them (pnp.games.empire.rules.player); None for
    the other plots."""
    t = tables(game)
    return {"forge": t.forge_levels, "magic_tower": t.rules.magic.levels}.get(plot.kind)


def hand_most(game, race_index: int) -> int:
    """The most heroes the engine lets the race's hand hold: every building built and upgraded."""
    t = tables(game)
    player = Player(race_index)
    player.built = list(t.races[race_index].plots)
    player.upgrades = {plot: 1 for plot in player.built}
    return player.hero_limit(t)


@pytest.mark.parametrize("paper", PAGE)
def test_every_write_in_box_is_generous(game, sheets, paper):
    race = game.races[0]
    plots = {p.id: p for p in game.capital.plots}
    # built, and upgraded where it can be; a box a level where the plot rises through levels
    ticks = sum(levels_of(game, plots[b.plot]) or (1 if b.upgrade is None else 2) for b in race.buildings)
    effects = hand_most(game, 0) * (1 + game.battle.courage_max + 1) + tables(game).forge_levels + 2
    expected = (ticks + len(game.capital.income) + len(game.capital.fortifications) + game.capital.columns + len(game.resources) + game.weeks + 1
                + effects + 1)  # the strategic-effects panel's tracks, rows and two boxes, the treasury's one
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


@pytest.mark.parametrize("lang", ("ru", "uk"))
@pytest.mark.parametrize("paper", PAGE)
def test_the_treasury_has_its_box_on_the_sheet(game, sheets, lang, paper):
    """«проигравший теряет всю свою казну»: the gold is written in its own box, beside the effects panel,
    under the victory points, inside the frame."""
    lay, words = layout(game, paper), page_words(sheets[(lang, paper)])
    said = words_in(words, lay.treasury)
    assert game.ui("treasury_title", lang) in said and "(" + game.gold_short.get(lang) + ")" in said
    assert said.split()[0] == ("Казна" if lang == "ru" else "Скарбниця")
    boxes = stroked_rectangles(sheets[(lang, paper)], BOX_STROKE)
    inside = [b for b in boxes if b.x >= lay.treasury.x - 0.5 and b.x + b.w <= lay.treasury.right + 0.5
              and b.y >= lay.treasury.y - 0.5 and b.y + b.h <= lay.treasury.bottom + 0.5]
    assert len(inside) == 1 and inside[0].h >= 20  # room to rewrite the sum
    assert lay.treasury.y > lay.points.bottom and lay.treasury.x > lay.effects.right
    assert lay.treasury.bottom <= lay.frame.bottom + 1e-6


@pytest.mark.parametrize("lang", ("ru", "uk"))
def test_a_barracks_counts_its_upgrades_and_says_what_each_adds(game, sheets, lang):
    """«Построенные казармы можно улучшать несколько раз. Каждый апгрейд увеличивает минимальный урон»."""
    lay, words = layout(game, "a4"), page_words(sheets[(lang, "a4")])
    cap, race = game.capital, game.races[0]
    n = game.battle.upgrade_miss_damage
    assert n == 1
    for plot in cap.plots:
        said = words_in(words, lay.cell(plot.at, cap.columns, cap.rows))
        b = race.building(plot.id)
        barracks = plot.kind == "barracks"
        assert (game.ui("plot_upgrade_damage", lang, n=n) in said) is barracks, plot.id
        assert (game.ui("plot_upgrades", lang) in said) is barracks, plot.id
        if b.upgrade is not None and not barracks and levels_of(game, plot) is None:
            assert game.ui("plot_upgraded", lang) in said


def boxes_in(pdf: Path, page: int, area: Box) -> list[Box]:
    """The write-in boxes on `page` (from 1) lying inside `area`, left to right, then top to bottom."""
    found = [b for b in stroked_rectangles(pdf, BOX_STROKE, page - 1)
             if b.x >= area.x - 0.3 and b.x + b.w <= area.right + 0.3 and b.y >= area.y - 0.3 and b.y + b.h <= area.bottom + 0.3]
    return sorted(found, key=lambda b: (round(b.y, 1), b.x))


@pytest.mark.parametrize("paper", PAGE)
@pytest.mark.parametrize("lang", ("ru", "uk"))
def test_the_forge_and_the_magic_tower_have_a_box_a_level_as_far_as_the_engine_lets_them_rise(game, sheets, lang, paper):
    """Not one «улучшено» box: the tower rises to the schools' seven levels, the forge to the machines' III.
    A box a level, the first ticked when built, each named as the magic and machine boards name the levels."""
    cap, lay, pdf = game.capital, layout(game, paper), sheets[(lang, paper)]
    want = {"forge": [roman(n) for n in range(1, 4)], "magic_tower": [str(n) for n in range(1, 8)]}
    for number, race in enumerate(game.races, start=1):
        words = page_words(pdf, number)
        for plot in (p for p in cap.plots if p.kind in want):
            cell = lay.cell(plot.at, cap.columns, cap.rows)
            boxes = boxes_in(pdf, number, cell)
            assert len(boxes) == levels_of(game, plot) == len(want[plot.kind]), (race.id, plot.id, boxes)
            assert len({round(b.y, 1) for b in boxes}) == 1 and min(round(b.h, 2) for b in boxes) >= capital_layout.WRITE_MIN
            labels = [w for w, b in sorted(words, key=lambda wb: wb[1].x)
                      if boxes[0].y <= b.cy <= boxes[0].bottom and cell.x <= b.cx <= cell.right]
            assert labels == want[plot.kind], (plot.id, labels)
            said = words_in(words, cell)
            up = race.building(plot.id).upgrade.cost
            assert game.ui("plot_upgrade_level", lang, n=up, most=want[plot.kind][-1]) in said, said
            assert game.ui("plot_upgraded", lang) not in said and game.ui("plot_built", lang) not in said, said


@pytest.mark.parametrize("paper", PAGE)
@pytest.mark.parametrize("lang", ("ru", "uk"))
def test_a_courage_track_for_every_hero_the_hand_can_hold_and_a_machine_a_level_of_the_forge(game, sheets, lang, paper):
    """Courage starts at 0, which a die cannot show, and needs a marker a hero: a row a hero the race's hand can
    hold (the most the engine allows, every building built and upgraded), the hero's number and the courage
    0 to its most, a box each; beside it a box for the machine chosen at each level of the forge, which the
    machine board tells the player to mark here."""
    lay, pdf = layout(game, paper), sheets[(lang, paper)]
    steps = [str(n) for n in range(game.battle.courage_max + 1)]
    assert steps[-1] == "6"
    for number, race in enumerate(game.races, start=1):
        words = page_words(pdf, number)
        rows: dict[float, list[Box]] = {}
        for b in boxes_in(pdf, number, lay.effects):
            if round(b.h, 1) == capital_layout.WRITE_MIN:  # a row's; the school's and the rest's boxes take them all
                rows.setdefault(round(b.y, 1), []).append(b)
        tracks = [row for row in rows.values() if len(row) == 1 + len(steps) + 1]  # number, courage, machine
        assert len(rows) == len(tracks) == hand_most(game, number - 1) == 3, (race.id, rows)
        assert len(rows) >= tables(game).forge_levels
        for row in tracks:
            hero, *courage, machine = row
            said = [w for w, b in sorted(words, key=lambda wb: wb[1].x)
                    if row[0].y - 1.0 <= b.cy <= row[0].bottom - 1.0 and hero.x <= b.cx <= courage[-1].right]
            assert said == game.ui("effects_hero", lang).split() + steps, said
            assert machine.w > 30 and machine.x > courage[-1].right  # room to write a machine's name
        levels = [w for w, b in sorted(words, key=lambda wb: wb[1].y)
                  if tracks[0][0].y <= b.cy and courage[-1].right < b.cx < machine.x]
        assert levels == [roman(n) for n in range(1, tables(game).forge_levels + 1)], levels
        column = words_in(words, Box(lay.effects.x, lay.effects.y, lay.effects.w, 12.0))
        assert game.ui("effects_heroes", lang) in column and game.ui("effects_machines", lang) in column
