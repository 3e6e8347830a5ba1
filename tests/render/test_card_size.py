"""Any card size works: the content's card size, not a constant, drives layout, sheets and shop files.

The fixture is the shipped content with one line changed, a tarot-like 70 x 120 mm card with
a 4 mm safe margin: the same layout files (anchored to the safe zone) lay every face out
again, the sheets impose it at its own pitch, and the print-shop pages carry its trim box.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pdfprobe import drawing
from pnp.checks import run_all
from pnp.components.base import BuildOptions, RenderContext
from pnp.components.cards import CardsRenderer
from pnp.content import load_text
from pnp.core.resources import bundled
from pnp.exports.printshop import PrintShopRenderer
from pnp.print import pdf
from pnp.core.geometry import pt_to_mm

SHIPPED_CARD = "card: {width: 63, height: 88, bleed: 3, safe: 3, min_text_pt: 7}"
W, H, BLEED, SAFE = 70.0, 120.0, 3.0, 4.0

pytestmark = pytest.mark.slow  # renders every card, sheets and 300 dpi shop images (about a minute)


@pytest.fixture(scope="module")
def tall():
    text = bundled("content", "tverdzha.yaml").read_text(encoding="utf-8")
    assert SHIPPED_CARD in text
    text = text.replace(SHIPPED_CARD, f"card: {{width: {W:g}, height: {H:g}, bleed: {BLEED:g}, safe: {SAFE:g}, min_text_pt: 7}}")
    game, problems = load_text(text, "tall.yaml")
    assert game is not None, [p.format() for p in problems]
    return game


@pytest.fixture(scope="module")
def built(tall, tmp_path_factory):
    out = tmp_path_factory.mktemp("tall")
    ctx = RenderContext(BuildOptions(), out)
    files = CardsRenderer().render(tall, ctx) + PrintShopRenderer().render(tall, ctx)
    return out, files, ctx


def test_the_checks_accept_the_layout_at_this_size(tall):
    assert [p.format() for p in run_all(tall, "uk", only=("card-layout", "text-fit"))] == []


def test_every_master_is_the_card_plus_bleed(built):
    masters = built[2].made["cards"]
    svgs = [svg for family in masters.faces.values() for _, _, svg in family] + list(masters.backs.values())
    assert {pdf.svg_size_mm(svg) for svg in svgs} == {(W + 2 * BLEED, H + 2 * BLEED)}


GRID = 0.25 * 25.4 / 72  # pdf.py places masters on a 1/4 pt grid


def _steps(values: list[float]) -> list[float]:
    """The distances between neighbouring distinct positions."""
    ordered = sorted({round(v, 3) for v in values})
    return [b - a for a, b in zip(ordered, ordered[1:])]


def test_home_sheets_impose_the_cards_at_their_own_pitch(built, tall):
    out = built[0]
    data = (out / f"{tall.id}-uk-cards.pdf").read_bytes()
    forms = drawing(data, 0).forms
    # butted cards: neighbours are one trim apart, 70 mm across and 120 mm down (A4: 2 x 2)
    assert len(forms) == 4
    (across,), (down,) = _steps([f.x for f in forms]), _steps([f.y for f in forms])
    assert across == pytest.approx(W, abs=GRID) and down == pytest.approx(H, abs=GRID)
    pages = len(PdfReader(out / f"{tall.id}-uk-cards.pdf").pages)
    decks = built[2].made["cards"].decks
    assert pages == 2 * sum(-(-len(d) // 4) for d in decks.values())


def test_print_shop_pages_have_the_trim_and_bleed_of_this_card(built, tall):
    path = Path(built[0]) / "print-shop" / "generic" / f"{tall.id}-uk-battle-fronts.pdf"
    reader = PdfReader(str(path))
    assert len(reader.pages) == sum(c.count for c in tall.battle_cards)
    for page in reader.pages:
        media = [pt_to_mm(float(v)) for v in page.mediabox]
        trim = [pt_to_mm(float(v)) for v in page.trimbox]
        assert media[2] - media[0] == pytest.approx(W + 2 * BLEED, abs=0.01)
        assert media[3] - media[1] == pytest.approx(H + 2 * BLEED, abs=0.01)
        assert trim[2] - trim[0] == pytest.approx(W, abs=0.01) and trim[3] - trim[1] == pytest.approx(H, abs=0.01)
        assert trim[0] - media[0] == pytest.approx(BLEED, abs=0.01)
