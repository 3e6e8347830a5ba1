"""«Оборона Замка» as a game pack: what pnp needs to load, check and simulate it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.resources import bundled
from pnp.games import GamePack, Lazy

if TYPE_CHECKING:  # the model is imported where a content file is built, not by the registry
    from pnp.games.oborona_zamka.model import Game


def _summary(game: Game) -> tuple[dict[str, int], str]:
    f = game.field
    s = {"hexes": len(f.cells), "wall_segments": len(f.walls()), "races": len(game.races),
         "figures_per_side": game.army}
    return s, (f"{s['hexes']} hexes, {s['wall_segments']} wall segments, {s['races']} races, "
               f"{s['figures_per_side']} figures a side")


PACK = GamePack(
    id="oborona-zamka",
    name="Оборона Замка",
    languages=("ru", "uk"),
    schema=Path(__file__).with_name("schema.json"),
    model="pnp.games.oborona_zamka.model:Game",
    build_model=Lazy("pnp.games.oborona_zamka.modelbuild:build_game"),
    content=bundled("content", "oborona-zamka.yaml"),
    templates=bundled("templates", "oborona_zamka"),
    # the general checks that read only what every model has (texts, languages, marks)
    checks=("pnp.checks.strings", "pnp.checks.sections", "pnp.checks.address", "pnp.checks.ui", "pnp.checks.ui_syntax", "pnp.checks.apostrophe",
            "pnp.rulebook.own_numbers",
            "pnp.games.oborona_zamka.checks"),
    # in build order; the exporters take what the others share (pnp.build plans from that)
    renderers=(
        "pnp.components.board_sheet",
        "pnp.games.oborona_zamka.render.models",
        "pnp.games.oborona_zamka.render.standees",
        "pnp.games.oborona_zamka.render.aids",
        "pnp.rulebook.renderer",
        "pnp.exports.printshop", "pnp.exports.tts", "pnp.exports.preview",
    ),
    simulation="pnp.games.oborona_zamka.simulation",
    odds="pnp.games.oborona_zamka.odds_report",
    counts=Lazy("pnp.games.oborona_zamka.kit:counts"),
    summary=_summary,
    rulebook="pnp.games.oborona_zamka.rulebook.sections",
    colours="pnp.games.oborona_zamka.colours",
)
