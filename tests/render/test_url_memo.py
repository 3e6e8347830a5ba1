"""cairosvg's URL parsing kept per text (pnp.print.url_memo) answers as cairosvg does."""

from __future__ import annotations

import cairosvg.surface
import cairosvg.text

from pnp.print import pdf, url_memo

TEXTS = [None, "", "url(#clip-1)", "url('#grad')", 'url("#mask")', "#icon-wood", "none",
         "http://example.invalid/a.svg#part", "file:///tmp/x.svg", "data:image/png;base64,AAAA"]


def test_kept_answers_are_cairosvgs(monkeypatch):
    monkeypatch.setattr(url_memo, "_KEPT", {})
    for text in TEXTS * 2:  # the second round from the table
        assert url_memo.parse_url(text) == url_memo._parse_url(text)  # cairosvg's own, asked afresh
    assert set(url_memo._KEPT) == set(TEXTS)


def test_a_base_or_a_long_text_is_asked_of_cairosvg_every_time(monkeypatch, tmp_path):
    monkeypatch.setattr(url_memo, "_KEPT", {})
    base = str(tmp_path / "page.svg")
    (tmp_path / "page.svg").write_text("<svg/>")
    assert url_memo.parse_url("icons.svg#a", base) == url_memo._parse_url("icons.svg#a", base)
    assert url_memo.parse_url("icons.svg#a", base) != url_memo.parse_url("icons.svg#a")
    picture = "data:image/png;base64," + "A" * 10_000
    assert url_memo.parse_url(picture) == url_memo._parse_url(picture)
    assert list(url_memo._KEPT) == ["icons.svg#a"]


def test_the_table_is_bounded(monkeypatch):
    monkeypatch.setattr(url_memo, "_KEPT", {})
    monkeypatch.setattr(url_memo, "KEEP_MAX_ENTRIES", 3)
    for k in range(10):
        url_memo.parse_url(f"#id-{k}")
    assert len(url_memo._KEPT) <= 3


def test_the_pdf_drawer_puts_it_where_cairosvg_calls_it():
    pdf.svg_to_pdf('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"/>', pdf.DocInfo("x"))
    assert cairosvg.surface.parse_url is url_memo.parse_url
    assert cairosvg.text.parse_url is url_memo.parse_url
    assert url_memo._parse_url.__module__ == "cairosvg.url"  # cairosvg's own answers the first time
