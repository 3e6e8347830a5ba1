"""The rulebook's contents are given their headings before the first layout pass, so a book whose
contents push its pages settles in two passes, not three, and prints the same bytes."""

from __future__ import annotations

import pytest

from pnp.content import load_game
from pnp.core import typography
from pnp.core.resources import bundled
from pnp.rulebook import doc, renderer
from pnp.typeset.iconwords import speaking, words_of


def _book(monkeypatch, game, lang: str) -> tuple[bytes, int]:
    passes = []
    before = doc.RulebookDoc.beforeDocument
    monkeypatch.setattr(doc.RulebookDoc, "beforeDocument", lambda self: passes.append(1) or before(self))
    with typography.using(lang), speaking(words_of(game, lang)):
        data, _, _ = renderer.build_pdf(game, lang)
    return data, len(passes)


@pytest.mark.parametrize("name, lang", [("oborona-zamka", "uk"), ("oborona-zamka", "ru")])
def test_a_book_with_contents_settles_in_two_passes_to_the_same_bytes(monkeypatch, name, lang):
    game, problems = load_game(bundled("content") / f"{name}.yaml")
    assert game is not None, problems
    foreseen, passes = _book(monkeypatch, game, lang)
    assert passes == 2
    monkeypatch.setattr(renderer, "foresee_contents", lambda story: None)
    begun_empty, more = _book(monkeypatch, game, lang)
    assert more == 3 and begun_empty == foreseen


def test_a_paragraph_laid_out_again_for_its_width_keeps_its_lines_and_the_book_its_bytes(monkeypatch):
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph as Plain

    from pnp.rulebook.paragraph import Paragraph

    text = "Кожен гравець бере по сім карт подорожі на початку тижня. " * 6
    style = ParagraphStyle("t", fontName="sans", fontSize=10, leading=12)
    kept, plain = Paragraph(text, style), Plain(text, style)
    for width in (300, 300, 120, 300):
        assert kept.wrap(width, 1000) == plain.wrap(width, 1000)
        assert [line for line in kept.blPara.lines] and len(kept.blPara.lines) == len(plain.blPara.lines)
    first = kept.blPara
    kept.wrap(300, 1000)
    assert kept.blPara is first  # the same width: the lines kept, not broken again
    fresh = Paragraph(text, style)
    assert fresh.wrap(1e-9, 1000) == Plain(text, style).wrap(1e-9, 1000)  # too narrow: answered, not kept
    assert fresh.wrap(300, 1000) == plain.wrap(300, 1000)

    game, problems = load_game(bundled("content") / "oborona-zamka.yaml")
    assert game is not None, problems
    fast, _ = _book(monkeypatch, game, "uk")
    monkeypatch.setattr(Paragraph, "wrap", Plain.wrap)
    assert _book(monkeypatch, game, "uk")[0] == fast
