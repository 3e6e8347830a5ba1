"""The cards renderer, measured on the PDFs and SVG masters it really writes."""

from __future__ import annotations

import io
import re
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from pdfprobe import drawing, ink_boxes, pdffonts, same_places, text, words
from pnp.games.tverdzha import kit_counts as kit
from pnp.checks import card_layouts
from pnp.components import cards
from pnp.print import pdf, sheetmarks
from pnp.build import renderers_of
from pnp.components.base import BuildOptions, RenderContext
from pnp.games.tverdzha.pack import PACK
from pnp.core.geometry import PAPERS, pt_to_mm

# the content's card families, in print order, and what kit_counts counts for each
FAMILY_COUNTS = {"battle": "battle_cards", "building": "building_cards", "upgrade": "upgrade_cards"}


def test_the_content_declares_the_three_families_in_print_order(game):
    assert [f.id for f in game.card_families] == list(FAMILY_COUNTS)


def _render(game, root: Path, **options):
    out = root / "-".join(f"{k}={v}" for k, v in sorted(options.items())) if options else root / "default"
    ctx = RenderContext(BuildOptions(**options), out)
    files = renderers_of(PACK)["cards"].render(game, ctx)
    return out, files, ctx


@pytest.fixture(scope="module")
def a4(game, tmp_path_factory):
    return _render(game, tmp_path_factory.mktemp("cards"))


@pytest.fixture(scope="module")
def letter_short(game, tmp_path_factory):
    return _render(game, tmp_path_factory.mktemp("cards"), paper="letter", duplex="short")


@pytest.fixture(scope="module")
def glued(game, tmp_path_factory):
    return _render(game, tmp_path_factory.mktemp("cards"), duplex="none")


def _pdf(result, name="tverdzha-uk-cards.pdf") -> bytes:
    return (result[0] / name).read_bytes()


