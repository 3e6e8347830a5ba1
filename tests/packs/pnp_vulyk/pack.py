"""ВУЛИК as a game pack: its own schema, model and icon; pnp's card renderer and board renderer
and card checks; no rules engine."""

from __future__ import annotations

from pathlib import Path

from pnp.games import GamePack
from pnp_vulyk.model import Vulyk, build_model

HERE = Path(__file__).parent


def _counts(game: Vulyk) -> dict[str, int]:
    return {"flower_cards": sum(f.count for f in game.flowers), "hex_cells": len(game.cells())}


def _summary(game: Vulyk) -> tuple[dict[str, int], str]:
    counts = _counts(game)
    return counts, f"{counts['flower_cards']} flower cards, {counts['hex_cells']} hex cells"


PACK = GamePack(
    id="vulyk",
    name="ВУЛИК",
    languages=("uk",),
    schema=HERE / "schema.json",
    model=Vulyk,
    build_model=build_model,
    content=HERE / "vulyk.yaml",
    templates=HERE / "templates",
    # pnp's checks of card layouts and of every card text's fit, for its one family
    checks=("pnp.checks.card_layouts", "pnp.checks.textfit"),
    # pnp's print-shop and TTS exporters (`--all`, `--shop`) take its cards and board as they take the bundled games'
    renderers=("pnp.components.cards", "pnp.components.board_sheet", "pnp.exports.printshop", "pnp.exports.tts"),
    counts=_counts,
    summary=_summary,
    icons="pnp_vulyk.icons",
)
