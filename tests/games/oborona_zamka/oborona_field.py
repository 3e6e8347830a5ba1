"""A field for the engine tests, in the layout the bundled content uses: 9 rows of 8 and 7
hexes, the castle on two hexes of the bottom row, five yard hexes around it inside a chain
of twelve wall segments, a mountain, five dark start hexes at the top."""

from pnp.games.oborona_zamka.rules.field import Field, FieldSpec, neighbours_of
from pnp.games.oborona_zamka.rules.numbers import Numbers


def axial(row, col):
    """Offset (row, column) -> axial (q, r): odd rows sit half a hex to the right."""
    return (col - (row - (row & 1)) // 2, row)


CELLS = tuple(axial(r, c) for r in range(9) for c in range(8 if r % 2 == 0 else 7))
CASTLE = frozenset({axial(8, 3), axial(8, 4)})
YARD = tuple(axial(*x) for x in [(7, 2), (7, 3), (7, 4), (8, 2), (8, 5)])
ATTACK_STARTS = tuple(axial(*x) for x in [(1, 3), (0, 2), (0, 5), (1, 2), (1, 4)])
MOUNTAIN = frozenset({axial(4, 5)})
_REGION = CASTLE | set(YARD)
WALLS = tuple(sorted({tuple(sorted((a, b))) for a in _REGION for b in neighbours_of(a)
                      if b in set(CELLS) and b not in _REGION}))

SPEC = FieldSpec(CELLS, MOUNTAIN, CASTLE, WALLS, (ATTACK_STARTS, YARD))
NUMBERS = Numbers(army=5, moves=(2, 1), fight=5, fight_over_wall=6, wall=5, capture=5, potion=4,
                  commander_target=-1, commander_bonus=1, defender_reroll=True, bonus_on_capture=False,
                  natural_six=True, max_turns=200)


def field():
    return Field(SPEC)
