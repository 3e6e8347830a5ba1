import pytest

from pnp.core.geometry import (NO_PRINT_MARGIN, PAPERS, Box, fmt, mm_to_pt, mm_to_px, paper,
                                 pt_to_mm, px_size, px_to_mm)


def test_an_inch_is_72_points_and_25_4_mm():
    assert mm_to_pt(25.4) == pytest.approx(72.0)
    assert pt_to_mm(72.0) == pytest.approx(25.4)
    assert pt_to_mm(mm_to_pt(63.0)) == pytest.approx(63.0)


def test_print_shop_pixel_sizes_from_spec():
    # 63x88 mm + 3 mm bleed each side at 300 dpi -> 815x1110 px (SPEC section 3)
    assert (px_size(63 + 6, 300), px_size(88 + 6, 300)) == (815, 1110)
    assert mm_to_px(25.4, 300) == pytest.approx(300)
    assert px_to_mm(300, 300) == pytest.approx(25.4)


def test_paper_sizes():
    assert (PAPERS["a4"].width, PAPERS["a4"].height) == (210.0, 297.0)
    assert (PAPERS["letter"].width, PAPERS["letter"].height) == (215.9, 279.4)
    assert (PAPERS["a3"].width, PAPERS["a3"].height) == (297.0, 420.0)
    assert paper("Letter") is PAPERS["letter"]
    with pytest.raises(ValueError, match="unknown paper 'b5'"):
        paper("b5")


def test_printable_area_keeps_the_no_print_margin():
    area = paper("a4").printable
    assert NO_PRINT_MARGIN == 6.35
    assert (area.x, area.y, area.right, area.bottom) == pytest.approx((6.35, 6.35, 203.65, 290.65))


def test_box_to_pdf_flips_y_and_converts_to_points():
    box = Box(10.0, 20.0, 63.0, 88.0)
    x0, y0, x1, y1 = box.to_pdf(297.0)
    assert (x0, x1) == pytest.approx((mm_to_pt(10.0), mm_to_pt(73.0)))
    assert (y0, y1) == pytest.approx((mm_to_pt(297.0 - 108.0), mm_to_pt(297.0 - 20.0)))
    assert Box.from_pdf((x0, y0, x1, y1), 297.0).close_to(box, 1e-9)


def test_box_outset_intersect_contains():
    trim = Box(10.0, 10.0, 63.0, 88.0)
    assert trim.outset(3.0) == Box(7.0, 7.0, 69.0, 94.0)
    assert trim.outset(3.0, 0.0, 0.0, 1.5) == Box(7.0, 10.0, 66.0, 89.5)
    assert trim.intersect(Box(70.0, 0.0, 10.0, 20.0)) == Box(70.0, 10.0, 3.0, 10.0)
    assert trim.intersect(Box(100.0, 0.0, 1.0, 1.0)) is None
    assert trim.outset(1.0).contains(trim) and not trim.contains(trim.outset(1.0))
    assert trim.moved(1.0, -2.0) == Box(11.0, 8.0, 63.0, 88.0)


def test_fmt_is_short_and_exact():
    assert fmt(63.0) == "63"
    assert fmt(1.25) == "1.25"
    assert fmt(-0.00001) == "0"
    assert fmt(1 / 3) == "0.3333"


def test_css_lengths():
    from pnp.core.geometry import css_length_mm

    assert css_length_mm("63mm") == 63.0
    assert css_length_mm("6.3cm") == pytest.approx(63.0)
    assert css_length_mm("1in") == css_length_mm("72pt") == css_length_mm("96") == pytest.approx(25.4)
    assert css_length_mm(" .5mm ") == 0.5
    with pytest.raises(ValueError):
        css_length_mm("2em")
