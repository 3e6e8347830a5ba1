"""The paper wall and castle (`pnp build --only models`), measured on the real PDF in mm."""

import dataclasses
import io
import json
import math
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

import pnp.games.oborona_zamka
from oborona_field import GAME
from pnp.build import build
from pnp.components.base import BuildOptions, RenderContext
from pnp.exports.printshop import BLEED, piece_pdfs
from pnp.exports.shop_presets import DPI, PRESETS
from pnp.games.oborona_zamka.render.models import ModelsRenderer
from pnp.games.oborona_zamka.render.papercraft import FOLD_WIDTH, MOUNTAIN_INK, VALLEY_INK
from pnp.print import pdf
from pnp.core.geometry import NO_PRINT_MARGIN, paper, pt_to_mm, px_to_mm
from pnp.print.tiling import CUT_INK

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "render"))
from pdfprobe import drawing, ink_boxes, pdffonts, text  # noqa: E402

EDGE = GAME.field.across_flats / math.sqrt(3)  # the printed hex edge
TOL = 0.2  # mm
LONG = 0.75 * EDGE  # shorter strokes are the diagrams' and the crenels'


def rgb(hex_colour: str) -> tuple[float, ...]:
    return tuple(int(hex_colour[k:k + 2], 16) / 255 for k in (1, 3, 5))


def lines(data: bytes, page: int, ink: str, *, vertical: bool, width: float | None = None):
    """Straight strokes of colour `ink` on 0-based `page`, (x1, y1, x2, y2) with x1<=x2, y1<=y2."""
    want = rgb(ink)
    found = []
    for s in drawing(data, page).segments:
        if len(s.colour) != 3 or any(abs(a - b) > 0.01 for a, b in zip(s.colour, want)):
            continue
        if width is not None and abs(s.width - width) > 0.01:
            continue
        if (abs(s.x1 - s.x2) < 0.01) if vertical else (abs(s.y1 - s.y2) < 0.01):
            found.append((min(s.x1, s.x2), min(s.y1, s.y2), max(s.x1, s.x2), max(s.y1, s.y2)))
    return found


def end_pairs(strokes):
    """Vertical strokes grouped by their span (one row of pieces), paired left to right."""
    rows: dict[tuple[float, float], list[float]] = {}
    for x1, y1, _, y2 in strokes:
        if y2 - y1 > LONG:
            rows.setdefault((round(y1, 2), round(y2, 2)), []).append(x1)
    pairs = []
    for xs in rows.values():
        xs.sort()
        assert len(xs) % 2 == 0, xs
        pairs += [(xs[k], xs[k + 1]) for k in range(0, len(xs), 2)]
    return pairs


@pytest.fixture(scope="module", params=[("ru", "a4"), ("uk", "letter")])
def kit(request, tmp_path_factory):
    lang, sheet = request.param
    result = build(GAME, BuildOptions(lang=lang, paper=sheet), out_root=tmp_path_factory.mktemp("models"),
                   only=("models",))
    path = result.out_dir / f"oborona-zamka-{lang}-models.pdf"
    return lang, sheet, path.read_bytes(), result


def test_every_wall_piece_spans_exactly_one_hex_edge(kit):
    _, _, data, _ = kit
    folds = end_pairs(lines(data, 0, MOUNTAIN_INK, vertical=True, width=FOLD_WIDTH))
    assert len(folds) == len(GAME.field.walls()) + GAME.components.spare_wall_segments
    for a, b in folds:  # face B's end folds (to the tabs that wrap round onto face A)
        assert abs((b - a) - EDGE) <= TOL, (a, b, EDGE)
    cut_ends = [s[0] for s in lines(data, 0, CUT_INK, vertical=True) if s[3] - s[1] > LONG]
    for x in (x for pair in folds for x in pair):  # face A's cut ends lie on the same lines
        assert any(abs(x - c) < 0.01 for c in cut_ends), x


