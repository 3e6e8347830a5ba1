"""Castle mats: numbers from the model, slots measured on the PDF, tiles that line up."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from pypdf import PdfReader

import tileprobe
from pdfprobe import drawing, ink_boxes, pdffonts, text, words
from pnp.art import style
from pnp.components.base import BuildOptions, RenderContext
from pnp.core.geometry import NO_PRINT_MARGIN, paper as get_paper, pt_to_mm
from pnp.games.tverdzha.render.mat_panels import mat_facts
from pnp.games.tverdzha.render.mats import MatsRenderer, mat_layout, mat_part
from pnp.print.tile_plan import oriented, plan_tiles


@pytest.fixture(scope="module")
def built(game, tmp_path_factory):
    out = tmp_path_factory.mktemp("mats")
    files = MatsRenderer().render(game, RenderContext(BuildOptions(paper="a4"), out))
    return {f.path: (out / f.path).read_bytes() for f in files}, files


def _names(game, lang="uk"):
    return {b.id: b.name.get(lang) for b in game.buildings} | {b.upgrade.id: b.upgrade.name.get(lang)
                                                               for b in game.buildings}


# --- numbers from the model ------------------------------------------------------------------


def test_storage_caps_come_from_the_base_cap_and_the_storage_buildings(game):
    facts = mat_facts(game, "A", "uk")
    names = _names(game)
    assert facts.caps == ((5, None), (7, names["storehouse"]), (8, names["granary"]))
    assert facts.track_top == game.components.storage_track.top == 9  # the content sizes the track


def test_the_storage_track_runs_past_every_cap_with_a_flip_note(game, built):
    """Rows above the largest cap (held until the round ends) and the "+overflow" note are printed."""
    track = game.components.storage_track
    data = built[0][f"{game.id}-uk-mats.pdf"]
    found = words(data, 1)
    for v in range(track.top + 1):
        assert sum(w.text == str(v) for w in found) >= len(game.resources), v
    assert f"«+{track.overflow}»" in text(data, 1).replace("\n", " ")


def test_caps_follow_the_content(game):
    smaller = replace(game, limits=replace(game.limits, storage_cap=4))
    assert [c for c, _ in mat_facts(smaller, "A", "uk").caps] == [4, 6, 7]


def test_wounded_and_garrison_spots_come_from_the_effects(game):
    facts = mat_facts(game, "A", "uk")
    names = _names(game)
    assert [s.label for s in facts.wounded] == [names["infirmary"], names["hospital"]]
    base = game.limits.units_per_land
    assert [s.label for s in facts.garrison] == [None] * base + [names["fort"]]
    assert str(game.limits.army_per_land) in facts.army_note


def test_slots_are_the_card_plus_two_mm_and_nothing_overlaps(game):
    lay = mat_layout(game)
    card = game.print.card
    assert len(lay.slots) == game.limits.building_slots == 7
    boxes = list(lay.slots) + [lay.garrison, lay.storage, lay.wounded, lay.reserve, lay.reminders, lay.header]
    for slot in lay.slots:
        assert (slot.w, slot.h) == (card.width + 2, card.height + 2) == (65, 90)
    for k, a in enumerate(boxes):
        assert 0 <= a.x and 0 <= a.y and a.right <= lay.width and a.bottom <= lay.height
        for b in boxes[k + 1:]:
            assert a.intersect(b) is None, (a, b)
    a3 = oriented(get_paper("a3"), landscape=True).printable
    assert lay.width <= a3.w and lay.height <= a3.h
    for paper in ("a4", "letter"):  # two sheets per mat at home
        assert len(plan_tiles(lay.width, lay.height, paper).tiles) == 2


def test_slot_count_follows_the_content(game):
    fewer = replace(game, limits=replace(game.limits, building_slots=5))
    assert len(mat_layout(fewer).slots) == 5


def test_every_mat_text_fits(game):
    for player in game.players:
        _, pen, _ = mat_part(game, player, "uk")
        assert pen.notes == []


# --- the PDFs ----------------------------------------------------------------------------------


def test_large_pages_are_a3_landscape_one_per_player(game, built):
    files, outputs = built
    assert [f.kind for f in outputs] == ["mats", "mats"]
    data = files["tverdzha-uk-mats.pdf"]
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == len(game.players)
    for page in reader.pages:
        size = (round(pt_to_mm(float(page.mediabox.width))), round(pt_to_mm(float(page.mediabox.height))))
        assert size == (420, 297)
    assert all(row[-5] == "yes" and row[-4] == "yes" for row in pdffonts(data))


def test_seven_slots_measured_on_each_mat(game, built):
    data = built[0]["tverdzha-uk-mats.pdf"]
    card = game.print.card
    for index in range(len(game.players)):
        rects = drawing(data, index).rects
        # slots are outlined in ink (the garrison beside them has the same size, in the player colour)
        ink = tuple(int(style.colour("ink")[k:k + 2], 16) / 255 for k in (1, 3, 5))
        slots = {(round(r.x, 2), round(r.y, 2)) for r in rects
                 if r.stroked and abs(r.w - (card.width + 2)) < 0.02 and abs(r.h - (card.height + 2)) < 0.02
                 and all(abs(a - b) < 0.01 for a, b in zip(r.colour, ink))}
        assert len(slots) == game.limits.building_slots


def test_mat_text_is_the_content(game, built):
    data = built[0]["tverdzha-uk-mats.pdf"]
    names = _names(game)
    for index, player in enumerate(game.players, start=1):
        content = " ".join(text(data, index).split())
        assert f"Замок гравця {player}" in content
        for needle in (names["storehouse"], names["granary"], "ліміт 5", "ліміт 7", "ліміт 8",
                       names["infirmary"], names["hospital"], names["fort"], "Гарнізон замку", "Поранені",
                       game.ui("mat_reserve", "uk"), "Коло", "Початок кола", "Кінець кола"):
            assert needle in content, needle
        for action in game.actions:
            assert action.name.get("uk") in content
        for step in game.round.end:
            assert step.text.get("uk").split(":")[0] in content


def test_tiles_keep_the_margin_and_line_up(game, built):
    data = built[0]["tverdzha-uk-mats-a4-tiles.pdf"]
    part, _, _ = mat_part(game, "A", "uk")
    plan = plan_tiles(part.width, part.height, "a4")
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == len(game.players) * (len(plan.tiles) + 1)
    for page, (x0, y0, x1, y1) in zip(reader.pages, ink_boxes(data)):
        w, h = pt_to_mm(float(page.mediabox.width)), pt_to_mm(float(page.mediabox.height))
        assert min(x0, y0, w - x1, h - y1) >= NO_PRINT_MARGIN - 0.02
    images = {t: tileprobe.page_array(data, t.row * plan.cols + t.col + 2) for t in plan.tiles}
    report = tileprobe.seam_report(plan, images, (0, 0), (0, 1), horizontal=False)
    assert report["overlap"] >= 10.0 and report["worst_edge"] <= 0.2 and report["patches"] >= 2