def _sheets(game, per_sheet: int = 9) -> dict[str, int]:
    """Sheets per family when `per_sheet` cards fit a sheet (3x3 of 63x88 mm on A4)."""
    return {f: -(-getattr(kit.counts(game), FAMILY_COUNTS[f]) // per_sheet) for f in FAMILY_COUNTS}


def _page_ranges(game, per_sheet: int = 9):
    """Family -> 0-based indexes of its front pages (front and back pages alternate)."""
    out, start = {}, 0
    for family, n in _sheets(game, per_sheet).items():
        out[family] = [start + 2 * k for k in range(n)]
        start += 2 * n
    return out


# --- files and text ------------------------------------------------------------------------


def test_renderer_is_registered_and_writes_cards_and_svg(a4, game):
    out, files, ctx = a4
    kinds = {f.kind for f in files}
    assert kinds == {"cards", "svg"}
    pdfs = [f for f in files if f.kind == "cards"]
    assert [f.path for f in pdfs] == [f"{game.id}-uk-cards.pdf"]
    assert pdfs[0].pages == 2 * sum(_sheets(game).values()) == len(PdfReader(out / pdfs[0].path).pages)
    svgs = [f.path for f in files if f.kind == "svg" and f.path.endswith(".svg")]
    unique = len(game.battle_cards) + 2 * len(game.buildings)
    assert len(svgs) == unique + 3 and len(set(svgs)) == len(svgs)
    # the fonts embedded in the masters travel with their licence
    assert [f.path for f in files if f.kind == "svg" and not f.path.endswith(".svg")] == ["svg/LICENSE-ParaType.txt"]
    assert all((out / p).is_file() and p.startswith("svg/") for p in svgs)


def test_every_font_is_embedded(a4):
    rows = pdffonts(_pdf(a4))
    assert rows, "no fonts at all?"
    for row in rows:
        emb, sub, uni = row[-5:-2]
        assert (emb, sub, uni) == ("yes", "yes", "yes"), row


def test_every_card_name_comes_back_from_pdftotext(a4, game):
    extracted = text(_pdf(a4))
    names = [c.name.get("uk") for c in game.battle_cards] + [b.name.get("uk") for b in game.buildings]
    names += [b.upgrade.name.get("uk") for b in game.buildings]
    assert [n for n in names if n not in extracted] == []
    assert "Покращується до:" in extracted and "Покращення будівлі «Ринок»" in extracted


def test_page_labels_name_component_page_and_side(a4, game):
    data = _pdf(a4)
    first, last_back = text(data, 1), text(data, 2 * _sheets(game)["battle"])
    assert "Бойові карти · аркуш 1 з 5 · лице" in first
    assert "Бойові карти · аркуш 5 з 5 · зворот" in last_back
    assert game.ui("print_scale", "uk") in first


# --- counts and placement ---------------------------------------------------------------------


def _forms(data: bytes, index: int):
    return drawing(data, index).forms


def test_card_count_per_family_matches_the_kit(a4, game):
    data = _pdf(a4)
    counts = kit.counts(game)
    for family, pages in _page_ranges(game).items():
        placed = sum(len(_forms(data, i)) for i in pages)
        assert placed == getattr(counts, FAMILY_COUNTS[family]), family
    decks = a4[2].made["cards"].decks
    assert len(decks["battle"]) == counts.battle_cards == 40
    assert len(decks["building"]) == counts.building_cards == 36
    assert len(decks["upgrade"]) == counts.upgrade_cards == 36


@pytest.mark.parametrize("which", ["a4", "letter_short", "glued"])
def test_no_card_is_rasterised(which, request):
    """A vector kit has no images: a cairo fallback image means a card went wrong."""
    reader = PdfReader(io.BytesIO(_pdf(request.getfixturevalue(which))))
    images = sum(len(page.images) for page in reader.pages)
    assert images == 0


def _cut_lines(data: bytes, index: int):
    """x of vertical and y of horizontal crop marks (thin black strokes), mm."""
    marks = [s for s in drawing(data, index).segments
             if abs(s.width - sheetmarks.MARK_WIDTH) < 0.01 and max(s.colour, default=0) < 0.01]
    xs = sorted({round(s.x1, 3) for s in marks if abs(s.x1 - s.x2) < 1e-6})
    ys = sorted({round(s.y1, 3) for s in marks if abs(s.y1 - s.y2) < 1e-6})
    return xs, ys


@pytest.mark.parametrize("which", ["a4", "letter_short"])
def test_cut_lines_are_63_by_88_mm_apart(which, request, game):
    data = _pdf(request.getfixturevalue(which))
    xs, ys = _cut_lines(data, 0)
    assert len(xs) >= 3 and len(ys) >= 3
    assert all(abs(b - a - game.print.card.width) <= 0.2 for a, b in zip(xs, xs[1:])), xs
    assert all(abs(b - a - game.print.card.height) <= 0.2 for a, b in zip(ys, ys[1:])), ys


def test_a4_sheets_hold_3x3_cards(a4):
    xs, ys = _cut_lines(_pdf(a4), 0)
    assert (len(xs), len(ys)) == (4, 4)
    assert len(_forms(_pdf(a4), 0)) == 9


def test_letter_sheets_hold_3x2_cards_with_full_bleed(letter_short):
    """Three rows of 88 mm leave Letter only 1.35 mm for bleed and marks: two rows keep 3 mm."""
    xs, ys = _cut_lines(_pdf(letter_short), 0)
    assert (len(xs), len(ys)) == (4, 3)
    assert len(_forms(_pdf(letter_short), 0)) == 6


def _behind(front, duplex: str, page_w: float, page_h: float, bleed: float, size):
    """Front form origins mirrored through the paper as the duplex flip does."""
    w, h = size
    out = []
    for f in front:
        trim_x, trim_y = f.x + bleed, f.y + bleed
        if duplex == "short":
            x, y = trim_x, page_h - trim_y - h
        else:
            x, y = page_w - trim_x - w, trim_y
        out.append((x - bleed, y - bleed))
    return out


@pytest.mark.parametrize("which,duplex,paper", [("a4", "long", "a4"), ("letter_short", "short", "letter")])
def test_each_back_lies_behind_its_front(which, duplex, paper, request, game):
    data = _pdf(request.getfixturevalue(which))
    page = PAPERS[paper]
    spec = game.print.card
    count = len(PdfReader(io.BytesIO(data)).pages)
    assert count % 2 == 0 and count >= 2 * sum(_sheets(game).values())
    for front_index in range(0, count, 2):
        front, back = _forms(data, front_index), _forms(data, front_index + 1)
        want = _behind(front, duplex, page.width, page.height, spec.bleed, (spec.width, spec.height))
        assert same_places([(f.x, f.y) for f in back], want), f"page {front_index + 2}"


def test_every_back_is_its_family_back(a4, game):
    """Each card on a back page shows its family's back (the family name, once per card)."""
    data = _pdf(a4)
    for family, pages in _page_ranges(game).items():
        label = game.ui(next(f.name for f in game.card_families if f.id == family), "uk")
        for index in pages:
            lines = [line.strip() for line in text(data, index + 2).splitlines()]
            assert lines.count(label) == len(_forms(data, index + 1)) == len(_forms(data, index)), (family, index)


def test_the_last_partial_battle_sheet_mirrors_to_the_other_side(a4, game):
    """4 cards on the last sheet: the backs go to the mirrored cells, not the same ones."""
    data = _pdf(a4)
    last = 2 * (_sheets(game)["battle"] - 1)
    front, back = _forms(data, last), _forms(data, last + 1)
    assert len(front) == len(back) == kit.counts(game).battle_cards % 9
    cells = {(round(f.x), round(f.y)) for f in front}
    assert cells != {(round(f.x), round(f.y)) for f in back}


def test_letter_paper_pages_are_letter_size(letter_short):
    reader = PdfReader(io.BytesIO(_pdf(letter_short)))
    for page in reader.pages:
        assert abs(pt_to_mm(float(page.mediabox.width)) - 215.9) < 0.05
        assert abs(pt_to_mm(float(page.mediabox.height)) - 279.4) < 0.05
    assert "/DuplexFlipShortEdge" in str(reader.trailer["/Root"]["/ViewerPreferences"])


def test_duplex_none_puts_the_backs_in_their_own_file(glued, game):
    out, files, _ = glued
    names = sorted(f.path for f in files if f.kind == "cards")
    assert names == [f"{game.id}-uk-cards-backs.pdf", f"{game.id}-uk-cards.pdf"]
    sheets = sum(_sheets(game).values())
    fronts, backs = (PdfReader(out / n) for n in (names[1], names[0]))
    assert len(fronts.pages) == len(backs.pages) == sheets
    assert "лице" in text((out / names[1]).read_bytes(), 1)
    assert "зворот" in text((out / names[0]).read_bytes(), 1)


def test_back_offset_moves_only_the_backs(game, tmp_path):
    base = _render(game, tmp_path / "a")
    moved = _render(game, tmp_path / "b", back_offset=(1.5, -0.5))
    a, b = _pdf(base), _pdf(moved)
    assert same_places([(f.x, f.y) for f in _forms(b, 0)], [(f.x, f.y) for f in _forms(a, 0)])
    assert same_places([(f.x, f.y) for f in _forms(b, 1)], [(f.x + 1.5, f.y - 0.5) for f in _forms(a, 1)])


# --- masters ------------------------------------------------------------------------------


def _masters(result):
    masters = result[2].made["cards"]
    faces = [svg for f in FAMILY_COUNTS for _, _, svg in masters.faces[f]]
    return faces + list(masters.backs.values())


def test_masters_are_bleed_sized_with_a_mm_viewbox_and_local_ids(a4, game):
    spec = game.print.card
    w, h = spec.width + 2 * spec.bleed, spec.height + 2 * spec.bleed
    for svg in _masters(a4):
        assert pdf.svg_size_mm(svg) == (w, h)
        root = ET.fromstring(svg)
        assert root.get("viewBox") == f"0 0 {w:g} {h:g}"
        ids = [e.get("id") for e in root.iter() if e.get("id")]
        assert len(ids) == len(set(ids))
        uid = re.search(r'id="((?:battle|building|upgrade|back)-[a-z_]+)-', svg)
        assert all(i.startswith("icon-") or (uid and i.startswith(uid.group(1))) for i in ids), ids


def test_art_runs_to_the_bleed_edge(a4, game):
    """Measured: the inked area of every master is the whole bleed-sized page."""
    spec = game.print.card
    w, h = spec.width + 2 * spec.bleed, spec.height + 2 * spec.bleed
    for svg in _masters(a4):
        (x0, y0, x1, y1), = ink_boxes(pdf.svg_to_pdf(svg, pdf.DocInfo("card")))
        assert x0 < 0.4 and y0 < 0.4 and x1 > w - 0.4 and y1 > h - 0.4  # bbox device: 72 dpi


def test_ink_saver_has_no_full_bleed_fills(game):
    """Ink saver: nothing is printed in the bleed, so nothing but the card itself gets ink."""
    spec = game.print.card
    masters = cards.build_masters(game, "uk", ink_saver=True)
    for svg in [s for f in FAMILY_COUNTS for _, _, s in masters.faces[f][:3]] + list(masters.backs.values()):
        (x0, y0, x1, y1), = ink_boxes(pdf.svg_to_pdf(svg, pdf.DocInfo("card")))
        assert x0 >= spec.bleed and y0 >= spec.bleed
        assert x1 <= spec.bleed + spec.width and y1 <= spec.bleed + spec.height


def test_all_text_lies_inside_the_safe_zone(a4, game):
    """Every word of every master, measured with pdftotext on a one-card PDF."""
    spec = game.print.card
    safe = (spec.bleed + spec.safe, spec.bleed + spec.safe,
            spec.bleed + spec.width - spec.safe, spec.bleed + spec.height - spec.safe)
    tol = 0.3  # pdftotext boxes include the font's full ascent and descent
    for svg in _masters(a4):
        data = pdf.svg_to_pdf(svg, pdf.DocInfo("card"))
        found = words(data, 1)
        assert found
        for word in found:
            assert word.x0 >= safe[0] - tol and word.x1 <= safe[2] + tol, word
            assert word.y0 >= safe[1] - tol and word.y1 <= safe[3] + tol, word


def test_layout_boxes_stay_on_the_card_text_inside_the_safe_zone(game):
    for family in game.card_families:
        assert card_layouts.family_problems(game, family) == []


def test_effect_text_is_at_least_the_minimum(a4, game):
    for t in a4[2].made["cards"].texts:
        assert t.fits["effect_text"].size >= game.print.card.min_text_pt >= 7.0
        assert t.overflows() == []


def test_shrunk_cards_are_noted(game, tmp_path):
    from dataclasses import replace

    from pnp.games.tverdzha.model import Text

    card = game.battle_card("retreat")
    longer = replace(card.effects[0], text=Text({"uk": "Якщо тобі завдали 2 або більше влучань, скасуй 1 з них. " * 3}))
    changed = replace(game, battle_cards=tuple(replace(c, effects=(longer,)) if c.id == "retreat" else c
                                               for c in game.battle_cards))
    masters = cards.build_masters(changed, "uk")
    note = cards.shrink_note(masters, "uk")
    assert note and "Відступ" in note and "retreat" in note and "effect_text" in note
    assert cards.shrink_note(cards.build_masters(game, "uk"), "uk") is None


# --- determinism and ink ---------------------------------------------------------------------


def test_two_builds_are_byte_identical(a4, game, tmp_path):
    again = _render(game, tmp_path)
    for f in a4[1]:
        assert (a4[0] / f.path).read_bytes() == (again[0] / f.path).read_bytes(), f.path


def ink_coverage(data: bytes) -> float:
    """Mean C+M+Y+K coverage per page (Ghostscript's inkcov device), in percent of the page."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "in.pdf"
        path.write_bytes(data)
        out = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-r36", "-sDEVICE=inkcov",
                              "-o", "-", str(path)], capture_output=True, text=True, check=True).stdout
    pages = [sum(float(v) for v in line.split()[:4]) for line in out.splitlines() if line.strip().endswith("OK")]
    assert pages
    return 100 * sum(pages) / len(pages)


def test_ink_saver_lowers_coverage(a4, game, tmp_path):
    saver = _render(game, tmp_path, ink_saver=True)
    full, light = ink_coverage(_pdf(a4)), ink_coverage(_pdf(saver))
    assert light < 0.5 * full, (full, light)
    # still the same cards, same names
    assert text(_pdf(saver)).count("Натиск") == text(_pdf(a4)).count("Натиск")


def test_filled_templates_print_the_plural_form_of_their_number(a4):
    """The words the cards print, read back from the PDF: each number in its CLDR form
    (uk: 1 -> one, 2 and 3 -> few), the parameters filled into the text."""
    flat = " ".join(text(_pdf(a4)).split())
    for phrase in ("+1 бойова карта до ліміту руки", "+2 бойові карти до ліміту руки",
                   "добери 1 бойову карту", "добери 2 бойові карти",
                   "3 однакові ресурси на 1 будь-який", "2 однакові ресурси на 3 будь-які"):
        assert phrase in flat, phrase
    assert "бойових карт" not in flat and "однакових ресурсів" not in flat
