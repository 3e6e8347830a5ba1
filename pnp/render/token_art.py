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
from xml.sax.saxutils import escape

from pnp.render import richtext, style
from pnp.render.geometry import fmt
from pnp.render.icon_inline import icon
from pnp.render.sheetmarks import text_svg

#: (rotation about the centre, strength index) bottom, right, top, left: a quarter turn
#: clockwise brings the next edge to the bottom.
EDGE_TURNS = (0, -90, 180, 90)


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
    full = fmt(size + 2 * bleed)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{full}mm" height="{full}mm" viewBox="0 0 {full} {full}">\n<title>{escape(title)}</title>\n'
            f'<g transform="translate({fmt(bleed)} {fmt(bleed)})">\n{body}</g>\n</svg>\n')


def _ground(size: float, bleed: float, lk: Look) -> str:
    """The full-bleed fill, or in ink saver a frame line just inside the trim."""
    if lk.fill != "none":
        return f'<rect x="{fmt(-bleed)}" y="{fmt(-bleed)}" width="{fmt(size + 2 * bleed)}" ' \
               f'height="{fmt(size + 2 * bleed)}" fill="{lk.fill}"/>\n'
    inset = max(0.6, size * 0.04)
    return f'<rect x="{fmt(inset)}" y="{fmt(inset)}" width="{fmt(size - 2 * inset)}" height="{fmt(size - 2 * inset)}" ' \
           f'rx="{fmt(inset)}" fill="none" stroke="{lk.border}" stroke-width="{fmt(max(0.5, size * 0.02))}"/>\n'


def _disc(cx: float, cy: float, r: float, lk: Look, stroke: float = 0.25) -> str:
    return f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}" fill="{lk.disc}" stroke="{lk.ink}" stroke-width="{fmt(stroke)}"/>\n'


def _icon(name: str, cx: float, cy: float, size: float, ink_saver: bool) -> str:
    """Icon `name` centred on (cx, cy), drawn in place (see icon_inline)."""
    return str(icon(name, cx - size / 2, cy - size / 2, size, ink_saver)) + "\n"


def text(x: float, y: float, words: str, key: str, size_pt: float, fill: str, anchor: str = "middle",
         transform: str = "") -> str:
    return text_svg(x, y, words, key, size_pt, anchor=anchor, fill=fill, transform=transform)


# --- unit tokens and markers ----------------------------------------------------------------


def unit_token(player_icon: str, colour_key: str, size: float, bleed: float, strengths, ink_saver: bool,
               title: str) -> str:
    lk = look(colour_key, ink_saver)
    c = size / 2
    number_pt = size * 0.62  # 8.7 pt on a 14 mm token
    baseline = size - size * 0.085
    body = _ground(size, bleed, lk) + _disc(c, c, size * 0.26, lk) + _icon(player_icon, c, c, size * 0.36, ink_saver)
    for turn, strength in zip(EDGE_TURNS, strengths):
        body += text(c, baseline, str(strength), "sans-bold", number_pt, lk.on_fill,
                     transform=f"rotate({turn} {fmt(c)} {fmt(c)})" if turn else "")
    return _svg(size, bleed, body, title)


def player_back(player_icon: str, colour_key: str, size: float, bleed: float, ink_saver: bool, title: str) -> str:
    lk = look(colour_key, ink_saver)
    c = size / 2
    body = _ground(size, bleed, lk) + _disc(c, c, size * 0.36, lk) + _icon(player_icon, c, c, size * 0.5, ink_saver)
    return _svg(size, bleed, body, title)


def marker(symbol: str, player_icon: str | None, colour_key: str, size: float, bleed: float, ink_saver: bool,
           title: str) -> str:
    """A marker: its icon large on a disc; a player's marker also shows the player's shape."""
    lk = look(colour_key, ink_saver)
    c = size / 2
    body = _ground(size, bleed, lk) + _disc(c, c, size * 0.42, lk)
    if player_icon is None:
        body += _icon(symbol, c, c, size * 0.62, ink_saver)
    else:
        body += _icon(symbol, c, c - size * 0.07, size * 0.5, ink_saver)
        body += _icon(player_icon, size * 0.8, size * 0.8, size * 0.3, ink_saver)
    return _svg(size, bleed, body, title)


# --- land tiles -------------------------------------------------------------------------


def land_tile(land_icon: str, name: str, yields: str | None, size: float, bleed: float, ink_saver: bool) -> str:
    lk = look(land_icon, ink_saver)
    c = size / 2
    body = _ground(size, bleed, lk)
    body += _disc(c, size * 0.43, size * 0.3, lk, 0.4) + _icon(land_icon, c, size * 0.43, size * 0.44, ink_saver)
    if yields:
        spot = size * 0.13
        body += _disc(spot, spot, size * 0.085, lk, 0.3) + _icon(yields, spot, spot, size * 0.12, ink_saver)
        body += _disc(size - spot, spot, size * 0.085, lk, 0.3) + _icon(yields, size - spot, spot, size * 0.12, ink_saver)
    body += _name_plate(name, size, lk)
    return _svg(size, bleed, body, name)


def _name_plate(name: str, size: float, lk: Look) -> str:
    result = richtext.fit(name, size * 0.7, size * 0.12, "serif-bold", 12.0, 8.0, "center", 1.0)
    w, h = size * 0.76, size * 0.16
    x, y = (size - w) / 2, size * 0.78
    plate = f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" rx="{fmt(h / 2)}" ' \
            f'fill="{lk.disc}" stroke="{lk.ink}" stroke-width="0.3"/>\n'
    baseline = y + h / 2 + richtext.cap_height_mm("serif-bold", result.size) / 2
    return plate + text(size / 2, baseline, name, "serif-bold", result.size, lk.ink)


def tile_back(kind: str, word: str, size: float, bleed: float, ink_saver: bool) -> str:
    """Pair backs show two overlapping squares, centre backs one square with a dot."""
    lk = look("castle" if kind == "pair" else "citadel", ink_saver)
    c = size / 2
    s = size * 0.24
    body = _ground(size, bleed, lk) + _disc(c, size * 0.42, size * 0.3, lk, 0.4)
    square = 'fill="{}" stroke="{}" stroke-width="0.5"'.format(style.colour("castle", ink_saver), lk.ink)
    if kind == "pair":
        for dx in (-s * 0.32, s * 0.32):
            body += f'<rect x="{fmt(c - s / 2 + dx)}" y="{fmt(size * 0.42 - s / 2 + dx * 0.6)}" width="{fmt(s)}" ' \
                    f'height="{fmt(s)}" rx="0.8" {square}/>\n'
    else:
        body += f'<rect x="{fmt(c - s / 2)}" y="{fmt(size * 0.42 - s / 2)}" width="{fmt(s)}" height="{fmt(s)}" rx="0.8" {square}/>\n'
        body += f'<circle cx="{fmt(c)}" cy="{fmt(size * 0.42)}" r="{fmt(s * 0.14)}" fill="{lk.ink}"/>\n'
    body += _name_plate(word, size, lk)
    return _svg(size, bleed, body, word)
