"""Turn schema-valid plain data of «Строительство империи» into its frozen model, keeping marks: the
general builder reads the model's own declarations (`pnp.content.modelbuilder`); this module adds what
the model cannot name without a cycle, the card families (their rows read the model)."""

from __future__ import annotations

from typing import Any

from pnp.components.card_family import CardFamily
from pnp.content.modelbuilder import build, file_fields
from pnp.content.yamlload import Loaded
from pnp.games.empire.model import Game
from pnp.games.empire.render import chest_rows, creature_rows, hero_rows, neutral_rows, travel_rows


def build_game(loaded: Loaded, source: str) -> Game:
    return build(Game, loaded, card_families=card_families(loaded), **file_fields(loaded, source))


def card_families(loaded: Loaded) -> tuple[CardFamily, ...]:
    """Every deck in print order: the travel cards, each race's creatures, the taverns of the races
    with heroes, the neutral armies and the chests."""
    d: dict[str, Any] = loaded.data
    decks = d.get("creature_decks", ())
    races = [r["id"] for r in d["races"]]
    return (travel_rows.family(d["cards"]["back_colour"], loaded.mark(("cards",))),
            *(creature_rows.family(k["race"], k["colour"], loaded.mark(("creature_decks", i)))
              for i, k in enumerate(decks)),
            *(hero_rows.family(k["race"], k["colour"], loaded.mark(("races", races.index(k["race"]))))
              for k in decks if any(r["id"] == k["race"] and r.get("heroes") for r in d["races"])),
            *((neutral_rows.family(d["neutral_armies"]["colour"], loaded.mark(("neutral_armies",))),)
              if "neutral_armies" in d else ()),
            *((chest_rows.family(d["chests"]["colour"], loaded.mark(("chests",))),) if "chests" in d else ()))
