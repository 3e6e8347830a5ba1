"""The lens board: geometry from the graph, the large page, the tiles measured on the PDF."""

from __future__ import annotations

import io
import math
from dataclasses import replace

import pytest
from pypdf import PdfReader

import tileprobe
from shapely.geometry import Point, Polygon

from pdfprobe import ink_boxes, pdffonts, pixel, qpdf_check, raster, text, words
from pnp.games.tverdzha.model import Track
from pnp.components.base import BuildOptions, RenderContext
from pnp.games.tverdzha.render.board import BoardRenderer, board_part, land_yield
from pnp.games.tverdzha.render.board_layout import TRACK_MIN_CLEAR, layout
from pnp.components.hull import distance_to_polygon
from pnp.core.geometry import NO_PRINT_MARGIN, PAPERS, pt_to_mm
from pnp.print.tile_plan import plan_tiles


@pytest.fixture(scope="module")
def lay(game):
    return layout(game)


def _render(game, tmp_path_factory, paper):
    out = tmp_path_factory.mktemp(f"board-{paper}")
    files = BoardRenderer().render(game, RenderContext(BuildOptions(paper=paper), out))
    return {f.path: (out / f.path).read_bytes() for f in files}, files


@pytest.fixture(scope="module")
def a4(game, tmp_path_factory):
    return _render(game, tmp_path_factory, "a4")


@pytest.fixture(scope="module")
def letter(game, tmp_path_factory):
    return _render(game, tmp_path_factory, "letter")


# --- geometry from the graph --------------------------------------------------------------


def test_every_cell_is_a_square_of_the_print_size(game, lay):
    assert len(lay.cells) == len(game.board.cells) == 21
    for cell in lay.cells:
        assert cell.box.w == cell.box.h == game.print.board_cell


def test_neighbours_in_the_graph_share_an_edge_on_the_board(game, lay):
    pitch = game.print.board_cell + game.print.board_gap
    for cell in game.board.cells:
        here = lay.cell(cell.id).box
        for other in game.board.cells:
            if other.id == cell.id:
                continue
            there = lay.cell(other.id).box
            touching = math.isclose(math.hypot(here.cx - there.cx, here.cy - there.cy), pitch)
            assert touching == (other.id in cell.neighbors), (cell.id, other.id)


def test_mirrored_cells_lie_mirrored_and_the_castles_at_the_ends(game, lay):
    """The content mirrors the halves across the centre row (a1 and b1 share a column)."""
    cy = lay.height / 2
    for cell in game.board.cells:
        a, b = lay.cell(cell.id).box, lay.cell(cell.mirror).box
        assert math.isclose(a.cx, b.cx) and math.isclose(a.cy + b.cy, 2 * cy), cell.id
    castle_a, castle_b = lay.castle("A"), lay.castle("B")
    assert castle_a.at_bottom and not castle_b.at_bottom
    assert castle_a.box.y > max(c.box.bottom for c in lay.cells)
    assert castle_b.box.bottom < min(c.box.y for c in lay.cells)
    for castle in game.board.castles:
        place = lay.castle(castle.player)
        for entrance, x in place.gates:
            box = lay.cell(entrance).box
            assert box.x < x < box.right  # one gate in front of each entrance
            gap = box.y - place.inner_y if not place.at_bottom else place.inner_y - box.bottom
            assert math.isclose(gap, game.print.board_gap)


def test_citadel_and_mine_are_in_the_centre_row(game, lay):
    fixed = [c for c in lay.cells if c.land]
    assert sorted(c.land for c in fixed) == ["citadel", "mine"]
    for cell in fixed:
        assert math.isclose(cell.box.cy, lay.height / 2)


