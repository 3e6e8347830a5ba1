import pytest

from pdfprobe import drawing, ink_boxes, qpdf_check, text, words
from pnp.print.alignment import AlignmentText, alignment_pdf, ruler_positions, target_positions
from pnp.core.geometry import NO_PRINT_MARGIN, PAPERS
from pnp.print.preflight import preflight

TEXT = AlignmentText(
    title="Перевірка суміщення лиця і звороту",
    steps=("1. Надрукуйте цей аркуш з обох боків так само, як друкуватимете карти, у масштабі 100%.",
           "2. Подивіться на аркуш проти світла зворотом до себе: крізь папір видно хрестики лицьового боку.",
           "3. На кожній сітці прочитайте, куди припадає центр хрестика: X праворуч зі знаком плюс, "
           "Y донизу зі знаком плюс.",
           "4. Передайте ці числа: pnp build --back-offset X,Y. Якщо зсув уже задано, додайте їх до нього."),
    front_label="Перевірка суміщення · лицьовий бік",
    back_label="Перевірка суміщення · зворотний бік",
    scale_caption="друкуйте в масштабі 100%",
    offset_note="Зсув звороту в цьому друці: {offset} мм",
)
RED = (212 / 255, 0.0, 0.0)


def _flat(points) -> list[float]:
    return [v for point in points for v in point]


def _crosses(data: bytes, page: int, colour, width: float) -> list[tuple[float, float]]:
    """Centres of crosses drawn as a horizontal and a vertical stroke of the given style."""
    segs = [s for s in drawing(data, page).segments
            if abs(s.width - width) < 0.01 and all(abs(a - b) < 0.01 for a, b in zip(s.colour, colour))]
    horizontal = [s for s in segs if abs(s.y1 - s.y2) < 1e-6]
    vertical = [s for s in segs if abs(s.x1 - s.x2) < 1e-6]
    centres = []
    for h in horizontal:
        for v in vertical:
            cx, cy = v.x1, h.y1
            if min(h.x1, h.x2) < cx < max(h.x1, h.x2) and min(v.y1, v.y2) < cy < max(v.y1, v.y2):
                if abs((h.x1 + h.x2) / 2 - cx) < 0.01 and abs((v.y1 + v.y2) / 2 - cy) < 0.01:
                    centres.append((cx, cy))
    return sorted(centres)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crosshairs_on_the_front_at_their_published_positions(paper):
    data = alignment_pdf(paper, "long", (0.0, 0.0), TEXT, "t")
    found = _crosses(data, 0, (0.0, 0.0, 0.0), 0.25)
    assert _flat(found) == pytest.approx(_flat(sorted(target_positions(paper))), abs=0.01)
    p = PAPERS[paper]
    assert (p.width / 2, p.height / 2) in [tuple(round(v, 6) for v in c) for c in target_positions(paper)]


@pytest.mark.parametrize("paper, duplex, offset", [("a4", "long", (0.0, 0.0)), ("a4", "long", (1.5, -0.5)),
                                                   ("a4", "short", (-1.0, 2.0)), ("letter", "long", (0.5, 0.5)),
                                                   ("letter", "none", (0.0, 0.0))])
def test_ruler_zeros_lie_behind_the_crosshairs_moved_by_the_offset(paper, duplex, offset):
    p = PAPERS[paper]
    data = alignment_pdf(paper, duplex, offset, TEXT, "t")
    fronts = _crosses(data, 0, (0.0, 0.0, 0.0), 0.25)
    zeros = _crosses(data, 1, RED, 0.15)
    dx, dy = offset
    if duplex == "short":
        expected = [(x + dx, p.height - y + dy) for x, y in fronts]
    else:
        expected = [(p.width - x + dx, y + dy) for x, y in fronts]
    assert len(zeros) == 5
    assert _flat(zeros) == pytest.approx(_flat(sorted(expected)), abs=0.01)


