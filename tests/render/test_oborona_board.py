"""«Оборона Замка»'s printed field through the general board renderer, measured on the PDFs
`pnp build` writes: the page, every hex's size and place, the wall, the names players
set up by (in Russian and Ukrainian), the legend, the fonts and the tiles."""

from __future__ import annotations

import math
import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.build import build
from pnp.components.base import BuildOptions, RenderContext, renderers_of
from pnp.content.yamlload import load_yaml, parse_yaml
from pnp.games.oborona_zamka.checks import field as field_check
from pnp.games import pack_of
from pnp.games.oborona_zamka.model import cell_id
from pnp.games.oborona_zamka.modelbuild import build_game
from pnp.core.geometry import pt_to_mm
from pnp.print.tile_plan import plan_tiles

CONTENT = Path(__file__).resolve().parents[2] / "content" / "oborona-zamka.yaml"
LANGS = ("ru", "uk")


def load(text: str | None = None):
    if text is None:
        loaded, problems = load_yaml(CONTENT, "content/oborona-zamka.yaml")
    else:
        loaded, problems = parse_yaml(text, "content/oborona-zamka.yaml")
    assert not problems
    return build_game(loaded, "content/oborona-zamka.yaml")


GAME = load()


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """The field of each language (A4 tiles), and the Ukrainian one tiled over Letter."""
    out = tmp_path_factory.mktemp("oborona-board")
    dirs = {lang: build(GAME, BuildOptions(lang=lang), out / "a4", only=["board"], jobs=1).out_dir for lang in LANGS}
    dirs["letter"] = build(GAME, BuildOptions(lang="uk", paper="letter"), out / "letter", only=["board"], jobs=1).out_dir
    dirs["saver"] = build(GAME, BuildOptions(lang="ru", ink_saver=True), out / "saver", only=["board"], jobs=1).out_dir
    return dirs


def paths(pdf: Path, page: int = 0) -> list[tuple[float, tuple[tuple[float, float], ...], bytes]]:
    """(stroke width in mm, corners in mm, the painting operator) of every path drawn on a page,
    read from its content stream: cairo writes each path in page points after one flip of the y axis."""
    reader = PdfReader(pdf)
    ops = ContentStream(reader.pages[page].get_contents(), reader).operations
    found, width, points = [], 0.0, []
    for args, op in ops:
        if op == b"w":
            width = pt_to_mm(float(args[0]))
        elif op in (b"m", b"l"):
            points.append((pt_to_mm(float(args[0])), pt_to_mm(float(args[1]))))
        elif op in (b"S", b"B", b"f", b"b", b"n"):
            if points:
                found.append((width, tuple(dict.fromkeys(points)), op))
            points = []
    return found


def hexes(pdf: Path) -> list[tuple[float, float, float]]:
    """(centre x, centre y, across the flats) of every six-cornered path as large as a field hex,
    once per place: a hex is filled and outlined (on the ground it is only outlined; with its
    terrain it is filled, drawn over and then outlined), and a one-hex zone's outline lies on it."""
    out = {}
    for _, corners, op in paths(pdf):
        if len(corners) == 6 and op in (b"B", b"S", b"f"):
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            if max(xs) - min(xs) > 20:
                centre = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
                out.setdefault((round(centre[0], 1), round(centre[1], 1)), (*centre, max(xs) - min(xs)))
    return list(out.values())


def words(pdf: Path) -> list[tuple[str, float, float]]:
    """(word, centre x mm, centre y mm) of every word pdftotext reads on the first page."""
    html = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    return [(w, pt_to_mm((float(x0) + float(x1)) / 2), pt_to_mm((float(y0) + float(y1)) / 2))
            for x0, y0, x1, y1, w in re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                                                r'yMax="([\d.]+)">([^<]*)</word>', html)]


def test_the_field_is_one_a3_page_and_tiles(kits):
    for lang in LANGS:
        reader = PdfReader(kits[lang] / f"oborona-zamka-{lang}-board.pdf")
        [page] = reader.pages
        assert (round(pt_to_mm(float(page.mediabox.width))), round(pt_to_mm(float(page.mediabox.height)))) == (297, 420)
        tiles = PdfReader(kits[lang] / f"oborona-zamka-{lang}-board-a4-tiles.pdf").pages
        assert {(round(pt_to_mm(float(p.mediabox.width))), round(pt_to_mm(float(p.mediabox.height)))) for p in tiles} \
            <= {(210, 297), (297, 210)}
    letter = PdfReader(kits["letter"] / "oborona-zamka-uk-board-letter-tiles.pdf").pages
    assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in letter} <= {(612, 792), (792, 612)}


