"""The travel cards' emblems, one per card type (the pack's `icons`): name -> (Russian label, SVG body
in the icon set's 0 0 100 100 box, `{key}` placeholders being palette colours), drawn through pnp.art.svg.

Each is a few bold shapes that read at 15 mm and in the colour-in variant, where every fill turns
white and only the ink outlines are left to colour (pnp.art.style.COLOUR_IN_PALETTE).
"""

from __future__ import annotations

from pnp.art import svg

#: the icon name of a travel type's emblem (icon names are global: the prefix keeps them apart)
PREFIX = "travel_"


def emblem(type_id: str) -> str:
    return PREFIX + type_id


def _chest() -> str:
    """A chest: a domed lid over a box, iron bands and a lock."""
    body = svg.rect(14, 46, 72, 38, fill="{wood}")
    lid = svg.path("M14,46 V36 Q14,20 50,20 Q86,20 86,36 V46 Z", fill="{wood-light}")
    bands = svg.line(30, 22, 30, 84) + svg.line(70, 22, 70, 84)
    lock = svg.rect(42, 40, 16, 16, fill="{gold}")
    return body + lid + bands + lock


def _mine() -> str:
    """A mine mouth in timber (two posts, a lintel) and a pick leaning against it."""
    mouth = svg.path("M26,88 V44 Q50,30 74,44 V88 Z", fill="{dark}")
    posts = svg.rect(16, 40, 10, 48, fill="{wood}") + svg.rect(74, 40, 10, 48, fill="{wood}")
    lintel = svg.rect(10, 30, 80, 11, fill="{wood-light}")
    handle = svg.line(40, 88, 64, 54, stroke_width=6) + svg.line(40, 88, 64, 54, stroke="{wood-light}", stroke_width=2.5)
    head = svg.path("M48,52 Q64,44 80,58 Q66,54 60,60 Z", fill="{steel}")
    return mouth + posts + lintel + handle + head


def _shrine() -> str:
    """A temple: pediment, four columns, a base."""
    roof = svg.polygon([(12, 38), (50, 14), (88, 38)], fill="{point}")
    columns = "".join(svg.rect(x, 42, 12, 36, fill="{paper}") for x in (20, 44, 68))
    base = svg.rect(10, 78, 80, 10, fill="{stone-light}")
    return roof + columns + base


def _town() -> str:
    """Three houses under pitched roofs, the middle one taller."""
    houses = (svg.path("M8,88 V56 L24,42 L40,56 V88 Z", fill="{paper}")
              + svg.path("M34,88 V44 L50,26 L66,44 V88 Z", fill="{wood-light}")
              + svg.path("M60,88 V56 L76,42 L92,56 V88 Z", fill="{paper}"))
    doors = svg.rect(45, 70, 10, 18, fill="{dark}") + svg.rect(20, 66, 8, 10, fill="{sun}") + svg.rect(72, 66, 8, 10, fill="{sun}")
    return houses + doors


def _tower() -> str:
    """A fort's tower: battlements, a gate, a flag."""
    tower = svg.path("M24,90 V34 H32 V24 H44 V34 H56 V24 H68 V34 H76 V90 Z", fill="{stone-light}")
    gate = svg.path("M40,90 V70 Q50,58 60,70 V90 Z", fill="{dark}")
    flag = svg.line(50, 24, 50, 6) + svg.polygon([(50, 6), (70, 11), (50, 16)], fill="{ribbon}")
    return tower + gate + flag


def _trap() -> str:
    """A warning sign: a trap costs the one who opens it at once."""
    sign = svg.path("M50,10 L92,86 H8 Z", fill="{sun}", stroke_width=7)
    mark = svg.path("M50,34 V62", stroke_width=10) + svg.circle(50, 75, 5, fill="{ink}", stroke="none")
    return sign + mark


def _dungeon() -> str:
    """A dark arch in a rock face, steps going down into it."""
    rock = svg.path("M6,90 L16,36 L40,14 L66,18 L90,40 L94,90 Z", fill="{stone}")
    arch = svg.path("M28,90 V56 Q50,30 72,56 V90 Z", fill="{dark}")
    steps = "".join(svg.line(32 + 3 * k, 64 + 8 * k, 68 - 3 * k, 64 + 8 * k, stroke="{paper}") for k in range(3))
    return rock + arch + steps


def _land() -> str:
    """A stretch of land: a far ridge, a near hill with a pine on it and a road winding away."""
    ridge = svg.path("M6,64 L28,34 L44,50 L60,26 L94,64 Z", fill="{stone}")
    hill = svg.path("M4,92 V70 Q40,50 96,68 V92 Z", fill="{forest}")
    road = (svg.path("M44,92 Q50,78 66,64", stroke_width=11)
            + svg.path("M44,92 Q50,78 66,64", stroke="{field}", stroke_width=4))
    pine = svg.line(24, 66, 24, 76) + svg.polygon([(24, 22), (38, 66), (10, 66)], fill="{forest}")
    return ridge + hill + road + pine


def _scroll() -> str:
    """A treaty: a scroll with its rolled ends and a wax seal."""
    sheet = svg.rect(22, 16, 56, 66, fill="{paper}")
    rolls = svg.rect(14, 10, 72, 10, rx=5, fill="{wood-light}") + svg.rect(14, 78, 72, 10, rx=5, fill="{wood-light}")
    lines = "".join(svg.line(32, y, 68, y, stroke_width=4) for y in (32, 44, 56))
    seal = svg.circle(62, 66, 9, fill="{ribbon}")
    return sheet + rolls + lines + seal


