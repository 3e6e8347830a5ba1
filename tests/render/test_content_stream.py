"""pnp.print.content_stream reads a content stream where pypdf cuts it and writes it back as
pypdf writes it; the text layer's fast rewrite gives pypdf's bytes."""

import pytest
from pypdf import PdfWriter
from pypdf.generic import ContentStream, NumberObject

from pdfprobe import card_svg
from pnp.print import content_stream, hidden_text, pdf
from pnp.core.geometry import Box

#: every token cairo writes, and the odd forms pypdf still reads: numbers with a sign, without a
#: leading or trailing digit, with a comma (pypdf reads 0 and warns), leading zeros; names with
#: an escape; hex strings with spaces, odd length, lower case; literal strings with escapes,
#: nested parentheses and octal codes; nested arrays, TJ arrays, the quote operators
STREAM = (b"q\n1 0 0 -1 0 841.889764 cm\n0.00392 1 0.00392 rg /a0 gs\n"
          b"-.5 +3 007 1. 0.000001 123456.789012 -0 1,5 m\n"
          b"BT\n/f-0-1 12.5 Tf\n/Na#20me Tf\n[<0102> -25.5 <0A0b0c>-3<1>]TJ\n<01 02 >Tj\n"
          b"(a\\)b(c)d\\\\e\\101\\0121) Tj\n(x) ' 1 2 (y) \"\n[[1 2] /n [(s)]] T*\nET\n"
          b"[3 1.5] 0 d 0 J 10 M\n/x5 Do Q\nd0 EMC")


def _pypdf(data: bytes) -> bytes:
    stream = ContentStream(None, PdfWriter())
    stream.set_data(data)
    stream.operations = list(stream.operations)  # read, then written back from the objects
    return stream.get_data()


def test_a_stream_read_and_written_is_pypdfs_round_trip():
    operations = content_stream.read(STREAM)
    assert operations is not None
    assert [op for _, op in operations][:4] == [b"q", b"cm", b"rg", b"gs"]
    assert content_stream.write(operations) == _pypdf(STREAM)


@pytest.mark.parametrize("data", [
    b"1 0 0 1 0 0 cm BI /W 1 /H 1 /BPC 8 /CS /G ID \x00 EI Q",  # an inline image
    b"q % a comment\nQ",
    b"/Span << /ActualText (x) >> BDC EMC",  # a dictionary
    b"1\t0 m",  # whitespace cairo does not write
    b"1 0 m 2",  # an operand without an operator
    b"[1 2 m] TJ",  # an operator inside an array
    b"(open string",
    b"1 0 m ]",
])
def test_what_it_does_not_read_is_left_to_pypdf(data):
    assert content_stream.read(data) is None


def test_a_mode_added_by_the_caller_is_written_as_pypdf_writes_it():
    assert content_stream.write([([NumberObject(3)], b"Tr"), ([b"(a)"], b"Tj")]) == b"3 Tr\n(a) Tj\n"


def test_the_fast_rewrite_gives_pypdfs_bytes():
    """The marker colour, q/Q, a mode set by the stream and a form painted: both ways alike."""
    data = (b"q 1 0.00392 1 rg BT /f 1 Tf (hid) Tj ET Q 2 Tr 0 0 0 rg BT (own) Tj ET "
            b"1 0.00392 1 rg [(a) 1 (b)] TJ /x1 Do 0 g (c) ' Q")
    stream = ContentStream(None, PdfWriter())
    stream.set_data(data)
    slow = hidden_text._rewritten(stream, None).get_data()
    assert hidden_text._rewritten_fast(data) == slow
    assert b"3 Tr" in slow and b"2 Tr" in slow


def test_a_colour_that_is_not_a_number_is_left_to_pypdf():
    assert hidden_text._rewritten_fast(b"/a 1 0 rg (x) Tj") is None


def test_a_page_with_hidden_words_has_the_bytes_pypdf_alone_gives(monkeypatch):
    svg = card_svg("Дуб").replace("</svg>", '<text class="pnp-hidden" x="9" y="50" font-family="PT Sans" '
                                            'font-size="3" fill-opacity="0">слово (дужки) \\ </text></svg>')
    pages = [pdf.Page(210, 297, (pdf.Placement(svg, 10, 10, Box(13, 13, 63, 88)),), overlay=None),
             pdf.Page.of_svg(svg, 69, 94)]
    fast = pdf.render(pages, pdf.DocInfo("fast"))
    monkeypatch.setattr(hidden_text, "_rewritten_fast", lambda data: None)
    assert pdf.render(pages, pdf.DocInfo("fast")) == fast


def test_a_stream_of_nothing_is_written_as_nothing():
    assert content_stream.read(b" \n") == []
    assert content_stream.write([]) == _pypdf(b" \n") == b""
