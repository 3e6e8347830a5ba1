"""Build ТВЕРДЖА's frozen Game from schema-valid content, keeping marks.

The model's dataclasses declare where each field comes from (pnp.content.modelbuilder); this
module adds what the model cannot name without a cycle (the card families' rows, which read
the model) and the named facts, which need the whole model.
"""

from __future__ import annotations

from pnp.components.card_family import CardFamily
from pnp.content.modelbuilder import build, file_fields
from pnp.content.yamlload import Loaded
from pnp.games.tverdzha.card_rows import SOURCES as CARD_SOURCES
from pnp.games.tverdzha.facts import apply_facts
from pnp.games.tverdzha.model import Game


def build_game(loaded: Loaded, source: str) -> Game:
    families = tuple(_family(f, loaded.mark(("card_families", i))) for i, f in enumerate(loaded.data["card_families"]))
    game = build(Game, loaded, card_families=families, **file_fields(loaded, source))
    return apply_facts(game)  # named facts filled into the prose: they need the model, so they come last


def _family(f: dict, mark) -> CardFamily:
    fields, source = CARD_SOURCES[f["rows"]]
    return CardFamily(f["id"], f["layout"], f["colour"], f["icon"], f["back"], f["name"], f["component"], f["rows"],
                      fields, mark, source)
