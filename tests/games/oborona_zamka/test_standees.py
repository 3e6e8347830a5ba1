"""The standees as printed: measured on the PDF `pnp build --only standees` writes.

The figure is one hex edge wide (the issue: within 0.2 mm), its two faces fold onto each
other (equal halves either side of the top fold, the back's silhouette the front's mirror
image across it), every race has its army with one commander labelled in words.
"""

import math
import subprocess
import sys

import numpy as np
import pytest

from kit_pdf import build, fonts_embedded, grey, runs, words
from oborona_field import CONTENT, GAME
from pnp.components.base import BuildOptions, RenderContext
from pnp.core import typography
from pnp.games.oborona_zamka.render.standees import StandeesRenderer
from pnp.core.geometry import NO_PRINT_MARGIN
from pnp.print.pdf import svg_size_mm

DPI = 600
EDGE = GAME.field.across_flats / math.sqrt(3)


@pytest.fixture(scope="module", params=["ru", "uk"])
def sheet(request, tmp_path_factory):
    lang = request.param
    return lang, build(tmp_path_factory.mktemp(f"standees-{lang}"), lang, "standees") / f"oborona-zamka-{lang}-standees.pdf"


@pytest.fixture(scope="module")
def russian(tmp_path_factory):
    return build(tmp_path_factory.mktemp("standees"), "ru", "standees") / "oborona-zamka-ru-standees.pdf"


def _mm(px) -> float:
    return float(px) * 25.4 / DPI


def _marks(strip: np.ndarray, axis: int) -> list[float]:
    """Centres (mm) of the dark crop marks crossing a thin strip of the margin."""
    dark = strip.mean(axis=axis) < 128
    return [_mm((a + b) / 2) for a, b in runs(dark)]


def _grid(pdf):
    """(horizontal cut lines, vertical cut lines) in mm, read off the crop marks in the margins."""
    left = _marks(grey(pdf, DPI, box=(NO_PRINT_MARGIN + 0.2, 0, 0.8, 297)), axis=1)
    top = left[0]
    verticals = _marks(grey(pdf, DPI, box=(0, top - 0.35, 216, 0.2)), axis=0)
    return left, verticals


def test_a_standee_is_one_hex_edge_wide(russian):
    rows, _ = _grid(russian)
    widths = np.diff(rows)
    assert len(widths) >= GAME.components.standees_per_race * len(GAME.races) / 2
    assert np.all(np.abs(widths - EDGE) < 0.2), (widths, EDGE)


def _folds(pdf, x0: float, x1: float, y0: float) -> list[float]:
    """x (mm) of the dashed fold lines across the strip between x0 and x1 whose top edge is y0."""
    part = grey(pdf, DPI, box=(x0, y0 + 0.2, x1 - x0, EDGE - 0.4)).astype(int)
    grey_ink = (part > 85) & (part < 150)  # the folds' muted grey, not the art's ink nor its fills
    found = []
    for col in range(part.shape[1]):
        dashes = [b - a for a, b in runs(grey_ink[:, col]) if 1.0 <= _mm(b - a) <= 1.4]  # 1.2 mm dashes
        if len(dashes) >= 8:
            found.append(x0 + _mm(col))
    groups = np.split(np.array(found), np.flatnonzero(np.diff(found) > 0.5) + 1)
    return [float(g.mean()) for g in groups if len(g)]


def test_the_faces_fold_onto_each_other(russian):
    rows, columns = _grid(russian)
    x0, x1 = columns[0], columns[1]
    back_foot, top, front_foot = _folds(russian, x0, x1, rows[0])
    assert abs((top - back_foot) - (front_foot - top)) < 0.1  # the two faces are equally tall
    assert abs((back_foot - x0) - (x1 - front_foot)) < 0.1  # and so are the two feet
    assert 2 * (back_foot - x0) <= GAME.field.across_flats  # the feet, folded out, stay inside the hex
    # folded at the top, the back's silhouette lies on the front's: mirror it across the fold
    h = top - back_foot
    front = grey(russian, DPI, box=(top + 0.8, rows[0] + 0.8, h - 1.6, EDGE - 1.6)) < 200
    back = grey(russian, DPI, box=(back_foot + 0.8, rows[0] + 0.8, h - 1.6, EDGE - 1.6))[:, ::-1] < 200
    size = min(front.shape[1], back.shape[1])
    front, back = front[:, :size], back[:, -size:]
    overlap = (front & back).sum() / (front | back).sum()
    assert overlap > 0.85, overlap


def test_every_race_has_its_army_and_its_commander_in_words(sheet):
    lang, pdf = sheet
    printed = [w[0] for w in words(pdf)]
    per_race, commanders = GAME.components.standees_per_race, GAME.commanders
    for race in GAME.races:
        assert printed.count(race.name.get(lang)) == 2 * per_race  # on both feet of every standee
    # each commander: on the ribbon of both faces and on both feet
    assert printed.count(GAME.ui("commander", lang)) == 4 * commanders * len(GAME.races)
    warrior = GAME.ui("standee_warrior", lang, n=1).split()[0]
    numbers = sorted(int(nxt) for w, nxt in zip(printed, printed[1:]) if w == warrior)
    assert numbers == sorted(n for n in range(1, per_race - commanders + 1) for _ in range(2 * len(GAME.races)))
    assert fonts_embedded(pdf) == []


def test_nothing_is_printed_near_the_paper_edge(sheet):
    _, pdf = sheet
    page, edge = grey(pdf, 100), round((NO_PRINT_MARGIN - 0.3) * 100 / 25.4)
    for band in (page[:edge], page[-edge:], page[:, :edge], page[:, -edge:]):
        assert band.min() > 250


def test_the_pieces_are_the_printed_figures(tmp_path):
    ctx = RenderContext(BuildOptions(lang="ru"), tmp_path)
    with typography.using("ru"):
        pieces = StandeesRenderer().masters(GAME, ctx)
    assert len({p.id for p in pieces}) == len(pieces) == GAME.components.standees_per_race * len(GAME.races)
    for race in GAME.races:
        own = [p for p in pieces if p.group == race.id]
        assert len(own) == GAME.components.standees_per_race
        assert sum(GAME.ui("commander", "ru") in p.name for p in own) == GAME.commanders
    for p in pieces:
        assert abs(p.width - EDGE) < 1e-9 and p.count == 1
        assert svg_size_mm(p.front) == svg_size_mm(p.back) == pytest.approx((p.width, p.height))
    assert len({p.front for p in pieces}) == len(pieces)  # the number or the label tells every figure apart


def test_the_same_content_gives_the_same_bytes(russian, tmp_path):
    again = build(tmp_path, "ru", "standees") / russian.name
    assert again.read_bytes() == russian.read_bytes()


def test_a_race_without_art_is_a_content_error_at_its_id(tmp_path):
    content = CONTENT.read_text(encoding="utf-8")
    old = "  - {id: orcs, side: attacker"
    assert old in content
    edited = tmp_path / "oborona-zamka.yaml"
    edited.write_text(content.replace(old, "  - {id: goblins, side: attacker"), encoding="utf-8")
    line = content[:content.index(old)].count("\n") + 1
    done = subprocess.run([sys.executable, "-m", "pnp.cli", "check", "--content", str(edited)],
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert f"oborona-zamka.yaml:{line}:10: error: race 'goblins' has no standee art" in done.stdout, done.stdout
