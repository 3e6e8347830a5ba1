import io

import pytest
from pypdf import PdfReader

from pdfprobe import BLUE, MAGENTA, card_svg, drawing, ink_boxes, near, pdffonts, pixel, qpdf_check, raster, text, words
from pnp.core.geometry import NO_PRINT_MARGIN, PAPERS
from pnp.print.imposition import SheetText, fit_grid, impose
from pnp.print.preflight import preflight

TRIM, BLEED, CARD = (63.0, 88.0), 3.0, 69.0  # CARD: master width with bleed
TEXT = SheetText(front_label="Бойові карти · аркуш {i}/{n} · лицьовий бік",
                 back_label="Бойові карти · аркуш {i}/{n} · зворотний бік",
                 scale_caption="друкуйте в масштабі 100%")
COUNT = 115
FRONTS = [card_svg(f"F{k:03d}") for k in range(COUNT)]
# Backs carry the same label as their fronts (so its offset inside the card is identical).
BACKS = [card_svg(f"F{k:03d}", fill="#555555", sub="Зворот") for k in range(COUNT)]

#: (cols, rows) of 63x88 cards with their full 3 mm bleed: Letter is too short for three rows
GRIDS = {"a4": (3, 3), "letter": (3, 2)}
SHEETS = {"a4": 13, "letter": 20}  # 115 cards

#: card masters are painted on a 1/4 pt grid (pdf.SNAP_PT, a cairo 1.16 workaround), so a
#: placement is up to 0.044 mm from where it was asked, and two placements differ by at most twice that
PLACEMENT_TOL = 0.09


def _impose(paper="a4", duplex="long", offset=(0.0, 0.0), fronts=FRONTS, backs=BACKS):
    return impose(fronts, backs, trim=TRIM, bleed=BLEED, text=TEXT, title="Бойові карти", paper=paper,
                  duplex=duplex, back_offset=offset)


@pytest.fixture(scope="module")
def a4():
    return _impose()


@pytest.fixture(scope="module")
def letter():
    return _impose("letter")


@pytest.fixture(scope="module")
def a4_offset():
    return _impose(offset=(1.5, -0.75))


@pytest.fixture(scope="module")
def a4_short():
    return _impose(duplex="short")


def _black(segments):
    """Crop marks: black strokes 0.2 mm wide (the scale bar's outline is 0.15 mm)."""
    return [s for s in segments if s.colour == (0.0, 0.0, 0.0) and abs(s.width - 0.2) < 0.01]


def _centres(data: bytes, page: int) -> dict[str, tuple[float, float]]:
    """Card label -> centre of the label's box, for the labels F000..F114 on `page` (1-based)."""
    return {w.text: (w.cx, w.cy) for w in words(data, page) if w.text.startswith("F") and len(w.text) == 4}


def _in_cell(point, paper, offset=(0.0, 0.0)):
    """(row, col) of the grid cell holding `point`, and the point's position inside that cell."""
    x0 = (paper.width - 3 * TRIM[0]) / 2 + offset[0]
    y0 = (paper.height - 3 * TRIM[1]) / 2 + offset[1]
    col, dx = divmod(point[0] - x0, TRIM[0])
    row, dy = divmod(point[1] - y0, TRIM[1])
    return (int(row), int(col)), (dx, dy)


# --- the grid ---------------------------------------------------------------------------


@pytest.mark.parametrize("paper, trim, bleed, grid", [("a4", (63, 88), 0, (3, 3)), ("letter", (63, 88), 0, (3, 3)),
                                                     ("a4", (63, 88), 3, (3, 3)), ("letter", (63, 88), 3, (3, 2)),
                                                     ("a4", (41, 63), 0, (4, 4)), ("a4", (70, 120), 0, (2, 2)),
                                                     ("a3", (63, 88), 3, (4, 4))])
def test_grid_is_computed_from_paper_card_and_bleed(paper, trim, bleed, grid):
    g = fit_grid(paper, trim, bleed)
    assert (g.cols, g.rows) == grid


def test_a_card_bigger_than_the_paper_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        fit_grid("a4", (250, 300))


