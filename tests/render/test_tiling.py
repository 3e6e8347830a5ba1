"""Tiling a large part over A4/Letter: the plan, the sheets, the marks, the margins."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

import tileprobe
from pdfprobe import ink_boxes, text
from pnp.print import pdf
from pnp.core.geometry import NO_PRINT_MARGIN, PAPERS, pt_to_mm
from pnp.print.tile_plan import BAND, OVERLAP, Part, TileText, mark_positions, plan_tiles
from pnp.print import tiling
from pnp.print.tiling import tiled_pages

TEXT = TileText(part="Пробна частина", label="{part} — ряд {row}, стовпець {col} (аркуш {page} з {pages})",
                glue="клей", cut="різати", map_title="Пробна частина: як скласти",
                map_steps=("Перший крок.", "Другий крок."), scale_caption="друкуйте в масштабі 100 %")


def grid_part(width: float, height: float, step: float = 7.0) -> Part:
    """A part filled with a light panel and a grid of dark lines every `step` mm."""
    body = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="#eee9dd"/>']
    k = step
    while k < width:
        body.append(f'<path d="M{k} 0V{height}" stroke="#2a2320" stroke-width="0.5"/>')
        k += step
    k = step
    while k < height:
        body.append(f'<path d="M0 {k}H{width}" stroke="#2a2320" stroke-width="0.5"/>')
        k += step
    return Part(width, height, "".join(body))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(282.0, 402.0), (374.0, 255.0), (150.0, 100.0), (600.0, 500.0)])
def test_plan_covers_the_part_with_overlapping_windows(paper, size):
    width, height = size
    plan = plan_tiles(width, height, paper)
    area = plan.paper.printable
    assert {plan.paper.width, plan.paper.height} == {PAPERS[paper].width, PAPERS[paper].height}
    for tile in plan.tiles:
        assert area.contains(tile.page), tile
        assert tile.page.bottom + BAND <= area.bottom + 1e-6
        assert abs(tile.page.w - tile.window.w) < 1e-9 and abs(tile.page.h - tile.window.h) < 1e-9
    assert plan.tile(0, 0).window.x == 0 and plan.tile(0, 0).window.y == 0
    assert abs(plan.tile(plan.rows - 1, plan.cols - 1).window.right - width) < 1e-6
    assert abs(plan.tile(plan.rows - 1, plan.cols - 1).window.bottom - height) < 1e-6
    for r in range(plan.rows):
        for c in range(plan.cols - 1):
            overlap = plan.tile(r, c).window.right - plan.tile(r, c + 1).window.x
            assert overlap >= 10 and abs(overlap - OVERLAP) < 1e-6
    for r in range(plan.rows - 1):
        overlap = plan.tile(r, 0).window.bottom - plan.tile(r + 1, 0).window.y
        assert overlap >= 10 and abs(overlap - OVERLAP) < 1e-6


def test_plan_takes_the_fewest_sheets_in_either_orientation():
    assert len(plan_tiles(150, 100, "a4").tiles) == 1
    board = plan_tiles(282, 402, "a4")  # the board: three A4 sheets, landscape
    assert (board.rows, board.cols, board.paper.width) == (3, 1, 297.0)
    mat = plan_tiles(374, 255, "letter")  # a mat: two Letter sheets, portrait
    assert (mat.rows, mat.cols, mat.paper.width) == (1, 2, 215.9)


def test_every_mark_sits_on_a_seam_inside_both_windows():
    plan = plan_tiles(600, 500, "a4")
    found = mark_positions(plan)
    assert len(found) >= 2 * (plan.rows * (plan.cols - 1) + plan.cols * (plan.rows - 1))
    for x, y in found:
        on_seam = x in plan.seams_x or y in plan.seams_y
        holders = [t for t in plan.tiles
                   if t.window.x <= x <= t.window.right and t.window.y <= y <= t.window.bottom]
        assert on_seam and len(holders) >= 2


@pytest.fixture(scope="module")
def tiled():
    part = grid_part(374.0, 300.0)
    pages, plan = tiled_pages(part, "a4", TEXT)
    return pdf.render(pages, pdf.DocInfo("tiles")), plan


def test_pages_are_the_paper_and_the_map_comes_first(tiled):
    data, plan = tiled
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == len(plan.tiles) + 1
    for page in reader.pages:
        size = (round(pt_to_mm(float(page.mediabox.width)), 1), round(pt_to_mm(float(page.mediabox.height)), 1))
        assert size == (round(plan.paper.width, 1), round(plan.paper.height, 1))
    assert "Пробна частина: як скласти" in text(data, 1)
    for tile in plan.tiles:
        page = tile.row * plan.cols + tile.col + 2
        label = f"ряд {tile.row + 1}, стовпець {tile.col + 1} (аркуш {page} з {len(plan.tiles) + 1})"
        assert label in " ".join(text(data, page).split())


def test_nothing_is_printed_in_the_no_print_margin(tiled):
    data, plan = tiled
    for x0, y0, x1, y1 in ink_boxes(data):
        assert x0 >= NO_PRINT_MARGIN - 0.05 and y0 >= NO_PRINT_MARGIN - 0.05
        assert plan.paper.width - x1 >= NO_PRINT_MARGIN - 0.05
        assert plan.paper.height - y1 >= NO_PRINT_MARGIN - 0.05


def test_grid_lines_continue_across_every_seam(tiled):
    data, plan = tiled
    images = {t: tileprobe.page_array(data, t.row * plan.cols + t.col + 2) for t in plan.tiles}
    for r in range(plan.rows):
        for c in range(plan.cols - 1):
            result = tileprobe.seam_report(plan, images, (r, c), (r, c + 1), horizontal=False)
            assert result["overlap"] >= 10.0
            assert result["worst_edge"] <= 0.2 and result["patches"] >= 2
    for r in range(plan.rows - 1):
        for c in range(plan.cols):
            result = tileprobe.seam_report(plan, images, (r, c), (r + 1, c), horizontal=True)
            assert result["overlap"] >= 10.0
            assert result["worst_edge"] <= 0.2 and result["patches"] >= 2


def test_a_tile_drawn_0_3_mm_off_is_caught(tiled):
    """The continuity check is real: shift the drawing on one sheet (marks kept) and it fails."""
    _, plan = tiled
    part = grid_part(374.0, 300.0)
    pages, _ = tiled_pages(part, "a4", TEXT)
    shifted = Part(part.width, part.height, f'<g transform="translate(0.3 0)">{part.body}</g>', part.defs)
    pages[2] = tiling.tile_page(plan, plan.tile(0, 1), shifted, TEXT, mark_positions(plan))
    data = pdf.render(pages, pdf.DocInfo("shifted"))
    images = {t: tileprobe.page_array(data, t.row * plan.cols + t.col + 2) for t in plan.tiles}
    report = tileprobe.seam_report(plan, images, (0, 0), (0, 1), horizontal=False)
    assert report["worst_edge"] > 0.2