def test_every_hex_is_exactly_across_flats_and_they_touch(kits):
    found = hexes(kits["ru"] / "oborona-zamka-ru-board.pdf")
    assert len(found) == len(GAME.field.cells) == 68
    size = GAME.field.across_flats
    assert all(abs(d - size) <= 0.1 for _, _, d in found), sorted({round(d, 3) for _, _, d in found})
    # neighbours in a row are one hex apart; a row sits 1.5 edges below the one above it
    rows = sorted({round(y, 1) for _, y, _ in found})
    assert len(rows) == len(GAME.field.rows)
    edge = size / math.sqrt(3)
    assert all(abs((b - a) - 1.5 * edge) <= 0.1 for a, b in zip(rows, rows[1:]))
    first_row = sorted(x for x, y, _ in found if round(y, 1) == rows[0])
    assert all(abs((b - a) - size) <= 0.1 for a, b in zip(first_row, first_row[1:]))


def test_the_wall_stands_on_its_twelve_hex_edges(kits):
    edge = GAME.field.across_flats / math.sqrt(3)
    walls = [c for w, c, _ in paths(kits["ru"] / "oborona-zamka-ru-board.pdf") if abs(w - 1.6) < 0.01 and len(c) == 2]
    on_edges = [c for c in walls if abs(math.dist(*c) - edge) <= 0.1]
    assert len(on_edges) == len(GAME.field.walls()) == 12
    assert len(walls) == 13  # and the legend's wall


@pytest.mark.parametrize("lang", LANGS)
def test_every_hex_prints_its_name_inside_it_and_the_legend_names_the_zones(kits, lang):
    pdf = kits[lang] / f"oborona-zamka-{lang}-board.pdf"
    printed = words(pdf)
    centres = hexes(pdf)
    names = {GAME.hex_name(c, lang): c for c in GAME.field.cells}
    assert len(names) == 68 and names["Д6"] == (4, 5)  # the mountain's hex
    for name in names:
        [(x, y)] = [(x, y) for w, x, y in printed if w == name]
        nearest = min(centres, key=lambda c: math.dist(c[:2], (x, y)))
        assert math.dist(nearest[:2], (x, y)) < GAME.field.across_flats / 2  # inside its own hex
    text = " ".join(w for w, _, _ in printed)
    for key in ("mountain", "castle", "start_attacker", "start_defender", "wall_legend"):
        assert GAME.ui(key, lang) in text
    assert GAME.ui("yard", lang) not in text  # the yard shows the defender's start hexes: no swatch of its own
    assert f"{GAME.title.get(lang)} — {GAME.ui('comp_board', lang)}" in text
    assert GAME.ui("print_scale", lang) in text


def test_start_hexes_are_dark_for_the_attacker_and_light_for_the_defender():
    spec = GAME.board_spec
    dark, light = (spec.zone(f"start-{side.id}").colour for side in GAME.sides)

    def luminance(c: str) -> float:
        return sum(w * int(c[i:i + 2], 16) / 255 for w, i in ((0.2126, 1), (0.7152, 3), (0.0722, 5)))

    assert luminance(dark) < 0.3 < 0.85 < luminance(light)
    assert {cell_id(c) for c in GAME.field.starts["attacker"]} == set(spec.zone("start-attacker").cells)


def test_fonts_are_embedded(kits):
    for pdf in sorted(kits["uk"].glob("*.pdf")):
        lines = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
        assert lines and all(" yes " in line for line in lines), (pdf.name, lines)


def test_the_tiles_cover_the_field(kits):
    part = renderers_of(pack_of(GAME))["board"].masters(GAME, RenderContext(BuildOptions(lang="uk"), kits["uk"]))
    for paper, folder in (("a4", kits["uk"]), ("letter", kits["letter"])):
        plan = plan_tiles(part.width, part.height, paper)
        windows = [t.window for t in plan.tiles]
        assert min(w.x for w in windows) == 0 and min(w.y for w in windows) == 0
        assert max(w.right for w in windows) == pytest.approx(part.width)
        assert max(w.bottom for w in windows) == pytest.approx(part.height)
        pdf = folder / f"oborona-zamka-uk-board-{paper}-tiles.pdf"
        assert len(PdfReader(pdf).pages) == 1 + len(plan.tiles)  # the assembly map, then each tile


