"""card-layout: the layout files are read with marks, and every mistake is one clear problem."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from checkkit import changed, codes, line_of
from pnp.checks import card_layouts
from pnp.components import card_boxes, card_layout, card_text
from pnp.components.card_family import CardSpec
from pnp import games

SHIPPED = games.pack("tverdzha").templates / "cards"


def test_shipped_layouts_have_no_problems(game):
    assert list(card_layouts.check(game, "uk")) == []


def test_extends_chain_merges_elements_and_styles():
    building, _ = card_layout.load(SHIPPED, "building")
    names = [e.name for e in building.elements]
    # card.yaml's elements first, then scored.yaml's, then building.yaml's own
    assert names[:3] == ["header", "badge", "badge_icon"] and "points" in names and names[-1] == "foot_cost"
    assert building.template == "building.svg.j2" and set(building.styles) == {"title", "effect", "caption"}
    # building.yaml replaces the foot's box, scored.yaml the title's: both stop short of the points badge
    boxes = card_boxes.boxes(building, CardSpec(63, 88, 3, 3, 7))
    assert boxes["foot"].h == 11 and boxes["title"].right == boxes["points"].x - 1
    assert boxes["effect"].y == boxes["art"].bottom + 1.5 and boxes["effect"].bottom == boxes["foot"].y - 1.5


def _folder(tmp_path: Path, **files: str) -> Path:
    """The shipped layouts with some files replaced."""
    folder = tmp_path / "cards"
    shutil.copytree(SHIPPED, folder)
    for name, text in files.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


BASE = "template: x.svg.j2\nstyles:\n  s: {face: sans, size: 9}\nelements:\n"


@pytest.mark.parametrize("element, code, at, words", [
    ("  a: {kind: circle}\n", "layout-kind", "circle", "expected a kind (text, icons"),
    ("  a: {kind: shape, box: {left: 1, right: 1, width: 3}}\n", "layout-box", "{kind", "at most two of"),
    ("  a: {kind: shape, box: {top: b.bottom + 1}}\n", "layout-ref", "b.bottom", "refers to 'b'"),
    ("  a: {kind: shape, box: {top: safe.bottm}}\n", "layout-ref", "safe.", "expected an edge"),
    ("  a: {kind: text, style: t, shows: name}\n", "layout-ref", "t, shows", "expected a style of the layout (s)"),
    ("  a: {kind: shape, colour: red}\n", "layout-key", "red", "unknown key 'colour'"),
    ("  a: {kind: shape, box: {top: one}}\n", "layout-key", "one", "expected millimetres or an edge"),
    ("  a: {kind: shape, box: {top: b.top}}\n  b: {kind: shape, box: {top: a.bottom}}\n", "layout-cycle", "{kind",
     "a -> b -> a"),
])
def test_layout_mistakes_point_at_their_line_and_column(tmp_path, element, code, at, words):
    folder = _folder(tmp_path, bad=BASE + element)
    layout, problems = card_layout.load(folder, "bad")
    assert layout is None and codes(problems) == [code]
    p = problems[0]
    col = element.index(at) + 1  # the value (or the element's mapping) the message is about
    assert (p.mark.file.endswith("cards/bad.yaml"), p.mark.line, p.mark.col) == (True, 5, col), p.format()
    assert words in p.message


def test_a_cycle_in_extends_is_one_problem_at_the_extends_key(tmp_path):
    folder = _folder(tmp_path, a="extends: b\nelements: {}\n", b="extends: a\nelements: {}\n")
    layout, problems = card_layout.load(folder, "a")
    assert layout is None and codes(problems) == ["layout-cycle"]
    assert "a -> b -> a" in problems[0].message and problems[0].mark.line == 1
    assert problems[0].mark.file.endswith("cards/b.yaml")


def _with_layouts(game, folder: Path, monkeypatch):
    monkeypatch.setattr(card_text, "layout_folder", lambda g: folder)


def test_unknown_field_names_the_fields_the_family_has(game, tmp_path, monkeypatch):
    text = (SHIPPED / "battle.yaml").read_text(encoding="utf-8").replace("shows: timing_label", "shows: timing_lable")
    _with_layouts(game, _folder(tmp_path, battle=text), monkeypatch)
    problems = list(card_layouts.check(game, "uk"))
    assert codes(problems) == ["layout-field"]
    p = problems[0]
    assert "'timing_lable'" in p.message and "timing_label" in p.hint
    assert p.mark.file.endswith("cards/battle.yaml") and p.mark.line == text[:text.index("timing_lable")].count("\n") + 1


def test_box_outside_the_card_at_the_contents_size(game, tmp_path, monkeypatch):
    _with_layouts(game, _folder(tmp_path), monkeypatch)
    small = changed({("print", "card", "height"): 40})
    problems = list(card_layouts.check(small, "uk"))
    assert problems and set(codes(problems)) == {"layout-outside"}
    assert any("'effect_text'" in p.message and "has no room" in p.message and "63x40 mm card" in p.message
               for p in problems)
    assert all(p.mark.file.endswith(".yaml") and p.mark.line > 0 for p in problems)


def test_a_family_without_its_layout_file_is_reported_at_the_family(game):
    families = (dataclasses.replace(game.card_families[0], layout="battel"),) + game.card_families[1:]
    problems = list(card_layouts.check(dataclasses.replace(game, card_families=families), "uk"))
    assert codes(problems) == ["layout-missing"] and "battel.yaml" in problems[0].message
    assert problems[0].mark.line == line_of("- {id: battle, rows: battle_cards")


def test_an_unknown_colour_icon_or_ui_key_of_a_family():
    game = changed({("card_families", 0, "colour"): "purple", ("card_families", 1, "icon"): "castel",
                    ("card_families", 2, "name"): "card_upgrd"})
    problems = list(card_layouts.check(game, "uk"))
    assert codes(problems) == ["family-ref"] * 3


def test_registered_with_the_other_checks():
    from pnp.checks import ids

    assert card_layouts.ID in ids(games.pack("tverdzha").checks)


def test_a_layout_edited_while_the_process_lives_is_read_again(tmp_path):
    """`pnp serve` lives for hours and forks its render workers from itself: a layout it read
    before the designer's save (here the parent's, through `extends:`) must not be the one drawn."""
    folder = _folder(tmp_path, base=BASE + "  a: {kind: shape, box: {top: 1, height: 4}}\n",
                     own="extends: base\nelements:\n  b: {kind: shape, box: {top: 6, height: 4}}\n")
    first, _ = card_layout.load(folder, "own")
    assert card_layout.load(folder, "own")[0] is first  # kept while nothing changed
    (folder / "base.yaml").write_text(BASE + "  a: {kind: shape, box: {top: 2, height: 9}}\n", encoding="utf-8")
    again, _ = card_layout.load(folder, "own")
    spec = CardSpec(63, 88, 3, 3, 7)
    assert card_boxes.boxes(first, spec)["a"].h == 4 and card_boxes.boxes(again, spec)["a"].h == 9
    (folder / "own.yaml").unlink()
    gone, problems = card_layout.load(folder, "own")
    assert gone is None and codes(problems) == ["layout-missing"]


def test_boxes_are_kept_per_layout_card_size_and_track_steps():
    """A check and a build ask for one layout's boxes for every card of a family: the answer is kept,
    but it is each card's own (another card size, another step count of a track), and a caller's
    changes to its dict never reach the next caller."""
    battle, _ = card_layout.load(SHIPPED, "battle")
    spec = CardSpec(63, 88, 3, 3, 7)
    two, three = card_boxes.boxes(battle, spec, {"timing": 2}), card_boxes.boxes(battle, spec, {"timing": 3})
    assert two["timing"].w < three["timing"].w
    assert card_boxes.boxes(battle, CardSpec(70, 120, 3, 3, 7))["trim"].w == 70
    two["timing"] = two["trim"]
    assert card_boxes.boxes(battle, spec, {"timing": 2})["timing"] == card_boxes._boxes(battle, spec, {"timing": 2})["timing"]
