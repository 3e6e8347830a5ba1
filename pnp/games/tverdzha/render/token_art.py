"""SVG masters of the small pieces: unit tokens, markers, land tiles and their backs.

Each master is (size + 2 bleed) mm square, viewBox in mm, drawn in trim coordinates
inside translate(bleed, bleed). Colour never carries meaning alone: a player's pieces
also carry the player's shape and letter (shield A, banner B), resources their icon,
pair and centre tile backs a different drawing and word.

Unit tokens show strength 1-4, one number on each edge, each turned to read upright
when its edge faces the owner: the token is turned a quarter clockwise for +1.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.typeset import fonts, richtext
from pnp.art import style, svg
from pnp.art.icon_inline import icon
from pnp.print.sheetmarks import text_svg

#: (rotation about the centre, strength index) bottom, right, top, left: a quarter turn
#: clockwise brings the next edge to the bottom.
EDGE_TURNS = (0, -90, 180, 90)

CUT_LINE = 0.3  # ink saver: the cut line drawn on white pieces, mm
NUMBER_PT = 8.7  # strength numerals on a unit token
DISC_STROKE = 0.25
OVERFLOW_PT = 8.0  # the "+10" on a marker's overflow side


@dataclass(frozen=True)
class Look:
    """Colours of one piece for the chosen variant (full colour or ink saver)."""

    fill: str  # full-bleed fill, "none" in ink saver
    border: str  # ink saver: a frame line inside the trim instead of the fill, else "none"
    on_fill: str  # numbers and words drawn on the fill
    disc: str
    ink: str


def look(colour_key: str, ink_saver: bool) -> Look:
    full = style.colour(colour_key)
    if ink_saver:
        return Look("none", full, style.colour("ink"), "#ffffff", style.colour("ink"))
    return Look(full, "none", _readable_on(full), style.colour("paper"), style.colour("ink"))


def _readable_on(hex_colour: str) -> str:
    """Paper-coloured text on dark fills, ink on light ones."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return style.colour("on-colour") if 0.299 * r + 0.587 * g + 0.114 * b < 150 else style.colour("ink")


def _svg(size: float, bleed: float, body: str, title: str) -> str:
    full = size + 2 * bleed
    return svg.document(full, full, svg.wrap(body, transform=svg.translate(bleed, bleed)), title=title)


def _ground(size: float, bleed: float, lk: Look) -> str:
    """The full-bleed fill, or in ink saver a line along the cut, just inside it (white
    pieces butt on the sheet, so the line shows where one ends; not in the bleed or the art)."""
    if lk.fill != "none":
        return svg.rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=lk.fill)
    inset = CUT_LINE / 2 + 0.05  # the stroke's outer edge 0.05 mm inside the cut
    return svg.rect(inset, inset, size - 2 * inset, size - 2 * inset, fill="none", stroke=lk.border,
                    stroke_width=CUT_LINE)


def _disc(cx: float, cy: float, r: float, lk: Look, stroke: float = 0.25) -> str:
    return svg.circle(cx, cy, r, fill=lk.disc, stroke=lk.ink, stroke_width=stroke)


def _icon(name: str, cx: float, cy: float, size: float, ink_saver: bool) -> str:
    """Icon `name` centred on (cx, cy), drawn in place (see icon_inline)."""
    return str(icon(name, cx - size / 2, cy - size / 2, size, ink_saver))


def text(x: float, y: float, words: str, key: str, size_pt: float, fill: str, anchor: str = "middle",
         transform: str = "") -> str:
    return text_svg(x, y, words, key, size_pt, anchor=anchor, fill=fill, transform=transform)


# --- unit tokens and markers ----------------------------------------------------------------


def unit_token(player_icon: str, colour_key: str, size: float, bleed: float, safe: float, strengths,
               ink_saver: bool, title: str) -> str:
    """Four numerals, each with its whole text box (ascent to descent) inside the safe zone,
    and the player's sign on a disc in the square they leave free."""
    lk = look(colour_key, ink_saver)
    c = size / 2
    baseline = size - safe - fonts.descent_mm("sans-bold", NUMBER_PT)
    free = c - safe - fonts.ascent_mm("sans-bold", NUMBER_PT) - fonts.descent_mm("sans-bold", NUMBER_PT)
    if free < 2.0:
        raise ValueError(f"a {size:g} mm unit token leaves no room for its sign inside a {safe:g} mm safe zone "
                         f"around {NUMBER_PT:g} pt numerals; make print.unit_token larger")
    r = free - 0.3 - DISC_STROKE / 2
    body = _ground(size, bleed, lk) + _disc(c, c, r, lk, DISC_STROKE) + _icon(player_icon, c, c, r * 1.4, ink_saver)
    for turn, strength in zip(EDGE_TURNS, strengths):
        body += text(c, baseline, str(strength), "sans-bold", NUMBER_PT, lk.on_fill,
                     transform=svg.rotate(turn, c, c) if turn else "")
    return _svg(size, bleed, body, title)


