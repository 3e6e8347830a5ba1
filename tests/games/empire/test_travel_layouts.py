"""The travel cards' layouts as pnp's card-layout check reads them: each card's own layout (its type's)
checked against that card's fields, and the scale element's grammar."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType


from pnp.checks import card_layouts
from pnp.components import card_layout



def with_rows(game, change):
    """The game with its travel family's rows changed by `change(rows)`."""
    family = game.card_families[0]
    rows = family.cards(game, "ru")
    variant = dataclasses.replace(family, source=lambda g, f, lang: change(rows))
    return dataclasses.replace(game, card_families=(variant,)), variant


def test_every_travel_card_has_its_types_layout_and_colour(game):
    family = game.card_families[0]
    rows = family.cards(game, "ru")
    assert [(r.id, r.layout, r.colour) for r in rows] == [
        (c.id, c.type, game.travel_type(c.type).colour) for c in game.travel_cards]
    assert card_layouts.family_problems(game, family) == []


def test_a_card_without_a_field_its_layout_shows_is_reported_at_the_layout(game):
    def drop_gold(rows):
        return tuple(dataclasses.replace(r, fields=MappingProxyType({k: v for k, v in r.fields.items() if k != "gold"}))
                     if r.layout == "mine" else r for r in rows)
    variant_game, family = with_rows(game, drop_gold)
    problems = card_layouts.family_problems(variant_game, family)
    assert [(p.code, "'gold'" in p.message, p.mark.file.endswith("mine.yaml")) for p in problems] == [
        ("layout-field", True, True)]


def test_a_card_naming_a_layout_that_is_not_there_is_reported_at_the_card(game):
    def rename(rows):
        return tuple(dataclasses.replace(r, layout="mines") if r.layout == "mine" else r for r in rows)
    variant_game, family = with_rows(game, rename)
    problems = card_layouts.family_problems(variant_game, family)
    first_mine = next(c for c in game.travel_cards if c.type == "mine")
    assert [(p.code, p.mark.line) for p in problems] == [("layout-missing", first_mine.mark.line)]


def test_a_colour_neither_in_the_palette_nor_rrggbb_is_reported(game):
    def recolour(rows):
        return tuple(dataclasses.replace(r, colour="green") if r.layout == "mine" else r for r in rows)
    variant_game, _ = with_rows(game, recolour)
    mines = [c for c in game.travel_cards if c.type == "mine"]
    assert [p.code for p in card_layouts.check(variant_game)] == ["family-ref"] * len(mines)  # one a mine card


def test_a_scale_needs_a_style_and_a_caption_style(tmp_path):
    (tmp_path / "bad.yaml").write_text(
        "template: t.svg.j2\n"
        "styles:\n  cell: {face: sans, size: 8}\n"
        "elements:\n"
        "  weeks: {kind: scale, style: cell, shows: strength, box: {height: 10}}\n"
        "  again: {kind: scale, style: cell, caption: nothing, shows: strength, box: {height: 10}}\n", encoding="utf-8")
    layout, problems = card_layout.load(tmp_path, "bad")
    assert layout is None
    assert [(p.code, p.mark.line, "`caption:`" in p.message) for p in problems] == [
        ("layout-ref", 5, True), ("layout-ref", 6, True)]