def test_the_feet_leave_the_middle_of_each_hex_free(kit):
    """A foot reaches from its fold to its cut edge: at most a quarter of the way to the hex's centre,
    so three quarters of the hex's inner circle (a 25 mm base in a 34 mm hex) stay free."""
    _, _, data, _ = kit
    folds = [s for s in lines(data, 0, VALLEY_INK, vertical=False, width=FOLD_WIDTH) if s[2] - s[0] > LONG]
    edges = [s for s in lines(data, 0, CUT_INK, vertical=False) if s[2] - s[0] > LONG * 0.8]
    assert folds
    for x1, y, x2, _ in folds:
        nearest = min(abs(e[1] - y) for e in edges if e[0] >= x1 - 0.01 and e[2] <= x2 + 0.01)
        assert 0 < nearest <= GAME.field.across_flats / 2 / 4


def test_each_half_tower_stands_inside_its_hex_and_the_walls_join_them(kit):
    _, _, data, _ = kit
    folds = lines(data, 1, MOUNTAIN_INK, vertical=False, width=FOLD_WIDTH)
    spans: dict[tuple[float, float], list[float]] = {}
    for x1, y, x2, _ in folds:
        spans.setdefault((round(x1, 2), round(x2, 2)), []).append(y)
    towers, joins = [], []
    for (x1, x2), ys in spans.items():
        if len(ys) == 2:
            side, apart = x2 - x1, abs(ys[1] - ys[0])
            (towers if abs(apart - side * math.sqrt(3)) < 0.05 else joins).append((side, apart))
    assert len(towers) == len(GAME.field.castle) == 2 and len(joins) == 1
    for side, across in towers:  # the floor: a regular hexagon turned like the field's hexes
        assert across < GAME.field.across_flats - 2.0 and 2 * side < 2 * EDGE
    gap = joins[0][0]  # the joining walls' length, fold to fold
    assert abs(gap - (GAME.field.across_flats - towers[0][1])) <= TOL


def test_labels_are_extractable_in_the_build_language(kit):
    lang, _, data, _ = kit
    walls = " ".join(text(data, 1).split())
    for a, b in GAME.field.walls():
        assert f"{GAME.hex_name(a, lang)} · {GAME.hex_name(b, lang)}" in walls
    assert walls.count(GAME.ui("models_spare", lang)) == 2 * GAME.components.spare_wall_segments
    assert f"{GAME.ui('models_title', lang)} · {GAME.ui('print_page', lang, page=1, pages=2)}" in walls
    for key in ("models_cut", "models_valley", "models_mountain", "models_glue"):
        assert GAME.ui(key, lang) in walls
    castle = " ".join(text(data, 2).split())
    for cell in GAME.field.castle:
        assert GAME.hex_name(cell, lang) in castle
    assert " ".join(GAME.ui("print_scale", lang).split()) in castle


def test_fonts_embedded_pages_and_margins(kit):
    _, sheet, data, _ = kit
    rows = pdffonts(data)
    assert rows and all(row[-5] == "yes" for row in rows)
    want = paper(sheet)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2
    for page in reader.pages:
        size = (pt_to_mm(float(page.mediabox.width)), pt_to_mm(float(page.mediabox.height)))
        assert abs(size[0] - want.width) < 0.05 and abs(size[1] - want.height) < 0.05
    for x0, y0, x1, y1 in ink_boxes(data):
        assert x0 >= NO_PRINT_MARGIN and y0 >= NO_PRINT_MARGIN
        assert x1 <= want.width - NO_PRINT_MARGIN and y1 <= want.height - NO_PRINT_MARGIN


def test_the_manifest_lists_the_models_and_two_builds_are_identical(kit, tmp_path):
    lang, sheet, data, result = kit
    kinds = {f.kind for f in result.files}
    assert kinds == {"models"} and not result.notes  # no step's words overflow their box
    masters = [f.path for f in result.files if f.path.endswith(".svg")]
    walls = len(GAME.field.walls()) + GAME.components.spare_wall_segments
    assert len([m for m in masters if "-wall-" in m]) == walls
    assert len([m for m in masters if "-half-tower-" in m]) == len(GAME.field.castle)
    again = build(GAME, BuildOptions(lang=lang, paper=sheet), out_root=tmp_path, only=("models",))
    for f in result.files:
        assert (again.out_dir / f.path).read_bytes() == (result.out_dir / f.path).read_bytes(), f.path


