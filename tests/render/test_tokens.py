"""The tokens renderer: land tiles, unit tokens and markers, measured on the real PDFs."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from pdfprobe import drawing, ink_boxes, near, pdffonts, pixel, raster, same_places, text, words
from pnp.games.tverdzha import kit_counts as kit
from pnp.art import icon_inline, style
from pnp.print import pdf, sheetmarks
from pnp.games.tverdzha.render import token_art
from pnp.games.tverdzha.render import tokens
from pnp.build import renderers_of
from pnp.content import default_content, load_text
from pnp.components.base import BuildOptions, RenderContext
from pnp.games.tverdzha.model import UNIT_TOKEN_EDGES
from pnp.games.tverdzha.pack import PACK
from pnp.core.geometry import NO_PRINT_MARGIN, PAPERS


def game_text() -> str:
    return default_content().read_text(encoding="utf-8")


def _render(game, root: Path, **options):
    out = root / ("-".join(f"{k}={v}" for k, v in sorted(options.items())) or "default")
    ctx = RenderContext(BuildOptions(**options), out)
    files = renderers_of(PACK)["tokens"].render(game, ctx)
    return out, files


@pytest.fixture(scope="module")
def a4(game, tmp_path_factory):
    return _render(game, tmp_path_factory.mktemp("tokens"))


@pytest.fixture(scope="module")
def letter_short(game, tmp_path_factory):
    return _render(game, tmp_path_factory.mktemp("tokens"), paper="letter", duplex="short")


def _pdf(result, name="tverdzha-uk-tokens.pdf") -> bytes:
    return (result[0] / name).read_bytes()


def test_writes_one_tokens_pdf_with_tiles_then_tokens_and_markers(a4, game):
    """Two sheets, front and back: the markers share the unit tokens' sheet (they took a
    sheet of their own, 6 pages, before)."""
    out, files = a4
    assert [(f.path, f.kind, f.pages) for f in files] == [(f"{game.id}-uk-tokens.pdf", "tokens", 4)]
    data = _pdf(a4)
    assert len(PdfReader(io.BytesIO(data)).pages) == 4
    assert "Плитки земель · аркуш 1 з 1 · лице" in text(data, 1)
    assert "зворот" in text(data, 2)
    shared = " ".join(text(data, 3).split())
    assert "Жетони загонів · аркуш 1 з 1 · лице" in shared and "Маркери · аркуш 1 з 1 · лице" in shared


FIRST_CUT = 0.25  # mm: the dashed line between two kinds of piece on one sheet (token_sheet.FIRST_CUT_WIDTH)


def _first_cuts(data: bytes, index: int) -> list[float]:
    """y of the dashed lines across the page between blocks (0-based page `index`)."""
    return sorted({round(s.y1, 2) for s in drawing(data, index).segments
                   if abs(s.width - FIRST_CUT) < 0.01 and abs(s.y1 - s.y2) < 1e-6 and s.length > 150})


def _blocks(data: bytes, index: int, game) -> dict[float, list]:
    """The pieces of a page by trim size: {size: forms}. A page with a first cut holds unit
    tokens on the side of the «Жетони» label and markers on the other."""
    forms = drawing(data, index).forms
    cuts = _first_cuts(data, index)
    if not cuts:
        return {None: forms}
    (cut,) = cuts
    label = next(w for w in words(data, index + 1) if w.text == "Жетони")
    units_above = label.cy < cut
    units = [f for f in forms if (f.y < cut) == units_above]
    markers = [f for f in forms if (f.y < cut) != units_above]
    return {game.print.unit_token: units, game.print.marker: markers}


@pytest.mark.parametrize("which", ["a4", "letter_short"])
def test_no_crop_mark_of_one_kind_of_piece_crosses_a_piece_of_the_other(which, request, game):
    data = _pdf(request.getfixturevalue(which))
    bleed = game.print.card.bleed
    for index in (2, 3):
        blocks = _blocks(data, index, game)
        assert len(blocks[game.print.unit_token]) == kit.counts(game).unit_tokens
        marks = [s for s in drawing(data, index).segments
                 if abs(s.width - sheetmarks.MARK_WIDTH) < 0.01 and max(s.colour, default=0) < 0.01]
        assert marks
        for size, forms in blocks.items():
            for f in forms:
                x0, y0, x1, y1 = f.x + bleed, f.y + bleed, f.x + bleed + size, f.y + bleed + size
                for m in marks:
                    inside_x = x0 + 0.1 < max(m.x1, m.x2) and min(m.x1, m.x2) < x1 - 0.1
                    inside_y = y0 + 0.1 < max(m.y1, m.y2) and min(m.y1, m.y2) < y1 - 0.1
                    assert not (inside_x and inside_y), (index, size, (x0, y0), m)


def test_fonts_embedded_and_no_images(a4):
    rows = pdffonts(_pdf(a4))
    assert rows and all(row[-5:-2] == ["yes", "yes", "yes"] for row in rows)
    reader = PdfReader(io.BytesIO(_pdf(a4)))
    assert sum(len(p.images) for p in reader.pages) == 0


DPI = 150


def _sample(image, form, bleed: float, dx: float, dy: float):
    """The colour `dx`, `dy` mm inside the trim corner of a placed piece."""
    return pixel(image, form.x + bleed + dx, form.y + bleed + dy, DPI)


def test_counts_come_from_the_kit(a4, game):
    data = _pdf(a4)
    counts = kit.counts(game)
    tiles = drawing(data, 0).forms
    shared = _blocks(data, 2, game)
    units, markers = shared[game.print.unit_token], shared[game.print.marker]
    assert len(tiles) == counts.land_tiles == 19
    assert len(units) == counts.unit_tokens
    assert len(markers) == counts.score_markers + counts.storage_markers + counts.first_player_markers
    # told apart on the printed page: the player colour in the corner
    bleed = game.print.card.bleed
    for page, forms, per_player in ((3, units, counts.unit_tokens_per_player),
                                    (3, markers, (counts.score_markers + counts.storage_markers) // 2)):
        image, found = raster(data, page, DPI), Counter()
        for form in forms:
            for player in game.players:
                found[player] += near(_sample(image, form, bleed, 1.0, 1.0), style.colour(f"player-{player.lower()}"))
        assert [found[p] for p in game.players] == [per_player] * len(game.players), page


def test_storage_markers_count_the_overflow_on_their_backs(a4, game):
    """The storage track's "+overflow" side is printed: one per storage marker."""
    track = game.components.storage_track
    backs = [w.text for w in words(_pdf(a4), 4)]
    assert backs.count(f"+{track.overflow}") == kit.counts(game).storage_markers


