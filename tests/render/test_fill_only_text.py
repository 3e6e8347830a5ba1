"""Text laid out once by the PDF drawer (pnp.print.fill_only_text) gives the bytes cairosvg's two
passes give, and the outline pass is kept wherever something reads it."""

import pytest
from cairosvg import text as cairosvg_text_module

from pnp.print import fill_only_text, pdf

INFO = pdf.DocInfo("fill-only text")
NS = 'xmlns="http://www.w3.org/2000/svg"'
FONT = 'font-family="PT Sans" font-size="5"'

#: each case is a page whose text one of the outline pass's readers looks at, or none does
CASES = {
    "plain": f'<text x="2" y="8" {FONT} fill="#123456">Тверджа</text>',
    "spans and a cursor": (f'<text x="2" y="8" {FONT}>Перша <tspan fill="#a00">друга</tspan> третя</text>'
                           f'<text {FONT}>далі</text>'),
    "anchored and hidden": (f'<text x="30" y="8" {FONT} text-anchor="middle">Їжак</text>'
                            f'<text class="pnp-hidden" x="2" y="14" {FONT} fill-opacity="0">слова</text>'),
    "stroked": f'<text x="2" y="8" {FONT} fill="none" stroke="#c00" stroke-width="0.3">Контур</text>',
    "stroked span": f'<text x="2" y="8" {FONT}>А <tspan stroke="#0a0">Б</tspan></text>',
    "clip path": ('<defs><clipPath id="words"><text x="2" y="12" font-family="PT Sans" font-size="12">ГЛИБ</text>'
                  '</clipPath></defs><rect width="60" height="20" fill="#246" clip-path="url(#words)"/>'),
    "gradient fill": ('<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/>'
                      '<stop offset="1" stop-color="#00f"/></linearGradient></defs>'
                      f'<text x="2" y="8" {FONT} fill="url(#g)">Веселка</text>'),
    "hidden then cursor": (f'<text x="2" y="8" {FONT} display="none">невидимий</text>'
                           f'<text x="2" y="14" {FONT}>A<tspan visibility="hidden">B</tspan><tspan>C</tspan></text>'),
}


def _page(body: str) -> str:
    return f'<svg {NS} width="60mm" height="20mm" viewBox="0 0 60 20">{body}</svg>'


def _pdf(body: str) -> bytes:
    return pdf.svg_to_pdf(_page(body), INFO)


@pytest.mark.parametrize("case", sorted(CASES))
def test_one_pass_gives_the_bytes_of_two(case, monkeypatch):
    fast = _pdf(CASES[case])
    monkeypatch.setattr(fill_only_text, "_outlines_unused", lambda drawer, node: False)
    assert _pdf(CASES[case]) == fast


def test_the_outline_pass_is_skipped_only_where_nothing_reads_it(monkeypatch):
    passes: list[tuple[str, bool]] = []
    real = fill_only_text.cairosvg_text

    def counted(drawer, node, draw_as_text=False):
        passes.append((node.text or "", draw_as_text))
        return real(drawer, node, draw_as_text)

    monkeypatch.setattr(fill_only_text, "cairosvg_text", counted)
    _pdf(CASES["plain"] + CASES["stroked"])
    # the plain word is laid out once (as glyphs), the stroked one twice (outlines, then glyphs)
    assert passes == [("Тверджа", True), ("Контур", False), ("Контур", True)]


def test_other_cairosvg_drawers_keep_both_passes(monkeypatch):
    """A cairosvg surface that does not ask (here a PNG) still lays its text out twice."""
    import cairosvg

    passes = []
    real = fill_only_text.cairosvg_text
    monkeypatch.setattr(fill_only_text, "cairosvg_text",
                        lambda drawer, node, draw_as_text=False: passes.append(draw_as_text) or real(drawer, node, draw_as_text))
    fill_only_text.install()
    cairosvg.svg2png(bytestring=_page(CASES["plain"]).encode())
    assert passes == [False, True]
    assert cairosvg_text_module.text is real  # the library's own function is left as it is
