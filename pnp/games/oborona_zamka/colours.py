"""«Оборона Замка»'s colours, added to the kit's palette (pnp.art.style.palette): what its figures,
castle, aids and rulebook fill with, by name. The races' own colours are the content's; a colour
another pack declares too must be the same in both (pnp.games.pack_colours).
"""

COLOURS = {
    "wood": "#9a5b2c",
    "stone": "#8c949b",
    "stone-light": "#c9ced2",
    "grain": "#e9c85a",
    "gold": "#f2a81d",
    "gold-light": "#fcd86b",
    "aid": "#4a5a6a",  # the player aids' frames
    "player-b": "#d2691e",  # the rulebook's notes
    "castle": "#cdbf9f",
    "steel": "#d4d9dd",
    "dark": "#4a3b33",  # openings: gates, loopholes
    "ribbon": "#b8412f",
}

#: the ink saver turns every colour into a pale tint (pnp.art.style); an opening stays darker
INK_SAVER = {"dark": "#c0bab8"}
