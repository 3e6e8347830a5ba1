"""ТВЕРДЖА's colours, added to the kit's palette (pnp.art.style.palette): what its icons, cards,
tokens, board and rulebook fill with, by name. The kit's neutrals (ink, paper, panel …) are
pnp's own; a colour two packs both declare must be the same in both (pnp.games.pack_colours).

Colour-blind safety does not rest on these: resources and players also differ by icon shape and
by label.
"""

COLOURS = {
    # resources: four hues far apart in lightness as well as hue
    "wood": "#9a5b2c",
    "wood-light": "#e0b479",
    "stone": "#8c949b",
    "stone-light": "#c9ced2",
    "grain": "#e9c85a",
    "grain-dark": "#b8902a",
    "gold": "#f2a81d",
    "gold-light": "#fcd86b",
    # card families
    "battle": "#a8322d",
    "building": "#2e7566",
    "upgrade": "#6a4c9c",
    # players: blue and orange stay apart for every common colour-vision deficiency
    "player-a": "#2d6cb0",
    "player-b": "#d2691e",
    # lands
    "forest": "#4f7f3b",
    "field": "#e3c766",
    "mountain": "#8c949b",
    "desert": "#ecd5a0",
    "castle": "#cdbf9f",
    "citadel": "#e0b24a",
    "mine": "#7d6a5a",
    # icon details
    "point": "#f0bb2e",
    "point-dark": "#b3362c",
    "steel": "#d4d9dd",
    "unit": "#c9b08a",
    "heal": "#3f9050",
    "trade": "#d39a2c",
    "move": "#3f7fa6",
    "die": "#fbf8f1",
    "die-shade": "#cfc8bb",
    "sun": "#f6cd4c",
    "dark": "#4a3b33",  # openings: gates, mine mouths
    "ribbon": "#b8412f",
    "bars": "#d4d9dd",  # portcullis bars in a dark gate
}

#: the ink saver turns every colour into a pale tint (pnp.art.style); these stay readable otherwise
INK_SAVER = {
    "dark": "#c0bab8",  # an opening stays darker than the pale walls around it
    "bars": "#7a7068",  # the bars turn to the muted grey, so they still show in a pale gate
}
