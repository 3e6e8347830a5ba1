"""The general exporters on «Строительство империи»: the print shop, Tabletop Simulator and the
preview take whatever the pack's renderers share (`Renderer.shares`), so these tests ask the pack
what it shares and hold each export to those masters: the sheets (`sheets`: the capital sheets, a
sheet per race, the magic boards, the reference boards, the worksheet) and the travel cards
(`cards`). The files are read back: page boxes in mm, the printed words against
the home sheet's, the images' pixels, the saved objects' fields, the preview's figures."""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

from pnp import build as build_mod
from pnp.components import base
from pnp.components.base import BuildOptions, RenderContext
from pnp.games.empire.render import chest_rows, creature_rows, hero_rows, neutral_rows
from pnp.exports import printshop, tts
from pnp.games import pack
from pnp.core.geometry import pt_to_mm

#: one language: the exporters read no words of their own, and test_empire_kit.py checks both languages'
#: whole kits (the session's, conftest.whole_kit)
LANGS = ("ru",)
PACK = pack("empire")
RENDERERS = base.renderers_of(PACK)
EXPORTERS = ("print-shop", "tts", "preview")


def sharing(kind: str) -> list[str]:
    return [name for name, r in RENDERERS.items() if r.shares == kind]


@pytest.fixture(scope="module")
def kits(game, whole_kit):
    """lang -> the built folder (--all, the TTS images named by file:/// URLs of where they are); the shipped content's
    four races show how a set of several sheets (capitals, creature decks) is laid out."""
    assert len(game.races) > 1
    return {lang: whole_kit / lang for lang in LANGS}


def masters(game, kits, lang: str, name: str):
    """What renderer `name` shared in this build (drawn again: the same inputs give the same masters)."""
    return RENDERERS[name].masters(game, RenderContext(BuildOptions(lang=lang), kits[lang]))


def boxes(path: Path, page: int) -> dict[str, tuple[float, ...]]:
    p = PdfReader(path).pages[page]
    return {name: tuple(round(pt_to_mm(float(v)), 2) for v in getattr(p, name)) for name in ("mediabox", "bleedbox", "trimbox")}


def page_text(path: Path, page: int) -> list[str]:
    out = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(path), "-"],
                         capture_output=True, text=True, check=True).stdout
    return out.split()


def test_the_exporters_take_exactly_what_the_pack_shares():
    assert RENDERERS["capital"].shares == "sheets"
    for name in EXPORTERS:
        exporter = RENDERERS[name]
        assert set(exporter.needs) == {n for n, r in RENDERERS.items() if r.shares and r.shares in exporter.takes}, name
        assert "sheets" in exporter.takes, name
    order = build_mod.plan(RENDERERS, build_all=True)
    assert order[-1] == "preview" and max(order.index(n) for n in sharing("sheets")) < order.index("tts")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sharing("sheets"))
def test_the_print_shop_has_each_sheet_on_a_page_with_bleed_round_its_trim(game, kits, lang, name):
    shared = masters(game, kits, lang, name)
    shop = kits[lang] / "print-shop" / "generic" / f"empire-{lang}-{name}.pdf"
    home = kits[lang] / f"empire-{lang}-{name}.pdf"  # the renderer's own file: the same sheets, a page each
    assert len(PdfReader(shop).pages) == len(shared.sheets) == len(PdfReader(home).pages) >= 1
    if name == "capital":
        assert len(shared.sheets) == len(game.races) == 4
    for k, sheet in enumerate(shared.sheets):
        b, bleed = boxes(shop, k), printshop.BLEED
        assert b["mediabox"] == b["bleedbox"] == (0.0, 0.0, round(sheet.part.width + 2 * bleed, 2),
                                                  round(sheet.part.height + 2 * bleed, 2))
        assert b["trimbox"][:2] == (bleed, bleed)
        assert b["trimbox"][2] - b["trimbox"][0] == pytest.approx(sheet.part.width, abs=0.02)
        assert b["trimbox"][3] - b["trimbox"][1] == pytest.approx(sheet.part.height, abs=0.02)
        words = page_text(shop, k + 1)
        # the same drawing as the home sheet, word for word, with the sheet's name printed on it (as a multiset:
        # pdftotext orders a page's text blocks by their place on it, and the shop's page is shifted by the bleed)
        assert Counter(words) == Counter(page_text(home, k + 1))
        assert " ".join(words).count(sheet.name) >= 1
    title = PdfReader(shop).metadata.title
    assert title == PdfReader(home).metadata.title == f"{game.title.get(lang)}: {shared.title}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sharing("sheets"))
