"""Card faces and backs as SVG masters: a layout's elements, drawn by kind -> jinja2 templates.

One renderer for every family of every game: each element of the family's layout becomes
a piece of SVG (or, for badges and tracks, the numbers a template draws) under its name in
``f.el``, its box under ``f.z``; the layout's jinja2 template (the designer's file: drawing
order, panels, rings, tabs) puts them together.

Each master is (W + 2 bleed) x (H + 2 bleed) mm with a viewBox in mm; the templates
draw in trim coordinates inside a translate(bleed, bleed) group, so the trim sits at
(bleed, bleed). Ids are either the global icon ids (``icon-<name>``) or prefixed with
the card's own uid, so masters can be pasted side by side in one document.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from markupsafe import Markup
import jinja2

from pnp.components import card_art, card_boxes, card_text
from pnp.components.card_family import CardFamily, CardRow, CardSpec, field_value
from pnp.components.card_layout import Element, Layout
from pnp.typeset import fonts, richtext
from pnp.art import icons, style
from pnp.art.draw import flush_right
from pnp.core.geometry import Box, fmt, pt_to_mm
from pnp.art.icon_inline import icon


@lru_cache(maxsize=8)
def environment(folder: Path):
    """The jinja2 environment of one game's card templates."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(folder)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["n"] = fmt
    env.globals["sunburst"] = sunburst
    env.globals["colour"] = style.colour
    return env


