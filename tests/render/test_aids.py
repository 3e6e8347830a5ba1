"""Player aids: two cards per player, card size, content from the model, imposed with backs."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from pdfprobe import pdffonts, text
from pnp.print import pdf
from pnp.games.tverdzha.render.aids import AidsRenderer, aid_masters, order_markup, strength_markup
from pnp.components.base import BuildOptions, RenderContext
from pnp.typeset.richtext import plain_text


@pytest.fixture(scope="module")
def masters(game):
    return aid_masters(game, "uk")


def _build(game, tmp_path_factory, duplex):
    out = tmp_path_factory.mktemp(f"aids-{duplex}")
    files = AidsRenderer().render(game, RenderContext(BuildOptions(duplex=duplex), out))
    return {f.path: (out / f.path).read_bytes() for f in files}, files


def test_two_cards_per_player_at_card_size_with_bleed(game, masters):
    fronts, backs, notes = masters
    card = game.print.card
    assert len(fronts) == len(backs) == 2 * len(game.players)
    for svg in fronts + backs:
        assert pdf.svg_size_mm(svg) == (card.width + 2 * card.bleed, card.height + 2 * card.bleed)
    assert notes == []  # every text fits at its size


def test_no_text_below_seven_points(masters):
    fronts, backs, _ = masters
    seven_pt_mm = 7 * 25.4 / 72
    for svg in fronts + backs:
        sizes = [float(v) for v in re.findall(r'font-size="([\d.]+)"', svg)]
        assert sizes and min(sizes) >= seven_pt_mm - 1e-3


def test_battle_aid_has_the_thresholds_bonuses_and_every_card_by_timing(game):
    order = plain_text(order_markup(game, "uk"))
    for phase in game.battle.timing:
        assert phase.name.get("uk") in order
    for card in game.battle_cards:  # each card named once, after its own phase
        name = card.name.get("uk")
        assert order.count(name) == 1
        phase = next(p for p in game.battle.timing if p.key == card.timing).name.get("uk")
        following = [p.name.get("uk") for p in game.battle.timing]
        start = order.index(phase)
        later = [order.index(p) for p in following if order.index(p) > start]
        assert start < order.index(name) < (min(later) if later else len(order))
    strength = plain_text(strength_markup(game, "uk"))
    own = game.battle.castle_defense
    assert f"+{own}" in strength
    for b in game.buildings:
        for card in (b, b.upgrade):
            for e in card.effects:
                # castle bonuses add up, so a wall prints its total; a siege bonus its own
                if e.key == "castle_defense":
                    assert f"{card.name.get('uk')}: разом +{own + e.param('bonus')}" in strength
                if e.key == "siege_attack":
                    assert card.name.get("uk") in strength and f"+{e.param('bonus')}" in strength


def test_imposed_pdf_reads_back_the_content(game, tmp_path_factory):
    files, outputs = _build(game, tmp_path_factory, "long")
    data = files["tverdzha-uk-aids.pdf"]
    assert [f.kind for f in outputs] == ["aids"]
    assert len(PdfReader(io.BytesIO(data)).pages) == 2  # one sheet: fronts, then backs
    front = " ".join(text(data, 1).split())
    for row in game.battle.thresholds:
        assert row.label.get("uk") in front
    for hit in {r.hit for r in game.battle.thresholds}:
        assert re.search(rf"\b{hit}\+?", front)
    for action in game.actions:
        assert action.name.get("uk") in front
    for step in game.round.end:
        assert step.text.get("uk").split(":")[0] in front
    back = " ".join(text(data, 2).split())
    assert back.count(game.ui("card_aid", "uk")) == 2 * len(game.players)
    assert all(row[-5] == "yes" and row[-4] == "yes" for row in pdffonts(data))


def test_duplex_none_writes_the_backs_apart(game, tmp_path_factory):
    files, outputs = _build(game, tmp_path_factory, "none")
    assert sorted(files) == ["tverdzha-uk-aids-backs.pdf", "tverdzha-uk-aids.pdf"]
    assert all(f.kind == "aids" for f in outputs)


def test_aid_count_is_the_kit_count(game):
    """The manifest, the rulebook and the gallery count aids from pnp.games.tverdzha.kit_counts: the renderer must agree."""
    from pnp.games.tverdzha.kit_counts import counts
    from pnp.games.tverdzha.render.aids import aid_masters

    fronts, backs, _ = aid_masters(game, "uk")
    assert len(fronts) == len(backs) == counts(game).aid_cards
