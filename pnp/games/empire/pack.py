"""«Строительство империи» as a game pack: its content format, model, checks and its printed kit (capital sheets, travel cards, reference boards, worksheet, rulebook) and the exports."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.resources import bundled
from pnp.games import GamePack, Lazy, OddsOption

if TYPE_CHECKING:  # the model is imported where a content file is built, not by the registry
    from pnp.games.empire.model import Game


def _summary(game: Game) -> tuple[dict[str, int], str]:
    s = {"races": len(game.races), "plots": len(game.capital.plots),
         "travel_cards": sum(c.count for c in game.travel_cards),
         "travel_types": len({c.type for c in game.travel_cards}), "weeks": game.weeks}
    decks = ""
    if game.neutral_deck is not None:
        s["neutral_cards"] = game.neutral_deck.size
        decks += f"{s['neutral_cards']} neutral armies, "
    if game.chests is not None:
        s["chest_cards"] = game.chests.count
        decks += f"{s['chest_cards']} chests, "
    return s, (f"{s['races']} race{'s' if s['races'] != 1 else ''}, {s['plots']} capital plots, "
               f"{s['travel_cards']} travel cards of {s['travel_types']} types, {decks}{s['weeks']} weeks")


PACK = GamePack(
    id="empire",
    name="Строительство империи",
    languages=("ru", "uk"),
    schema=Path(__file__).with_name("schema.json"),
    model="pnp.games.empire.model:Game",
    build_model=Lazy("pnp.games.empire.modelbuild:build_game"),
    content=bundled("content", "empire.yaml"),
    templates=bundled("templates", "empire"),
    # the general checks that read only what every model has (texts, languages, marks) and its ui contract
    checks=("pnp.checks.strings", "pnp.checks.sections", "pnp.checks.address", "pnp.checks.ui", "pnp.checks.ui_syntax", "pnp.checks.apostrophe",
            "pnp.rulebook.own_numbers",
            "pnp.games.empire.checks",
            # pnp's checks of the travel cards' layouts and of every card text's fit
            "pnp.checks.card_layouts", "pnp.checks.textfit"),
    # in build order (one module a line); the exporters take what the others share (pnp.build plans from that)
    renderers=("pnp.games.empire.render.capital_sheet",
               "pnp.games.empire.render.travel_cards",
               "pnp.games.empire.render.creature_cards",
               "pnp.games.empire.render.deck_cards",
               "pnp.games.empire.render.magic_board",
               "pnp.games.empire.render.board_reference",
               "pnp.games.empire.render.worksheet",
               "pnp.rulebook.renderer",
               "pnp.components.alignment_sheet",  # the duplex travel cards' front/back test
               "pnp.exports.printshop",
               "pnp.exports.tts",
               "pnp.exports.preview",
               ),
    # counted by the renderers' own lists (the boards, the playable schools): imported when asked
    counts=Lazy("pnp.games.empire.kit:counts"),
    kit=Lazy("pnp.games.empire.kit:kit_rows"),
    summary=_summary,
    odds="pnp.games.empire.odds_report",
    simulation="pnp.games.empire.simulation",
    sim_options=(OddsOption("players", "Players at the table (default: the most the content seats).", metavar="N"),),
    odds_options=(
        OddsOption("army", "The attacker's army file.", kind="file", metavar="FILE"),
        OddsOption("against", "The opponent's file: a neutral army, a travel card at a week, or another army.",
                   kind="file", metavar="FILE"),
    ),
    rulebook="pnp.games.empire.rulebook.sections",
    # the travel types' emblems and the travel cards' back medallion
    icons="pnp.games.empire.render.travel_emblems",
    colours="pnp.games.empire.colours",
)
