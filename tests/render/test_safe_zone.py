"""Nothing printed on a card, player aid, token or tile comes closer than the safe zone to its cut,
measured on the real home sheets (tests/render/safezone.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from safezone import clearances, closer_than
from pnp.games.tverdzha.render import aids
from pnp.components import cards
from pnp.games.tverdzha.render import tokens
from pnp.print import pdf  # noqa: F401 - registers the renderers
from pnp.build import renderers_of
from pnp.components.base import BuildOptions, RenderContext
from pnp.games.tverdzha.pack import PACK
from pnp.print.imposition import SheetText
from pnp.components.token_sheet import token_pages

VARIANTS = {"a4": {}, "letter-short": {"paper": "letter", "duplex": "short"}, "ink-saver": {"ink_saver": True}}


def _build(game, root: Path, kind: str, options: dict) -> bytes:
    out = root / kind
    renderers_of(PACK)[kind].render(game, RenderContext(BuildOptions(**options), out))
    return (out / f"{game.id}-uk-{kind}.pdf").read_bytes()


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("kind", ["cards", "tokens", "aids"])
def test_no_text_icon_or_stroke_within_the_safe_zone(kind, variant, game, tmp_path):
    data = _build(game, tmp_path, kind, VARIANTS[variant])
    measured = clearances(data)
    words = [n for n in measured if n.what not in ("stroke", "fill")]
    assert len(words) > 100 and len(measured) > len(words)  # it did read text and art on the pieces
    near = closer_than(data, game.print.card.safe)
    assert near == [], "\n".join(str(n) for n in near[:10])


def _piece(size: float, bleed: float, inset: float) -> str:
    """A coloured piece with a stroked ring and a word `inset` mm from its left cut."""
    full = size + 2 * bleed
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{full}mm" height="{full}mm" viewBox="0 0 {full} {full}">'
            f'<rect x="0" y="0" width="{full}" height="{full}" fill="#2d6cb0"/>'
            f'<circle cx="{bleed + inset + 2}" cy="{full / 2}" r="2" fill="none" stroke="#000" stroke-width="0.4"/>'
            f'<text x="{full / 2}" y="{bleed + 8}" font-family="PT Sans" font-size="3" text-anchor="middle">Їж</text>'
            f'<text x="{bleed + inset}" y="{bleed + 14}" font-family="PT Sans" font-size="3">край</text>'
            f'</svg>')


def test_the_helper_finds_a_ring_and_a_word_near_the_cut():
    size, bleed = 20.0, 3.0
    near_piece, clear_piece = _piece(size, bleed, 1.0), _piece(size, bleed, 4.0)
    rows = [[(near_piece, near_piece, "a"), (clear_piece, clear_piece, "a")]]
    sheet = token_pages(rows, trim=(size, size), bleed=bleed, text=SheetText("лице", "зворот", "100 %"))
    data = pdf.render(list(sheet.interleaved()), pdf.DocInfo("t"))
    found = {(n.page, n.what, round(n.distance, 1)) for n in closer_than(data, 3.0)}
    # the ring's stroke reaches 0.2 mm past its 1 mm inset; the word starts at it
    assert {(1, "stroke", 0.8), (1, "край", 1.0)} <= found
    assert len({n.piece for n in closer_than(data, 3.0, pages=[1])}) == 1  # only the near piece
    assert [n.what for n in closer_than(data, 3.0) if n.what == "Їж"] == []  # 8 mm in: clear
