"""Tabletop Simulator export measured on the written files: sheet grids, sizes, hidden cell, JSON."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from pnp import kit
from pnp.render import cards
from pnp.render import tts_layout as tl
from pnp.render.base import BuildOptions, RenderContext
from pnp.render.tts import TTSRenderer, card_cell


@pytest.fixture(scope="module")
def built(game, tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    ctx = RenderContext(BuildOptions(), out)
    files = TTSRenderer().render(game, ctx)
    return out, files, ctx


def _deck(out, family):
    return json.loads((out / f"tts/tverdzha-uk-{family}.json").read_text(encoding="utf-8"))


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


# --- the written files -------------------------------------------------------------------------


def test_files_all_of_kind_tts(built):
    out, files, _ = built
    assert files and {f.kind for f in files} == {"tts"}
    names = {f.path for f in files}
    for family in cards.FAMILIES:
        assert f"tts/tverdzha-uk-{family}.json" in names
        assert f"tts/tverdzha-uk-{family}-back.png" in names
    assert {"tts/tverdzha-uk-board.png", "tts/tverdzha-uk-mat-a.png", "tts/tverdzha-uk-mat-b.png"} <= names
    assert all((out / f.path).is_file() for f in files)


def test_sheets_grid_size_rgb(built):
    out, _, _ = built
    cell = tl.cell_size(63, 88)
    for family in cards.FAMILIES:
        for key, deck in _deck(out, family)["ObjectStates"][0]["CustomDeck"].items():
            assert 1 <= deck["NumWidth"] <= 10 and 1 <= deck["NumHeight"] <= 7
            image = Image.open(out / "tts" / deck["FaceURL"])
            assert image.mode == "RGB"
            assert max(image.size) <= 4096
            # cells touch: the sheet is exactly the grid of cells, no gap or margin
            assert image.size == (deck["NumWidth"] * cell[0], deck["NumHeight"] * cell[1])
            back = Image.open(out / "tts" / deck["BackURL"])
            assert back.mode == "RGB" and max(back.size) <= 4096


def _cell(image, index, cols, size):
    x, y = (index % cols) * size[0], (index // cols) * size[1]
    return image.crop((x, y, x + size[0], y + size[1]))


def test_hidden_cell_is_last_and_faces_fill_cells_in_order(game, built):
    out, _, ctx = built
    masters = cards.masters_for(game, ctx)
    spec, size = game.print.card, tl.cell_size(63, 88)
    for family in cards.FAMILIES:
        ((key, deck),) = _deck(out, family)["ObjectStates"][0]["CustomDeck"].items()
        sheet = Image.open(out / "tts" / deck["FaceURL"]).convert("RGB")
        cols, cells = deck["NumWidth"], deck["NumWidth"] * deck["NumHeight"]
        hidden = card_cell(masters.backs[family], spec, size)
        assert _cell(sheet, cells - 1, cols, size).tobytes() == hidden.tobytes()
        faces = [svg for card_id, _, svg in masters.faces[family] if card_id in masters.decks[family]]
        for index in (0, len(faces) - 1):  # first and last design, pixel for pixel
            want = card_cell(faces[index], spec, size)
            assert _cell(sheet, index, cols, size).tobytes() == want.tobytes(), (family, index)


def test_saved_object_matches_the_deck(game, built):
    out, _, ctx = built
    masters = cards.masters_for(game, ctx)
    counts = kit.counts(game)
    expected = {"battle": counts.battle_cards, "building": counts.building_cards, "upgrade": counts.upgrade_cards}
    keys = []
    for family in cards.FAMILIES:
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
            assert not custom["FaceURL"].startswith(("/", "http")) and (out / "tts" / custom["FaceURL"]).is_file()
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
        assert (tmp_path / f.path).read_bytes() == (out / f.path).read_bytes(), f.path
