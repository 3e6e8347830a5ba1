"""The exporters on «Строительство империи» with cards in the kit: a stand-in travel-card renderer
(a face per travel card of the content, its type's colour and its name, on a common back) shares
`cards` beside the capital sheets, as the pack's own travel cards will; the print shop, TTS and
the preview then hold every card, read back from the files. The stand-in draws no layout of the
game's: it is here so that these exports are tested before the real cards exist, and the same
checks (test_exports.py) run on the real ones when the pack shares them (this module then skips)."""

from __future__ import annotations

import dataclasses
import json
import sys
from types import SimpleNamespace

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp import build as build_mod
from pnp.art import svg
from pnp.components import base, cards
from pnp.components.base import BuildOptions, OutputFile, Renderer, register
from pnp.components.card_family import CardFamily, CardSpec
from pnp.content import load_game
from pnp.core.errors import Mark
from pnp.games import pack
from pnp.print.geometry import pt_to_mm
from pnp.print.sheetmarks import text_svg

SPEC = CardSpec(63.0, 88.0, 3.0, 3.0, 7.0)  # the stand-in's size: SPEC section 3's default card
FAMILY = CardFamily("stand_in", layout="", colour="", icon="", back="", name="comp_mats", component="comp_mats",
                    rows="", fields=(), mark=Mark("test", 1, 1))


def face(colour: str, name: str) -> str:
    w, h, b = SPEC.width + 2 * SPEC.bleed, SPEC.height + 2 * SPEC.bleed, SPEC.bleed
    band = svg.rect(0, 0, w, b + 14, fill=colour)
    return svg.document(w, h, band + text_svg(b + 4, b + 30, name, "sans-bold", 11))


@register
class StandInTravelCards(Renderer):
    name = "travel-stand-in"
    shares = "cards"
    kinds = ("cards",)

    def masters(self, game, ctx) -> cards.Masters:
        lang, colour = ctx.options.lang, {t.id: t.colour for t in game.travel_types}
        faces = [(c.id, c.name.get(lang), face(colour[c.type], c.name.get(lang))) for c in game.travel_cards]
        return cards.Masters((FAMILY,), {FAMILY.id: faces}, {FAMILY.id: face("#444444", "")},
                             {FAMILY.id: [c.id for c in game.travel_cards]}, (), ())

    def render(self, game, ctx) -> list[OutputFile]:
        ctx.masters(game, self.name)
        return []


#: once the pack shares cards of its own, test_exports.py checks those and the stand-in is not needed
pytestmark = pytest.mark.skipif(any(r.shares == "cards" for r in base.renderers_of(pack("empire")).values()),
                                reason="the pack's own cards are exported: tests/games/empire/test_exports.py")


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    model, problems = load_game(pack("empire").content)
    assert model is not None and not problems, problems
    object.__setattr__(model, "print", SimpleNamespace(card=SPEC))  # what a model with cards gives the exporters
    own = pack("empire")
    with_cards = dataclasses.replace(own, renderers=(own.renderers[0], __name__, *own.renderers[1:]))
    assert sys.modules[__name__]  # renderers_of imports the modules it is given by name
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build_mod, "renderers_of", lambda p: base.renderers_of(with_cards))
        out = build_mod.build(model, BuildOptions(lang="ru"), tmp_path_factory.mktemp("cards"), build_all=True,
                              jobs=1).out_dir
    return model, out, base.renderers_of(with_cards)


def test_the_exporters_need_the_cards_beside_the_sheets(kit):
    _, _, renderers = kit
    for name in ("print-shop", "tts", "preview"):
        assert set(renderers[name].needs) == {"capital", "travel-stand-in"}, name


def test_the_print_shop_has_every_card_on_its_own_page_with_its_back(kit):
    game, out, _ = kit
    folder = out / "print-shop" / "generic"
    fronts, backs = (PdfReader(folder / f"empire-ru-{FAMILY.id}-{side}.pdf") for side in ("fronts", "backs"))
    assert len(fronts.pages) == len(backs.pages) == len(game.travel_cards)
    for page in fronts.pages:
        trim = [round(pt_to_mm(float(v)), 2) for v in page.trimbox]
        assert trim[2] - trim[0] == pytest.approx(SPEC.width, abs=0.02) and trim[:2] == [SPEC.bleed, SPEC.bleed]
    text = "".join(p.extract_text() for p in fronts.pages)
    assert all(c.name.get("ru") in text for c in game.travel_cards)
    pngs = sorted((folder / "png" / FAMILY.id).iterdir())
    assert len(pngs) == len(game.travel_cards) + 1  # each face and the back
    assert Image.open(pngs[0]).size == (815, 1110)  # SPEC section 3: 63x88 + 3 mm bleed at 300 dpi


def test_tts_holds_the_deck_in_content_order_beside_the_capital_tiles(kit):
    game, out, _ = kit
    deck = json.loads((out / "tts" / f"empire-ru-{FAMILY.id}.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == [c.name.get("ru") for c in game.travel_cards]
    assert len(deck["DeckIDs"]) == len(game.travel_cards)
    assert (out / "tts" / "empire-ru-capital.json").exists() and (out / "tts" / f"empire-ru-{FAMILY.id}-back.png").exists()


def test_the_preview_shows_every_card_and_the_capital(kit):
    game, out, _ = kit
    page = (out / "index.html").read_text(encoding="utf-8")
    assert f'id="cards-{FAMILY.id}"' in page and 'id="capital"' in page
    assert all(f'data-name="{c.name.get("ru")}"' in page for c in game.travel_cards)