def test_tile_faces_and_backs(a4, game):
    data = _pdf(a4)
    face_text, back_text = text(data, 1), text(data, 2)
    for land, n in game.board.tiles.pairs:
        assert face_text.count(game.land(land).name.get("uk")) >= 2 * n
    assert back_text.count(game.ui("tile_pair", "uk")) == 2 * sum(n for _, n in game.board.tiles.pairs)
    assert back_text.count(game.ui("tile_centre", "uk")) == sum(n for _, n in game.board.tiles.centre)
    # pair and centre backs differ in colour as well as drawing and word
    image, bleed = raster(data, 2, DPI), game.print.card.bleed
    corners = [_sample(image, f, bleed, 1.5, 1.5) for f in drawing(data, 1).forms]
    pair, centre = style.colour("castle"), style.colour("citadel")
    assert sum(near(c, pair, 12) for c in corners) == 16 and sum(near(c, centre, 12) for c in corners) == 3


def _marks(data: bytes, index: int, band: tuple[float, float] = (0.0, 1e9)):
    """Crop mark positions (x of vertical, y of horizontal marks) between the band's y values."""
    marks = [s for s in drawing(data, index).segments
             if abs(s.width - sheetmarks.MARK_WIDTH) < 0.01 and max(s.colour, default=0) < 0.01
             and band[0] <= min(s.y1, s.y2) and max(s.y1, s.y2) <= band[1]]
    xs = sorted({round(s.x1, 2) for s in marks if abs(s.x1 - s.x2) < 1e-6})
    ys = sorted({round(s.y1, 2) for s in marks if abs(s.y1 - s.y2) < 1e-6})
    return xs, ys


