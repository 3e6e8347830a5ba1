"""ТВЕРДЖА as a game pack: what pnp needs to load, check, build and simulate it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.resources import bundled
from pnp.games import GamePack, Lazy, OddsOption

if TYPE_CHECKING:  # the model is imported where a content file is built, not by the registry
    from pnp.games.tverdzha.model import Game


def _summary(game: Game) -> tuple[dict[str, int], str]:
    s = {
        "lands": len(game.board.cells),
        "buildings": len(game.buildings),
        "building_cards": sum(b.copies for b in game.buildings),
        "upgrades": len(game.buildings),
        "upgrade_cards": sum(b.copies for b in game.buildings),
        "battle_card_types": len(game.battle_cards),
        "battle_cards": sum(c.count for c in game.battle_cards),
    }
    return s, (f"{s['lands']} lands, {s['buildings']} buildings ({s['building_cards']} cards) + "
               f"{s['upgrades']} upgrades ({s['upgrade_cards']} cards), {s['battle_card_types']} battle card types "
               f"({s['battle_cards']} cards)")


PACK = GamePack(
    id="tverdzha",
    name="ТВЕРДЖА",
    languages=("uk",),
    schema=Path(__file__).with_name("schema.json"),
    model="pnp.games.tverdzha.model:Game",
    build_model=Lazy("pnp.games.tverdzha.modelbuild:build_game"),
    content=bundled("content", "tverdzha.yaml"),
    templates=bundled("templates", "tverdzha"),
    checks=("pnp.checks", "pnp.games.tverdzha.checks"),
    # in build order; the exporters declare what they reuse (pnp.build plans from that)
    renderers=("pnp.components.cards", "pnp.games.tverdzha.render.tokens", "pnp.games.tverdzha.render.board",
               "pnp.games.tverdzha.render.mats", "pnp.games.tverdzha.render.aids", "pnp.rulebook.renderer",
               "pnp.components.alignment_sheet", "pnp.exports.printshop", "pnp.exports.tts", "pnp.exports.preview"),
    facts=Lazy("pnp.games.tverdzha.facts:facts"),
    simulation="pnp.games.tverdzha.simulation",
    odds="pnp.games.tverdzha.odds_report",
    odds_options=(
        OddsOption("attacker", "Attacking unit strengths, e.g. 2,1.", metavar="S,S"),
        OddsOption("defender", "Defending unit strengths, e.g. 1,1.", metavar="S,S"),
        OddsOption("castle", "The defender is in its castle.", kind="flag"),
        OddsOption("wall", "The defender's castle has a Wall.", kind="flag"),
        OddsOption("bastion", "The defender's castle has a Bastion.", kind="flag"),
        OddsOption("attacker-card", "Battle card the attacker plays.", metavar="ID"),
        OddsOption("defender-card", "Battle card the defender plays.", metavar="ID"),
    ),
    export=Lazy("pnp.games.tverdzha.export_json:dumps"),
    counts=Lazy("pnp.games.tverdzha.kit_counts:count_dict"),
    kit=Lazy("pnp.games.tverdzha.kit_counts:kit_rows"),
    summary=_summary,
    default=True,
    icons="pnp.games.tverdzha.render.icon_art",
    rulebook="pnp.games.tverdzha.rulebook.sections",
    # the rulebook's text layer only: imported when a PDF speaks its icons
    icon_words=Lazy("pnp.games.tverdzha.icon_speech:icon_words"),
    colours="pnp.games.tverdzha.colours",
)
