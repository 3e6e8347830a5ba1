"""The print-shop, TTS and preview exporters on a game that is not ТВЕРДЖА: «Оборона Замка»'s
field (the general board renderer) and the two-sided pieces its standee and paper-model
renderers share. What they need comes from what the pack's renderers share; the files are
read back and measured against the pieces."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp import build as build_mod
from pnp.components import base
from pnp.components.base import BuildOptions
from pnp.components.pieces import Piece
from pnp.content import load_game
from pnp.content.yamlload import load_yaml
from pnp.games import pack_of
from pnp.games.oborona_zamka.modelbuild import build_game
from pnp.core.geometry import pt_to_mm

CONTENT = Path(__file__).resolve().parents[2] / "content" / "oborona-zamka.yaml"


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    loaded, problems = load_yaml(CONTENT, "content/oborona-zamka.yaml")
    assert not problems
    game = build_game(loaded, "content/oborona-zamka.yaml")
    out = tmp_path_factory.mktemp("any-game")
    result = build_mod.build(game, BuildOptions(lang="ru", tts_url_base="https://example.invalid/tts"), out,
                             build_all=True, jobs=1)
    return game, result.out_dir


def standees(game, out: Path) -> tuple[Piece, ...]:
    """The standee renderer's pieces: what the exporters were given."""
    return base.renderers_of(pack_of(game))["standees"].masters(game, base.RenderContext(BuildOptions(lang="ru"), out))


def boxes(path: Path, page: int = 0) -> dict[str, tuple[float, ...]]:
    p = PdfReader(path).pages[page]
    return {name: tuple(round(pt_to_mm(float(v)), 2) for v in getattr(p, name))
            for name in ("mediabox", "bleedbox", "trimbox")}


def test_the_exporters_need_what_the_pack_shares_and_run_after_it():
    renderers = base.renderers_of(pack_of(build_game(load_yaml(CONTENT, "x")[0], "x")))
    sharing = {"board": "board", "models": "pieces", "standees": "pieces"}  # the field, wall pieces, figures
    assert {name: renderers[name].shares for name in sharing} == sharing
    for exporter in ("tts", "print-shop", "preview"):
        assert set(renderers[exporter].needs) == set(sharing), exporter
    order = build_mod.plan(renderers, build_all=True)
    assert max(order.index(n) for n in sharing) < order.index("tts") and order[-1] == "preview"


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
    pieces = standees(game, out)
    for race in game.races:
        own = [p for p in pieces if p.group == race.id]
        w, h = round(own[0].width, 2), round(own[0].height, 2)
        for side in ("fronts", "backs"):
            pdf = folder / f"oborona-zamka-ru-{race.id}-{side}.pdf"
            assert len(PdfReader(pdf).pages) == sum(p.count for p in own) == game.army
            b = boxes(pdf)
            assert b["trimbox"] == pytest.approx((3.0, 3.0, 3 + w, 3 + h), abs=0.011)
            assert b["mediabox"] == pytest.approx((0.0, 0.0, w + 6, h + 6), abs=0.011)
        assert PdfReader(folder / f"oborona-zamka-ru-{race.id}-fronts.pdf").metadata.title.endswith(race.name.get("ru"))


def test_tts_has_the_field_as_a_custom_board_and_each_army_as_a_bag_of_figurines(kit):
    game, out = kit
    tts = out / "tts"
    [board] = json.loads((tts / "oborona-zamka-ru-board.json").read_text(encoding="utf-8"))["ObjectStates"]
    assert board["Name"] == "Custom_Board"
    image = Image.open(tts / "oborona-zamka-ru-board.png")
    assert board["CustomImage"]["ImageURL"] == "https://example.invalid/tts/oborona-zamka-ru-board.png"
    assert board["CustomImage"]["WidthScale"] == pytest.approx(image.width / image.height, abs=0.001)
    orcs = [p for p in standees(game, out) if p.group == "orcs"]
    [bag] = json.loads((tts / "oborona-zamka-ru-orcs.json").read_text(encoding="utf-8"))["ObjectStates"]
    assert bag["Name"] == "Bag" and bag["Nickname"] == game.races[0].name.get("ru") == "Орки"
    figures = bag["ContainedObjects"]
    assert [f["Nickname"] for f in figures] == [p.name for p in orcs for _ in range(p.count)]
    assert {f["Name"] for f in figures} == {"Figurine_Custom"} and len({f["GUID"] for f in figures}) == game.army
    commander = next(f for f in figures if f["Nickname"].endswith(game.ui("commander", "ru")))
    front, back = (commander["CustomImage"][k].rsplit("/", 1)[-1] for k in ("ImageURL", "ImageSecondaryURL"))
    assert (front, back) == ("oborona-zamka-ru-orcs-commander-front.png", "oborona-zamka-ru-orcs-commander-back.png")
    png = Image.open(tts / front)
    assert png.size == (round(orcs[0].width / 25.4 * 300), round(orcs[0].height / 25.4 * 300))
    assert commander["CustomImage"]["WidthScale"] == pytest.approx(orcs[0].width / orcs[0].height, abs=0.001)
    assert Image.open(tts / front).tobytes() != Image.open(tts / back).tobytes()  # two faces, not one twice


def test_the_preview_shows_the_field_and_every_piece_and_lists_every_file(kit):
    game, out = kit
    page = (out / "index.html").read_text(encoding="utf-8")
    figures = re.findall(r'<figure class="(face|back)" data-component="([^"]+)" data-name="([^"]+)" data-count="(\d+)"',
                         page)
    assert ("face", "board", game.ui("comp_board", "ru"), "1") in figures
    faces = {(c, n, int(k)) for side, c, n, k in figures if side == "face" and c.startswith("standees-")}
    assert faces == {(f"standees-{p.group}", p.name, p.count) for p in standees(game, out)}
    for name in ("Сегменты крепостной стены (с запасными)", "Фигурки", "Кубики d6 (не печатаются)"):
        assert name in page
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["files"]:
        if entry["path"] != "index.html" and not entry["path"].startswith(("svg/", "tts/")):
            assert f'href="{entry["path"]}"' in page, entry["path"]
