"""cairosvg's stylesheet matching and cursor copy done the short way (pnp.print.cairosvg_shortcuts)
give cairosvg's own results."""

from __future__ import annotations

import copy

import cairosvg.css
import cairosvg.surface
import pytest
from cairosvg.parser import Tree

from pnp.print import cairosvg_shortcuts, pdf

NS = 'xmlns="http://www.w3.org/2000/svg"'
FONT = 'font-family="PT Sans" font-size="4"'
STYLED = (f'<svg {NS} width="40mm" height="20mm" viewBox="0 0 40 20"><style>rect {{ fill: #c00 }} .b {{ fill: #0c0 '
          f'!important }} #c {{ stroke: #00c }} [r] {{ stroke-width: 0.5 }} '
          f':lang(uk) {{ fill-opacity: 0.5 }}</style><rect width="10" height="10"/><rect class="b" x="12" '
          f'width="10" height="10" fill="#000"/><circle id="c" cx="30" cy="5" r="4"/><rect xml:lang="uk" '
          f'y="12" width="5" height="5"/></svg>')
PLAIN = (f'<svg {NS} width="40mm" height="20mm" viewBox="0 0 40 20"><rect width="10" height="10" fill="#c00"/>'
         f'<text x="2" y="16" {FONT}>Перша <tspan fill="#a00">друга</tspan> третя</text>'
         f'<text {FONT} dx="1">далі</text><text x="20" y="8" {FONT} text-anchor="end">кінець</text></svg>')


def _cairosvgs_own(monkeypatch) -> None:
    monkeypatch.setattr(cairosvg.css, "parse_stylesheets", cairosvg_shortcuts._parse_stylesheets)
    monkeypatch.setattr(cairosvg.surface, "copy", copy)


@pytest.mark.parametrize("svg", [STYLED, PLAIN], ids=["with a stylesheet", "text without one"])
def test_a_page_draws_the_bytes_cairosvg_alone_draws(svg, monkeypatch):
    short = pdf.svg_to_pdf(svg, pdf.DocInfo("x"))
    assert cairosvg.css.parse_stylesheets is cairosvg_shortcuts.parse_stylesheets
    _cairosvgs_own(monkeypatch)
    assert pdf.svg_to_pdf(svg, pdf.DocInfo("x")) == short


def test_only_a_matcher_without_selectors_is_replaced():
    cairosvg_shortcuts.install()
    plain, styled = Tree(bytestring=PLAIN.encode()), Tree(bytestring=STYLED.encode())
    assert plain.style == (cairosvg_shortcuts.NO_RULES, cairosvg_shortcuts.NO_RULES)
    assert all(m is not cairosvg_shortcuts.NO_RULES for m in styled.style)  # both kinds of rule
    rect, classed, circle, in_uk = styled.children[1:]
    assert rect["fill"] == "#c00" and classed["fill"] == "#0c0" and circle["stroke"] == "#00c"
    assert circle["stroke-width"] == "0.5" and in_uk["fill-opacity"] == "0.5"  # the other kinds of selector


@pytest.mark.parametrize("cursor", [
    ([0, 0], [0, 0], 0), ((3.5, 7.25), [1.0, -2], 0.5), ([], [], 0), ([1, 2], [3.0, 4.0], 7.5)])
def test_the_cursor_copy_is_deepcopys(cursor):
    fast, deep = cairosvg_shortcuts._CursorCopy.deepcopy(cursor), copy.deepcopy(cursor)
    assert fast == deep and type(fast[0]) is type(cursor[0])
    for k in range(3):  # new lists where deepcopy makes new ones, the same objects where it keeps them
        assert (fast[k] is cursor[k]) == (deep[k] is cursor[k])


def test_other_values_go_to_deepcopy():
    shared = [1.0, 2.0]
    for value in [(shared, shared, 0), ([1, "a"], [0, 0], 0), ([0, 0], [0, 0]), ([0, 0], [[0]], 0), ({"a": [1]},)]:
        fast = cairosvg_shortcuts._CursorCopy.deepcopy(value)
        assert fast == copy.deepcopy(value)
    fast = cairosvg_shortcuts._CursorCopy.deepcopy((shared, shared, 0))
    assert fast[0] is fast[1] and fast[0] is not shared  # deepcopy keeps the sharing


@pytest.mark.parametrize("rule, attribute", [
    ("rect { fill: #c00 }", "fill"), (".b { fill: #c00 }", "fill"), ("#r { fill: #c00 }", "fill"),
    ("[x] { fill: #c00 }", "fill"), (":lang(uk) { fill: #c00 }", "fill"),
    ("rect { fill: #c00 !important }", "fill")])
def test_a_stylesheet_of_one_kind_of_selector_keeps_its_matcher(rule, attribute):
    cairosvg_shortcuts.install()
    svg = (f'<svg {NS} width="10mm" height="10mm"><style>{rule}</style>'
           f'<rect id="r" class="b" x="1" xml:lang="uk" width="5" height="5"/></svg>')
    assert Tree(bytestring=svg.encode()).children[1][attribute] == "#c00"