def test_tts_has_an_image_and_a_custom_tile_for_each_sheet(game, kits, lang, name):
    shared = masters(game, kits, lang, name)
    folder = kits[lang] / "tts"
    saved = json.loads((folder / f"empire-{lang}-{name}.json").read_text(encoding="utf-8"))
    objects = saved["ObjectStates"]
    assert [o["Name"] for o in objects] == ["Custom_Tile"] * len(shared.sheets)
    assert len({o["GUID"] for o in objects}) == len(objects)
    assert len({o["Transform"]["posX"] for o in objects}) == len(objects)  # side by side, not stacked
    for obj, sheet in zip(objects, shared.sheets):
        png = folder / f"empire-{lang}-{name}-{sheet.id}.png"
        assert obj["Nickname"] == f"{shared.title} — {sheet.name}"
        assert obj["CustomImage"]["ImageURL"] == png.resolve().as_uri()
        assert obj["CustomImage"]["WidthScale"] == round(sheet.part.width / sheet.part.height, 4)
        image = Image.open(png)
        assert image.mode == "RGB" and image.size == tts.table_size(sheet.part.width, sheet.part.height)[:2]
        assert max(image.size) <= 4096
        grey = np.asarray(image.convert("L"), dtype=float)
        assert grey.mean() > 200 and (grey < 80).mean() > 0.005  # light paper and its dark words and boxes


def card_renderers() -> list[str]:
    return sharing("cards")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", card_renderers())
def test_every_shared_card_family_is_in_the_print_shop_tts_and_preview(game, kits, lang, name):
    """Per family (the travel cards, each race's creature cards): a print-shop page per card of the deck at the card's trim with its
    bleed, every card's name printed, a 300 dpi PNG per face and the back; a TTS deck holding every
    card in the content's order by name; a preview section with a figure per card."""
    shared = masters(game, kits, lang, name)
    page = (kits[lang] / "index.html").read_text(encoding="utf-8")
    spec = game.print.card
    for family in shared.families:
        deck = shared.decks[family.id]
        rows = family.cards(game, lang)
        names = {r.id: r.fields["name"] for r in rows}
        if family.id == "travel":
            assert deck == [c.id for c in game.travel_cards for _ in range(c.count)]  # each card's copies, in its order
        elif family.id == neutral_rows.FAMILY:  # the neutral armies: each army kind's copies, in the content's order
            assert deck == [a.id for a in game.neutral_deck.armies for _ in range(a.count)]
        elif family.id == chest_rows.FAMILY:  # the bank: one face, as many as the content counts
            assert deck == ["chest"] * game.chests.count
        elif family.id.startswith(hero_rows.PREFIX):  # a race's tavern: one card a hero, by number
            race = next(r for r in game.races if hero_rows.family_id(r.id) == family.id)
            assert [names[i] for i in deck] == [h.name.get(lang) for h in sorted(race.heroes, key=lambda h: h.number)]
        else:  # a race's creature deck: each creature's cards, as many as the content prints, in its order
            race = next(d for d in game.creature_decks if creature_rows.family_id(d.race) == family.id)
            assert len(deck) == len(race.strikes) and [names[i] for i in deck] == [
                c.name.get(lang) for c in race.creatures for _ in c.strikes]
        folder = kits[lang] / "print-shop" / "generic"
        fronts, backs = (folder / f"empire-{lang}-{family.id}-{side}.pdf" for side in ("fronts", "backs"))
        assert len(PdfReader(fronts).pages) == len(PdfReader(backs).pages) == len(deck)
        for k in range(len(deck)):
            b = boxes(fronts, k)
            assert b["trimbox"][:2] == (spec.bleed, spec.bleed)
            assert b["trimbox"][2] - b["trimbox"][0] == pytest.approx(spec.width, abs=0.02)
            assert b["trimbox"][3] - b["trimbox"][1] == pytest.approx(spec.height, abs=0.02)
            words = "".join(page_text(fronts, k + 1)).replace("\u00ad", "").replace("-", "")
            assert names[deck[k]].replace(" ", "").replace("-", "") in words, deck[k]
        pngs = sorted((folder / "png" / family.id).iterdir())
        assert len(pngs) == len(rows) + 1  # each unique face (its copies in the name) and the back
        px = round((spec.width + 2 * spec.bleed) / 25.4 * 300), round((spec.height + 2 * spec.bleed) / 25.4 * 300)
        assert all(Image.open(png).size == px for png in pngs)  # SPEC section 3: 300 dpi with the bleed
        saved = json.loads((kits[lang] / "tts" / f"empire-{lang}-{family.id}.json").read_text(encoding="utf-8"))
        held = saved["ObjectStates"][0]
        assert len(held["DeckIDs"]) == len(deck)
        assert [c["Nickname"] for c in held["ContainedObjects"]] == [names[i] for i in deck]
        assert f'id="cards-{family.id}"' in page
        assert all(f'data-name="{names[i]}"' in page for i in deck)