def test_the_lens_holds_every_cell_and_the_track_stays_outside(game, lay):
    hull = list(lay.hull)
    for cell in lay.cells:
        for corner in ((cell.box.x, cell.box.y), (cell.box.right, cell.box.bottom)):
            assert distance_to_polygon(corner, hull) == 0.0
    assert "A" in lay.outline and lay.outline.endswith("Z")  # rounded corners
    values = [s.value for s in lay.track]
    assert values == list(range(game.components.score_track.top + 1))
    for s in lay.track:
        assert distance_to_polygon((s.x, s.y), hull) >= s.r + TRACK_MIN_CLEAR
        assert s.r <= s.x <= lay.width - s.r and s.r <= s.y <= lay.height - s.r
    loop = lay.track + lay.track[:1]
    for a, b in zip(loop, loop[1:]):
        # a score marker centred on a space covers none of the next space
        assert math.hypot(a.x - b.x, a.y - b.y) >= game.print.marker / 2 + b.r + 1.0, (a.value, b.value)


def test_the_score_track_is_one_loop_in_order_read_from_the_page(game, lay, a4):
    """0..top printed on the page: each number's nearest two are the one before and after it
    (40 closes the loop beside 0), the steps are as long as each other, and the loop goes
    round every cell."""
    data = a4[0]["tverdzha-uk-board.pdf"]
    found = words(data, 1)
    total = game.components.score_track.top + 1
    numbers = [wd for wd in found if wd.text.isdigit() and int(wd.text) < total]
    assert sorted(int(wd.text) for wd in numbers) == list(range(total))
    at = {int(wd.text): (wd.cx, wd.cy) for wd in numbers}
    steps = [math.dist(at[v], at[(v + 1) % total]) for v in range(total)]
    assert max(steps) <= 1.25 * min(steps), steps
    for v in range(total):
        nearest = sorted((math.dist(at[v], at[u]), u) for u in range(total) if u != v)[:2]
        assert {u for _, u in nearest} == {(v - 1) % total, (v + 1) % total}, (v, nearest)
    ring = Polygon([at[v] for v in range(total)])
    assert ring.is_valid  # a simple loop: it never crosses itself
    for cell in lay.cells:
        if not cell.land:
            word = next(wd for wd in found if wd.text == cell.id.upper())
            assert ring.contains(Point(word.cx, word.cy)), cell.id


def test_every_fifth_score_space_is_tinted_on_the_page(game, lay, a4):
    data = a4[0]["tverdzha-uk-board.pdf"]
    dpi = 100
    image = raster(data, 1, dpi)
    zero = next(wd for wd in words(data, 1) if wd.text == "0")
    dx, dy = zero.cx - lay.track[0].x, zero.cy - lay.track[0].y
    shade = {}
    for s in lay.track:
        if s.value != game.victory.points:
            # beside the number, inside the ring: the space's fill
            sides = [pixel(image, s.x + dx + k * 0.75 * s.r, s.y + dy, dpi) for k in (-1, 1)]
            shade[s.value] = max(sum(rgb) / 3 for rgb in sides)
    major = [v for v in shade if v % 5 == 0]
    minor = [v for v in shade if v % 5]
    assert major and minor
    assert max(shade[v] for v in major) + 15 < min(shade[v] for v in minor), shade


def test_a_land_tile_holds_four_unit_tokens_side_by_side(game):
    token, tile = game.print.unit_token, game.print.land_tile
    assert 2 * token + 1.0 <= tile <= game.print.board_cell  # 2 x 2 tokens, no stacking


def test_layout_follows_the_content(game):
    bigger = replace(game, print=replace(game.print, board_cell=54.0, board_gap=3.0))
    lay = layout(bigger)
    assert all(c.box.w == 54.0 for c in lay.cells)
    assert math.isclose(lay.cell("c2").box.x - lay.cell("c1").box.x, 57.0)
    longer = replace(game, components=replace(game.components, score_track=Track(31)))
    assert [s.value for s in layout(longer).track][-1] == 31


# --- the large page ---------------------------------------------------------------------------


