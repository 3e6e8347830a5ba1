"""The model base every game's Game inherits (pnp.content.gamemodel): marks and ui strings, the
same for every game."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import ClassVar, Mapping

import pytest

from pnp.content.gamemodel import GameModel
from pnp.core.errors import Mark
from pnp.core.texts import Text
from pnp.games import pack


@dataclass(frozen=True)
class Plain(GameModel):
    ui_strings: Mapping[str, Text]
    source: str = "game.yaml"
    marks: Mapping[tuple, Mark] = field(default_factory=dict)


@dataclass(frozen=True)
class Declared(Plain):
    ui_contract_file: ClassVar[str | None] = "ui_keys.py"

    def ui_fields(self, key: str):
        return {"hello": {"name": "TEXT"}}.get(key)


UI = MappingProxyType({"hello": Text(MappingProxyType({"uk": "Привіт, {name}"}))})


def test_marks_fall_back_to_the_nearest_ancestor_then_the_file():
    model = Plain(UI, marks={("a",): Mark("game.yaml", 3, 1)})
    assert model.mark("a", "b", 2) == Mark("game.yaml", 3, 1)
    assert model.mark("z") == Mark("game.yaml", 1, 1)


def test_ui_fills_the_content_string_then_pnps_own():
    model = Plain(UI)
    assert model.ui("hello", "uk", name="світе") == "Привіт, світе"
    assert model.ui("print_front", "uk")  # pnp's catalogue
    with pytest.raises(KeyError, match="no ui string 'hello' in 'ru'"):
        model.ui("hello", "ru", name="x")


def test_a_declared_contract_refuses_what_it_does_not_list():
    model = Declared(UI)
    assert model.ui("hello", "uk", name="світе") == "Привіт, світе"
    with pytest.raises(LookupError, match="'print_front' with fields \\[\\] is not declared in ui_keys.py"):
        model.ui("print_front", "uk")
    with pytest.raises(LookupError, match="fields \\['colour'\\]"):
        model.ui("hello", "uk", colour="red")


@pytest.mark.parametrize("game", ["tverdzha", "oborona-zamka", "empire"])
def test_every_bundled_game_model_is_a_game_model(game):
    from pnp.content import load_game
    model, _ = load_game(pack(game).content)
    assert isinstance(model, GameModel)
    own = {name for name in ("mark", "ui") if name in vars(type(model))}
    assert own == set(), f"{game} writes its own {own} again"