class Page(HTMLParser):
    """The preview's figures (data-component, data-name) and every link."""

    def __init__(self) -> None:
        super().__init__()
        self.figures: list[tuple[str, str]] = []
        self.links: set[str] = set()
        self.cells: list[str] = []
        self._td = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "figure":
            self.figures.append((a["data-component"], a["data-name"]))
        elif tag == "a":
            self.links.add(a["href"])
        self._td = tag == "td"

    def handle_data(self, data):
        if self._td:
            self.cells.append(data)
            self._td = False


@pytest.mark.parametrize("lang", LANGS)
def test_the_preview_shows_every_sheet_lists_the_kit_and_links_every_file(game, kits, lang):
    parsed = Page()
    parsed.feed((kits[lang] / "index.html").read_text(encoding="utf-8"))
    for name in sharing("sheets"):
        shared = masters(game, kits, lang, name)
        assert [n for c, n in parsed.figures if c == name] == [f"{shared.title}: {s.name}" for s in shared.sheets]
    rows = [cell for pair in PACK.kit(game, lang) for cell in (pair[0], str(pair[1]))]
    assert parsed.cells == rows
    assert (game.ui("kit_capital_sheets", lang), len(game.races)) in PACK.kit(game, lang)
    listed = json.loads((kits[lang] / "manifest.json").read_text(encoding="utf-8"))["files"]
    for f in listed:
        if f["kind"] != "preview":
            assert f["path"] in parsed.links or f["path"].rsplit("/", 1)[0] + "/" in parsed.links, f["path"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_preview_names_every_travel_card_type_the_content_ships(game, kits, lang):
    rows = dict(PACK.kit(game, lang))
    for t in game.travel_types:
        n = sum(c.count for c in game.travel_cards if c.type == t.id)
        assert rows.get(game.ui("kit_travel_cards", lang, type=t.name.get(lang)), 0) == n, t.id
    # the colour-in copies, a blank a type, a board a playable school, the three reference boards, the worksheet
    copies = sum(c.count for c in game.travel_cards)
    assert rows[game.ui("kit_colour_in", lang)] == copies
    assert rows[game.ui("kit_neutral_cards", lang)] == game.neutral_deck.size == 18
    assert rows[game.ui("kit_chest_cards", lang)] == game.chests.count
    assert rows[game.ui("kit_blanks", lang)] == len(game.travel_types)
    schools = [s for s in game.battle.magic.schools if s.playable]
    assert all(rows[game.ui("kit_magic_board", lang, school=s.name.get(lang))] == 1 for s in schools)
    assert rows[game.ui("kit_worksheet", lang)] == 1
    races = {r.id: r.name.get(lang) for r in game.races}
    assert all(rows[game.ui("kit_creature_cards", lang, race=races[d.race])] == len(d.strikes) for d in game.creature_decks)
    assert all(rows[game.ui("kit_hero_cards", lang, race=r.name.get(lang))] == len(r.heroes) for r in game.races)
    assert sum(rows.values()) == (len(game.races) + sum(len(d.strikes) for d in game.creature_decks)
                                  + sum(len(r.heroes) for r in game.races)
                                  + 2 * copies + len(game.travel_types) + game.neutral_deck.size + game.chests.count
                                  + len(schools) + 3 + 1)