def test_large_page_is_a3_and_every_cell_id_is_at_its_cell(game, lay, a4):
    data = a4[0]["tverdzha-uk-board.pdf"]
    page = PdfReader(io.BytesIO(data)).pages[0]
    w, h = pt_to_mm(float(page.mediabox.width)), pt_to_mm(float(page.mediabox.height))
    assert (round(w), round(h)) == (297, 420)
    found = {wd.text: wd for wd in words(data, 1)}
    cells = [cell for cell in lay.cells if not cell.land]
    # centred across; down the page, moved up from the centre as far as the scale bar below needs
    x0 = (w - lay.width) / 2
    y0 = found[cells[0].id.upper()].cy - cells[0].box.cy
    assert NO_PRINT_MARGIN - 1.5 <= y0 <= (h - lay.height) / 2 + 1.5
    for cell in cells:
        word = found[cell.id.upper()]
        assert abs(word.cx - (x0 + cell.box.cx)) < 1.0 and abs(word.cy - (y0 + cell.box.cy)) < 1.5, cell.id


def test_large_page_text_fonts_and_margins(game, a4):
    data = a4[0]["tverdzha-uk-board.pdf"]
    content = " ".join(text(data).split())
    for needle in ("Замок гравця A", "Замок гравця B", "Цитадель", "Копальня", f"+{land_yield()}", "щокола",
                   "Вхід A", "Вхід B"):
        assert needle in content
    numbers = {wd.text for wd in words(data, 1)}
    assert {str(v) for v in range(game.victory.points + 6)} <= numbers
    assert all(row[-5] == "yes" and row[-4] == "yes" for row in pdffonts(data))
    assert qpdf_check(data).returncode == 0
    x0, y0, x1, y1 = ink_boxes(data)[0]
    assert min(x0, y0, 297 - x1, 420 - y1) >= NO_PRINT_MARGIN


# --- the tiles ------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_fit_the_paper_with_a_map_first(game, paper, a4, letter):
    files, outputs = a4 if paper == "a4" else letter
    data = files[f"tverdzha-uk-board-{paper}-tiles.pdf"]
    part, _, _ = board_part(game, "uk")
    plan = plan_tiles(part.width, part.height, paper)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == len(plan.tiles) + 1
    assert [f.kind for f in outputs] == ["board", "board"]
    sheet = PAPERS[paper]
    for page, (x0, y0, x1, y1) in zip(reader.pages, ink_boxes(data)):
        w, h = pt_to_mm(float(page.mediabox.width)), pt_to_mm(float(page.mediabox.height))
        assert {round(w, 1), round(h, 1)} == {round(sheet.width, 1), round(sheet.height, 1)}
        assert min(x0, y0, w - x1, h - y1) >= NO_PRINT_MARGIN - 0.02
    assert "як скласти" in text(data, 1)
    assert "ряд 1, стовпець 1" in " ".join(text(data, 2).split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cells_continue_across_every_seam(game, paper, a4, letter):
    """Aligned by the registration marks, every edge on one tile meets the same edge on the next."""
    files, _ = a4 if paper == "a4" else letter
    data = files[f"tverdzha-uk-board-{paper}-tiles.pdf"]
    part, _, _ = board_part(game, "uk")
    plan = plan_tiles(part.width, part.height, paper)
    images = {t: tileprobe.page_array(data, t.row * plan.cols + t.col + 2) for t in plan.tiles}
    seams = [((r, c), (r + 1, c), True) for r in range(plan.rows - 1) for c in range(plan.cols)]
    seams += [((r, c), (r, c + 1), False) for r in range(plan.rows) for c in range(plan.cols - 1)]
    assert seams
    for first, second, horizontal in seams:
        report = tileprobe.seam_report(plan, images, first, second, horizontal)
        assert report["overlap"] >= 10.0, (first, second, report)
        assert report["worst_edge"] <= 0.2, (first, second, report)
        assert report["patches"] >= 2, (first, second, report)


def test_builds_are_byte_identical(game, tmp_path_factory, a4):
    again, _ = _render(game, tmp_path_factory, "a4")
    assert again == a4[0]