def _stone() -> str:
    """A faceted stone (the stone of experience, a well, a tree: an object to visit)."""
    gem = svg.polygon([(50, 10), (84, 36), (70, 88), (30, 88), (16, 36)], fill="{move}")
    facets = svg.path("M16,36 L50,48 L84,36 M50,10 L50,48 L30,88 M50,48 L70,88", fill="none")
    return gem + facets


def _compass() -> str:
    """The back's medallion: a compass rose, for cards that are journeys."""
    ring = svg.circle(50, 50, 40, fill="{paper}")
    points = (svg.polygon([(50, 8), (60, 50), (50, 92), (40, 50)], fill="{ribbon}")
              + svg.polygon([(8, 50), (50, 40), (92, 50), (50, 60)], fill="{steel}"))
    return ring + points + svg.circle(50, 50, 6, fill="{gold}")


def _swords() -> str:
    """The creature decks' back medallion: two crossed swords over a round shield."""
    shield = svg.circle(50, 50, 30, fill="{paper}")
    blades = (svg.polygon([(18, 16), (24, 12), (84, 74), (78, 80)], fill="{steel}")
              + svg.polygon([(82, 16), (76, 12), (16, 74), (22, 80)], fill="{steel}"))
    hilts = (svg.line(70, 88, 90, 68, stroke_width=5) + svg.line(30, 88, 10, 68, stroke_width=5)
             + svg.circle(86, 86, 5, fill="{gold}") + svg.circle(14, 86, 5, fill="{gold}"))
    return shield + blades + hilts


def _crown() -> str:
    """The tavern's back medallion: a crown, for the heroes a player hires."""
    band = svg.rect(18, 62, 64, 16, fill="{gold}")
    points = svg.polygon([(18, 62), (14, 28), (34, 46), (50, 20), (66, 46), (86, 28), (82, 62)], fill="{gold}")
    jewels = svg.circle(50, 70, 5, fill="{ribbon}") + svg.circle(32, 70, 4, fill="{move}") + svg.circle(68, 70, 4, fill="{move}")
    return points + band + jewels


def _helmet() -> str:
    """A neutral army: a horned helmet over a round shield, the guards of the wilds."""
    shield = svg.circle(50, 58, 34, fill="{stone-light}")
    horns = (svg.path("M30,40 Q10,36 8,12 Q22,30 36,30 Z", fill="{paper}")
             + svg.path("M70,40 Q90,36 92,12 Q78,30 64,30 Z", fill="{paper}"))
    dome = svg.path("M26,62 V46 Q26,22 50,22 Q74,22 74,46 V62 Z", fill="{steel}")
    guard = svg.rect(46, 40, 8, 30, fill="{dark}") + svg.rect(26, 58, 48, 8, fill="{wood}")
    return shield + horns + dome + guard


def _spears() -> str:
    """A neutral army's card: a horned helmet over two crossed spears (the back has it on a shield)."""
    shafts = (svg.line(14, 90, 84, 20, stroke_width=5) + svg.line(86, 90, 16, 20, stroke_width=5))
    heads = (svg.polygon([(80, 16), (88, 24), (94, 10)], fill="{steel}")
             + svg.polygon([(20, 16), (12, 24), (6, 10)], fill="{steel}"))
    horns = (svg.path("M36,50 Q22,47 20,30 Q30,43 40,42 Z", fill="{paper}")
             + svg.path("M64,50 Q78,47 80,30 Q70,43 60,42 Z", fill="{paper}"))
    dome = svg.path("M34,70 V56 Q34,36 50,36 Q66,36 66,56 V70 Z", fill="{steel}")
    guard = svg.rect(47, 52, 6, 22, fill="{dark}") + svg.rect(34, 66, 32, 6, fill="{wood}")
    return shafts + heads + horns + dome + guard


def _coins() -> str:
    """The chests' back medallion: a stack of coins beside a pile, the kingdom's treasury."""
    stack = "".join(svg.rect(20, y, 36, 10, rx=5, fill="{gold}") for y in (70, 60, 50, 40))
    pile = svg.circle(68, 72, 16, fill="{gold}") + svg.circle(68, 72, 9, fill="none")
    return stack + pile


#: the icons of the creature decks', the taverns', the neutral deck's and the chests' backs, and the neutral face
CREATURES_BACK = "creatures_back"
TAVERN_BACK = "tavern_back"
NEUTRALS_BACK = "neutrals_back"
NEUTRAL_FACE = "neutral_army"
CHESTS_BACK = "chests_back"

#: name -> (label, a function that draws it when the icon is first drawn: `pnp check` reads only the names)
ART = {
    CREATURES_BACK: ("колода существ", _swords),
    TAVERN_BACK: ("таверна", _crown),
    NEUTRALS_BACK: ("нейтралы", _helmet),
    NEUTRAL_FACE: ("нейтральная армия", _spears),
    CHESTS_BACK: ("сундуки", _coins),
    emblem("back"): ("карта путешествий", _compass),
    emblem("treasure"): ("сокровище", _chest),
    emblem("mine"): ("шахта", _mine),
    emblem("reserve"): ("заповедное место", _shrine),
    emblem("town"): ("населённый пункт", _town),
    emblem("garrison"): ("гарнизон", _tower),
    emblem("trap"): ("ловушка", _trap),
    emblem("dungeon"): ("подземелье", _dungeon),
    emblem("terrain"): ("местность", _land),
    emblem("diplomacy"): ("дипломатия", _scroll),
    emblem("other"): ("объект", _stone),
}
