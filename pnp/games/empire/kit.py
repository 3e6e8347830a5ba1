"""What the printed kit of «Строительство империи» holds, counted from the model: the manifest's
`components` and the preview's component list ask here, so the two cannot disagree."""

from __future__ import annotations

from collections import Counter

from pnp.games.empire.model import Game
from pnp.games.empire.render.board_reference import BOARDS
from pnp.games.empire.render.magic_board import boards as magic_boards


def counts(game: Game) -> dict[str, int]:
    """The printed components: a capital sheet, a creature deck and a tavern (hero cards) per race; every travel card the content ships (one of
    each), again for colouring in, and a blank template a travel type; a board per playable school
    of magic; the reference boards; the battle worksheet."""
    return {"capital_sheets": len(game.races), "creature_cards": sum(len(d.strikes) for d in game.creature_decks),
            "hero_cards": sum(len(r.heroes) for r in game.races),
            "travel_cards": len(game.travel_cards),
            "colour_in_cards": len(game.travel_cards), "blank_cards": len(game.travel_types),
            "magic_boards": len(magic_boards(game)), "reference_boards": len(BOARDS), "worksheets": 1}


def kit_rows(game: Game, lang: str) -> list[tuple[str, int]]:
    """The preview's component list: the capital sheets, each race's creature and hero cards, the travel cards by type in the content's
    order, their colour-in copies and blanks, then the boards and the worksheet."""
    rows = [(game.ui("kit_capital_sheets", lang), len(game.races))]
    races = {r.id: r.name.get(lang) for r in game.races}
    rows += [(game.ui("kit_creature_cards", lang, race=races[d.race]), len(d.strikes)) for d in game.creature_decks]
    rows += [(game.ui("kit_hero_cards", lang, race=r.name.get(lang)), len(r.heroes)) for r in game.races if r.heroes]
    by_type = Counter(card.type for card in game.travel_cards)
    rows += [(game.ui("kit_travel_cards", lang, type=t.name.get(lang)), by_type[t.id])
             for t in game.travel_types if by_type[t.id]]
    rows += [(game.ui("kit_colour_in", lang), len(game.travel_cards)),
             (game.ui("kit_blanks", lang), len(game.travel_types))]
    rows += [(game.ui("kit_magic_board", lang, school=s.name.get(lang)), 1) for s in magic_boards(game)]
    rows += [(game.ui("kit_board", lang, board=game.ui(title, lang)), 1) for _, _, title in BOARDS]
    return rows + [(game.ui("kit_worksheet", lang), 1)]
