"""The shared decks beside the travel cards (`empire-<lang>-neutral-cards.pdf`, `empire-<lang>-chest-cards.pdf`), read
back from the PDFs: every card of the content's counts in its cell on a 3 x 3 A4 sheet, its words and numbers as the
content gives them, poker size apart, each sheet followed by its duplex backs."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main
from pnp.games.empire.render.battle_words import kind_name
from test_capital_sheet import page_words, words_in
from test_travel_cards import cells, grid, letters

LANGS = ("ru", "uk")
MM_PER_PT = 25.4 / 72


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    out = tmp_path_factory.mktemp("decks")
    for lang in LANGS:
        done = CliRunner().invoke(main, ["build", "--game", "empire", "--lang", lang, "--only", "neutral-cards",
                                         "--only", "chest-cards", "--out", str(out)])
        assert done.exit_code == 0, done.output
    return out


def pdf(kits, lang: str, stem: str):
    return kits / lang / f"empire-{lang}-{stem}.pdf"


def sheets(path) -> list[tuple[float, float]]:
    """Every page's size in mm."""
    return [(round(float(p.mediabox.width) * MM_PER_PT, 1), round(float(p.mediabox.height) * MM_PER_PT, 1))
            for p in PdfReader(path).pages]


@pytest.mark.parametrize("lang", LANGS)
def test_every_neutral_army_is_printed_as_often_as_the_content_counts_with_its_numbers(kits, game, lang):
    path, deck = pdf(kits, lang, "neutral-cards"), game.neutral_deck
    printed = [a for a in deck.armies for _ in range(a.count)]
    assert len(printed) == deck.size == 18
    per = grid(game).per_sheet
    assert sheets(path) == [(210.0, 297.0)] * (2 * -(-len(printed) // per))  # A4, every front sheet and its backs
    luck = " ".join(map(str, game.neutral_luck))
    weeks = " ".join(str(w) for w in range(1, game.weeks + 1))
    pages: dict = {}
    for army, (page, cell) in zip(printed, cells(game, len(printed))):
        text = words_in(pages.setdefault(page, page_words(path, page)), cell)
        flat = " ".join(text.split())
        assert army.name.get(lang) in flat, (army.id, flat)
        assert game.ui("neutral_type", lang) in flat
        assert f"{weeks} {' '.join(map(str, army.strength))}" in flat, (army.id, flat)  # the strength by week
        assert f"{weeks} {luck}" in flat  # the week track's neutral luck under it
        assert f"+{army.extra}" in flat
        words = game.ui("neutral_army_more", lang, n=army.extra) if army.extra else game.ui("neutral_army_same", lang)
        assert letters(words) in letters(text), (army.id, text)
        assert (kind_name(game, "flying", lang) in flat) == army.flying
        assert (game.ui("creature_immune", lang) in flat) == army.immune
        others = [a.name.get(lang) for a in deck.armies if a.id != army.id]
        assert not [n for n in others if n in flat], (army.id, flat)
    back_name = game.ui("neutral_card", lang)
    for sheet in range(len(sheets(path)) // 2):
        on_sheet = min(per, len(printed) - sheet * per)
        text = " ".join(w for w, _ in page_words(path, 2 * sheet + 2))
        assert text.split().count(back_name) == on_sheet and text.count(game.title.get(lang)) == on_sheet


@pytest.mark.parametrize("lang", LANGS)
def test_the_chest_bank_is_printed_whole_with_gold_experience_and_the_cap(kits, game, lang):
    path, c = pdf(kits, lang, "chest-cards"), game.chests
    per = grid(game).per_sheet
    assert c.count == 45 and sheets(path) == [(210.0, 297.0)] * (2 * -(-c.count // per))
    gold = game.ui("chest_gold", lang, n=c.gold, gold=game.gold_short.get(lang))
    rule = game.ui("chest_rule", lang, n=c.keep)
    pages: dict = {}
    for page, cell in cells(game, c.count):
        text = words_in(pages.setdefault(page, page_words(path, page)), cell)
        flat = " ".join(text.split())
        assert game.ui("chest_card", lang) in flat and gold in flat and f"+{c.experience}" in flat, flat
        assert game.ui("chest_gold_caption", lang) in flat and game.ui("chest_xp_caption", lang) in flat
        assert letters(rule) in letters(text), text
    fronts = sum(" ".join(w for w, _ in page_words(path, p)).count(gold) for p in range(1, len(sheets(path)) + 1, 2))
    assert fronts == c.count  # every chest of the bank, none more


@pytest.mark.parametrize("stem, label", [("neutral-cards", "neutral_type"), ("chest-cards", "chest_bank")])
def test_the_cards_are_poker_size_apart_on_the_sheet(kits, game, stem, label):
    """The header pill of each card on the first sheet: 63 mm apart across, 88 mm down."""
    words, spec, g = page_words(pdf(kits, "ru", stem), 1), game.print.card, grid(game)
    first = game.ui(label, "ru").split()[0]
    found = sorted({(round(b.cx, 1), round(b.y, 1)) for w, b in words if w == first})
    xs, ys = sorted({x for x, _ in found}), sorted({y for _, y in found})
    assert (spec.width, spec.height, spec.bleed) == (63, 88, 3) and len(xs) == g.cols and len(ys) == g.rows
    assert all(b - a == pytest.approx(spec.width, abs=0.3) for a, b in zip(xs, xs[1:]))
    assert all(b - a == pytest.approx(spec.height, abs=0.3) for a, b in zip(ys, ys[1:]))
