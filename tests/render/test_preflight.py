import io

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject

from pdfprobe import card_svg
from pnp.print import pdf
from pnp.core.geometry import Box
from pnp.print.preflight import preflight

INFO = pdf.DocInfo("t", duplex="long")


@pytest.fixture(scope="module")
def sheet() -> bytes:
    """A page whose text lives only inside form XObjects (placed card masters)."""
    placements = tuple(pdf.Placement(card_svg(f"Карта {k}"), 10 + 63 * k, 10) for k in range(3))
    return pdf.render([pdf.Page(210, 297, placements)], INFO)


@pytest.fixture(scope="module")
def single() -> bytes:
    return pdf.svg_to_pdf(card_svg("Карта"), INFO, trim=Box(3, 3, 63, 88), bleed=Box(0, 0, 69, 94))


def _edit_fonts(data: bytes, edit) -> bytes:
    """Apply `edit(font)` to every font dict found in the forms of page 1; return the new PDF."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    for form in writer.pages[0]["/Resources"]["/XObject"].values():
        for font in form.get_object()["/Resources"]["/Font"].values():
            edit(font.get_object())
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_pnp_output_passes(sheet, single):
    assert preflight(sheet, pages=1, page_size=(210, 297), duplex="long", print_scaling_none=True) == []
    assert preflight(single, pages=1, page_size=(69, 94), trim=Box(3, 3, 63, 88), bleed=Box(0, 0, 69, 94)) == []


def test_a_path_works_too(tmp_path, single):
    path = tmp_path / "card.pdf"
    path.write_bytes(single)
    assert preflight(path, page_size=(69, 94)) == []


def test_unembedded_base14_font_is_reported():
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, invariant=1)
    c.drawString(100, 100, "Hello")
    c.save()
    failures = preflight(out.getvalue())
    assert "page 1: base-14 font Helvetica is not embedded" in failures


def test_reportlab_with_bundled_ttf_passes():
    from reportlab.pdfgen import canvas

    from pnp.typeset.reportlab_fonts import register_reportlab_fonts

    register_reportlab_fonts()
    out = io.BytesIO()
    c = canvas.Canvas(out, invariant=1, initialFontName="sans")
    c.setFont("sans", 10)
    c.drawString(100, 100, "Тверджа")
    c.save()
    assert preflight(out.getvalue()) == []


def test_font_without_file_inside_a_form_is_found(sheet):
    def strip(font):
        for descendant in font.get("/DescendantFonts", []):
            descriptor = descendant.get_object()["/FontDescriptor"].get_object()
            for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                descriptor.pop(NameObject(key), None)
        if "/FontDescriptor" in font:
            descriptor = font["/FontDescriptor"].get_object()
            for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                descriptor.pop(NameObject(key), None)

    failures = preflight(_edit_fonts(sheet, strip))
    assert failures and all("is not embedded" in f for f in failures)
    assert any("PTSans-Bold" in f for f in failures)


def test_whole_font_and_missing_tounicode_are_reported(sheet):
    def untag(font):
        name = str(font["/BaseFont"])
        font[NameObject("/BaseFont")] = NameObject("/" + name.split("+", 1)[-1])
        for descendant in font.get("/DescendantFonts", []):
            descendant.get_object()[NameObject("/BaseFont")] = font["/BaseFont"]
        font.pop(NameObject("/ToUnicode"), None)

    failures = preflight(_edit_fonts(sheet, untag))
    assert any("embedded whole, not subset" in f for f in failures)
    assert any("no /ToUnicode map" in f for f in failures)


def test_sizes_boxes_counts_and_preferences_are_checked(sheet, single):
    failures = preflight(single, pages=2, page_size=(63, 88), trim=Box(3, 3, 60, 88), duplex="short")
    assert "expected 2 pages, found 1" in failures
    assert "page 1: size 69.00x94.00 mm, expected 63.00x88.00 mm" in failures
    assert any(f.startswith("page 1: TrimBox is 63.00x88.00 mm at (3.00, 3.00)") for f in failures)
    assert any("Duplex is /DuplexFlipLongEdge, expected /DuplexFlipShortEdge" in f for f in failures)
    assert preflight(sheet, trim=Box(0, 0, 1, 1)) == ["page 1: no TrimBox"]


def test_print_scaling_is_checked_on_request():
    from reportlab.pdfgen import canvas

    from pnp.typeset.reportlab_fonts import register_reportlab_fonts

    register_reportlab_fonts()
    out = io.BytesIO()
    c = canvas.Canvas(out, invariant=1, initialFontName="sans")
    c.save()
    assert preflight(out.getvalue()) == []
    assert any("PrintScaling" in f for f in preflight(out.getvalue(), print_scaling_none=True))


def test_garbage_is_reported_not_raised():
    assert preflight(b"not a pdf")[0].startswith("not a readable PDF")
