"""The general board renderer on the «Оборона Замка»-like hex fixture: page sizes, printed
coordinates, walls and tiles, measured on the PDFs it writes."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.components.base import BuildOptions, RenderContext
from pnp.components.board_graph import BoardGraph
from pnp.components.board_sheet import MARGIN, BoardSheetRenderer, board_part
from pnp.components.board_spec import BoardLabels, BoardSpec, Space, read_board
from pnp.content.yamlload import parse_yaml
from pnp.core.geometry import NO_PRINT_MARGIN, pt_to_mm
from pnp.print.tiling import large_page, mark_positions, plan_tiles

FIXTURE = Path(__file__).parent.parent / "components" / "hex_castle.yaml"


def hex_spec() -> BoardSpec:
    loaded, problems = parse_yaml(FIXTURE.read_text(encoding="utf-8"), "hex_castle.yaml")
    assert not problems
    return read_board(loaded)


def hex_game(shipped, cell: float, gap: float = 1.0):
    """A game that has only a board: the fixture, with the shipped game's strings."""
    return SimpleNamespace(id="hexcastle", title=shipped.title, ui=shipped.ui, board_spec=hex_spec(), board_cell=cell,
                           board_gap=gap, board_labels=lambda lang: BoardLabels())


def boxes_mm(path: Path) -> list[dict[str, tuple[float, ...]]]:
    """Every page's boxes from `pdfinfo -box`, in mm."""
    out = subprocess.run(["pdfinfo", "-box", "-f", "1", "-l", "99", str(path)], capture_output=True, text=True, check=True).stdout
    pages: dict[int, dict] = {}
    for page, name, values in re.findall(r"Page\s+(\d+)\s+(\w+Box):\s+([\d.\s]+)", out):
        pages.setdefault(int(page), {})[name] = tuple(round(pt_to_mm(float(v)), 1) for v in values.split())
    return [pages[k] for k in sorted(pages)]


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory, request):
    shipped = request.getfixturevalue("game")
    out = tmp_path_factory.mktemp("hexboard")
    renderer = BoardSheetRenderer()
    ctx = RenderContext(BuildOptions(lang="uk", paper="a4"), out, renderers={"board": renderer})
    files = renderer.render(hex_game(shipped, 30.0), ctx)
    return out, files


def test_the_hex_board_is_one_a3_page_and_tiled_a4_sheets(built):
    out, files = built
    assert [(f.path, f.kind, f.pages) for f in files] == [
        ("hexcastle-uk-board.pdf", "board", 1), ("hexcastle-uk-board-a4-tiles.pdf", "board", 3),
        ("svg/board/hexcastle-board.svg", "board", 0), ("svg/board/LICENSE-ParaType.txt", "board", 0)]
    [big] = boxes_mm(out / "hexcastle-uk-board.pdf")
    assert big["MediaBox"] == (0.0, 0.0, 420.0, 297.0)  # A3 landscape: 7 hexes of 31 mm and the margins fit across
    tiles = boxes_mm(out / "hexcastle-uk-board-a4-tiles.pdf")
    # 226 mm wide, 215 mm high with the title: two portrait A4 windows across, one down; the map first
    assert [p["MediaBox"][2:] for p in tiles] == [(210.0, 297.0)] * 3


def test_every_cell_prints_its_id_and_axial_coordinates(built):
    out, _ = built
    words = pdf_text(out / "hexcastle-uk-board.pdf")
    for cell in hex_spec().cells:
        assert cell.id in words
        assert re.search(rf"(?<![\d-]){cell.pos[0]}, {cell.pos[1]}(?!\d)", words), cell
    assert "castle" not in words  # zones on the board are tints, not words


def test_the_svg_master_carries_the_board_and_its_fonts(built):
    out, _ = built
    svg = (out / "svg" / "board" / "hexcastle-board.svg").read_text(encoding="utf-8")
    assert svg.count("<polygon") >= 37 and ">h25</text>" in svg and ">3, -3</text>" in svg
    assert "@font-face" in svg and 'width="226mm"' in svg  # 7 hexes of 31 mm less the gap, 5 mm margins


def test_part_size_follows_the_hex_geometry():
    """Radius 3, pointy-top: 7 hexes across the middle row; rows 1.5 x the circumradius apart."""
    part = board_part(hex_spec(), 30.0, 0.0)
    assert part.width == pytest.approx(7 * 30.0 + 2 * MARGIN)
    circumradius = 30.0 / 3 ** 0.5
    assert part.height == pytest.approx(6 * 1.5 * circumradius + 2 * circumradius + 2 * MARGIN)


def test_walls_are_thick_lines_on_the_shared_sides():
    body = board_part(hex_spec(), 30.0, 1.0).body
    walls = re.findall(r'<path d="M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)"[^>]*stroke-width="1.6"', body)
    assert len(walls) == 18
    for x1, y1, x2, y2 in walls:  # a side of a 30 mm hex (grown by half the gap) is 31 / sqrt(3) long
        length = ((float(x2) - float(x1)) ** 2 + (float(y2) - float(y1)) ** 2) ** 0.5
        assert length == pytest.approx(31 / 3 ** 0.5, abs=1e-3)


def test_a_board_larger_than_a3_gets_a_page_of_its_own_and_more_tiles():
    spec = BoardSpec("square", tuple(Space(f"s{c}_{r}", (c, r)) for c in range(9) for r in range(6)))
    assert isinstance(spec.graph, BoardGraph) and len(spec.graph.links) == 8 * 6 + 9 * 5
    part = board_part(spec, 50.0, 2.0)
    assert part.width == pytest.approx(9 * 50 + 8 * 2 + 2 * MARGIN)
    assert (part.width, part.height) == pytest.approx((476.0, 320.0))
    page = large_page(part, "scale")
    assert page.width == pytest.approx(476.0 + 2 * (NO_PRINT_MARGIN + 1)) and page.height > 320.0 + 2 * NO_PRINT_MARGIN
    plan = plan_tiles(part.width, part.height, "letter")
    assert (plan.paper.name, plan.rows, plan.cols) == ("letter-landscape", 2, 2)  # 2 windows of 251 mm less 20 mm: 476


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(2000.0, 60.0), (30.0, 600.0), (1000.0, 700.0), (100.0, 100.0)])
def test_tiling_covers_boards_of_any_size_with_marks_inside_the_windows(paper, size):
    width, height = size
    plan = plan_tiles(width, height, paper)
    xs = sorted({t.window.x for t in plan.tiles})
    ys = sorted({t.window.y for t in plan.tiles})
    w, h = plan.tiles[0].window.w, plan.tiles[0].window.h
    assert xs[0] == 0 and ys[0] == 0 and xs[-1] + w == pytest.approx(width) and ys[-1] + h == pytest.approx(height)
    area = plan.paper.printable
    assert all(area.contains(t.page) for t in plan.tiles)
    for x, y in mark_positions(plan):
        assert any(t.window.x <= x <= t.window.right and t.window.y <= y <= t.window.bottom for t in plan.tiles)


def test_tverdzha_s_model_is_a_board_model_too(game):
    """ТВЕРДЖА prints its own lens board, but its model gives the general renderer what it reads."""
    part = board_part(game.board_spec, game.board_cell, game.board_gap, labels=game.board_labels("uk"))
    assert part.body.count("<polygon") >= len(game.board.cells)
    for cell in game.board_spec.cells:
        assert f">{cell.label or cell.id}</text>" in part.body
