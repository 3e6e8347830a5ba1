"""The report: HTML with inline SVG plots and a PDF, from a sim result."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from pnp.sim.report import UnsupportedFormat, write_report
from pnp.sim.runner import result_document
from simkit import SIM


class _Spec:
    def __init__(self, label):
        self.label = label


@pytest.fixture(scope="module")
def sim(game, source, make_record):
    records = [make_record(i, "AB"[i % 3 == 0], rounds=10 + i % 7) for i in range(40)]
    return game, result_document(source, [_Spec("greedy"), _Spec("search")], records, seed=7)


def test_html_is_self_contained_with_plots_and_tables(sim, tmp_path):
    game, doc = sim
    out = tmp_path / "r.html"
    write_report(out, doc, game, SIM)
    html = out.read_text(encoding="utf-8")
    assert html.count("<svg") == 2  # win rates with intervals, game-length histogram
    assert not re.search(r'(src|href)="(http|//)', html)  # nothing fetched from outside
    assert "Таран (ram)" in html and "Стіна (wall)" in html
    assert "seat A wins" in html and "y (slot 2) wins" in html
    assert "unit tokens one player needs" in html
    # two agents: each one's plays of a card beside the total (every game: one by each)
    assert "<th>played</th><th>by x</th><th>by y</th>" in html
    assert "<td>Таран (ram)</td><td>80</td><td>40</td><td>40</td>" in html


def test_pdf_report_has_the_same_sections_and_fonts_embedded(sim, tmp_path):
    game, doc = sim
    out = tmp_path / "r.pdf"
    write_report(out, doc, game, SIM)
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    text = "".join(page.extract_text() for page in reader.pages)
    for heading in ("Balance", "Game length", "Buildings", "Battle cards", "Component peaks"):
        assert heading in text
    assert "Таран" in text
    write_report(tmp_path / "again.pdf", doc, game, SIM)
    assert (tmp_path / "again.pdf").read_bytes() == out.read_bytes()


def test_unknown_extension_is_refused(sim, tmp_path):
    game, doc = sim
    with pytest.raises(UnsupportedFormat):
        write_report(tmp_path / "r.txt", doc, game, SIM)
