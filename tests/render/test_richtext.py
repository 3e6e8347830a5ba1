"""Rich text: parsing, wrapping with real metrics, fitting, and what ends up in a PDF."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET

import cairosvg
import pytest

from pdfprobe import words
from pnp.typeset import fonts, richtext
from pnp.core import hyphen, typography

UK = typography.table("uk")
from pnp.art import icons, style
from pnp.art import icon_inline
from pnp.art.icon_inline import ink_span
from pnp.core import private
from pnp.core.geometry import PT_PER_MM, pt_to_mm
from pnp.typeset.linebreak import icon_box_mm

PARAGRAPH = (
    "**Ринок**: обміняй 2 однакові ресурси на 2 [any]. Казарма коштує 2 [wood] 1 [stone] "
    "1 [grain] і дає 2 [point]. Найняти загін: заплати 2 [grain] — новий загін силою 1 "
    "стає у твою землю. Бій: кидай по 1 [die] за кожен свій загін; Стіна дає +2 [wall] "
    "до захисту замку, Бастіон +3 [wall]. Здобич: виграв бій — отримай +1 [gold]."
)


def piece_width(piece, size):
    """Width of a laid-out piece measured afresh from the font, not taken from the layout."""
    if piece.kind == "icon":  # its ink plus the side bearings, at most its square
        left, right = ink_span(piece.text)
        bearing = pt_to_mm(style.INLINE_ICON_BEARING_EM * size)
        return min(icon_box_mm(piece.face, size), (right - left) * icon_box_mm(piece.face, size) + 2 * bearing)
    return fonts.text_width_mm(piece.text, piece.face, size)


def measured(line, size):
    last = line.pieces[-1]
    return last.x + piece_width(last, size)


def to_pdf(svg_body: str, names, tmp_path, w=120.0, h=80.0):
    fonts.use_bundled_fonts()
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">'
        f"{icons.icon_defs(names)}{svg_body}</svg>"
    )
    ET.fromstring(svg)  # well-formed
    pdf = tmp_path / "text.pdf"
    cairosvg.svg2pdf(bytestring=svg.encode(), write_to=str(pdf))
    return pdf


def pdf_words(pdf):
    """(word, x0, y0, x1, y1) in mm of the first page (pdftotext -bbox)."""
    return [(w.text, w.x0, w.y0, w.x1, w.y1) for w in words(pdf.read_bytes(), 1)]


# --- parsing --------------------------------------------------------------------------


def test_parse_runs():
    runs = richtext.parse("Заплати **2** [grain]\\nдалі\nкінець")
    kinds = [(r.kind, r.text, r.bold) for r in runs]
    assert kinds == [
        ("text", "Заплати ", False), ("text", "2", True), ("text", " ", False), ("icon", "grain", False),
        ("break", "", False), ("text", "далі", False), ("break", "", False), ("text", "кінець", False),
    ]
    assert richtext.plain_text("**Ринок**: 2 [wood] і\nдалі") == "Ринок: 2 і далі"
    assert richtext.icon_refs("2 [wood], [sheep]") == ("wood", "sheep")


@pytest.mark.parametrize(
    "markup, message",
    [
        ("заплати 2 [sheep]", r"\[sheep\]"),
        ("заплати [ wood ] і [Gold]", r"\[Gold\]"),
        ("**не закрито", r"\*\*"),
        ("дужка [ без кінця", r"'\['"),
        ("кінець ]", r"'\]'"),
    ],
)
def test_bad_markup_raises_clear_error(markup, message):
    with pytest.raises(ValueError, match=message):
        richtext.parse(markup)
    with pytest.raises(ValueError):
        richtext.fit(markup, 50, 20)


def test_every_icon_name_is_valid_markup():
    text = " ".join(f"1 [{n}]" for n in icons.icon_names())
    assert [r.text for r in richtext.parse(text) if r.kind == "icon"] == list(icons.icon_names())


# --- wrapping -------------------------------------------------------------------------


@pytest.mark.parametrize("hyphenate", [False, True])
def test_lines_never_exceed_the_width(hyphenate):
    for width in [x / 2 for x in range(30, 161, 3)]:  # 15 .. 80 mm
        for size in (7.0, 8.5, 10.0):
            wrapped = richtext.wrap(PARAGRAPH, width, "sans", size, hyphenate)
            assert wrapped.broken_words == 0 or width < 25
            for line in wrapped.lines:
                assert line.pieces, (width, size)
                assert measured(line, size) <= width + 1e-6, (width, size, line)


def test_lines_are_filled_greedily():
    """A line breaks only when the next word really would not fit."""
    text = "Кожне влучання вибиває ворогу найслабший загін, обидві сторони кидають одночасно"
    size = 8.5
    space = fonts.text_width_mm(" ", "sans", size)
    for width in (30.0, 40.0, 55.0):
        lines = richtext.wrap(text, width, "sans", size).lines
        assert " ".join(l.pieces[0].text for l in lines) == text
        for line, nxt in zip(lines, lines[1:]):
            first = nxt.pieces[0].text.split(" ")[0]
            assert line.width + space + fonts.text_width_mm(first, "sans", size) > width


def test_icons_stay_with_their_numbers_across_wraps():
    forms = ("візьми {n} [{icon}]", "отримай (+{n} [{icon}][{icon}])")
    text = " ".join(forms[n % 2].format(n=n, icon=icon) for n, icon in enumerate(icons.icon_names()))
    for width in [x / 4 for x in range(60, 320, 3)]:  # 15 .. 80 mm
        lines = richtext.wrap(text, width, "sans", 8.5).lines
        for prev, line in zip(lines, lines[1:]):
            assert line.pieces[0].kind == "text", (width, line)
            assert re.search(r"\d\s*$", prev.pieces[-1].text) is None or prev.pieces[-1].kind == "icon"
            # the number before each icon sits on the icon's own line
        for line in lines:
            for i, p in enumerate(line.pieces):
                if p.kind == "icon":
                    before = line.pieces[i - 1] if i else None
                    assert before and (before.kind == "icon" or re.search(r"\d\s?$", before.text)), (width, line)


def test_glue_rules():
    text = "перемога — це 30 очок у грі з двома гравцями й кубиками"
    for width in [x / 2 for x in range(24, 120)]:
        wrapped = richtext.wrap(text, width, "sans", 8.5)
        if wrapped.broken_words:
            continue  # too narrow for the glued groups: a forced break is reported instead
        lines = [" ".join(p.text for p in l.pieces if p.kind == "text") for l in wrapped.lines]
        for line in lines:
            assert not line.startswith("—"), (width, lines)
            assert not re.search(r"(^|\s)[узй]$", line), (width, lines)  # one-letter word left hanging
            assert not line.endswith("30"), (width, lines)


def test_forced_breaks_and_bold():
    wrapped = richtext.wrap("**Ринок**\nобміняй\\nресурси", 100, "sans", 8.5)
    texts = [[(p.text, p.face) for p in l.pieces] for l in wrapped.lines]
    assert texts == [[("Ринок", "sans-bold")], [("обміняй", "sans")], [("ресурси", "sans")]]
    assert richtext.wrap("", 50, "sans", 8.5).lines == ()


@pytest.mark.parametrize("word, bad, good", [
    ("найслабший", "найсла-", "най-"),      # no obstruent cluster opens the next line (бш)
    ("відкрийте", "відк-", "від-"),         # к+р begins a syllable: it moves whole
    ("жодного", "жо-", "жод-"),             # д+н: the break goes after the first consonant
    ("Скарбниця", "Скар-", "Скарб-"),
    ("майстерня", "май-", "майс-"),
])
def test_hyphenation_keeps_consonant_clusters_whole(word, bad, good):
    heads = {head for head, _ in hyphen.splits(word, UK)}
    assert bad not in heads and good in heads, heads


def test_hyphenation_leaves_at_least_two_letters_before_and_three_after():
    for word in ("Гільдією", "Велика", "комора", "поранених", "найсильніші", "Перевʼязка"):
        for head, tail in hyphen.splits(word, UK):
            assert len(head.rstrip("-")) >= UK.min_head and len(tail) >= UK.min_tail, (word, head, tail)


def test_hyphenation_is_ukrainian():
    assert ("будь-", "який") in hyphen.splits("будь-який", UK)
    assert all(head != "бу-" for head, _ in hyphen.splits("будь-який", UK))
    assert ("захоп-", "лення,") in hyphen.splits("захоплення,", UK)
    bad = {"Ска-", "найси-", "Ко-", "Кон-"}
    for word in ("Скарбниця", "найсильніші", "Контрнаказ"):
        assert not bad & {head for head, _ in hyphen.splits(word, UK)}, word
    # a narrow column uses a hyphenation point rather than leave a short line
    lines = richtext.wrap("Лазарет повертає найсильніші загони", 24, "sans", 8.5, hyphenate=True).lines
    assert any(l.pieces[-1].text.endswith("-") for l in lines)


# --- fitting --------------------------------------------------------------------------


def test_fit_keeps_size_when_it_fits():
    r = richtext.fit("Збудуй **Ринок** за 3 [wood].", 50, 10, "sans", 8.5, 7.0)
    assert (r.size, r.shrunk, r.overflow_mm, r.fits) == (8.5, False, 0.0, True)
    assert len(r.lines) == 1 and r.height_mm <= 10
    assert r.icons == ("wood",)


@pytest.mark.parametrize("box_h", [17.0, 18.0, 20.0, 24.0, 30.0])
def test_fit_shrinks_to_the_largest_size_that_fits(box_h):
    r = richtext.fit(PARAGRAPH, 45, box_h, "sans", 10.0, 6.0)
    assert r.shrunk and r.overflow_mm == 0
    assert (10.0 - r.size) / 0.25 == int((10.0 - r.size) / 0.25)  # quarter-point steps
    assert r.height_mm <= box_h + 1e-9
    assert r.height_mm == pytest.approx(richtext.block_height_mm(len(r.lines), "sans", r.size, 1.2))
    bigger = r.size + 0.25
    for hyph in (False, True):
        w = richtext.wrap(PARAGRAPH, 45, "sans", bigger, hyph)
        assert richtext.block_height_mm(len(w.lines), "sans", bigger, 1.2) > box_h


def test_overflow_is_positive_exactly_when_it_cannot_fit():
    min_size = 7.0
    need = richtext.block_height_mm(len(richtext.wrap(PARAGRAPH, 40, "sans", min_size, True).lines),
                                    "sans", min_size, 1.2)
    for box_h in [x / 2 for x in range(10, 90)]:
        r = richtext.fit(PARAGRAPH, 40, box_h, "sans", 8.5, min_size)
        if box_h >= need:
            assert r.overflow_mm == 0 and r.height_mm <= box_h, box_h
        else:
            assert r.size == min_size and r.shrunk
            assert r.overflow_mm == pytest.approx(need - box_h, abs=1e-3), box_h
            assert r.overflow_mm > 0 and not r.fits


def test_fit_rejects_bad_arguments():
    with pytest.raises(ValueError, match="align"):
        richtext.fit("текст", 10, 10, align="justify")
    with pytest.raises(ValueError, match="min_size"):
        richtext.fit("текст", 10, 10, size=7, min_size=8)
    r = richtext.fit("текст", 10, 10)
    with pytest.raises(ValueError, match="valign"):
        richtext.to_svg(r, 0, 0, valign="baseline")


def test_overlong_word_is_cut_and_reported():
    r = richtext.fit("ШШШШШШШШШШШШШШШШШШШ", 12, 30, "sans", 8.5, 7.0)  # no hyphenation point
    assert r.broken_words > 0 and not r.fits
    for line in r.lines:
        assert measured(line, r.size) <= 12 + 1e-6


# --- drawing and extraction -----------------------------------------------------------


def test_pdf_gives_back_the_words_and_respects_the_box(tmp_path):
    box_x, box_y, box_w, box_h = 10.0, 8.0, 60.0, 60.0
    r = richtext.fit(PARAGRAPH, box_w, box_h, "sans", 8.5, 7.0)
    assert r.fits
    svg = richtext.to_svg(r, box_x, box_y)
    assert svg.count("<use ") == sum(1 for l in r.lines for p in l.pieces if p.kind == "icon")
    pdf = to_pdf(svg, r.icons, tmp_path)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    joined = " ".join(text.replace("-\n", "").split())
    for word in richtext.plain_text(PARAGRAPH).split():
        assert word in joined, word
    for word, x0, y0, x1, y1 in pdf_words(pdf):
        assert x0 >= box_x - 0.05 and x1 <= box_x + box_w + 0.05, (word, x0, x1)
        assert y0 >= box_y - 0.05 and y1 <= box_y + r.height_mm + 0.05, (word, y0, y1)
    fonts_out = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    rows = fonts_out.splitlines()[2:]
    assert any("PTSans-Bold" in row for row in rows) and any("PTSans-Regular" in row for row in rows)
    assert all(" yes yes " in row for row in rows)  # embedded and subset


@pytest.mark.parametrize("align", ["left", "center", "right"])
def test_alignment_in_pdf(tmp_path, align):
    r = richtext.fit("Здобич", 50, 10, "sans", 10, 8, align=align)
    (word, x0, _, x1, _), = pdf_words(to_pdf(richtext.to_svg(r, 10, 5), r.icons, tmp_path))
    assert word == "Здобич"
    expected = {"left": 10.0, "center": 10 + (50 - r.lines[0].width) / 2, "right": 60 - r.lines[0].width}[align]
    assert x0 == pytest.approx(expected, abs=0.3)


def test_icons_sit_on_the_text_line():
    r = richtext.fit("візьми 2 [wood]", 50, 10, "sans", 10, 8)
    tree = ET.fromstring(richtext.to_svg(r, 0, 0))
    use = tree.find("use[@href='#icon-wood']")
    baseline = float(tree.find("text/tspan").get("y"))
    top, size = float(use.get("y")), float(use.get("width"))
    cap = 0.7 * 10 / PT_PER_MM
    assert size > cap  # at least as tall as the capitals
    assert top + size / 2 == pytest.approx(baseline - cap / 2, abs=0.01)  # centred on them


def test_a_narrow_icon_takes_its_ink_and_a_bearing_a_wide_one_its_square():
    size = 10
    box = icon_box_mm("sans", size)
    bearing = pt_to_mm(style.INLINE_ICON_BEARING_EM * size)
    left, right = ink_span("grain")
    assert right - left < 0.6  # the wheat ear is narrow (measured on its drawing)
    r = richtext.fit("1 [grain]:", 50, 10, "sans", size, size)
    grain = next(p for p in r.lines[0].pieces if p.kind == "icon")
    assert grain.width == pytest.approx((right - left) * box + 2 * bearing)
    colon = r.lines[0].pieces[-1]
    assert colon.text == ":" and colon.x == pytest.approx(grain.x + grain.width)
    use = ET.fromstring(richtext.to_svg(r, 0, 0)).find("use[@href='#icon-grain']")
    assert float(use.get("x")) + left * box == pytest.approx(grain.x + bearing, abs=0.002)  # ink a bearing in
    wide = next(p for p in richtext.fit("1 [stone]:", 50, 10, "sans", size, size).lines[0].pieces
                if p.kind == "icon")
    assert wide.width == pytest.approx(box)


def test_no_space_between_an_icon_and_the_punctuation_after_it():
    typed, tight = (richtext.fit(m, 50, 10, "sans", 10, 10).lines[0] for m in ("1 [stone] : так", "1 [stone]: так"))
    assert typed == tight


def test_an_icons_ink_span_is_measured_once_and_remembered_exactly(tmp_path, monkeypatch):
    """The spans come from the raster, or from the user's cache as the same two pixel columns; an
    entry that is not two columns in order is measured again and rewritten."""
    monkeypatch.setattr(private, "user_cache_dir", lambda app: str(tmp_path / "cache" / app))
    measured = []
    real = icon_inline._ink_columns
    monkeypatch.setattr(icon_inline, "_ink_columns", lambda doc: measured.append(doc) or real(doc))
    icon_inline._span.cache_clear()
    first = ink_span("grain")
    assert len(measured) == 1 and 0 < first[0] < first[1] < 1
    (entry,) = (tmp_path / "cache" / "pnp" / "ink-spans").iterdir()
    assert [int(v) / icon_inline.INK_RASTER_PX for v in entry.read_text().split()] == list(first)
    icon_inline._span.cache_clear()
    assert ink_span("grain") == first and len(measured) == 1  # read back, not rasterised
    for damaged in ("7", "150 20", "a b", "0 999"):
        entry.write_text(damaged)
        icon_inline._span.cache_clear()
        assert ink_span("grain") == first
    assert len(measured) == 5 and entry.read_text().split() == [str(round(v * icon_inline.INK_RASTER_PX)) for v in first]
    icon_inline._span.cache_clear()
