"""What the printed kit of «Оборона Замка» holds, counted from the model: the manifest's
`components`, the preview's component list («Что в наборе», each count named by its
`kit_<count>` string) and the rulebook's counts ask here, so they cannot disagree."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the model is imported where a content file is built, not by the registry
    from pnp.games.oborona_zamka.model import Game


def counts(game: Game) -> dict[str, int]:
    """The kit in the order a player unpacks it: the field, the castle (one paper model), the wall
    segments with the spares, the standees, an aid per side and the dice (bought, not printed)."""
    return {"board": 1, "castle": 1,
            "wall_segments": len(game.field.walls()) + game.components.spare_wall_segments,
            "standees": game.components.standees_per_race * len(game.races),
            "aids": len(game.sides),
            "dice": game.components.dice}