def test_sheets_pages_and_incomplete_last_sheet(a4):
    assert (a4.sheets, a4.pages, a4.backs_pdf) == (13, 26, None)
    assert len(drawing(a4.pdf, 24).forms) == 7  # 115 = 12 * 9 + 7
    assert len(drawing(a4.pdf, 25).forms) == 7
    assert sorted(_centres(a4.pdf, 26)) == [f"F{k:03d}" for k in range(108, 115)]
    assert sorted(_centres(a4.pdf, 25)) == [f"F{k:03d}" for k in range(108, 115)]


# --- cut lines and crop marks -----------------------------------------------------------


@pytest.mark.parametrize("fixture", ["a4", "letter"])
@pytest.mark.parametrize("page", [0, 1])
def test_cut_lines_are_one_card_apart_and_centred(fixture, page, request):
    result = request.getfixturevalue(fixture)
    paper = PAPERS[fixture]
    marks = _black(drawing(result.pdf, page).segments)
    xs = sorted({round(s.x1, 2) for s in marks if s.x1 == s.x2})
    ys = sorted({round(s.y1, 2) for s in marks if s.y1 == s.y2})
    cols, rows = GRIDS[fixture]
    assert len(xs) == cols + 1 and len(ys) == rows + 1
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([63.0] * cols, abs=0.2)
    assert [b - a for a, b in zip(ys, ys[1:])] == pytest.approx([88.0] * rows, abs=0.2)
    assert xs[0] + xs[-1] == pytest.approx(paper.width, abs=0.1)
    assert ys[0] + ys[-1] == pytest.approx(paper.height, abs=0.1)


@pytest.mark.parametrize("fixture", ["a4", "letter", "a4_offset"])
def test_marks_run_from_the_grid_to_the_no_print_margin_and_never_cross_a_card(fixture, request):
    result = request.getfixturevalue(fixture)
    paper = PAPERS["letter" if fixture == "letter" else "a4"]
    for page in (0, 1):
        marks = _black(drawing(result.pdf, page).segments)
        xs = sorted({s.x1 for s in marks if s.x1 == s.x2})
        ys = sorted({s.y1 for s in marks if s.y1 == s.y2})
        left, right, top, bottom = xs[0], xs[-1], ys[0], ys[-1]
        cols, rows = GRIDS["letter" if fixture == "letter" else "a4"]
        assert len(marks) == 2 * (cols + 1) + 2 * (rows + 1)
        ends = {NO_PRINT_MARGIN, paper.width - NO_PRINT_MARGIN, paper.height - NO_PRINT_MARGIN}
        for s in marks:
            if s.x1 == s.x2:  # vertical: from the grid's top or bottom edge outwards
                assert s.y1 == pytest.approx(top if s.y2 < s.y1 else bottom, abs=0.01)
                assert min(abs(s.y2 - e) for e in ends) < 0.02
                assert not (top + 0.01 < max(s.y1, s.y2) and min(s.y1, s.y2) < bottom - 0.01)
            else:
                assert s.x1 == pytest.approx(left if s.x2 < s.x1 else right, abs=0.01)
                assert min(abs(s.x2 - e) for e in ends) < 0.02
                assert not (left + 0.01 < max(s.x1, s.x2) and min(s.x1, s.x2) < right - 0.01)
            assert s.width == pytest.approx(0.2, abs=0.01)


@pytest.mark.parametrize("fixture", ["a4", "letter", "a4_offset", "a4_short"])
def test_nothing_is_printed_within_the_no_print_margin(fixture, request):
    result = request.getfixturevalue(fixture)
    paper = PAPERS["letter" if fixture == "letter" else "a4"]
    boxes = ink_boxes(result.pdf)
    assert len(boxes) == result.pages
    for x0, y0, x1, y1 in boxes:
        assert min(x0, y0) >= NO_PRINT_MARGIN - 0.05
        assert x1 <= paper.width - NO_PRINT_MARGIN + 0.05
        assert y1 <= paper.height - NO_PRINT_MARGIN + 0.05


# --- backs ------------------------------------------------------------------------------