def test_a_row_without_a_letter_of_its_own_is_an_error_at_the_letters():
    text = CONTENT.read_text(encoding="utf-8")
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("  hex_rows:"))
    for letters in ("А Б В Г Д Е Ж И", "А Б В Г Д Е Ж И И"):
        broken = load(re.sub(r'(  hex_rows: \{ru: ")[^"]*', rf"\g<1>{letters}", text))
        [problem] = field_check.check(broken)
        assert (problem.code, problem.mark.line) == ("field-names", line), problem
        assert "(ru): 9 rows need 9 different letters" in problem.message


def _grey(pdf: Path, box: tuple[float, float, float, float], dpi: int = 50):
    """The page's pixels (0 black .. 255 white) inside `box` (x, y, w, h in mm)."""
    import numpy as np
    from io import BytesIO
    from PIL import Image
    px = [round(v * dpi / 25.4) for v in box]
    png = subprocess.run(["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-gray", "-png", "-x", str(px[0]),
                          "-y", str(px[1]), "-W", str(px[2]), "-H", str(px[3]), str(pdf)], capture_output=True,
                         check=True).stdout
    return np.asarray(Image.open(BytesIO(png)).convert("L"), dtype=float)


def test_the_field_lies_on_framed_ground_that_fills_the_a3_page(kits):
    """The drawing (its frame) reaches within a scale bar's band of the printable area's edges; the
    land between the frame and the hexes is the ground's colour, not white paper; the hexes keep their size."""
    import numpy as np
    from pnp.core.geometry import NO_PRINT_MARGIN
    pdf = kits["ru"] / "oborona-zamka-ru-board.pdf"
    page = _grey(pdf, (0, 0, 297, 420))
    rows, cols = np.nonzero(page.min(axis=1) < 200)[0], np.nonzero(page.min(axis=0) < 200)[0]
    height, width = (rows[-1] - rows[0]) * 25.4 / 50, (cols[-1] - cols[0]) * 25.4 / 50
    printable = (297 - 2 * NO_PRINT_MARGIN, 420 - 2 * NO_PRINT_MARGIN)
    assert width >= printable[0] - 3 and height >= printable[1] - 6, (width, height)  # the frame, then the scale bar
    found = hexes(pdf)
    top = min(y for _, y, _ in found) - GAME.field.across_flats / math.sqrt(3)
    assert top > 40  # land above the first row, under the title
    ground = _grey(pdf, (15, top - 12, 30, 8))
    assert ground.mean() < 240, ground.mean()  # tinted land with tufts, not the paper
    saver = _grey(kits["saver"] / "oborona-zamka-ru-board.pdf", (15, top - 12, 30, 8))
    assert ground.mean() + 5 < saver.mean() and saver.mean() > 235, (ground.mean(), saver.mean())
    assert all(abs(d - GAME.field.across_flats) <= 0.1 for _, _, d in found)


def test_the_mountain_castle_yard_and_camp_are_drawn_as_terrain(kits):
    """Each terrain zone's hexes carry drawn marks (peaks, stones, flagstones, pebbles) inside the
    hex, where a flat fill had none: counted as paths lying wholly inside a hex of the zone."""
    pdf = kits["ru"] / "oborona-zamka-ru-board.pdf"
    found = {(round(x, 1), round(y, 1)): (x, y) for x, y, _ in hexes(pdf)}
    rows = sorted({k[1] for k in found})
    centre = {}
    for r, y in enumerate(rows):
        for c, x in enumerate(sorted(k[0] for k in found if k[1] == y)):
            centre[(r, c)] = found[(x, y)]
    inner = GAME.field.across_flats / 2  # the inscribed circle: wholly inside the hex

    def marks(cell) -> int:
        cx, cy = centre[cell]
        return sum(1 for _, corners, _ in paths(pdf) if corners and all(math.dist(p, (cx, cy)) < inner for p in corners))

    assert marks(GAME.field.mountain[0]) >= 6  # three peaks, each lit, shaded and capped
    for cell in (GAME.field.castle[0], GAME.field.starts["attacker"][0], GAME.field.starts["defender"][0]):
        assert marks(cell) >= 8, cell


def test_the_schema_offers_every_terrain_the_renderer_draws():
    import json
    from pnp.components.board_terrain import STYLES
    field = json.loads((Path(pack_of(GAME).schema)).read_text(encoding="utf-8"))["properties"]["field"]["properties"]
    assert set(field["terrain"]["additionalProperties"]["enum"]) == set(STYLES)
    assert set(field["ground"]["properties"]["terrain"]["enum"]) == set(STYLES)
