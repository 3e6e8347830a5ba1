import io
import subprocess
import sys

import pytest
from pypdf import PdfReader

from pdfprobe import card_svg, drawing, pdffonts, qpdf_check, text
from pnp.print import pdf
from pnp.core.geometry import Box, pt_to_mm
from pnp.core import kept
from pnp.core.kept import Kept

INFO = pdf.DocInfo("Тверджа — тест", duplex="long")
UKRAINIAN = "Їжак ґудзик «є» — ʼ’"


def _boxes(data: bytes, index: int = 0) -> dict[str, tuple[float, ...]]:
    page = PdfReader(io.BytesIO(data)).pages[index]
    return {key: tuple(round(pt_to_mm(float(v)), 3) for v in page[key])
            for key in ("/MediaBox", "/TrimBox", "/BleedBox") if key in page}


def test_single_card_page_has_bleed_media_and_trim_boxes():
    data = pdf.svg_to_pdf(card_svg("Карта 1"), INFO, trim=Box(3, 3, 63, 88), bleed=Box(0, 0, 69, 94))
    boxes = _boxes(data)
    assert boxes["/MediaBox"] == (0, 0, 69, 94)
    assert boxes["/BleedBox"] == (0, 0, 69, 94)
    assert boxes["/TrimBox"] == (3, 3, 66, 91)


def test_svg_size_reads_the_root_in_css_units():
    assert pdf.svg_size_mm(card_svg("x")) == (69.0, 94.0)
    ns = 'xmlns="http://www.w3.org/2000/svg"'
    assert pdf.svg_size_mm(f'<?xml version="1.0"?><svg {ns} width="1in" height="72pt"/>') == (25.4, 25.4)
    assert pdf.svg_size_mm(f'<svg {ns} width="6.3cm" height="96"/>') == (63.0, 25.4)
    assert pdf.svg_size_mm(f'<svg {ns} viewBox="0 0 96 192"/>') == (25.4, 50.8)
    with pytest.raises(ValueError, match="unsupported SVG length"):
        pdf.svg_size_mm(f'<svg {ns} width="5em" height="1mm"/>')


def test_fonts_embedded_subset_and_text_extractable():
    data = pdf.svg_to_pdf(card_svg("Карта 1"), INFO)
    rows = pdffonts(data)
    assert rows, "the card uses fonts"
    for row in rows:
        # name type... emb sub uni object ID: the three flags sit before the object number
        emb, sub, uni = row[-5:-2]
        assert (emb, sub, uni) == ("yes", "yes", "yes"), row
        assert "PTSans" in row[0] and "+" in row[0]
    assert UKRAINIAN in text(data)


def test_metadata_viewer_preferences_and_id_are_fixed():
    reader = PdfReader(io.BytesIO(pdf.svg_to_pdf(card_svg("x"), INFO)))
    meta = reader.metadata
    assert meta["/Producer"] == "pnp" and meta["/Title"] == "Тверджа — тест"
    assert meta["/CreationDate"] == meta["/ModDate"] == pdf.FIXED_DATE_PDF
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipLongEdge"
    assert len(reader.trailer["/ID"][0]) == 16
    assert reader.pdf_header == "%PDF-1.7"


@pytest.mark.parametrize("mode, name", [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge"),
                                        ("none", "/Simplex")])
def test_duplex_modes(mode, name):
    data = pdf.svg_to_pdf(card_svg("x"), pdf.DocInfo("t", duplex=mode))
    assert PdfReader(io.BytesIO(data)).trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == name


def test_unknown_duplex_mode_is_refused():
    with pytest.raises(ValueError, match="unknown duplex mode"):
        pdf.svg_to_pdf(card_svg("x"), pdf.DocInfo("t", duplex="sideways"))


