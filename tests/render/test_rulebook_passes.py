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
