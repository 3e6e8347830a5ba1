"""What the printed kit of «Строительство империи» holds, counted from the model: the manifest's
`components` and the preview's component list ask here, so the two cannot disagree."""

from __future__ import annotations

from collections import Counter

from pnp.games.empire.model import Game


def counts(game: Game) -> dict[str, int]:
    """The printed components: a capital sheet per race, every travel card the content ships (one of each)."""
    return {"capital_sheets": len(game.races), "travel_cards": len(game.travel_cards)}


def kit_rows(game: Game, lang: str) -> list[tuple[str, int]]:
    """The preview's component list: the capital sheets, then the travel cards by type in the content's order."""
    rows = [(game.ui("kit_capital_sheets", lang), len(game.races))]
    by_type = Counter(card.type for card in game.travel_cards)
    rows += [(game.ui("kit_travel_cards", lang, type=t.name.get(lang)), by_type[t.id])
             for t in game.travel_types if by_type[t.id]]
    return rows
