"""A game added without editing pnp: the ВУЛИК test pack (tests/packs/) through `pnp games`,
`pnp check`, `pnp build` and the preflight, as subprocesses, measured on the real PDFs.

The pack registers through the `pnp.games` entry-point group of its dist-info folder, which
is found because tests/packs/ is on PYTHONPATH, as a pip-installed distribution would be.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.build import renderers_of
from pnp.games.tverdzha.pack import PACK as TVERDZHA
from pnp.print.preflight import preflight

ROOT = Path(__file__).resolve().parent.parent
PACKS = Path(__file__).resolve().parent / "packs"
CONTENT = PACKS / "pnp_vulyk" / "vulyk.yaml"
PT_PER_MM = 72 / 25.4


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(PACKS)])}
    return subprocess.run([sys.executable, "-m", "pnp.cli", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def _mm(points: str) -> float:
    return round(float(points) / PT_PER_MM, 1)


def _page_size_mm(path: Path) -> tuple[float, float]:
    info = subprocess.run(["pdfinfo", "-box", str(path)], capture_output=True, text=True, check=True).stdout
    x0, y0, x1, y1 = re.search(r"MediaBox:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)", info).groups()
    return _mm(float(x1) - float(x0)), _mm(float(y1) - float(y0))


def _words(path: Path, page: int) -> list[tuple[str, float, float]]:
    """(word, centre x, centre y in mm) of every word pdftotext finds on `page`."""
    html = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
                          capture_output=True, text=True, check=True).stdout
    return [(w, _mm((float(x0) + float(x1)) / 2), _mm((float(y0) + float(y1)) / 2)) for x0, y0, x1, y1, w in
            re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', html)]


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("vulyk")
    proc = _run("build", "--game", "vulyk", "--out", str(out), cwd=out)
    assert proc.returncode == 0, proc.stderr
    return out / "uk"


def test_games_lists_the_bundled_game_and_the_installed_pack(tmp_path):
    proc = _run("games", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    rows = [line.split() for line in proc.stdout.splitlines()]
    assert ["tverdzha", "ТВЕРДЖА", "(uk)", "bundled"] in rows
    assert ["vulyk", "ВУЛИК", "(uk)", "pnp_vulyk.pack:PACK"] in rows


def test_check_runs_the_checks_the_pack_names(tmp_path):
    proc = _run("check", "--game", "vulyk", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().endswith("ok — 13 flower cards, 19 hex cells, 0 warnings")


def test_a_name_too_wide_for_the_small_card_is_reported_where_it_was_written(tmp_path):
    """pnp's text-fit check sets the name as the card renderer will: 12 pt in one line of the
    safe zone's width (44 mm less 2 x 4 mm), and reports the flower's own line."""
    bad = tmp_path / "vulyk.yaml"
    bad.write_text(CONTENT.read_text(encoding="utf-8").replace("{uk: Волошка}", "{uk: Волошка синя польова}"),
                   encoding="utf-8")
    line = next(n for n, text in enumerate(bad.read_text(encoding="utf-8").splitlines(), 1) if "Волошка" in text)
    proc = _run("check", "--content", str(bad), cwd=tmp_path)
    assert proc.returncode == 1
    assert re.search(rf"vulyk\.yaml:{line}:\d+: error: flower card 'Волошка синя польова' \(cornflower\), uk: "
                     r"the name text does not fit even at 12 pt: [\d.]+ mm missing \(2 lines in a 36\.0x[\d.]+ mm box\) "
                     r"\[text-overflow\]", proc.stdout), proc.stdout


def test_an_unknown_family_icon_is_reported_by_the_card_layout_check(tmp_path):
    bad = tmp_path / "vulyk.yaml"
    bad.write_text(CONTENT.read_text(encoding="utf-8").replace("icon: flower", "icon: flowr"), encoding="utf-8")
    proc = _run("check", "--content", str(bad), cwd=tmp_path)
    assert proc.returncode == 1
    assert "error: card family 'flower': expected an icon, found 'flowr' [family-ref]" in proc.stdout, proc.stdout


def test_an_unknown_pack_is_a_content_error_with_a_suggestion(tmp_path):
    bad = tmp_path / "vulyk.yaml"
    bad.write_text(CONTENT.read_text(encoding="utf-8").replace("pack: vulyk", "pack: vulik"), encoding="utf-8")
    proc = _run("check", "--content", str(bad), cwd=tmp_path)
    assert proc.returncode == 1
    assert "vulyk.yaml:4:7: error: pack: expected the id of a game pack (data, empire, oborona-zamka, tverdzha, vulyk), found 'vulik' " \
           "[unknown-game]" in proc.stdout
    assert "did you mean 'vulyk'?" in proc.stdout


def test_build_writes_the_packs_kit_and_manifest(kit):
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["game"] == "vulyk"
    assert [(f["path"], f["kind"], f["pages"]) for f in manifest["files"]] == [
        ("svg/LICENSE-ParaType.txt", "svg", 0),  # the cards: pnp's card renderer
        ("svg/board/LICENSE-ParaType.txt", "board", 0), ("svg/board/vulyk-board.svg", "board", 0),  # pnp's board renderer
        ("svg/cards/back-flower.svg", "svg", 0),
        ("svg/cards/flower-cornflower.svg", "svg", 0), ("svg/cards/flower-poppy.svg", "svg", 0),
        ("svg/cards/flower-sunflower.svg", "svg", 0),
        ("vulyk-uk-board-a4-tiles.pdf", "board", 2), ("vulyk-uk-board.pdf", "board", 1),
        ("vulyk-uk-cards.pdf", "cards", 2)]
    assert manifest["components"] == {"flower_cards": 13, "hex_cells": 19}


def test_every_pdf_passes_the_preflight(kit):
    for name in ("vulyk-uk-cards.pdf", "vulyk-uk-board.pdf"):
        assert preflight(kit / name) == [], name


def test_mini_euro_cards_are_printed_on_a4_at_44_by_68_mm(kit):
    cards = kit / "vulyk-uk-cards.pdf"
    assert _page_size_mm(cards) == (210.0, 297.0)
    fronts = _words(cards, 1)
    names = [w for w, _, _ in fronts]
    assert (names.count("Соняшник"), names.count("Мак"), names.count("Волошка")) == (5, 4, 4)
    # the names sit at the same place on every card: their spacing is the card's size
    xs = sorted({round(x) for w, x, _ in fronts if w in ("Соняшник", "Мак", "Волошка")})
    ys = sorted({round(y) for w, _, y in fronts if w in ("Соняшник", "Мак", "Волошка")})
    assert [b - a for a, b in zip(xs, xs[1:])] == [44, 44, 44]
    assert [b - a for a, b in zip(ys, ys[1:])] == [68, 68, 68]
    backs = [w for w, _, _ in _words(cards, 2)]
    assert backs.count("Вулик") == 13 and backs.count("Квітка") == 13


def test_each_card_prints_its_honey_through_the_ui_template(kit):
    """The layout's honey element fills the content's `Мед: {honey}` with each flower's honey,
    under its name on the same card."""
    fronts = _words(kit / "vulyk-uk-cards.pdf", 1)
    honey = {flower: int(n) for flower, n in re.findall(r"\{id: \w+, name: \{uk: (\w+)\}, honey: (\d)",
                                                          CONTENT.read_text(encoding="utf-8"))}
    names = [(w, x, y) for w, x, y in fronts if w in honey]
    labels = [(x, y) for w, x, y in fronts if w == "Мед:"]
    # the number right after "Мед:" on its line (the sheet's own labels have numbers too)
    numbers = [(int(w), x, y) for w, x, y in fronts if w.isdigit() and any(0 < x - lx < 8 and ly == y for lx, ly in labels)]
    assert len(labels) == len(names) == len(numbers) == 13
    for name, x, y in names:
        below = [n for n, nx, ny in numbers if abs(nx - x) < 22 and 0 < ny - y < 68]
        assert below == [honey[name]], name


def test_the_hex_board_prints_every_axial_coordinate_once(kit):
    board = kit / "vulyk-uk-board.pdf"
    assert _page_size_mm(board) == (420.0, 297.0)  # the general board renderer's large page: A3
    coords = [w for w, _, _ in _words(board, 1) if re.fullmatch(r"-?\d,-?\d", w)]
    expected = {f"{q},{r}" for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2}
    assert len(coords) == 19 and set(coords) == expected


def test_two_games_in_one_process_share_the_card_renderer_and_each_has_its_board_of_one_name(monkeypatch):
    monkeypatch.syspath_prepend(str(PACKS))
    vulyk = importlib.import_module("pnp_vulyk.pack").PACK
    ours, theirs = renderers_of(TVERDZHA), renderers_of(vulyk)
    assert type(ours["cards"]).__module__ == type(theirs["cards"]).__module__ == "pnp.components.cards"
    # two renderers named "board": ТВЕРДЖА's own lens board, and pnp's general board for ВУЛИК's hexes
    assert type(ours["board"]).__module__ == "pnp.games.tverdzha.render.board"
    assert type(theirs["board"]).__module__ == "pnp.components.board_sheet"
    assert list(theirs) == ["cards", "board", "print-shop", "tts"]


def test_listing_the_packs_imports_no_renderer_cairo_or_simulator():
    """The registry reads the packs' declarations only (pnp.games.Lazy for what the kit is counted by):
    `pnp games`, `pnp check` and every command's start do not pay for cairo, the drawing code or the engine."""
    heavy = ("cairocffi", "cairosvg", "pnp.art.draw", "pnp.print.pdf", "pnp.sim.runner", "scipy",
             "pnp.games.empire.render.board_reference", "pnp.games.tverdzha.icon_speech",
             # each game's model and model builder: imported where a content file of that game is read
             "pnp.games.tverdzha.model", "pnp.games.empire.model", "pnp.games.oborona_zamka.model",
             "pnp.games.tverdzha.modelbuild", "pnp.games.tverdzha.facts", "svgwrite", "jsonschema")
    probe = ("import sys, pnp.games as g; g.packs(); "
             f"print(' '.join(m for m in {heavy!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == []


def test_checking_a_game_imports_neither_the_other_games_nor_what_only_writes_pdfs():
    """`pnp check` is run at every edit: it reads one game's model, fits its texts with the font
    metrics, and loads neither another game's model nor pypdf and reportlab, which only the PDF
    writers need (about 0.15 s of a check's 0.8 s when they did), nor PIL (only pixels need it) and the
    worker pools' multiprocessing (a check starts no worker)."""
    unwanted = ("pnp.games.empire.model", "pnp.games.oborona_zamka.model", "pnp.games.empire.modelbuild",
                "pypdf", "reportlab", "cairosvg", "pnp.sim.runner", "PIL", "multiprocessing", "concurrent.futures")
    probe = ("import sys; from pnp.commands.check import run; code = run(None); "
             f"print(code, ' '.join(m for m in {unwanted!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    code, *loaded = done.stdout.splitlines()[-1].split()
    assert code == "0" and loaded == []


def test_every_bundled_pack_takes_its_text_and_ui_shapes_from_the_base_schema():
    """A player-facing text and the ui strings are declared once (pnp/content/base.schema.json):
    every bundled pack refers to them, so a text is the same shape in every game."""
    from pnp.games import packs
    from pnp.content import schema as content_schema
    base = json.loads(content_schema.BASE_SCHEMA_PATH.read_text(encoding="utf-8"))["$defs"]
    assert {"text", "ui"} <= set(base)
    for name, pack in packs().items():
        if name == "vulyk":
            continue  # the test pack installed beside pnp: an outside pack may shape its own
        own = json.loads(pack.schema.read_text(encoding="utf-8"))
        assert own["$defs"]["text"]["$ref"].endswith("base.schema.json#/$defs/text"), name
        assert own["properties"]["ui"]["$ref"].endswith("base.schema.json#/$defs/ui"), name


def _refs(node, path=""):
    """(path, $ref) of every reference in a schema."""
    if isinstance(node, dict):
        if "$ref" in node:
            yield path, node["$ref"]
        for key, value in node.items():
            yield from _refs(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _refs(value, f"{path}/{i}")


def _numbered_sizes(node, path=""):
    """Paths of objects that declare a card's trim (`width` and `height` and `bleed`) or a grid (`kind`
    with `cols`) in properties of their own, rather than through the shared shapes."""
    if isinstance(node, dict):
        props = node.get("properties", {})
        if {"width", "height", "bleed"} <= set(props) and "$ref" not in props["width"]:
            yield path
        if {"kind", "cols"} <= set(props):
            yield path
        for key, value in node.items():
            yield from _numbered_sizes(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _numbered_sizes(value, f"{path}/{i}")


def _own_families(node, path=""):
    """Paths of objects that declare a card family's print (its layout, back, colour and icon) in
    properties that do not rest on the shared shape."""
    if isinstance(node, dict):
        props = node.get("properties", {})
        if {"layout", "back", "colour", "icon"} <= set(props):
            for key in ("id", "layout", "back", "colour", "icon"):
                if "card_family/properties/" not in json.dumps(props.get(key, {})):
                    yield f"{path}/properties/{key}"
        for key, value in node.items():
            yield from _own_families(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _own_families(value, f"{path}/{i}")


def test_a_cards_print_size_and_a_boards_grid_are_declared_once_in_the_base_schema():
    """A card's trim, bleed, safe margin and smallest text, a board's grid, and what a card family says of
    its print (id, layout, back, colour, icon) mean the same in every game: one shape each in
    pnp/content/base.schema.json, which the bundled packs refer to (and may narrow)."""
    from pnp.games import packs
    from pnp.content import schema as content_schema
    base = json.loads(content_schema.BASE_SCHEMA_PATH.read_text(encoding="utf-8"))["$defs"]
    assert {"card_print", "topology", "card_family"} <= set(base)
    users = {"card_print": set(), "topology": set(), "card_family": set()}
    for name, pack in packs().items():
        if name == "vulyk":
            continue  # the test pack installed beside pnp: an outside pack may shape its own
        own = json.loads(pack.schema.read_text(encoding="utf-8"))
        assert not list(_numbered_sizes(own)), (name, list(_numbered_sizes(own)))
        assert not list(_own_families(own)), (name, list(_own_families(own)))
        for _, ref in _refs(own):
            for shape in users:
                if f"base.schema.json#/$defs/{shape}" in ref:
                    users[shape].add(name)
    # the empire's card families are its decks, made by its model from the races' and the decks' data
    assert users == {"card_print": {"tverdzha", "empire", "data"}, "topology": {"tverdzha", "data"},
                     "card_family": {"tverdzha", "data"}}