@pytest.mark.parametrize("fixture, flip", [("a4", "long"), ("a4_short", "short"), ("a4_offset", "long")])
def test_each_back_lies_exactly_behind_its_front(fixture, flip, request):
    """Card k's back sits in the mirrored cell, at the same place inside the cell (+ the offset)."""
    result = request.getfixturevalue(fixture)
    paper = PAPERS["a4"]
    offset = (1.5, -0.75) if fixture == "a4_offset" else (0.0, 0.0)
    for sheet in (0, 12):
        fronts, backs = _centres(result.pdf, 2 * sheet + 1), _centres(result.pdf, 2 * sheet + 2)
        assert fronts.keys() == backs.keys() and len(fronts) == (9 if sheet == 0 else 7)
        for key, front in fronts.items():
            (row, col), inside = _in_cell(front, paper)
            behind = (row, 2 - col) if flip == "long" else (2 - row, col)
            assert _in_cell(backs[key], paper, offset) == (behind, pytest.approx(inside, abs=PLACEMENT_TOL))


def test_long_edge_back_x_is_paper_width_minus_front_x_minus_card_width(a4):
    width = PAPERS["a4"].width
    fronts, backs = _centres(a4.pdf, 1), _centres(a4.pdf, 2)
    for key, (fx, fy) in fronts.items():
        (_, col), (dx, _) = _in_cell((fx, fy), PAPERS["a4"])
        front_card_x = fx - dx
        back_card_x = backs[key][0] - dx
        assert back_card_x == pytest.approx(width - front_card_x - TRIM[0], abs=PLACEMENT_TOL)
        assert backs[key][1] == pytest.approx(fy, abs=PLACEMENT_TOL)


def _matches(found, expected) -> bool:
    """Every found origin within PLACEMENT_TOL of a distinct expected one."""
    left = sorted(expected)
    for x, y in sorted(found):
        hit = next((e for e in left if abs(e[0] - x) <= PLACEMENT_TOL and abs(e[1] - y) <= PLACEMENT_TOL), None)
        if hit is None:
            return False
        left.remove(hit)
    return not left


def test_back_card_positions_are_exact_mirrors(a4, a4_short):
    width, height = PAPERS["a4"].width, PAPERS["a4"].height
    for front_page in (0, 24):  # a full sheet and the last one (7 cards: not symmetric)
        front = [(f.x, f.y) for f in drawing(a4.pdf, front_page).forms]
        long_back = [(f.x, f.y) for f in drawing(a4.pdf, front_page + 1).forms]
        short_back = [(f.x, f.y) for f in drawing(a4_short.pdf, front_page + 1).forms]
        # a master's origin is its bleed corner: back x = paperW - front x - (cardW + 2 bleed)
        assert _matches(long_back, [(width - x - CARD, y) for x, y in front])
        assert _matches(short_back, [(x, height - y - 94.0) for x, y in front])


def test_back_offset_moves_backs_by_exactly_the_offset(a4, a4_offset):
    for page in (0, 1):
        plain = drawing(a4.pdf, page).forms
        moved = drawing(a4_offset.pdf, page).forms
        dx, dy = (1.5, -0.75) if page == 1 else (0.0, 0.0)
        shifts = [v for p, m in zip(plain, moved) for v in (m.x - p.x, m.y - p.y)]
        assert shifts == pytest.approx([dx, dy] * 9, abs=PLACEMENT_TOL)
    plain, moved = _centres(a4.pdf, 2), _centres(a4_offset.pdf, 2)
    for key in plain:
        assert moved[key][0] - plain[key][0] == pytest.approx(1.5, abs=PLACEMENT_TOL)
        assert moved[key][1] - plain[key][1] == pytest.approx(-0.75, abs=PLACEMENT_TOL)


def test_duplex_none_gives_a_separate_backs_pdf():
    result = _impose(duplex="none", fronts=FRONTS[:12], backs=BACKS[:12])
    assert (result.pages, result.backs_pages, result.sheets) == (2, 2, 2)
    for data in (result.pdf, result.backs_pdf):
        assert PdfReader(io.BytesIO(data)).trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    assert "лицьовий" in text(result.pdf) and "зворотний" not in text(result.pdf)
    assert "зворотний" in text(result.backs_pdf)
    fronts, backs = _centres(result.pdf, 1), _centres(result.backs_pdf, 1)
    assert len(fronts) == 9
    for key, front in fronts.items():  # glued like a book page: columns mirrored
        (row, col), inside = _in_cell(front, PAPERS["a4"])
        assert _in_cell(backs[key], PAPERS["a4"]) == ((row, 2 - col), pytest.approx(inside, abs=PLACEMENT_TOL))


