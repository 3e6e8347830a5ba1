"""ТВЕРДЖА's icons (its pack's `icons`, drawn by pnp.art.icons): name -> (Ukrainian label, SVG body).

Shapes carry the meaning, colour only helps: the four resources are a log, a rock,
an ear of wheat and a coin; player A is a shield, player B a hanging banner.

Bodies are drawn in a 0 0 100 100 box, inside a group that already sets the ink
outline and the one stroke weight; ``{key}`` placeholders are palette colours
(style.PALETTE keys) filled in per variant. Keep every shape inside 5..95 so the
outline is never clipped, and keep details few: everything must read at 4 mm.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable

from pnp.typeset.fonts import FACES


def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


@lru_cache(maxsize=None)
def glyph(char: str, cx: float, baseline: float, cap: float, key: str = "sans-bold") -> str:
    """Outline path of `char` from a bundled face, centred on cx, capitals `cap` tall.

    Letters inside icons are outlines, not text, so they never leak into pdftotext.
    """
    # imported here: every `pnp check` reads the icons' names and labels, and only a drawing needs the outlines
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.ttLib import TTFont

    font = TTFont(FACES[key].path)  # icons are art: their letters keep the bundled face whatever the text prints in
    name = font.getBestCmap()[ord(char)]
    glyphs = font.getGlyphSet()
    bounds = BoundsPen(glyphs)
    glyphs[name].draw(bounds)
    x0, _, x1, _ = bounds.bounds
    scale = cap / font["OS/2"].sCapHeight
    pen = SVGPathPen(glyphs, ntos=_n)
    dx = cx - (x0 + x1) / 2 * scale
    glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, dx, baseline)))
    return pen.getCommands()


def _bust(cx: float, cy: float, s: float, fill: str = "{unit}") -> str:
    """Head and shoulders of a soldier: the figure every unit-related icon shares."""
    r, top, bottom, half = 13 * s, cy + 17 * s, cy + 44 * s, 26 * s
    return (
        f'<path d="M{_n(cx - half)},{_n(bottom)} Q{_n(cx - half)},{_n(top)} {_n(cx)},{_n(top)} '
        f'Q{_n(cx + half)},{_n(top)} {_n(cx + half)},{_n(bottom)} Z" fill="{fill}"/>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{fill}"/>'
    )


def _badge(mark: str) -> str:
    """A small paper disc at the lower right carrying a stroke mark (plus, arrow)."""
    return f'<circle cx="74" cy="72" r="19" fill="{{paper}}"/><path d="{mark}"/>'


def _arc_arrow(cx: float, cy: float, r_out: float, r_in: float, a0: float, a1: float) -> str:
    """A thick arc band from angle a0 to a1 (degrees, clockwise on screen) ending in a head."""

    def pt(r: float, a: float) -> str:
        t = math.radians(a)
        return f"{_n(cx + r * math.cos(t))},{_n(cy + r * math.sin(t))}"

    mid, spread = (r_out + r_in) / 2, (r_out - r_in) * 0.95
    large = 1 if (a1 - a0) % 360 > 180 else 0
    return (
        f'<path d="M{pt(r_out, a0)} A{_n(r_out)},{_n(r_out)} 0 {large} 1 {pt(r_out, a1)} '
        f"L{pt(mid + spread, a1)} L{pt(mid, a1 + 24)} L{pt(mid - spread, a1)} "
        f'L{pt(r_in, a1)} A{_n(r_in)},{_n(r_in)} 0 {large} 0 {pt(r_in, a0)} Z" fill="{{move}}"/>'
    )


_SWORD = (
    '<path d="M50,5 L58,15 V62 H42 V15 Z" fill="{steel}"/>'
    '<path d="M50,18 V58"/>'
    '<rect x="31" y="61" width="38" height="9" rx="3" fill="{wood}"/>'
    '<rect x="45" y="70" width="10" height="15" fill="{wood}"/>'
    '<circle cx="50" cy="89" r="5.5" fill="{wood}"/>'
)

_CARD = '<rect x="31" y="22" width="38" height="62" rx="6" fill="{battle}"/>'

#: name -> (label, body); a body that draws a letter from a font is a function, drawn when the icon is
#: first drawn (pnp.art.icons), so that `pnp check`, which reads the names and labels, loads no font
ART: dict[str, tuple[str, str | Callable[[], str]]] = {
    # --- resources: log, rock, ear, coin -- four different silhouettes
    "wood": (
        "дерево",
        '<g transform="rotate(-30 50 50)">'
        '<path d="M48,29 L40,14" />'
        '<path d="M22,29 H80 V71 H22 A11,21 0 0 1 22,29 Z" fill="{wood}"/>'
        '<path d="M30,43 H58 M42,57 H68"/>'
        '<ellipse cx="80" cy="50" rx="12" ry="21" fill="{wood-light}"/>'
        '<ellipse cx="80" cy="50" rx="4" ry="8"/></g>',
    ),
    "stone": (
        "камінь",
        '<path d="M64,90 L70,70 L86,62 L95,76 L88,90 Z" fill="{stone}"/>'
        '<path d="M6,72 L14,42 L36,18 L62,16 L80,34 L80,66 L62,86 L20,88 Z" fill="{stone}"/>'
        '<path d="M36,18 L62,16 L80,34 L50,44 Z" fill="{stone-light}"/>'
        '<path d="M14,42 L50,44 L44,86"/>',
    ),
    "grain": (
        "зерно",
        # the stalk as a filled round-ended bar, not a stroked vertical line: cairo 1.16
        # turns an axis-aligned open stroke at some offsets into a raster fallback
        '<rect x="47" y="27" width="6" height="71" rx="3" fill="{ink}" stroke="none"/>'
        + "".join(
            f'<ellipse cx="{cx}" cy="{cy}" rx="8.5" ry="14" transform="rotate({rot} {cx} {cy})" '
            'fill="{grain}"/>'
            for cx, cy, rot in (
                (39, 66, -35), (61, 66, 35), (39, 47, -35), (61, 47, 35), (40, 28, -30), (60, 28, 30),
            )
        )
        + '<ellipse cx="50" cy="18" rx="8" ry="11" fill="{grain}"/>',
    ),
    "gold": (
        "золото",
        '<circle cx="50" cy="50" r="41" fill="{gold}"/>'
        '<circle cx="50" cy="50" r="28" fill="{gold-light}"/>'
        '<path d="M50,33 L57,50 L50,67 L43,50 Z" fill="{gold}"/>',
    ),
    "any": (
        "будь-який ресурс",
        '<path d="M50,50 L50,5 L65,35 L95,50 Z" fill="{wood}"/>'
        '<path d="M50,50 L95,50 L65,65 L50,95 Z" fill="{stone}"/>'
        '<path d="M50,50 L50,95 L35,65 L5,50 Z" fill="{grain}"/>'
        '<path d="M50,50 L5,50 L35,35 L50,5 Z" fill="{gold}"/>'
        '<circle cx="50" cy="50" r="11" fill="{paper}"/>',
    ),
    # --- scoring and cards
    "point": (
        "очко",
        '<path d="M15,80 L9,32 L32,52 L50,18 L68,52 L91,32 L85,80 Z" fill="{point}"/>'
        '<path d="M15,66 H85"/>'
        '<circle cx="9" cy="30" r="5" fill="{point-dark}"/>'
        '<circle cx="50" cy="16" r="5.5" fill="{point-dark}"/>'
        '<circle cx="91" cy="30" r="5" fill="{point-dark}"/>',
    ),
    "card": (
        "бойова карта",
        '<g transform="rotate(-8 50 50)">'
        '<rect x="24" y="9" width="52" height="82" rx="7" fill="{battle}"/>'
        '<rect x="32" y="17" width="36" height="66" rx="3" fill="{paper}"/>'
        '<path d="M50,36 L60,50 L50,64 L40,50 Z" fill="{battle}"/></g>',
    ),
    "hand": (
        "карти на руці",
        "".join(
            f'<g transform="rotate({rot} 50 96)">{_CARD}'
            '<rect x="37" y="28" width="26" height="30" rx="2" fill="{paper}"/></g>'
            for rot in (-22, 0, 22)
        ),
    ),
    "unit": (
        "загін",
        '<rect x="10" y="10" width="80" height="80" rx="12" fill="{unit}"/>'
        + _bust(50, 38, 0.95, "{paper}"),
    ),
    "strength": (
        "сила",
        '<circle cx="50" cy="50" r="30" fill="{dark}"/>'
        '<circle cx="40" cy="40" r="8" fill="{paper}" stroke="none"/>',
    ),
    "die": (
        "кубик",
        '<path d="M50,8 L90,28 L50,48 L10,28 Z" fill="{die}"/>'
        '<path d="M10,28 L50,48 V92 L10,72 Z" fill="{die-shade}"/>'
        '<path d="M90,28 L50,48 V92 L90,72 Z" fill="{die}"/>'
        '<g fill="{ink}" stroke="none"><ellipse cx="50" cy="28" rx="7" ry="4"/>'
        '<circle cx="21" cy="45" r="5"/><circle cx="39" cy="75" r="5"/>'
        '<circle cx="61" cy="55" r="5"/><circle cx="70" cy="62" r="5"/><circle cx="80" cy="69" r="5"/></g>',
    ),
    # --- places
    "castle": (
        "замок",
        '<path d="M8,92 V14 H17 V22 H25 V14 H34 V42 H42 V32 H58 V42 H66 V14 H75 V22 H83 V14 H92 V92 Z" '
        'fill="{castle}"/>'
        '<path d="M40,92 V74 A10,10 0 0 1 60,74 V92 Z" fill="{dark}"/>'
        '<path d="M21,38 V50 M79,38 V50"/>',
    ),
    "citadel": (
        "цитадель",
        '<rect x="47" y="3" width="6" height="24" rx="3" fill="{ink}" stroke="none"/>'  # flagpole (see grain)
        '<path d="M50,6 L70,11 L50,17 Z" fill="{ribbon}"/>'
        '<path d="M30,88 V22 H38 V30 H46 V22 H54 V30 H62 V22 H70 V88 Z" fill="{citadel}"/>'
        '<path d="M45,58 V49 A5,5 0 0 1 55,49 V58 Z" fill="{dark}"/>'
        '<path d="M5,94 C22,72 78,72 95,94 Z" fill="{stone-light}"/>',
    ),
    "mine": (
        "копальня",
        '<path d="M5,92 C10,26 90,26 95,92 Z" fill="{mine}"/>'
        '<g transform="rotate(30 66 28)"><rect x="62.5" y="14" width="7" height="44" rx="2" fill="{wood}"/>'
        '<path d="M42,24 Q66,4 90,24 Q66,16 42,24 Z" fill="{steel}"/></g>'
        '<path d="M27,92 V58 H73 V92 H63 V68 H37 V92 Z" fill="{wood}"/>'
        '<rect x="37" y="68" width="26" height="24" fill="{dark}"/>'
        '<circle cx="50" cy="84" r="5" fill="{gold}"/>',
    ),
    "desert": (
        "пустеля",
        '<circle cx="70" cy="28" r="14" fill="{sun}"/>'
        '<path d="M5,70 Q32,38 60,64 Q78,52 95,58 V92 H5 Z" fill="{desert}"/>'
        '<path d="M26,92 Q56,68 95,76 V92 Z" fill="{desert}"/>',
    ),
    "forest": (
        "ліс",
        '<rect x="66" y="68" width="8" height="20" fill="{wood}"/>'
        '<path d="M70,20 L86,44 H80 L94,68 H46 L60,44 H54 Z" fill="{forest}"/>'
        '<rect x="30" y="64" width="11" height="26" fill="{wood}"/>'
        '<path d="M36,6 L56,36 H48 L64,64 H8 L24,36 H16 Z" fill="{forest}"/>',
    ),
    "field": (
        "поле",
        '<path d="M5,92 L18,40 H82 L95,92 Z" fill="{field}"/>'
        '<path d="M37,40 L29,92 M50,40 V92 M63,40 L71,92"/>'
        + "".join(
            f'<path d="M{x},40 V22"/><ellipse cx="{x}" cy="17" rx="5" ry="9" fill="{{grain}}"/>'
            for x in (30, 50, 70)
        ),
    ),
    "mountain": (
        "гори",
        '<path d="M40,90 L66,24 L95,90 Z" fill="{stone-light}"/>'
        '<path d="M5,90 L36,12 L70,90 Z" fill="{mountain}"/>'
        '<path d="M36,12 L45,44 L38,60 M66,24 L72,46"/>',
    ),
    "entrance": (
        "вхід",
        '<path d="M12,92 V46 A38,38 0 0 1 88,46 V92 Z" fill="{castle}"/>'
        '<path d="M30,92 V50 A20,20 0 0 1 70,50 V92 Z" fill="{dark}"/>'
        '<path d="M40,34 V92 M50,31 V92 M60,34 V92 M31,56 H69 M31,74 H69" stroke="{bars}"/>'
        '<path d="M30,92 V50 A20,20 0 0 1 70,50 V92"/>',
    ),
    "wall": (
        "стіна",
        '<path d="M6,90 V34 H18 V20 H32 V34 H43 V20 H57 V34 H68 V20 H82 V34 H94 V90 Z" fill="{castle}"/>'
        '<path d="M6,53 H94 M6,72 H94 M30,34 V53 M70,34 V53 M50,53 V72 M26,72 V90 M74,72 V90"/>',
    ),
    # --- players: shield versus hanging banner, each with its letter
    "player-a": (
        "гравець A",
        lambda: '<path d="M13,10 H87 V46 C87,70 72,84 50,94 C28,84 13,70 13,46 Z" fill="{player-a}"/>'
        f'<path d="{glyph("A", 50, 72, 46)}" fill="{{on-colour}}" stroke="none"/>',
    ),
    "player-b": (
        "гравець B",
        lambda: '<path d="M10,10 H90"/><circle cx="10" cy="10" r="4" fill="{ink}"/>'
        '<circle cx="90" cy="10" r="4" fill="{ink}"/>'
        '<path d="M22,10 H78 V92 L50,74 L22,92 Z" fill="{player-b}"/>'
        f'<path d="{glyph("B", 50, 62, 40)}" fill="{{on-colour}}" stroke="none"/>',
    ),
    # --- actions and card families
    "battle": (
        "бій",
        f'<g transform="rotate(45 50 50)">{_SWORD}</g><g transform="rotate(-45 50 50)">{_SWORD}</g>',
    ),
    "building": (
        "будівля",
        '<path d="M18,44 H82 V90 H18 Z" fill="{wood-light}"/>'
        '<path d="M6,48 L50,10 L94,48 Z" fill="{building}"/>'
        '<path d="M41,90 V70 A9,9 0 0 1 59,70 V90 Z" fill="{wood}"/>'
        '<rect x="64" y="58" width="12" height="12" fill="{paper}"/>',
    ),
    "upgrade": (
        "покращення",
        '<path d="M12,46 L50,10 L88,46 V64 L50,30 L12,64 Z" fill="{upgrade}"/>'
        '<path d="M12,78 L50,42 L88,78 V94 L50,60 L12,94 Z" fill="{upgrade}"/>',
    ),
    "heal": (
        "лікування",
        '<path d="M38,10 H62 V38 H90 V62 H62 V90 H38 V62 H10 V38 H38 Z" fill="{heal}"/>',
    ),
    "trade": (
        "торгівля",
        '<path d="M50,28 V84"/>'
        '<path d="M18,30 L7,62 M18,30 L29,62 M82,30 L71,62 M82,30 L93,62"/>'
        '<rect x="10" y="22" width="80" height="9" rx="4.5" fill="{trade}"/>'
        '<circle cx="50" cy="15" r="6" fill="{trade}"/>'
        '<path d="M5,62 H31 A13,11 0 0 1 5,62 Z" fill="{trade}"/>'
        '<path d="M69,62 H95 A13,11 0 0 1 69,62 Z" fill="{trade}"/>'
        '<path d="M30,93 H70 L62,82 H38 Z" fill="{trade}"/>',
    ),
    "army": ("армія", _bust(27, 32, 0.75) + _bust(73, 32, 0.75) + _bust(50, 46, 1.0)),
    "move": (
        "рух",
        '<path d="M8,37 H50 V16 L93,50 L50,84 V63 H8 Z" fill="{move}"/>',
    ),
    "hire": ("найм", _bust(42, 30, 1.1) + _badge("M74,62 V82 M64,72 H84")),
    "train": (
        "тренування",
        '<circle cx="34" cy="62" r="27" fill="{dark}"/>'
        '<circle cx="25" cy="53" r="7" fill="{paper}" stroke="none"/>'
        '<path d="M70,93 V42 H57 L76,8 L95,42 H82 V93 Z" fill="{heal}"/>',
    ),
    "wounded": (
        "поранені",
        '<path d="M15,80 V92 M85,80 V92"/>'
        '<rect x="7" y="70" width="86" height="10" rx="2" fill="{wood}"/>'
        '<path d="M38,70 V48 Q38,36 50,36 H81 Q92,36 92,48 V70 Z" fill="{stone-light}"/>'
        '<circle cx="22" cy="54" r="14" fill="{unit}"/>'
        '<path d="M12.4,44 H31.6 A14,14 0 0 1 35.8,52 H8.2 A14,14 0 0 1 12.4,44 Z" fill="{paper}"/>',
    ),
    "first-player": (
        "перший гравець",
        lambda: '<path d="M36,56 L24,92 L36,85 L44,94 L52,62 Z" fill="{ribbon}"/>'
        '<path d="M64,56 L76,92 L64,85 L56,94 L48,62 Z" fill="{ribbon}"/>'
        '<circle cx="50" cy="38" r="31" fill="{point}"/>'
        '<circle cx="50" cy="38" r="22" fill="{paper}"/>'
        f'<path d="{glyph("1", 50, 51, 27)}" fill="{{ink}}" stroke="none"/>',
    ),
    "round": (
        "коло",
        _arc_arrow(50, 50, 43, 27, 200, 330) + _arc_arrow(50, 50, 43, 27, 20, 150),
    ),
    "storage": (
        "склад",
        '<path d="M10,44 H90 V88 H10 Z" fill="{wood}"/>'
        '<path d="M10,44 V34 Q10,16 30,16 H70 Q90,16 90,34 V44 Z" fill="{wood-light}"/>'
        '<path d="M28,16 V88 M72,16 V88"/>'
        '<rect x="43" y="38" width="14" height="16" rx="2" fill="{gold}"/>',
    ),
}
