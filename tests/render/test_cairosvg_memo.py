"""cairosvg's attribute parsers kept per text (pnp.print.cairosvg_memo) answer as cairosvg does."""

from __future__ import annotations

import cairosvg.helpers
import cairosvg.surface
import cairosvg.text

from pnp.print import cairosvg_memo, pdf

URLS = [None, "", "url(#clip-1)", "url('#grad')", 'url("#mask")', "#icon-wood", "none",
        "http://example.invalid/a.svg#part", "file:///tmp/x.svg", "data:image/png;base64,AAAA"]
NORMAL = ["", "3 1.5", "3,1.5", "10 20 30", "1e-3 2E5", "-1-2", "1.5.5", " 4\n\t5 ", "translate(3 -4) rotate(-90)"]


def test_kept_answers_are_cairosvgs(monkeypatch):
    monkeypatch.setattr(cairosvg_memo, "_KEPT_URLS", {})
    monkeypatch.setattr(cairosvg_memo, "_KEPT_NORMAL", {})
    for _ in range(2):  # the second round from the tables
        for text in URLS:
            assert cairosvg_memo.parse_url(text) == cairosvg_memo._parse_url(text)  # cairosvg's own, asked afresh
        for text in NORMAL:
            assert cairosvg_memo.normalize(text) == cairosvg_memo._normalize(text)
    assert set(cairosvg_memo._KEPT_URLS) == set(URLS) and set(cairosvg_memo._KEPT_NORMAL) == set(NORMAL)


def test_a_base_or_a_long_text_is_asked_of_cairosvg_every_time(monkeypatch, tmp_path):
    monkeypatch.setattr(cairosvg_memo, "_KEPT_URLS", {})
    monkeypatch.setattr(cairosvg_memo, "_KEPT_NORMAL", {})
    base = str(tmp_path / "page.svg")
    (tmp_path / "page.svg").write_text("<svg/>")
    assert cairosvg_memo.parse_url("icons.svg#a", base) == cairosvg_memo._parse_url("icons.svg#a", base)
    assert cairosvg_memo.parse_url("icons.svg#a", base) != cairosvg_memo.parse_url("icons.svg#a")
    picture = "data:image/png;base64," + "A" * 10_000
    assert cairosvg_memo.parse_url(picture) == cairosvg_memo._parse_url(picture)
    path = "M0 0" + "L1,2" * 1000
    assert cairosvg_memo.normalize(path) == cairosvg_memo._normalize(path)
    assert list(cairosvg_memo._KEPT_URLS) == ["icons.svg#a"] and not cairosvg_memo._KEPT_NORMAL


def test_the_tables_are_bounded(monkeypatch):
    monkeypatch.setattr(cairosvg_memo, "_KEPT_URLS", {})
    monkeypatch.setattr(cairosvg_memo, "_KEPT_NORMAL", {})
    monkeypatch.setattr(cairosvg_memo, "KEEP_MAX_ENTRIES", 3)
    for k in range(10):
        cairosvg_memo.parse_url(f"#id-{k}")
        cairosvg_memo.normalize(f"{k} {k}")
    assert len(cairosvg_memo._KEPT_URLS) <= 3 and len(cairosvg_memo._KEPT_NORMAL) <= 3


def test_the_pdf_drawer_puts_them_where_cairosvg_calls_them():
    pdf.svg_to_pdf('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"/>', pdf.DocInfo("x"))
    assert cairosvg.surface.parse_url is cairosvg_memo.parse_url
    assert cairosvg.text.parse_url is cairosvg_memo.parse_url
    assert cairosvg.text.normalize is cairosvg_memo.normalize
    assert cairosvg.helpers.normalize is cairosvg_memo.normalize  # size() and transform() call it there
    # cairosvg's own answer the first time
    assert (cairosvg_memo._parse_url.__module__, cairosvg_memo._normalize.__module__) == ("cairosvg.url", "cairosvg.helpers")
