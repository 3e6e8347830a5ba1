"""The general model builder (pnp.content.modelbuilder): a frozen model read from content by
its fields' types, each value with the mark of its line."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

import pytest

from pnp.content import load_game
from pnp.content.modelbuilder import At, ModelBuildError, build, file_fields, key, place_key
from pnp.content.yamlload import parse_yaml
from pnp.core.errors import Mark
from pnp.core.texts import NO_MARK, Text

CONTENT = """\
game:
  title: {uk: Гра, ru: Игра}
sides:
  - id: a
    name: {uk: Напад}
    moves: {value: 2}
  - id: b
    name: {uk: Оборона}
    moves: {value: 3}
    motto: {uk: Стійте}
cells: [[0, 1], [2, 3]]
weights: {gold: 1, iron: 2.5}
ui:
  hello: {uk: Привіт}
"""


@dataclass(frozen=True)
class Side:
    id: str
    name: Text
    moves: int = key("moves.value")
    motto: Text | None = None
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Game:
    title: Text = key("game.title")
    sides: tuple[Side, ...] = ()
    cells: tuple[tuple[int, int], ...] = ()
    weights: Mapping[str, float] = field(default_factory=dict)
    ui_strings: Mapping[str, Text] = key("ui", default_factory=dict)
    glossary: Mapping[str, Text] = field(default_factory=dict)
    first_moves: int = field(default=0, metadata={"build": lambda at: at.get("sides")[0]["moves"]["value"]})
    cached: str = field(default="left alone", metadata={"skip": True})
    source: str = ""


def _loaded(text: str = CONTENT):
    loaded, problems = parse_yaml(text, "game.yaml")
    assert problems == []
    return loaded


def test_fields_are_read_by_their_types_with_the_marks_of_their_lines():
    game = build(Game, _loaded(), source="game.yaml")
    assert game.title == Text({"uk": "Гра", "ru": "Игра"}) and str(game.title.mark) == "game.yaml:2:10"
    a, b = game.sides
    assert (a.id, a.name.get("uk"), a.moves, a.motto) == ("a", "Напад", 2, None)
    assert (b.moves, b.motto.get("uk"), str(b.motto.mark)) == (3, "Стійте", "game.yaml:10:12")
    assert str(a.mark) == "game.yaml:4:5" and str(b.mark) == "game.yaml:7:5"
    assert game.cells == ((0, 1), (2, 3))
    assert game.weights == {"gold": 1.0, "iron": 2.5} and type(game.weights["gold"]) is float
    assert isinstance(game.weights, MappingProxyType) and isinstance(game.glossary, MappingProxyType)
    assert str(game.ui_strings["hello"].mark) == "game.yaml:14:10"
    assert (game.first_moves, game.cached, game.source) == (2, "left alone", "game.yaml")


def test_a_required_field_without_data_is_named_by_its_path():
    @dataclass(frozen=True)
    class Needs:
        turns: int = key("rules.turns")

    with pytest.raises(ModelBuildError, match="rules.turns"):
        build(Needs, _loaded())


def test_an_object_below_the_top_and_the_place_a_build_function_gets():
    loaded = _loaded()
    side = build(Side, loaded, ("sides", 1))
    assert side.name.get("uk") == "Оборона" and str(side.mark) == "game.yaml:7:5"
    at = At(loaded.data["sides"][0], ("sides", 0), loaded)
    assert at.get("moves.value") == 2 and at.get("motto", None) is None
    assert at.build(Text, "name").get("uk") == "Напад" and str(at.mark("name")) == "game.yaml:5:11"


@pytest.mark.parametrize("name", ["oborona-zamka"])
def test_a_bundled_game_built_by_it_keeps_its_file(name):
    game, problems = load_game(f"content/{name}.yaml")
    assert game is not None and game.source == f"content/{name}.yaml"
    assert len(game.sha256) == 64 and game.marks and game.mark("rules", "turn_cap").line > 1
    fields = file_fields(_loaded(), "x.yaml")
    assert set(fields) == {"source", "sha256", "fonts", "marks", "notes"}


@dataclass(frozen=True)
class Purse:
    """A value that is not a mapping of fields in the content: it builds itself."""

    coins: tuple[tuple[str, int], ...]
    mark: Mark = field(default=NO_MARK, compare=False)

    @classmethod
    def from_content(cls, at: At) -> "Purse":
        return cls(tuple(sorted(at.data.items())), at.mark())


@dataclass(frozen=True)
class Market:
    weights: Purse
    spare: Purse | None = None


def test_a_class_with_from_content_builds_itself_at_its_place():
    market = build(Market, _loaded())
    assert market.weights == Purse((("gold", 1), ("iron", 2.5)))
    assert (market.weights.mark.line, market.weights.mark.col) == (12, 10)
    assert market.spare is None


def test_tverdzha_is_built_by_the_general_builder():
    # every field of ТВЕРДЖА's Game is declared on the model: its builder names no key by hand
    from pnp.games.tverdzha import modelbuild
    source = open(modelbuild.__file__, encoding="utf-8").read()
    assert "build(Game, loaded" in source and 'loaded.data["game"]' not in source
    game, problems = load_game(None)
    assert [p for p in problems if p.severity == "error"] == []
    assert game.limits.hand_max == 7 and game.board.cells[0].mark.line > 1
    assert game.buildings[0].upgrade.base == game.buildings[0].id


NESTED = """\
shops:
  forge: {name: {uk: Кузня}, open: [1, 5]}
  mill:
    name: {uk: Млин}
    open: [2, 6]