def test_the_wall_pieces_are_shared_as_two_sided_pieces_one_edge_long(tmp_path):
    renderer = ModelsRenderer()
    assert renderer.shares == "pieces"
    pieces = renderer.masters(GAME, RenderContext(BuildOptions(lang="ru"), tmp_path))
    assert len(pieces) == len(GAME.field.walls()) + GAME.components.spare_wall_segments
    assert len({p.id for p in pieces}) == len(pieces)
    for piece in pieces:
        assert abs(piece.width - EDGE) < 1e-9
        for face in (piece.front, piece.back):
            assert all(abs(a - b) < 0.001 for a, b in zip(pdf.svg_size_mm(face), (piece.width, piece.height)))
    a, b = GAME.field.walls()[0]
    assert pieces[0].name == f"{GAME.ui('wall', 'ru')} {GAME.hex_name(a, 'ru')} · {GAME.hex_name(b, 'ru')}"


@pytest.mark.parametrize("shop", sorted(PRESETS))
def test_the_wall_pieces_print_as_vector_at_every_shop_bleed(shop, tmp_path):
    """`--only print-shop --shop mpc` exited 70: at its 36 px (3.048 mm) bleed cairo drew every
    wall piece's page as a raster image. Every preset's piece files are vector."""
    preset = PRESETS[shop]
    bleed = px_to_mm(preset.bleed_px, DPI) if preset.bleed_px is not None else BLEED
    pieces = ModelsRenderer().masters(GAME, RenderContext(BuildOptions(lang="uk"), tmp_path))
    for group in piece_pdfs(pieces, bleed, "alternate").values():
        for _, pages in group:
            data = pdf.render(pages, pdf.DocInfo("walls"))
            assert len(PdfReader(io.BytesIO(data)).pages) == 2 * len(pieces)


def _sized(flats: float):
    """The shipped game with another hex size (what `field.hex.across_flats` sets)."""
    return dataclasses.replace(GAME, field=dataclasses.replace(GAME.field, across_flats=flats))


HEX_RANGE = json.loads((Path(pnp.games.oborona_zamka.__file__).parent / "schema.json").read_text(encoding="utf-8"))
HEX_RANGE = HEX_RANGE["properties"]["field"]["properties"]["hex"]["properties"]["across_flats"]


@pytest.mark.parametrize("sheet", ["a4", "letter"])
def test_a_larger_hex_flows_the_models_onto_more_sheets(sheet, tmp_path):
    """A 60 mm hex: 271 mm of wall pieces no longer fit one sheet (exit 70 before); they go on
    to the next, every piece whole and inside the printable area, every page labelled i/N."""
    game = _sized(60)
    result = build(game, BuildOptions(lang="uk", paper=sheet), out_root=tmp_path, only=("models",))
    data = (result.out_dir / "oborona-zamka-uk-models.pdf").read_bytes()
    pages = len(PdfReader(io.BytesIO(data)).pages)
    assert pages > 2
    want = paper(sheet)
    for x0, y0, x1, y1 in ink_boxes(data):
        assert x0 >= NO_PRINT_MARGIN and y0 >= NO_PRINT_MARGIN
        assert x1 <= want.width - NO_PRINT_MARGIN and y1 <= want.height - NO_PRINT_MARGIN
    words = " ".join(" ".join(text(data, p + 1).split()) for p in range(pages))
    for page in range(1, pages + 1):
        assert game.ui("print_page", "uk", page=page, pages=pages) in words
    assert words.count(game.ui("models_spare", "uk")) == 2 * game.components.spare_wall_segments
    for a, b in game.field.walls():  # every piece, once
        assert f"{game.hex_name(a, 'uk')} · {game.hex_name(b, 'uk')}" in words
    for cell in game.field.castle:
        assert game.hex_name(cell, "uk") in words


@pytest.mark.parametrize("flats,sheet", [(HEX_RANGE["minimum"], "a4"), (HEX_RANGE["maximum"], "a4"),
                                         (HEX_RANGE["maximum"], "letter")])
def test_every_hex_the_schema_allows_prints_its_models_and_standees(flats, sheet, tmp_path):
    """The schema's bound is what the renderers print: the largest hex's standee strip lies across
    a home sheet and its half-tower fits one; the smallest still makes whole pieces."""
    result = build(_sized(flats), BuildOptions(lang="uk", paper=sheet), out_root=tmp_path,
                   only=("models", "standees"))
    assert {f.kind for f in result.files} >= {"models", "tokens"}
