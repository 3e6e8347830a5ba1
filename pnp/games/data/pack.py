"""The general pack for games made only of data (`pack: data`): no rules engine, no Python of the
game's own. Its content declares card families (rows in YAML or a spreadsheet), tokens, a board,
mats, sheets, player aids, its own icons and a rulebook's sections; pnp's general renderers, exporters and checks make and hold the kit.
`pnp new` starts such a game from `starter/`, which is also the content `--game data` reads."""

from __future__ import annotations

from pathlib import Path

from pnp.games import GamePack, Lazy

HERE = Path(__file__).parent

PACK = GamePack(
    id="data",
    name="a game made of data (no rules engine)",
    languages=("uk",),
    schema=HERE / "schema.json",
    model="pnp.games.data.model:Game",
    build_model=Lazy("pnp.games.data.model:build_model"),
    content=HERE / "starter" / "uk" / "game.yaml",
    templates=HERE / "templates",
    # the general checks of what every model has, the data game's own (every row gives every
    # field in every language, every string the kit prints exists, every text fits its card:
    # pnp's text-fit for the rows given whole) and the card layouts' check
    checks=("pnp.checks.strings", "pnp.checks.sections", "pnp.checks.ui_syntax", "pnp.checks.markup", "pnp.games.data.checks",
            "pnp.checks.card_layouts"),
    renderers=("pnp.components.cards",
               "pnp.games.data.render",
               "pnp.games.data.render_parts",
               "pnp.components.alignment_sheet",
               "pnp.exports.printshop",
               "pnp.exports.tts",
               "pnp.exports.preview",
               ),
    counts=Lazy("pnp.games.data.kit:counts"),
    kit=Lazy("pnp.games.data.kit:kit_rows"),
    summary=Lazy("pnp.games.data.kit:summary"),
    rulebook="pnp.games.data.rulebook",
)