def test_ruler_grid_is_in_half_millimetres_and_labelled():
    data = alignment_pdf("a4", "long", (0.0, 0.0), TEXT, "t")
    x0, y0 = ruler_positions("a4", "long")[2]
    grid = [s for s in drawing(data, 1).segments if abs(s.x1 - s.x2) < 1e-6
            and abs(s.y1 - y0) < 7 and x0 - 7 < s.x1 < x0 + 7 and s.colour != RED]
    xs = sorted({round(s.x1 - x0, 2) for s in grid})
    assert xs == pytest.approx([k / 2 for k in range(-12, 13)], abs=0.01)
    labels = {w.text for w in words(data, 2)}
    assert {"−6", "−4", "−2", "0", "+2", "+4", "+6", "X", "Y"} <= labels


def test_reading_the_ruler_gives_the_offset_that_cancels_the_printer_shift():
    """Model the printer moving the back art by e: pass the reading and the zero lands behind."""
    printer_shift = (0.7, -0.4)
    for applied in ((0.0, 0.0), (1.0, 0.5)):
        behind = ruler_positions("a4", "long", (0.0, 0.0))
        printed = [(x + printer_shift[0], y + printer_shift[1]) for x, y in ruler_positions("a4", "long", applied)]
        reading = (behind[0][0] - printed[0][0], behind[0][1] - printed[0][1])
        corrected = (applied[0] + reading[0], applied[1] + reading[1])
        again = [(x + printer_shift[0], y + printer_shift[1]) for x, y in ruler_positions("a4", "long", corrected)]
        assert _flat(again) == pytest.approx(_flat(behind))


def test_texts_are_on_the_pages_and_inside_the_margins():
    data = alignment_pdf("a4", "short", (1.5, -0.5), TEXT, "t")
    front = " ".join(text(data, 1).split())
    assert TEXT.title in front and "Перевірка суміщення · лицьовий бік" in front
    assert "Зсув звороту в цьому друці: 1.5,-0.5 мм" in front
    assert "додайте їх до нього." in front and "друкуйте в масштабі 100%" in front
    assert "Перевірка суміщення · зворотний бік" in " ".join(text(data, 2).split())
    for x0, y0, x1, y1 in ink_boxes(data):
        assert min(x0, y0) >= NO_PRINT_MARGIN - 0.05
        assert x1 <= 210 - NO_PRINT_MARGIN + 0.05 and y1 <= 297 - NO_PRINT_MARGIN + 0.05
    crosses = target_positions("a4")
    for w in words(data, 1):  # no instruction word sits on a crosshair
        for cx, cy in crosses:
            assert not (w.x0 - 1 < cx < w.x1 + 1 and w.y0 - 1 < cy < w.y1 + 1), w


def test_scale_bar_is_50_mm_on_both_pages():
    data = alignment_pdf("letter", "long", (0.0, 0.0), TEXT, "t")
    for page in (0, 1):
        bars = [p for p in drawing(data, page).paths if p.stroked and abs(p.width - 0.15) < 0.01
                and p.colour == (0.0, 0.0, 0.0)]
        assert len(bars) == 1
        x0, _, x1, _ = bars[0].bbox
        assert x1 - x0 == pytest.approx(50.0, abs=0.05)


def test_file_properties_and_determinism():
    data = alignment_pdf("a4", "long", (0.0, 0.0), TEXT, "Перевірка суміщення")
    assert preflight(data, pages=2, page_size=(210, 297), duplex="long", print_scaling_none=True) == []
    assert alignment_pdf("a4", "long", (0.0, 0.0), TEXT, "Перевірка суміщення") == data
    assert qpdf_check(data).returncode == 0


def test_text_that_cannot_fit_is_an_error():
    long_steps = TEXT.__class__(**{**TEXT.__dict__, "steps": ("слово " * 2000,)})
    with pytest.raises(ValueError, match="do not fit"):
        alignment_pdf("a4", "long", (0.0, 0.0), long_steps, "t")
    with pytest.raises(ValueError, match="unknown duplex"):
        alignment_pdf("a4", "both", (0.0, 0.0), TEXT, "t")