"""


@dataclass(frozen=True)
class Shop:
    id: str = place_key()
    name: Text = key("name")
    opens: int = key("open.0")
    closes: int = key("open.1")
    town: int = field(default=0, metadata={"build": lambda at: len(at.up().data)})
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Town:
    shops: tuple[Shop, ...]


def test_a_tuple_from_a_mapping_the_key_an_object_stands_under_list_items_in_a_path_and_the_place_above():
    town = build(Town, _loaded(NESTED))
    forge, mill = town.shops
    assert (forge.id, forge.opens, forge.closes, mill.id, mill.opens, mill.closes) == ("forge", 1, 5, "mill", 2, 6)
    assert str(forge.mark) == "game.yaml:2:10" and str(mill.mark) == "game.yaml:4:5"
    assert str(mill.name.mark) == "game.yaml:4:11" and forge.town == mill.town == 2
    at = At(_loaded(NESTED).data["shops"]["mill"], ("shops", "mill"), _loaded(NESTED))
    assert at.get("open.1") == 6 and at.up(2).path == () and str(at.mark("open", 1)) == "game.yaml:5:15"
    assert at.build(int, "open.0") == 2
    with pytest.raises(ValueError):
        at.up(3)


def test_the_empire_is_built_by_the_general_builder():
    # the empire's model declares where each field comes from: its builder adds the card families alone
    from pnp.games.empire import modelbuild
    from pnp.games import pack

    source = open(modelbuild.__file__, encoding="utf-8").read()
    assert "build(Game, loaded" in source and 'd["capital"]' not in source and "Capital(" not in source
    game, problems = load_game(pack("empire").content)
    assert [p for p in problems if p.severity == "error"] == []
    forge = game.races[0].building("forge")
    assert forge.plot == "forge" and forge.mark.line > 1 and game.capital.hero_base > 0
    spell = game.battle.magic.schools[0].levels[0].destruction[0]
    assert (spell.school, spell.circle, spell.level) == (game.battle.magic.schools[0].id, "destruction", 1)
    assert spell.damage == game.battle.magic.schools[0].levels[0].damage
    treasure = next(c for c in game.travel_cards if c.chest_ranges)
    assert treasure.chests is None and treasure.chest_ranges[0].first == 1 and treasure.chest_ranges[0].mark.line > 1
    assert game.book.example.deck == tuple(sorted(game.book.example.deck)) and game.play.players[0] <= game.play.players[1]