def mix(colour: str, keep: float, towards: str = "#ffffff") -> str:
    """`colour` mixed with `towards`, keeping `keep` of it."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    t = [int(towards[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(tc + (ac - tc) * keep):02x}" for ac, tc in zip(a, t))


@dataclass(frozen=True)
class Colours:
    frame: str  # full-bleed fill; "none" in ink saver (no full-bleed fills)
    border: str  # thin family line (ink saver only)
    header: str  # tint behind the title in ink saver, else "none"
    on_frame: str  # text and marks on the frame
    panel: str
    band: str
    ink: str
    muted: str
    art_bg: str
    art_ray: str
    points: str
    family: str  # the family colour at full strength (lines, pips)
    ink_saver: bool = False
    colour_in: bool = False


def colours(family: str, ink_saver: bool, colour_in: bool = False) -> Colours:
    """The face colours of a family whose colour is palette key `family` (or a colour "#rrggbb" of
    the content's); `colour_in`: outlines in ink on white, for colouring by hand."""
    is_hex = family.startswith("#")
    full = family if is_hex else style.colour(family)
    pal = style.palette(ink_saver, colour_in)
    if colour_in:
        return Colours("#ffffff", pal["ink"], "none", pal["ink"], "#ffffff", "#ffffff", pal["ink"], pal["muted"],
                       "#ffffff", "none", "#ffffff", pal["ink"], ink_saver, True)
    if ink_saver:
        return Colours("none", full, style.tint(full, 0.28) if is_hex else pal[family], pal["ink"], "#ffffff",
                       "#ffffff", pal["ink"], pal["muted"], "#ffffff", "#ffffff", pal["badge"], full, True)
    return Colours(full, "none", "none", pal["on-colour"], pal["paper"], pal["panel"], pal["ink"], pal["muted"],
                   mix(full, 0.22), mix(full, 0.34), pal["badge"], full)


def cover_radius(w: float, h: float, count: int) -> float:
    """Radius at which `count` wedges around a box's centre cover its corners (not far past)."""
    return math.hypot(w, h) / 2 / math.cos(math.pi / count) + 0.5


def rays(cx: float, cy: float, radius: float, count: int = 24) -> str:
    """Path data of every other wedge of a sunburst around (cx, cy)."""
    parts = []
    for k in range(0, count, 2):
        a0, a1 = 2 * math.pi * k / count, 2 * math.pi * (k + 1) / count
        parts.append(f"M{fmt(cx)} {fmt(cy)}L{fmt(cx + radius * math.cos(a0))} {fmt(cy + radius * math.sin(a0))}"
                     f"L{fmt(cx + radius * math.cos(a1))} {fmt(cy + radius * math.sin(a1))}Z")
    return "".join(parts)


def sunburst(box: Box, count: int = 24) -> str:
    """Rays from a box's centre that just cover it (the art window's background)."""
    return rays(box.cx, box.cy, cover_radius(box.w, box.h, count), count)


def _text(result: richtext.FitResult, box: Box, fill: str, valign: str = "middle") -> Markup:
    """A fitted paragraph placed in `box` (which may be taller than the box it was fitted to)."""
    free = box.h - result.height_mm
    y = box.y + {"top": 0.0, "middle": free / 2, "bottom": free}[valign]
    return Markup(richtext.to_svg(result, box.x, y, valign="top", fill=fill))


def _line(text: str, x: float, y: float, key: str, size_pt: float, fill: str, anchor: str = "middle") -> Markup:
    """One short line of text with its baseline at y (numbers in badges, back titles);
    flush right by the font's advances, as `draw.text` does."""
    if anchor == "end":
        x, anchor = flush_right(x, text, key, size_pt), "start"
    attrs = fonts.face(key).svg_attr_text()
    return Markup(f'<text x="{fmt(x)}" y="{fmt(y)}" {attrs} font-size="{fmt(pt_to_mm(size_pt))}" '
                  f'text-anchor="{anchor}" fill="{fill}">') + text + Markup("</text>")


def _size_to_width(text: str, key: str, size_pt: float, width: float) -> float:
    """`size_pt`, or less so that one line of `text` is no wider than `width` mm."""
    return min(size_pt, size_pt * width / max(fonts.text_width_mm(text, key, size_pt), 1e-9))


def _centre_baseline(key: str, size_pt: float, cy: float) -> float:
    """Baseline that centres capitals and digits vertically on cy."""
    return cy + richtext.cap_height_mm(key, size_pt) / 2


def points_badge(box: Box, value: int, size_pt: float, c: Colours, crown_icon: str = "point") -> dict[str, Any]:
    """A gold ring with the number, a small crown (`crown_icon`) sitting on its top."""
    crown = box.h * 0.38
    r = (box.h - crown * 0.55) / 2
    cy = box.bottom - r
    return {"cx": box.cx, "cy": cy, "r": r,
            "crown": icon(crown_icon, box.cx - crown / 2, box.y, crown, c.ink_saver, c.colour_in),
            "text": _line(str(value), box.cx, _centre_baseline("serif-bold", size_pt, cy + 0.25), "serif-bold",
                          size_pt, c.ink)}


# --- faces ------------------------------------------------------------------------------


def _text_defs(c: Colours, texts) -> Markup:
    """<defs> for the icons richtext places inline in running text (as <use>), if any."""
    names = sorted({name for t in texts for name in t.icons})
    return Markup(icons.icon_defs(names, c.ink_saver, c.colour_in)) if names else Markup("")


def _icon_row(items: list[IconAt], c: Colours) -> Markup:
    return Markup("").join(icon(i.name, i.x, i.y, i.size, c.ink_saver, c.colour_in) for i in items)


def _track(element: Element, layout: Layout, box: Box, flags, c: Colours) -> list[dict[str, Any]]:
    """The steps of a track: squares right-aligned in its box, numbered, the marked one filled."""
    cell, gap = element.get("cell", 3.6), element.get("gap", 0.9)
    st = layout.styles[element.get("style")]
    out = []
    for k, active in enumerate(flags):
        sq = Box(box.x + k * (cell + gap), box.y, cell, cell)
        out.append({"x": sq.x, "y": sq.y, "s": sq.w, "active": active,
                    "text": _line(str(k + 1), sq.cx, _centre_baseline(st.face, st.size, sq.cy), st.face, st.size,
                                  style.colour("on-colour") if active else c.muted)})
    return out


def _scale(element: Element, layout: Layout, box: Box, values, c: Colours) -> list[dict[str, Any]]:
    """The cells of a scale: equal widths across its box, each its number (1, 2, ...) over its
    value; a None value leaves its cell empty, to write in."""
    value_style, number_style = layout.styles[element.get("style")], layout.styles[element.get("caption")]
    width, split = box.w / max(len(values), 1), box.h * 0.4
    out = []
    for k, value in enumerate(values):
        cell = Box(box.x + k * width, box.y, width, box.h)
        number = _line(str(k + 1), cell.cx, _centre_baseline(number_style.face, number_style.size, cell.y + split / 2),
                       number_style.face, number_style.size, c.muted)
        shown = None if value is None else _line(
            str(value), cell.cx, _centre_baseline(value_style.face, value_style.size, cell.y + (split + cell.h) / 2),
            value_style.face, _size_to_width(str(value), value_style.face, value_style.size, cell.w - 0.6), c.ink)
        out.append({"x": cell.x, "y": cell.y, "w": cell.w, "h": cell.h, "split": cell.y + split,
                    "number": number, "value": shown})
    return out


def _piece(game, family: CardFamily, layout: Layout, element: Element, row: CardRow, text: card_text.CardText,
           box: Box, c: Colours, lang: str) -> Any:
    """One element, drawn by its kind."""
    shows = element.get("shows")
    value = field_value(game, family, row, shows, lang) if isinstance(shows, str) else None
    fill = getattr(c, element.get("colour", "ink"))
    if element.kind == "text" and element.name in text.lines:
        line = text.lines[element.name]
        anchor = "end" if element.get("anchor") == "end" else "start"
        base = box.cy + richtext.cap_height_mm(line.style.face, line.style.size) / 2
        return _line(line.text, box.right if anchor == "end" else box.x, base, line.style.face, line.style.size,
                     fill, anchor)
    if element.kind == "text":
        return _text(text.fits[element.name], box, fill, element.get("valign", "middle"))
    if element.kind == "icons":
        return _icon_row(cost_icons(value, box, element.get("size", style.ICON_SIZE["cost"]),
                                    element.get("align", "center")), c)
    if element.kind == "badge":
        return points_badge(box, value, element.get("size", 8.5), c, element.get("icon", "point"))
    if element.kind == "image":
        picture = card_art.picture_name(game, family, row, element, lang)
        if picture is not None:
            return card_art.piece(game, element, picture, box, c.ink_saver)
        shown = value if value not in (None, "") else element.get("icon")
        return icon(shown, box.x, box.y, box.w, c.ink_saver, c.colour_in) if shown else Markup("")
    if element.kind == "track":
        return _track(element, layout, box, value, c)
    if element.kind == "scale":
        return _scale(element, layout, box, value, c)
    return box  # a shape: the template draws it from its box


def face(game, family: CardFamily, layout: Layout, row: CardRow, text: card_text.CardText, lang: str,
         ink_saver: bool, colour_in: bool = False) -> str:
    """The SVG master of one card face (`colour_in`: its outlines on white, for colouring by hand)."""
    spec: CardSpec = game.print.card
    z = card_boxes.boxes(layout, spec, card_text.steps(layout, row))
    c = colours(row.colour or family.colour, ink_saver, colour_in)
    el = {e.name: _piece(game, family, layout, e, row, text, z[e.name], c, lang) for e in layout.elements}
    ctx = {"uid": f"{family.id}-{row.id}", "family": family.id, "name": text.name, "ink_saver": ink_saver,
           "colour_in": colour_in, "w": spec.width, "h": spec.height, "b": spec.bleed, "z": z, "c": c, "el": el,
           "defs": _text_defs(c, text.fits.values())}
    return environment(card_text.layout_folder(game)).get_template(layout.template).render(f=ctx)


# --- cost rows --------------------------------------------------------------------------


@dataclass(frozen=True)
class IconAt:
    name: str
    x: float
    y: float
    size: float


def cost_icons(cost, box: Box, size: float, align: str = "center") -> list[IconAt]:
    """One icon per unit of cost ((icon, n), ...), grouped by resource, in a row centred (or left) in `box`.

    Repeated icons rather than "3x": a row can be counted at a glance and needs no
    reading; the gap between resource groups is wider than within one.
    """
    step, group_gap = size * 1.04, size * 0.35
    names = [(rid, k) for rid, n in cost for k in range(n)]
    if not names:
        return []
    width = len(names) * step + (len({rid for rid, _ in names}) - 1) * group_gap - (step - size)
    x = box.x + (box.w - width) / 2 if align == "center" else box.x
    y = box.y + (box.h - size) / 2
    out, previous = [], None
    for rid, _ in names:
        if previous is not None and rid != previous:
            x += group_gap
        out.append(IconAt(rid, x, y, size))
        x += step
        previous = rid
    return out


# --- backs ------------------------------------------------------------------------------


BACK_TEXT_INSET = 1.0  # mm between a back's fitted title or name and its safe zone, each side


def back(game, family: CardFamily, lang: str, ink_saver: bool, colour_in: bool = False) -> str:
    """The back of a family: its colour, rays, a medallion with its icon, the game's title and its name."""
    spec = game.print.card
    w, h, b = spec.width, spec.height, spec.bleed
    c = colours(family.colour, ink_saver, colour_in)
    safe = Box(0, 0, w, h).inset(spec.safe)
    cx, cy = w / 2, h / 2
    medal = min(w, h) * 0.27
    side = medal * 1.25
    title_pt, family_pt = 20.0, 9.5
    text_fill = c.on_frame if not ink_saver else c.family
    name = game.ui(family.name, lang)
    ctx = {
        "uid": f"back-{family.id}", "family": family.id, "ink_saver": ink_saver, "colour_in": colour_in,
        "w": w, "h": h, "b": b, "c": c,
        "name": name,
        "safe": safe, "cx": cx, "cy": cy, "medal": medal,
        "rays": rays(cx, cy, cover_radius(w + 2 * b, h + 2 * b, 32), 32),
        "ray_fill": mix(c.family, 0.86, "#000000") if not ink_saver and not colour_in else "none",
        "icon": icon(family.icon, cx - side / 2, cy - side / 2, side, ink_saver, colour_in),
        # fitted a little inside the safe zone: a line fitted to its exact width reaches it, and the
        # glyphs' side bearings and the PDF's rounding put it a few hundredths of a mm outside
        "title": _line(game.title.get(lang), cx, safe.y + 9.5, "serif-bold",
                       _size_to_width(game.title.get(lang), "serif-bold", title_pt, safe.w - 2 * BACK_TEXT_INSET),
                       text_fill),
        "label": _line(name, cx, safe.bottom - 6.0, "sans-bold",
                       _size_to_width(name, "sans-bold", family_pt, safe.w - 2 * BACK_TEXT_INSET), text_fill),
        "defs": Markup(""),
    }
    return environment(card_text.layout_folder(game)).get_template(f"{family.back}.svg.j2").render(f=ctx)
