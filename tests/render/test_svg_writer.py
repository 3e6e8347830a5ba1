"""pnp.art.svg, the one writer of procedural SVG: numbers, escaping, href, raw markup inside."""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET

import pytest

from pdfprobe import words
from pnp.art import svg
from pnp.print import pdf

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("value, places, written", [
    (12.5, 4, "12.5"), (12.0, 4, "12"), (0.123456, 4, "0.1235"), (-0.00001, 4, "0"),
    (13.76, 3, "13.76"), (-0.0004, 3, "0"), (396.04, 1, "396"), (135.96, 0, "136"), (2.0, 2, "2"),
])
def test_numbers_are_short_and_rounded_to_the_places_asked(value, places, written):
    assert svg.num(value, places) == written


def test_text_is_escaped_and_reads_back_unchanged():
    value = 'A & B <c> "d"'
    element = ET.fromstring(svg.text(1, 2, value, fill="#000"))
    assert element.text == value
    assert element.attrib == {"x": "1", "y": "2", "fill": "#000"}


def test_keyword_attributes_are_spelled_as_svg_and_floats_formatted():
    element = ET.fromstring(svg.rect(0.5, 1 / 3, 10, 2, stroke_width=0.15, fill_opacity=0.85, class_="x",
                                     stroke_dasharray=None))
    assert element.attrib == {"x": "0.5", "y": "0.3333", "width": "10", "height": "2", "stroke-width": "0.15",
                              "fill-opacity": "0.85", "class": "x"}


def test_wrap_puts_markup_made_elsewhere_inside_the_element():
    inner = svg.circle(1, 2, 3, fill="red") + "<path d='M0 0L1 1'/>"
    element = ET.fromstring(svg.wrap(inner, transform=svg.translate(4, 5.25)))
    assert element.tag == "g" and element.get("transform") == "translate(4 5.25)"
    assert [child.tag for child in element] == ["circle", "path"]


def test_use_writes_plain_href_so_a_document_without_xlink_parses():
    element = ET.fromstring(f"<g>{svg.use('icon-wood', 1.2345, 2, 4, 4, places=3)}</g>")[0]
    assert element.attrib == {"href": "#icon-wood", "x": "1.234", "y": "2", "width": "4", "height": "4"}


def test_a_document_prints_its_escaped_words_where_it_put_them():
    body = svg.text(5, 12, "Ліс & <поле>", font_family="PT Sans", font_size=6, fill="#000000")
    document = svg.document(60, 20, body, title="proba <1>")
    root = ET.fromstring(document)
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("60mm", "20mm", "0 0 60 20")
    assert root[0].tag == f"{NS}title" and root[0].text == "proba <1>"
    printed = words(pdf.render([pdf.Page.of_svg(document, 60, 20)], pdf.DocInfo("svg writer")), 1)
    assert [html.unescape(w.text) for w in printed] == ["Ліс", "&", "<поле>"]  # -bbox writes HTML
    assert printed[0].x0 == pytest.approx(5.0, abs=0.3)
