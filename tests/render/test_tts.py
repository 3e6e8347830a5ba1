"""Tabletop Simulator export measured on the written files: sheet grids, sizes, hidden cell, JSON."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from PIL import Image

from pnp.games.tverdzha import kit_counts as kit
from pnp.components import cards
from pnp.exports import tts_layout as tl
from pnp.components.base import BuildOptions, RenderContext
from pnp.exports.tts import TTSRenderer, card_cell

TRIM_300DPI = (744, 1039)  # 63 x 88 mm at 300 dpi: the renders the cells come from

FAMILIES = ("battle", "building", "upgrade")  # the content's card families (test_cards checks the order)


@pytest.fixture(scope="module")
def built(game, tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    ctx = RenderContext(BuildOptions(), out)
    files = TTSRenderer().render(game, ctx)
    return out, files, ctx


def _deck(out, family):
    return json.loads((out / f"tts/tverdzha-uk-{family}.json").read_text(encoding="utf-8"))


def _file(url: str) -> Path:
    """The file a file:/// URL names (TTS opens these for local decks)."""
    parts = urlsplit(url)
    assert parts.scheme == "file" and parts.netloc == "" and parts.path.startswith("/"), url
    return Path(unquote(parts.path))


def _cell_size(deck: dict) -> tuple[int, int]:
    return tl.cell_size(63, 88, deck["NumWidth"], deck["NumHeight"], largest=TRIM_300DPI)


# --- layout as data ----------------------------------------------------------------------------


@pytest.mark.parametrize("cells, expected", [(17, (6, 3)), (19, (5, 4)), (4, (2, 2)), (3, (2, 2)), (70, (10, 7)),
                                             (41, (7, 6))])
def test_grid_fits_with_fewest_empty_cells(cells, expected):
    cols, rows = tl.grid(cells)
    assert (cols, rows) == expected
    assert 2 <= cols <= 10 and 2 <= rows <= 7 and cols * rows >= cells


def test_grid_refuses_more_than_one_sheet():
    with pytest.raises(ValueError, match="do not fit"):
        tl.grid(71)


def test_large_decks_split_into_sheets_of_69_faces():
    ids = [f"c{k}" for k in range(150)]
    sheets = tl.sheets(ids, first_key=4)
    assert [s.key for s in sheets] == [4, 5, 6]
    assert [len(s.faces) for s in sheets] == [69, 69, 12]
    assert all(len(s.faces) < s.cells for s in sheets)  # room for the hidden cell
    assert [c for s in sheets for c in s.faces] == ids


def test_cell_size_keeps_full_sheet_under_4096():
    w, h = tl.cell_size(63, 88)
    assert (w, h) == (409, 571)
    assert w * 10 <= 4096 and h * 7 <= 4096
    w, h = tl.cell_size(50, 120)  # a tall card: the rows limit
    assert h * 7 <= 4096 and w * 10 <= 4096 and abs(w / h - 50 / 120) < 0.01


@pytest.mark.parametrize("grid, cell", [((6, 3), (682, 953)), ((5, 4), (733, 1024)), ((10, 7), (409, 571)),
                                        ((2, 2), TRIM_300DPI)])
def test_a_smaller_grid_gets_larger_cells_up_to_the_source_resolution(grid, cell):
    w, h = tl.cell_size(63, 88, *grid, largest=TRIM_300DPI)
    assert (w, h) == cell
    assert w * grid[0] <= 4096 and h * grid[1] <= 4096 and abs(w / h - 63 / 88) < 0.002


@pytest.mark.parametrize("url, base", [("https://example.org/kit", "https://example.org/kit/"),
                                       ("http://example.org/a/b///", "http://example.org/a/b/"),
                                       (" HTTPS://cdn.example.org/x/ ", "HTTPS://cdn.example.org/x/")])
def test_url_base_ends_in_one_slash(url, base):
    assert tl.check_url_base(url) == base
    assert tl.image_url("деко 1.png", Path("/unused"), url) == base + "%D0%B4%D0%B5%D0%BA%D0%BE%201.png"


@pytest.mark.parametrize("url, why", [("ftp://example.org/kit", "http"), ("example.org/kit", "http"),
                                      ("https:///kit", "http"), ("https://example.org/kit?dl=1", "query"),
                                      ("https://example.org/kit#top", "fragment"), ("file:///tmp/kit", "http")])
def test_url_base_must_be_an_http_folder(url, why):
    with pytest.raises(ValueError, match=why):
        tl.check_url_base(url)