def test_one_back_for_all_cards():
    result = _impose(fronts=FRONTS[:9], backs=card_svg("Зворот", fill="#333333"))
    assert result.pages == 2
    assert len({f.name for f in drawing(result.pdf, 1).forms}) == 1


# --- bleed ------------------------------------------------------------------------------


def test_bleed_only_outside_the_grid_and_into_empty_cells(a4):
    dpi = 150
    image = raster(a4.pdf, 1, dpi)
    x0, y0 = (210 - 189) / 2, (297 - 264) / 2
    # outside the grid's outer edge the bleed band shows, 1.5 mm out
    assert near(pixel(image, x0 - 1.5, y0 + 40, dpi), MAGENTA)
    assert near(pixel(image, x0 + 100, y0 + 264 + 1.5, dpi), MAGENTA)
    # just inside every inner cut line neighbours meet in their own art, no bleed
    for k in (1, 2):
        for d in (-0.6, 0.6):
            assert near(pixel(image, x0 + 63 * k + d, y0 + 30, dpi), BLUE)
            assert near(pixel(image, x0 + 30, y0 + 88 * k + d, dpi), BLUE)
    # last sheet (7 cards): bleed runs into the empty cells, then white paper
    last = raster(a4.pdf, 25, dpi)
    assert near(pixel(last, x0 + 63 + 1.5, y0 + 2 * 88 + 40, dpi), MAGENTA)
    assert near(pixel(last, x0 + 63 + 4.5, y0 + 2 * 88 + 40, dpi), "#ffffff")
    assert near(pixel(last, x0 + 63 + 40, y0 + 2 * 88 - 1.5, dpi), BLUE)  # above an empty cell: card 5
    assert near(pixel(last, x0 + 63 + 40, y0 + 2 * 88 + 1.5, dpi), MAGENTA)


def _ink_run(image, x_mm: float, y_mm: float, step: tuple[int, int], dpi: int) -> float:
    """How far (mm) ink runs from (x, y) before white paper, in pixel steps `step`."""
    x, y = round(x_mm / 25.4 * dpi), round(y_mm / 25.4 * dpi)
    n = 0
    while not near(image.getpixel((x + step[0] * (n + 1), y + step[1] * (n + 1))), "#ffffff", tol=60):
        n += 1
    return n * 25.4 / dpi


@pytest.mark.parametrize("page", [0, 1])  # a full sheet, front and back
def test_letter_sheets_keep_the_full_bleed_and_long_marks_on_every_outer_edge(letter, page):
    """Measured on the rendered page: a 1-2 mm duplex drift must not show white at a back's edge."""
    dpi = 300
    image = raster(letter.pdf, page + 1, dpi)
    marks = _black(drawing(letter.pdf, page).segments)
    xs = sorted({s.x1 for s in marks if s.x1 == s.x2})
    ys = sorted({s.y1 for s in marks if s.y1 == s.y2})
    mid_x, mid_y = (xs[0] + xs[1]) / 2, (ys[0] + ys[1]) / 2
    assert near(pixel(image, xs[0] - 1.5, mid_y, dpi), MAGENTA)  # the band is the cards' bleed
    bleeds = (_ink_run(image, xs[0], mid_y, (-1, 0), dpi), _ink_run(image, mid_x, ys[0], (0, -1), dpi),
              _ink_run(image, xs[-1], mid_y, (1, 0), dpi), _ink_run(image, mid_x, ys[-1], (0, 1), dpi))
    # 3 mm, less the 1/4 pt placement snap (pdf.SNAP_PT) and one pixel
    assert min(bleeds) >= 3.0 - 0.05 - 25.4 / dpi, bleeds
    lengths = [s.length for s in marks]
    assert min(lengths) >= 4.0, sorted(lengths)[:4]


# --- margin furniture -------------------------------------------------------------------


