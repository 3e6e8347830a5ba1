"""«Строительство империи»'s colours, added to the kit's palette (pnp.art.style.palette): what its
emblems, boards, capital sheet and rulebook fill with, by name. The decks' and races' own colours
are the content's; a colour another pack declares too must be the same in both
(pnp.games.pack_colours).
"""

COLOURS = {
    "wood": "#9a5b2c",
    "wood-light": "#e0b479",
    "stone": "#8c949b",
    "stone-light": "#c9ced2",
    "gold": "#f2a81d",
    # the capital's buildings and the magic circles
    "battle": "#a8322d",
    "building": "#2e7566",
    "upgrade": "#6a4c9c",
    "castle": "#cdbf9f",
    "citadel": "#e0b24a",
    # the emblems' details
    "forest": "#4f7f3b",
    "field": "#e3c766",
    "point": "#f0bb2e",
    "steel": "#d4d9dd",
    "move": "#3f7fa6",
    "sun": "#f6cd4c",
    "dark": "#4a3b33",  # openings: gates, cave mouths
    "ribbon": "#b8412f",
}

#: the ink saver turns every colour into a pale tint (pnp.art.style); an opening stays darker
INK_SAVER = {"dark": "#c0bab8"}