# --- the written files -------------------------------------------------------------------------


def test_files_all_of_kind_tts(built):
    out, files, _ = built
    assert files and {f.kind for f in files} == {"tts"}
    names = {f.path for f in files}
    for family in FAMILIES:
        assert f"tts/tverdzha-uk-{family}.json" in names
        assert f"tts/tverdzha-uk-{family}-back.png" in names
    assert {"tts/tverdzha-uk-board.png", "tts/tverdzha-uk-mat-a.png", "tts/tverdzha-uk-mat-b.png"} <= names
    assert all((out / f.path).is_file() for f in files)


def test_sheets_grid_size_rgb(built):
    out, _, _ = built
    for family in FAMILIES:
        for key, deck in _deck(out, family)["ObjectStates"][0]["CustomDeck"].items():
            assert 1 <= deck["NumWidth"] <= 10 and 1 <= deck["NumHeight"] <= 7
            image = Image.open(_file(deck["FaceURL"]))
            assert image.mode == "RGB" and image.info.get("srgb") == 0  # tagged sRGB, perceptual
            assert max(image.size) <= 4096
            # cells touch: the sheet is exactly the grid of cells, no gap or margin, as large as 4096 px allow
            cell = _cell_size(deck)
            assert image.size == (deck["NumWidth"] * cell[0], deck["NumHeight"] * cell[1])
            assert max(image.size[0] + cell[0], image.size[1] + cell[1]) > 4096 or cell == TRIM_300DPI
            back = Image.open(_file(deck["BackURL"]))
            assert back.mode == "RGB" and max(back.size) <= 4096 and back.info.get("srgb") == 0


def test_the_battle_sheet_uses_the_resolution_4096_px_allow(built):
    out, _, _ = built
    ((_, deck),) = _deck(out, "battle")["ObjectStates"][0]["CustomDeck"].items()
    assert (deck["NumWidth"], deck["NumHeight"]) == (6, 3)
    assert Image.open(_file(deck["FaceURL"])).size == (6 * 682, 3 * 953)  # was 6 x 409 = 2454 px wide


