"""The bundled «Оборона Замка» content as the engine tests read it: its field and numbers."""

from pathlib import Path

from pnp.content.yamlload import load_yaml
from pnp.games.oborona_zamka.model import axial
from pnp.games.oborona_zamka.modelbuild import build_game
from pnp.games.oborona_zamka.rules.field import Field

CONTENT = Path(__file__).resolve().parents[3] / "content" / "oborona-zamka.yaml"
_loaded, _problems = load_yaml(CONTENT, "content/oborona-zamka.yaml")
GAME = build_game(_loaded, "content/oborona-zamka.yaml")
NUMBERS = GAME.numbers

__all__ = ["GAME", "NUMBERS", "axial", "field"]


def field() -> Field:
    return Field(GAME.field_spec)
