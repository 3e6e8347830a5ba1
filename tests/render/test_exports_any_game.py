"""The print-shop, TTS and preview exporters on a game that is not ТВЕРДЖА: «Оборона Замка»'s
field (the general board renderer) and two-sided pieces shared by a small renderer of this
test, as a standee renderer shares them. What they need comes from what the pack's
renderers share; the files are read back and measured."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp import build as build_mod
from pnp.art import svg
from pnp.components import base
from pnp.components.base import BuildOptions, Renderer, register
from pnp.components.pieces import Piece
from pnp.content import load_game
from pnp.content.yamlload import load_yaml
from pnp.games import pack_of
from pnp.games.oborona_zamka.modelbuild import build_game
from pnp.print.geometry import pt_to_mm

CONTENT = Path(__file__).resolve().parents[2] / "content" / "oborona-zamka.yaml"
W, H = 24.0, 40.0  # mm: a standee's figure


def _face(colour: str) -> str:
    return svg.document(W, H, svg.rect(0, 0, W, H, fill=colour))


PIECES = (Piece("orcs-warrior", "Орк-воин", "orcs", _face("#5e7d32"), _face("#3e5d12"), W, H, count=4),
          Piece("orcs-commander", "Орк-командир", "orcs", _face("#6e8d42"), _face("#3e5d12"), W, H),
          Piece("knights-warrior", "Рыцарь", "knights", _face("#2f5597"), _face("#1f3577"), W, H, count=2))


@register
class FakeStandees(Renderer):
    """Shares PIECES, as the standee renderer shares its figures; prints nothing itself."""

    name = "standees"
    shares = "pieces"

    def masters(self, game, ctx) -> tuple[Piece, ...]:
        return PIECES

    def render(self, game, ctx):
        return []


def with_standees(pack):
    return base.renderers_of(dataclasses.replace(pack, renderers=(*pack.renderers, __name__)))


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    loaded, problems = load_yaml(CONTENT, "content/oborona-zamka.yaml")
    assert not problems
    game = build_game(loaded, "content/oborona-zamka.yaml")
    out = tmp_path_factory.mktemp("any-game")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build_mod, "renderers_of", with_standees)
        result = build_mod.build(game, BuildOptions(lang="ru", tts_url_base="https://example.invalid/tts"), out,
                                 build_all=True, jobs=1)
    return game, result.out_dir


def boxes(path: Path, page: int = 0) -> dict[str, tuple[float, ...]]:
    p = PdfReader(path).pages[page]
    return {name: tuple(round(pt_to_mm(float(v)), 2) for v in getattr(p, name))
            for name in ("mediabox", "bleedbox", "trimbox")}


def test_the_exporters_need_what_the_pack_shares_and_run_after_it():
    renderers = with_standees(pack_of(build_game(load_yaml(CONTENT, "x")[0], "x")))
    assert renderers["tts"].needs == ("board", "standees")
    assert renderers["print-shop"].needs == ("board", "standees")
    assert renderers["preview"].needs == ("board", "standees")
    order = build_mod.plan(renderers, build_all=True)
    assert order.index("standees") < order.index("tts") and order[-1] == "preview"


def test_tverdzha_exporters_need_its_cards_boards_and_mats():
    tverdzha, _ = load_game()
    renderers = base.renderers_of(pack_of(tverdzha))
    assert set(renderers["tts"].needs) == {"cards", "board", "mats"}
    assert set(renderers["preview"].needs) == {"cards", "tokens", "aids", "board", "mats"}
    assert renderers["print-shop"].needs == ("cards",)


def test_the_print_shop_has_the_field_with_bleed_and_the_pieces_a_page_per_copy(kit):
    game, out = kit
    folder = out / "print-shop" / "generic"
    board = boxes(folder / "oborona-zamka-ru-board.pdf")
    part = base.renderers_of(pack_of(game))["board"].masters(game, base.RenderContext(BuildOptions(lang="ru"), out))
    assert board["trimbox"][2] - board["trimbox"][0] == pytest.approx(part.width, abs=0.02)
    assert board["trimbox"][:2] == (3.0, 3.0) and board["mediabox"] == board["bleedbox"]
    assert board["mediabox"][2] == pytest.approx(part.width + 6, abs=0.02)
    for group, copies in (("orcs", 5), ("knights", 2)):
        for side in ("fronts", "backs"):
            pdf = folder / f"oborona-zamka-ru-{group}-{side}.pdf"
            assert len(PdfReader(pdf).pages) == copies
            b = boxes(pdf)
            assert b["trimbox"] == (3.0, 3.0, 3 + W, 3 + H) and b["mediabox"] == (0.0, 0.0, W + 6, H + 6)


def test_tts_has_the_field_as_a_custom_board_and_each_army_as_a_bag_of_figurines(kit):
    _, out = kit
    tts = out / "tts"
    [board] = json.loads((tts / "oborona-zamka-ru-board.json").read_text(encoding="utf-8"))["ObjectStates"]
    assert board["Name"] == "Custom_Board"
    image = Image.open(tts / "oborona-zamka-ru-board.png")
    assert board["CustomImage"]["ImageURL"] == "https://example.invalid/tts/oborona-zamka-ru-board.png"
    assert board["CustomImage"]["WidthScale"] == pytest.approx(image.width / image.height, abs=0.001)
    [bag] = json.loads((tts / "oborona-zamka-ru-orcs.json").read_text(encoding="utf-8"))["ObjectStates"]
    assert bag["Name"] == "Bag" and bag["Nickname"] == "Орк-воин · Орк-командир"
    figures = bag["ContainedObjects"]
    assert [f["Nickname"] for f in figures] == ["Орк-воин"] * 4 + ["Орк-командир"]
    assert {f["Name"] for f in figures} == {"Figurine_Custom"} and len({f["GUID"] for f in figures}) == 5
    front, back = (figures[-1]["CustomImage"][k].rsplit("/", 1)[-1] for k in ("ImageURL", "ImageSecondaryURL"))
    assert (front, back) == ("oborona-zamka-ru-orcs-commander-front.png", "oborona-zamka-ru-orcs-commander-back.png")
    png = Image.open(tts / front)
    assert png.size == (round(W / 25.4 * 300), round(H / 25.4 * 300))
    assert png.getpixel((10, 10))[:3] == (0x6e, 0x8d, 0x42)  # the commander's own front
    assert Image.open(tts / back).getpixel((10, 10))[:3] == (0x3e, 0x5d, 0x12)


def test_the_preview_shows_the_field_and_every_piece_and_lists_every_file(kit):
    game, out = kit
    page = (out / "index.html").read_text(encoding="utf-8")
    figures = re.findall(r'<figure class="(face|back)" data-component="([^"]+)" data-name="([^"]+)" data-count="(\d+)"',
                         page)
    assert ("face", "board", game.ui("comp_board", "ru"), "1") in figures
    faces = {(c, n, int(k)) for side, c, n, k in figures if side == "face" and c.startswith("standees-")}
    assert faces == {("standees-orcs", "Орк-воин", 4), ("standees-orcs", "Орк-командир", 1),
                     ("standees-knights", "Рыцарь", 2)}
    for name in ("Сегменты крепостной стены (с запасными)", "Фигурки", "Кубики d6 (не печатаются)"):
        assert name in page
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["files"]:
        if entry["path"] != "index.html" and not entry["path"].startswith(("svg/", "tts/")):
            assert f'href="{entry["path"]}"' in page, entry["path"]