def _cell(image, index, cols, size):
    x, y = (index % cols) * size[0], (index // cols) * size[1]
    return image.crop((x, y, x + size[0], y + size[1]))


def test_hidden_cell_is_last_and_faces_fill_cells_in_order(game, built):
    out, _, ctx = built
    masters = ctx.masters(game, "cards")
    spec = game.print.card
    for family in FAMILIES:
        ((key, deck),) = _deck(out, family)["ObjectStates"][0]["CustomDeck"].items()
        size = _cell_size(deck)
        sheet = Image.open(_file(deck["FaceURL"])).convert("RGB")
        cols, cells = deck["NumWidth"], deck["NumWidth"] * deck["NumHeight"]
        hidden = card_cell(masters.backs[family], spec, size)
        assert _cell(sheet, cells - 1, cols, size).tobytes() == hidden.tobytes()
        faces = [svg for card_id, _, svg in masters.faces[family] if card_id in masters.decks[family]]
        for index in (0, len(faces) - 1):  # first and last design, pixel for pixel
            want = card_cell(faces[index], spec, size)
            assert _cell(sheet, index, cols, size).tobytes() == want.tobytes(), (family, index)


def test_saved_object_matches_the_deck(game, built):
    out, _, ctx = built
    masters = ctx.masters(game, "cards")
    counts = kit.counts(game)
    expected = {"battle": counts.battle_cards, "building": counts.building_cards, "upgrade": counts.upgrade_cards}
    keys = []
    for family in FAMILIES:
        data = _deck(out, family)
        (deck,) = data["ObjectStates"]
        assert deck["Name"] == "DeckCustom"
        contained = deck["ContainedObjects"]
        assert len(contained) == len(deck["DeckIDs"]) == expected[family]
        assert deck["DeckIDs"] == [c["CardID"] for c in contained]
        names = {card_id: name for card_id, name, _ in masters.faces[family]}
        assert [c["Nickname"] for c in contained] == [names[i] for i in masters.decks[family]]
        for card in contained:
            key, index = divmod(card["CardID"], 100)
            custom = deck["CustomDeck"][str(key)]
            assert card["CustomDeck"] == {str(key): custom}
            assert index < custom["NumWidth"] * custom["NumHeight"] - 1  # never the hidden cell
            assert custom["BackIsHidden"] is True
            for url in (custom["FaceURL"], custom["BackURL"]):
                assert _file(url).parent == (out / "tts").resolve() and _file(url).is_file()
        # copies of one design share its cell
        by_id = {}
        for card_id, card in zip(masters.decks[family], contained):
            assert by_id.setdefault(card_id, card["CardID"]) == card["CardID"]
        assert len(set(deck["DeckIDs"])) == len(set(masters.decks[family]))
        assert len({c["GUID"] for c in contained}) == len(contained)
        keys += list(deck["CustomDeck"])
    assert len(keys) == len(set(keys))  # decks can be merged on the table without clashing


def test_table_images(built):
    out, _, _ = built
    for name in ("board", "mat-a", "mat-b"):
        image = Image.open(out / f"tts/tverdzha-uk-{name}.png")
        assert image.mode == "RGB" and max(image.size) <= 4096 and min(image.size) >= 1000
        assert len(image.getcolors(1 << 16) or range(1 << 16)) > 50  # drawn, not blank


def test_same_bytes_twice(game, built, tmp_path):
    out, files, _ = built
    again = TTSRenderer().render(game, RenderContext(BuildOptions(), tmp_path))
    assert [f.path for f in again] == [f.path for f in files]
    for f in files:
        again_bytes = (tmp_path / f.path).read_bytes()
        if f.path.endswith(".json"):  # the same, but for the folder the URLs name
            again_bytes = again_bytes.replace((tmp_path / "tts").resolve().as_uri().encode(),
                                              (out / "tts").resolve().as_uri().encode())
        assert again_bytes == (out / f.path).read_bytes(), f.path


# --- where the saved objects point ------------------------------------------------------------


@pytest.fixture(scope="module")
def placed(game, tmp_path_factory):
    """A real build into a folder whose name needs percent-encoding: the JSON must name the
    final place, not the temporary directory the build wrote into."""
    from pnp.build import build

    root = tmp_path_factory.mktemp("tts-build") / "мій набір"
    result = build(game, BuildOptions(), out_root=root, only=["tts"])
    return result.out_dir


def test_local_urls_name_the_built_files_in_their_final_place(placed):
    for family in FAMILIES:
        for deck in _deck(placed, family)["ObjectStates"][0]["CustomDeck"].values():
            for url in (deck["FaceURL"], deck["BackURL"]):
                assert url.startswith("file:///") and " " not in url and "%20" in url
                assert _file(url).is_file() and _file(url).parent == (placed / "tts").resolve(), url


def test_hosted_urls_name_the_uploaded_images(game, tmp_path):
    ctx = RenderContext(BuildOptions(tts_url_base="https://example.org/tverdzha/"), tmp_path)
    TTSRenderer().render(game, ctx)
    for family in FAMILIES:
        for deck in _deck(tmp_path, family)["ObjectStates"][0]["CustomDeck"].values():
            for url in (deck["FaceURL"], deck["BackURL"]):
                name = url.removeprefix("https://example.org/tverdzha/")
                assert "/" not in name and (tmp_path / "tts" / name).is_file(), url


def test_a_bad_url_base_is_a_usage_error(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    result = CliRunner().invoke(main, ["build", "--all", "--tts-url-base", "ftp://example.org/x", "--out",
                                       str(tmp_path)])
    assert result.exit_code == 2
    assert "expected an http:// or https:// URL of a folder, found 'ftp://example.org/x'" in result.output
    assert not (tmp_path / "uk").exists()


def test_a_png_made_band_by_band_is_the_png_of_the_whole_image():
    """A TTS sheet goes into its PNG a row of cards at a time (pnp.print.raster.png_of_bands): the
    bytes must be those of the whole image, whatever the bands."""
    import random

    from PIL import Image

    from pnp.print import raster
    rng = random.Random(7)
    for width, height, cut in ((3, 5, 2), (815, 61, 7), (1200, 40, 13)):
        image = Image.frombytes("RGB", (width, height), bytes(rng.randrange(3) * 90 for _ in range(width * height * 3)))
        bands = [image.crop((0, top, width, min(height, top + cut))) for top in range(0, height, cut)]
        assert raster.png_of_bands((width, height), bands, 300) == raster.png_bytes(image, 300)
        decoded = Image.open(__import__("io").BytesIO(raster.png_bytes(image))).convert("RGB")
        assert decoded.tobytes() == image.tobytes()


def test_parallel_results_come_in_order_however_many_are_in_flight():
    from pnp.print import raster
    assert list(raster.parallel_iter(abs, range(-40, 0))) == list(range(40, 0, -1))
