"""What the printed kit of «Строительство империи» holds, counted from the model: the manifest's
`components` and the preview's component list ask here, so the two cannot disagree."""

from __future__ import annotations

from collections import Counter

from pnp.games.empire.model import Game
from pnp.games.empire.render.board_reference import BOARDS
from pnp.games.empire.render.magic_board import boards as magic_boards


def travel_copies(game: Game) -> int:
    """Every printed travel card: each card of the content as many times as it counts."""
    return sum(c.count for c in game.travel_cards)


def counts(game: Game) -> dict[str, int]:
    """The printed components: a capital sheet, a creature deck and a tavern (hero cards) per race; every travel card the
    content ships (its copies), again for colouring in, and a blank template a travel type; the neutral armies' deck and
    the chests; a board per playable school of magic; the reference boards; the battle worksheet."""
    return {"capital_sheets": len(game.races), "creature_cards": sum(len(d.strikes) for d in game.creature_decks),
            "hero_cards": sum(len(r.heroes) for r in game.races),
            "travel_cards": travel_copies(game),
            "colour_in_cards": travel_copies(game), "blank_cards": len(game.travel_types),
            "neutral_cards": game.neutral_deck.size if game.neutral_deck else 0,
            "chest_cards": game.chests.count if game.chests else 0,
            "magic_boards": len(magic_boards(game)), "reference_boards": len(BOARDS), "worksheets": 1}


def kit_rows(game: Game, lang: str) -> list[tuple[str, int]]:
    """The preview's component list: the capital sheets, each race's creature and hero cards, the travel cards by type in the content's
    order, their colour-in copies and blanks, the neutral armies and the chests, then the boards and the worksheet."""
    rows = [(game.ui("kit_capital_sheets", lang), len(game.races))]
    races = {r.id: r.name.get(lang) for r in game.races}
    rows += [(game.ui("kit_creature_cards", lang, race=races[d.race]), len(d.strikes)) for d in game.creature_decks]
    rows += [(game.ui("kit_hero_cards", lang, race=r.name.get(lang)), len(r.heroes)) for r in game.races if r.heroes]
    by_type = Counter({t.id: game.travel_copies(t.id) for t in game.travel_types})
    rows += [(game.ui("kit_travel_cards", lang, type=t.name.get(lang)), by_type[t.id])
             for t in game.travel_types if by_type[t.id]]
    rows += [(game.ui("kit_colour_in", lang), travel_copies(game)),
             (game.ui("kit_blanks", lang), len(game.travel_types))]
    if game.neutral_deck:
        rows.append((game.ui("kit_neutral_cards", lang), game.neutral_deck.size))
    if game.chests:
        rows.append((game.ui("kit_chest_cards", lang), game.chests.count))
    rows += [(game.ui("kit_magic_board", lang, school=s.name.get(lang)), 1) for s in magic_boards(game)]
    rows += [(game.ui("kit_board", lang, board=game.ui(title, lang)), 1) for _, _, title in BOARDS]
    return rows + [(game.ui("kit_worksheet", lang), 1)]
