"""The rulebook's first multiBuild pass is laid out without drawing (pnp.rulebook.layout_pass),
only when another pass must follow, and the book comes out byte for byte as when every pass draws."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.platypus.flowables import Flowable
from reportlab.platypus.tableofcontents import SimpleIndex, TableOfContents

from pnp.rulebook import layout_pass, renderer


def test_the_book_is_the_one_every_pass_drawing_gives_drawn_once(game, monkeypatch):
    draws = []
    real = Flowable.drawOn

    def counting(self, *args, **kwargs):
        draws.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Flowable, "drawOn", counting)
    data, pages, notes = renderer.build_pdf(game, "uk")
    drawn_once = len(draws)
    assert Flowable.drawOn is counting  # put back after the first pass
    draws.clear()
    monkeypatch.setattr(layout_pass, "never_last", lambda indexing: False)
    assert renderer.build_pdf(game, "uk") == (data, pages, notes)
    assert 0 < drawn_once < 0.6 * len(draws)  # both passes drew before, the last one now
    assert len(PdfReader(io.BytesIO(data)).pages) == pages


def test_only_a_pass_that_cannot_be_the_last_goes_undrawn():
    def contents(*entries):
        toc = TableOfContents()
        for entry in entries:
            toc.addEntry(*entry)
        toc.beforeBuild()  # as multiBuild does before each pass: what it began with
        return toc

    assert layout_pass.never_last([contents((0, "Setup", 0, "a"), (1, "Cards", 0, "b"))])
    assert not layout_pass.never_last([])  # nothing asks for another pass: this one may be the last
    assert not layout_pass.never_last([contents()])  # no headings: satisfied at once
    assert not layout_pass.never_last([contents((0, "Setup", 3, "a"))])  # a second pass may be the last
    assert not layout_pass.never_last([contents((0, "Setup", 0, "a")), SimpleIndex()])


def test_drawing_comes_back_after_a_failed_pass():
    with pytest.raises(RuntimeError):
        with layout_pass.undrawn():
            assert Flowable.drawOn is layout_pass._placed_only
            raise RuntimeError("a flowable failed")
    assert Flowable.drawOn is not layout_pass._placed_only