def _safe_disc(size: float, safe: float, stroke: float = DISC_STROKE) -> float:
    """The radius of the largest centred disc whose outline stays inside the safe zone."""
    return size / 2 - safe - stroke / 2


def player_back(player_icon: str, colour_key: str, size: float, bleed: float, safe: float, ink_saver: bool,
                title: str) -> str:
    lk = look(colour_key, ink_saver)
    c, r = size / 2, _safe_disc(size, safe)
    body = _ground(size, bleed, lk) + _disc(c, c, r, lk) + _icon(player_icon, c, c, r * 1.4, ink_saver)
    return _svg(size, bleed, body, title)


def marker(symbol: str, player_icon: str | None, colour_key: str, size: float, bleed: float, safe: float,
           ink_saver: bool, title: str) -> str:
    """A marker: its icon large on a disc inside the safe zone; a player's marker also shows
    the player's shape, on the disc's lower right."""
    lk = look(colour_key, ink_saver)
    c, r = size / 2, _safe_disc(size, safe)
    body = _ground(size, bleed, lk) + _disc(c, c, r, lk)
    if player_icon is None:
        body += _icon(symbol, c, c, r * 1.45, ink_saver)
    else:
        badge = r * 0.7
        body += _icon(symbol, c - r * 0.12, c - r * 0.12, r * 1.2, ink_saver)
        body += _icon(player_icon, c + r - badge / 2, c + r - badge / 2, badge, ink_saver)
    return _svg(size, bleed, body, title)


def overflow_side(symbol: str, colour_key: str, size: float, bleed: float, safe: float, ink_saver: bool,
                  overflow: int, title: str) -> str:
    """A marker's back that counts `overflow` more: "+N" under the marker's icon."""
    lk = look(colour_key, ink_saver)
    c, r = size / 2, _safe_disc(size, safe)
    body = _ground(size, bleed, lk) + _disc(c, c, r, lk)
    body += _icon(symbol, c, c - r * 0.42, r * 0.8, ink_saver)
    body += text(c, c + r * 0.62, f"+{overflow}", "sans-bold", OVERFLOW_PT, lk.ink)
    return _svg(size, bleed, body, title)


# --- land tiles -------------------------------------------------------------------------


def land_tile(land_icon: str, name: str, yields: str | None, size: float, bleed: float, safe: float,
              ink_saver: bool) -> str:
    lk = look(land_icon, ink_saver)
    c = size / 2
    body = _ground(size, bleed, lk)
    body += _disc(c, size * 0.43, size * 0.3, lk, 0.4) + _icon(land_icon, c, size * 0.43, size * 0.44, ink_saver)
    if yields:
        r = size * 0.085
        spot = safe + r + 0.15  # the disc's outline on the safe line
        body += _disc(spot, spot, r, lk, 0.3) + _icon(yields, spot, spot, size * 0.12, ink_saver)
        body += _disc(size - spot, spot, r, lk, 0.3) + _icon(yields, size - spot, spot, size * 0.12, ink_saver)
    body += _name_plate(name, size, safe, lk)
    return _svg(size, bleed, body, name)


def _name_plate(name: str, size: float, safe: float, lk: Look) -> str:
    result = richtext.fit(name, size * 0.7, size * 0.12, "serif-bold", 12.0, 8.0, "center", 1.0)
    w, h, stroke = size * 0.76, size * 0.16, 0.3
    x, y = (size - w) / 2, size - safe - h - stroke / 2
    plate = svg.rect(x, y, w, h, rx=h / 2, fill=lk.disc, stroke=lk.ink, stroke_width=stroke)
    baseline = y + h / 2 + richtext.cap_height_mm("serif-bold", result.size) / 2
    return plate + text(size / 2, baseline, name, "serif-bold", result.size, lk.ink)


def tile_back(kind: str, word: str, size: float, bleed: float, safe: float, ink_saver: bool) -> str:
    """Pair backs show two overlapping squares, centre backs one square with a dot."""
    lk = look("castle" if kind == "pair" else "citadel", ink_saver)
    c = size / 2
    s = size * 0.24
    body = _ground(size, bleed, lk) + _disc(c, size * 0.42, size * 0.3, lk, 0.4)
    square = {"rx": 0.8, "fill": style.colour("castle", ink_saver), "stroke": lk.ink, "stroke_width": 0.5}
    if kind == "pair":
        for dx in (-s * 0.32, s * 0.32):
            body += svg.rect(c - s / 2 + dx, size * 0.42 - s / 2 + dx * 0.6, s, s, **square)
    else:
        body += svg.rect(c - s / 2, size * 0.42 - s / 2, s, s, **square)
        body += svg.circle(c, size * 0.42, s * 0.14, fill=lk.ink)
    body += _name_plate(word, size, safe, lk)
    return _svg(size, bleed, body, word)