@pytest.mark.parametrize("which", ["a4", "letter_short"])
def test_cut_lines_match_the_piece_sizes(which, request, game):
    data = _pdf(request.getfixturevalue(which))
    (cut,) = _first_cuts(data, 2)
    units_above = next(w for w in words(data, 3) if w.text == "Жетони").cy < cut
    above, below = (0.0, cut), (cut, 1e9)
    for index, size, band in ((0, game.print.land_tile, above + below[1:]),
                              (2, game.print.unit_token, above if units_above else below),
                              (2, game.print.marker, below if units_above else above)):
        xs, ys = _marks(data, index, band)
        assert len(xs) >= 3 and len(ys) >= 3
        for values in (xs, ys):  # a piece apart, or the two cut lines of a gutter
            steps = [b - a for a, b in zip(values, values[1:])]
            assert all(abs(d - size) <= 0.2 or d < 2 * game.print.card.bleed + 0.2 for d in steps), (index, values)
            assert any(abs(d - size) <= 0.2 for d in steps)


@pytest.mark.parametrize("which,paper", [("a4", "a4"), ("letter_short", "letter")])
def test_nothing_printed_near_the_paper_edge_and_a_scale_bar_on_every_page(which, paper, request, game):
    data = _pdf(request.getfixturevalue(which))
    page = PAPERS[paper]
    for index, (x0, y0, x1, y1) in enumerate(ink_boxes(data)):  # tiles, tokens, markers: front and back
        assert x0 >= NO_PRINT_MARGIN - 0.05 and y0 >= NO_PRINT_MARGIN - 0.05, index
        assert x1 <= page.width - NO_PRINT_MARGIN + 0.05 and y1 <= page.height - NO_PRINT_MARGIN + 0.05, index
        bar = [r for r in drawing(data, index).rects if not r.stroked and abs(r.w - 10) < 0.01 and abs(r.h - 1.6) < 0.01]
        bar += [r for r in drawing(data, index).rects if not r.stroked and abs(r.h - 10) < 0.01 and abs(r.w - 1.6) < 0.01]
        assert len(bar) == 5, index  # five 10 mm segments: 50 mm, once a sheet
        assert game.ui("print_scale", "uk") in text(data, index + 1).replace("\n", " ")


def _places(forms):
    return [(f.x, f.y) for f in forms]


@pytest.mark.parametrize("which,duplex,paper", [("a4", "long", "a4"), ("letter_short", "short", "letter")])
def test_backs_lie_behind_their_fronts(which, duplex, paper, request, game):
    data = _pdf(request.getfixturevalue(which))
    page = PAPERS[paper]
    bleed = game.print.card.bleed
    for index in (0, 2):
        want = []
        for size, forms in _blocks(data, index, game).items():
            size = size or game.print.land_tile
            for x, y in _places(forms):
                tx, ty = x + bleed, y + bleed
                bx, by = (tx, page.height - ty - size) if duplex == "short" else (page.width - tx - size, ty)
                want.append((bx - bleed, by - bleed))
        assert same_places(_places(drawing(data, index + 1).forms), want), index


def test_duplex_none_writes_the_backs_separately(game, tmp_path):
    out, files = _render(game, tmp_path, duplex="none")
    assert sorted(f.path for f in files) == [f"{game.id}-uk-tokens-backs.pdf", f"{game.id}-uk-tokens.pdf"]
    assert all(f.pages == 2 for f in files)