def _sheet(labels) -> list[pdf.Page]:
    placements = tuple(pdf.Placement(card_svg(label), 10 + 63 * (k % 3), 10 + 88 * (k // 3),
                                     Box(13 + 63 * (k % 3), 13 + 88 * (k // 3), 63, 88))
                       for k, label in enumerate(labels))
    return [pdf.Page(210, 297, placements)]


def test_two_renders_are_byte_identical_also_in_a_fresh_process():
    pages = _sheet(["А", "Б", "В"])
    first = pdf.render(pages, INFO)
    assert pdf.render(pages, INFO) == first
    code = ("import sys; sys.path.insert(0, 'tests/render');"
            "from pdfprobe import card_svg; from pnp.print import pdf; from pnp.core.geometry import Box;"
            "from test_pdf import _sheet, INFO;"
            "sys.stdout.buffer.write(pdf.render(_sheet(['А', 'Б', 'В']), INFO))")
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout
    assert fresh == first


def test_a_master_used_many_times_is_stored_once():
    same = pdf.render(_sheet(["Один"] * 9), INFO)
    forms = drawing(same, 0).forms
    assert len(forms) == 9 and len({f.name for f in forms}) == 1
    different = pdf.render(_sheet([f"Карта {k}" for k in range(9)]), INFO)
    assert len({f.name for f in drawing(different, 0).forms}) == 9
    assert len(same) < len(different)


def test_placements_land_where_asked():
    forms = drawing(pdf.render(_sheet(["a", "b", "c", "d"]), INFO), 0).forms
    # placements snap to the 1/4 pt grid (pdf.SNAP_PT): within 0.045 mm of where asked
    expected = [(10, 10), (73, 10), (136, 10), (10, 98)]
    assert len(forms) == len(expected)
    for form, (x, y) in zip(forms, expected):
        assert abs(form.x - x) <= 0.045 and abs(form.y - y) <= 0.045


def test_qpdf_check_is_clean():
    data = pdf.render(_sheet(["a"] * 9) + _sheet(["b", "c"]), INFO)
    result = qpdf_check(data)
    assert result.returncode == 0 and "No syntax or stream encoding errors" in result.stdout
    assert "WARNING" not in result.stdout + result.stderr


def test_pages_of_different_sizes_in_one_document():
    card = card_svg("Карта")
    pages = _sheet(["a"]) + [pdf.Page.of_svg(card, 69, 94, trim=Box(3, 3, 63, 88))]
    data = pdf.render(pages, INFO)
    assert _boxes(data, 0)["/MediaBox"] == (0, 0, 210, 297)
    assert _boxes(data, 1) == {"/MediaBox": (0, 0, 69, 94), "/TrimBox": (3, 3, 66, 91)}


def test_concat_keeps_pages_and_boxes():
    one = pdf.svg_to_pdf(card_svg("1"), INFO, trim=Box(3, 3, 63, 88))
    sheet = pdf.render(_sheet(["2", "3"]), INFO)
    both = pdf.concat([one, sheet], pdf.DocInfo("разом", duplex="short"))
    reader = PdfReader(io.BytesIO(both))
    assert len(reader.pages) == 2
    assert _boxes(both, 0)["/TrimBox"] == (3, 3, 66, 91)
    assert reader.metadata["/Title"] == "разом"
    assert pdf.concat([one, sheet], pdf.DocInfo("разом", duplex="short")) == both
    assert qpdf_check(both).returncode == 0


def test_overlay_must_match_the_page_size():
    with pytest.raises(ValueError, match="overlay SVG is 69.00x94.00 mm"):
        pdf.render([pdf.Page(210, 297, overlay=card_svg("x"))], INFO)


def test_empty_document_is_refused():
    with pytest.raises(ValueError):
        pdf.render([], INFO)


def test_same_master_with_different_clips_keeps_every_use_whole(tmp_path):
    """cairo reuses the form of the first clipped use; each clip must get its own form."""
    import subprocess

    from pnp.core.geometry import Box
    from pnp.print.pdf import DocInfo, Page, Placement, render

    master = ('<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="200mm" viewBox="0 0 100 200">'
              '<rect width="100" height="200" fill="#000"/></svg>')
    top = Page(100, 200, (Placement(master, 0, 0, Box(0, 0, 100, 100)),))
    bottom = Page(100, 200, (Placement(master, 0, 0, Box(0, 100, 100, 100)),))
    out = tmp_path / "clips.pdf"
    out.write_bytes(render([top, bottom], DocInfo("clips")))
    subprocess.run(["pdftoppm", "-r", "10", "-png", str(out), str(tmp_path / "p")], check=True)
    from PIL import Image

    pages = [Image.open(p).convert("L") for p in sorted(tmp_path.glob("p*.png"))]
    column = [[im.getpixel((im.width // 2, y)) for y in (im.height // 4, im.height * 3 // 4)] for im in pages]
    assert column == [[0, 255], [255, 0]], "a clipped use lost part of the master"


def test_a_raster_fallback_is_refused():
    """Our art is vector only; cairo's raster fallback must fail the file, not ship it."""
    import pytest

    from pnp.print.pdf import DocInfo, Page, Placement, render

    png = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10mm" '
           f'height="10mm" viewBox="0 0 10 10"><image width="10" height="10" xlink:href="data:image/png;base64,{png}"/></svg>')
    with pytest.raises(RuntimeError, match="raster image on page 1"):
        render([Page(10, 10, (Placement(svg),))], DocInfo("raster"))


def _has_image(data: bytes) -> bool:
    def walk(resources) -> bool:
        xobjects = (resources or {}).get("/XObject") or {}
        return any(o.get_object().get("/Subtype") == "/Image" or walk(o.get_object().get("/Resources"))
                   for o in xobjects.values())
    return any(walk(page.get("/Resources")) for page in PdfReader(io.BytesIO(data)).pages)


def test_a_clipped_master_at_a_fractional_offset_stays_vector():
    """cairo 1.16 turns some thin strokes of a clipped recording painted at a fractional point
    offset into raster images (the wall pieces of «Оборона Замка» at MakePlayingCards' 3.048 mm
    bleed, every one). `render` draws such a document again at whole points: all vector, every
    line where it belongs."""
    ys = [1 + k * 0.25 for k in range(73)]
    lines = "".join(f'<path d="M0 {y}L20 {y}" fill="none" stroke="#888" stroke-width="0.15"/>' for y in ys)
    master = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm" viewBox="0 0 20 20">'
              f'<clipPath id="c"><rect x="0" y="0" width="20" height="20"/></clipPath><g clip-path="url(#c)">{lines}</g></svg>')
    bleed = 3.048
    data = pdf.render([pdf.Page(20 + 2 * bleed, 20 + 2 * bleed, (pdf.Placement(master, bleed, bleed),))], INFO)
    assert not _has_image(data)
    reader = PdfReader(io.BytesIO(data))
    form = next(iter(reader.pages[0]["/Resources"]["/XObject"].values())).get_object()
    assert form.get_data().count(b" l") == len(ys)  # every line drawn, as a line
    # and where asked: the page's words of the form place it at whole points, the shift is inside
    painted = drawing(data, 0).forms[0]
    assert abs(painted.x - pt_to_mm(int(3.048 / 25.4 * 72))) < 1e-6


def test_kept_drawings_paint_the_bytes_fresh_ones_do_and_stay_bounded(monkeypatch):
    """pnp serve's render workers keep each face's drawing (pnp.core.kept): a deck drawn again
    with one card changed draws that card alone, and the PDF is the one a fresh process makes."""
    names = ["А", "Б", "В", "Г"]
    fresh = [pdf.render(_sheet(names), INFO), pdf.render(_sheet(names[:3] + ["Ґ"]), INFO),
             pdf.render(_sheet(["Д", "Е", "Є"]), INFO)]
    drawn = []
    record = pdf._record
    monkeypatch.setattr(pdf, "_record", lambda drawer, svg, shift: drawn.append(svg) or record(drawer, svg, shift))
    monkeypatch.setattr(pdf, "_KEPT", Kept(pdf.KEEP_MAX_DRAWINGS, pdf.KEEP_MAX_CHARS, size=lambda key, _: len(key[0])))
    monkeypatch.setitem(kept._SWITCH, "on", True)
    assert pdf.render(_sheet(names), INFO) == fresh[0] and len(drawn) == 4
    assert pdf.render(_sheet(names[:3] + ["Ґ"]), INFO) == fresh[1] and len(drawn) == 5  # Ґ alone
    monkeypatch.setattr(pdf._KEPT, "most", 2)
    assert pdf.render(_sheet(["Д", "Е", "Є"]), INFO) == fresh[2]
    assert len(pdf._KEPT) == 2 and pdf._KEPT.held == sum(len(svg) for svg, _ in pdf._KEPT._entries)


def test_kept_text_layers_are_rewritten_once_and_read_the_same(monkeypatch):
    """Hidden words (render mode 3) of a face drawn again come from the kept rewrite, unchanged."""
    from pnp.print import hidden_text

    def faces(word):
        svg = card_svg(word).replace("</svg>", f'<text class="pnp-hidden" x="9" y="50" font-family="PT Sans" '
                                                f'font-size="3" fill-opacity="0">{word} слово</text></svg>')
        return [pdf.Page(210, 297, (pdf.Placement(svg, 10, 10, Box(13, 13, 63, 88)),))]

    fresh = pdf.render(faces("Дуб"), INFO)
    rewrites = []
    rewrite = hidden_text._rewritten_fast
    monkeypatch.setattr(hidden_text, "_rewritten_fast", lambda data: rewrites.append(1) or rewrite(data))
    monkeypatch.setattr(hidden_text, "_KEPT", Kept(100, hidden_text.KEEP_MAX_BYTES))
    monkeypatch.setitem(kept._SWITCH, "on", True)
    assert pdf.render(faces("Дуб"), INFO) == fresh and rewrites
    count = len(rewrites)
    assert pdf.render(faces("Дуб"), INFO) == fresh and len(rewrites) == count
    assert "Дуб слово" in text(fresh)
