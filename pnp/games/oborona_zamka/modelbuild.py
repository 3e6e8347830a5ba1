"""Turn schema-valid plain data of «Оборона Замка» into its frozen model, keeping marks: the
general builder reads the model's own declarations (`pnp.content.modelbuilder`)."""

from __future__ import annotations

from pnp.content.modelbuilder import build, file_fields
from pnp.content.yamlload import Loaded
from pnp.games.oborona_zamka.model import Game


def build_game(loaded: Loaded, source: str) -> Game:
    return build(Game, loaded, **file_fields(loaded, source))