def _shape(player_icon: str) -> str:
    """The drawing of a player's shield or banner (with its letter), as placed on pieces."""
    return str(icon_inline.icon(player_icon, 0, 0, 100)).split(">", 1)[1]


def test_unit_token_edges_read_1_to_4_turning_clockwise(game):
    size, bleed, safe = game.print.unit_token, game.print.card.bleed, game.print.card.safe
    svg = token_art.unit_token("player-a", "player-a", size, bleed, safe, game.unit_strengths, False, "A")
    assert _shape("player-a") in svg  # shape and letter, not colour alone
    assert len(token_art.EDGE_TURNS) == UNIT_TOKEN_EDGES  # the check holds the content to these edges
    found = {w.text: w for w in words(pdf.svg_to_pdf(svg, pdf.DocInfo("t")), 1)}
    lo, hi = bleed + size * 0.3, bleed + size * 0.7
    assert found["1"].cy > hi and lo < found["1"].cx < hi  # bottom edge
    assert found["2"].cx > hi and lo < found["2"].cy < hi  # right edge
    assert found["3"].cy < lo and lo < found["3"].cx < hi  # top edge
    assert found["4"].cx < lo and lo < found["4"].cy < hi  # left edge
    for w in found.values():  # inside the safe zone (boxes include the font's whole descent)
        assert w.x0 >= bleed + safe - 0.05 and w.x1 <= bleed + size - safe + 0.05
        assert w.y0 >= bleed + safe - 0.05 and w.y1 <= bleed + size - safe + 0.05


def test_the_token_prints_the_strengths_the_content_lets_a_unit_reach(game):
    """No strength is written in the renderer: with every training cap and hiring strength at 3
    or less, the unit token shows 1 to 3 (and the rulebook «від 1 до 3»)."""
    text = game_text().replace("params: {cap: 4}", "params: {cap: 3}")
    weaker, problems = load_text(text, "tverdzha.yaml")
    assert weaker is not None and weaker.unit_strengths == (1, 2, 3) and game.unit_strengths == (1, 2, 3, 4)
    face = tokens.token_groups(weaker, BuildOptions())[0][0][0]
    shown = {w.text for w in words(pdf.svg_to_pdf(face, pdf.DocInfo("t")), 1)}
    assert {"1", "2", "3"} <= shown and "4" not in shown


def test_players_differ_by_shape_not_only_colour(a4, game):
    size, bleed, safe = game.print.unit_token, game.print.card.bleed, game.print.card.safe
    a = token_art.unit_token("player-a", "player-a", size, bleed, safe, game.unit_strengths, False, "A")
    b = token_art.unit_token("player-b", "player-b", size, bleed, safe, game.unit_strengths, False, "B")
    assert _shape("player-a") in a and _shape("player-b") in b and _shape("player-b") not in a


def test_two_builds_are_byte_identical(a4, game, tmp_path):
    again = _render(game, tmp_path)
    assert _pdf(again) == _pdf(a4)


def test_ink_saver_lowers_coverage(a4, game, tmp_path):
    from test_cards import ink_coverage

    saver = _render(game, tmp_path, ink_saver=True)
    full, light = ink_coverage(_pdf(a4)), ink_coverage(_pdf(saver))
    assert light < 0.5 * full, (full, light)


def test_blocks_share_a_sheet_only_when_both_fit():
    from pnp.components.token_sheet import Block, stacked_pages
    from pnp.print.imposition import SheetText

    piece = ("<svg/>", "<svg/>", "a")
    words_ = SheetText("лице", "зворот", "100 %")
    small, tall = Block([[piece] * 5] * 2, 14.0, words_), Block([[piece] * 5] * 12, 20.0, words_)
    shared = stacked_pages([small, small], bleed=3.0)
    assert shared is not None and shared.sheets == 1 and len(shared.fronts[0].placements) == 20
    assert stacked_pages([tall, small], bleed=3.0) is None  # 240 mm of tokens leave no room for a second block