@pytest.mark.parametrize("fixture", ["a4", "letter"])
def test_every_sheet_has_a_50_mm_scale_bar_a_label_and_the_caption(fixture, request):
    result = request.getfixturevalue(fixture)
    for page in (0, 1, 24, 25):
        bars = [p for p in drawing(result.pdf, page).paths if p.stroked and abs(p.width - 0.15) < 0.01]
        assert len(bars) == 1
        x0, y0, x1, y1 = bars[0].bbox
        assert max(x1 - x0, y1 - y0) == pytest.approx(50.0, abs=0.05)
        page_text = " ".join(text(result.pdf, page + 1).split())
        assert "друкуйте в масштабі 100%" in page_text
        side = "лицьовий" if page % 2 == 0 else "зворотний"
        assert f"Бойові карти · аркуш {page // 2 + 1}/{SHEETS[fixture]} · {side} бік" in page_text


def test_label_and_scale_bar_avoid_cards_and_marks(a4, letter):
    for result, paper in ((a4, PAPERS["a4"]), (letter, PAPERS["letter"])):
        cut = sorted({round(s.x1, 2) for s in _black(drawing(result.pdf, 0).segments) if s.x1 == s.x2})
        rows = sorted({round(s.y1, 2) for s in _black(drawing(result.pdf, 0).segments) if s.y1 == s.y2})
        for w in words(result.pdf, 1):
            if w.text[:1] == "F" and len(w.text) == 4 or w.text in ("Їжак", "ґудзик", "«є»", "—", "ʼ’"):
                continue  # the cards' own text
            inside_x = cut[0] - BLEED < w.x1 and w.x0 < cut[-1] + BLEED
            inside_y = rows[0] - BLEED < w.y1 and w.y0 < rows[-1] + BLEED
            assert not (inside_x and inside_y), w
            above_or_below = w.y1 < rows[0] or w.y0 > rows[-1]
            beside = w.x1 < cut[0] or w.x0 > cut[-1]
            for x in cut:  # no margin word straddles a crop mark
                assert not (above_or_below and w.x0 < x < w.x1), w
            for y in rows:
                assert not (beside and w.y0 < y < w.y1), w


# --- file properties --------------------------------------------------------------------


def test_fonts_embedded_sizes_and_preferences(a4, letter):
    assert preflight(a4.pdf, pages=26, page_size=(210, 297), duplex="long", print_scaling_none=True) == []
    assert preflight(letter.pdf, pages=40, page_size=(215.9, 279.4), duplex="long") == []
    rows = pdffonts(a4.pdf)
    assert rows and all(row[-5:-2] == ["yes", "yes", "yes"] for row in rows)
    for result in (a4, letter):
        check = qpdf_check(result.pdf)
        assert check.returncode == 0 and "WARNING" not in check.stdout + check.stderr


def test_two_runs_are_byte_identical(a4):
    assert _impose().pdf == a4.pdf


def test_masters_of_the_wrong_size_are_refused():
    with pytest.raises(ValueError, match="must be 69x94 mm"):
        _impose(fronts=[card_svg("x", bleed=2.0)], backs=[card_svg("y")])


def test_counts_and_modes_are_checked():
    with pytest.raises(ValueError, match="2 fronts but 1 backs"):
        _impose(fronts=FRONTS[:2], backs=BACKS[:1])
    with pytest.raises(ValueError, match="unknown duplex mode"):
        _impose(duplex="both")
    with pytest.raises(ValueError, match="no card fronts"):
        _impose(fronts=[], backs=[])


def test_a_big_back_offset_is_clipped_at_the_margin_and_reported():
    result = _impose("a4", offset=(0.0, 12.0), fronts=FRONTS[:9], backs=BACKS[:9])
    assert len(drawing(result.pdf, 1).forms) == 9  # same 3x3 grid, backs moved down 12 mm
    assert any("no-print margin" in note and "row 3" in note for note in result.notes)
    for x0, y0, x1, y1 in ink_boxes(result.pdf):
        assert y1 <= PAPERS["a4"].height - NO_PRINT_MARGIN + 0.05


def test_impose_pages_gives_unrendered_pages_in_duplex_order():
    from pnp.print.imposition import impose_pages

    sheet = impose_pages(FRONTS[:10], BACKS[:10], trim=TRIM, bleed=BLEED, text=TEXT)
    assert sheet.sheets == 2 and len(sheet.fronts) == len(sheet.backs) == 2
    assert sheet.interleaved() == [sheet.fronts[0], sheet.backs[0], sheet.fronts[1], sheet.backs[1]]
    assert len(sheet.fronts[1].placements) == len(sheet.backs[1].placements) == 1
