"""Card faces and backs as SVG masters: layout data + text fits -> jinja2 templates.

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

from pnp.games.tverdzha.model import BattleCard, Building, Game, Upgrade
from pnp.components import card_layout as cl
from pnp.typeset import fonts, richtext
from pnp.art import icons, style
from pnp.art.draw import flush_right
from pnp.print.geometry import Box, fmt, pt_to_mm
from pnp.art.icon_inline import icon
from pnp.games import pack_of

FAMILY_ICON = {"battle": "battle", "building": "building", "upgrade": "upgrade"}
FAMILY_UI = {"battle": "card_battle", "building": "card_building", "upgrade": "card_upgrade"}


@lru_cache(maxsize=None)
def environment(folder: Path):
    """The jinja2 environment of the card templates in `folder`."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(folder)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["n"] = fmt
    return env


def template(game: Game, name: str):
    """The card template `name` of `game`'s pack (its templates folder's cards/)."""
    return environment(pack_of(game).templates / "cards").get_template(name)


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


def colours(family: str, ink_saver: bool) -> Colours:
    full = style.colour(family)
    pal = style.palette(ink_saver)
    if ink_saver:
        return Colours("none", full, pal[family], pal["ink"], "#ffffff", "#ffffff", pal["ink"], pal["muted"],
                       "#ffffff", "#ffffff", pal["point"], full, True)
    return Colours(full, "none", "none", pal["on-colour"], pal["paper"], pal["panel"], pal["ink"], pal["muted"],
                   mix(full, 0.22), mix(full, 0.34), pal["point"], full)


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


def points_badge(box: Box, value: int, size_pt: float, c: Colours) -> dict[str, Any]:
    """A gold ring with the number, a small crown (the points icon) sitting on its top."""
    crown = box.h * 0.38
    r = (box.h - crown * 0.55) / 2
    cy = box.bottom - r
    return {"cx": box.cx, "cy": cy, "r": r,
            "crown": icon("point", box.cx - crown / 2, box.y, crown, c.ink_saver),
            "text": _line(str(value), box.cx, _centre_baseline("serif-bold", size_pt, cy + 0.25), "serif-bold",
                          size_pt, c.ink)}


# --- faces ------------------------------------------------------------------------------


def _common(game: Game, family: str, uid: str, text: cl.CardText, effects, ink_saver: bool) -> dict[str, Any]:
    spec = game.print.card
    z = cl.zones(spec, family)
    c = colours(family, ink_saver)
    art = z.art
    return {
        "uid": uid, "family": family, "name": text.name, "ink_saver": ink_saver,
        "w": spec.width, "h": spec.height, "b": spec.bleed, "z": z, "c": c,
        "badge_icon": icon(FAMILY_ICON[family], z.badge.x + 1.2, z.badge.y + 1.2, z.badge.w - 2.4, ink_saver),
        "title": _text(text.title, z.title, c.on_frame if not ink_saver else c.ink),
        "effect": _text(text.effect, z.effect_text, c.ink),
        "rays": rays(art.cx, art.cy, cover_radius(art.w, art.h, 24)),
        "emblem": icon(cl.emblem(effects, family), art.cx - 8.5, art.cy - 8.5, 17.0, ink_saver),
        "emblem_r": 11.0,
    }


def _text_defs(ink_saver: bool, *texts: richtext.FitResult | None) -> Markup:
    """<defs> for the icons richtext places inline in running text (as <use>), if any."""
    names = sorted({name for t in texts if t is not None for name in t.icons})
    return Markup(icons.icon_defs(names, ink_saver)) if names else Markup("")


def _icon_row(items: list[cl.IconAt], ink_saver: bool) -> Markup:
    return Markup("").join(icon(i.name, i.x, i.y, i.size, ink_saver) for i in items)


def battle_face(game: Game, card: BattleCard, text: cl.CardText, lang: str, ink_saver: bool) -> str:
    ctx = _common(game, "battle", f"battle-{card.id}", text, card.effects, ink_saver)
    z, c = ctx["z"], ctx["c"]
    ctx["timing"] = _timing(game, card, z, text, c)
    foot_size = cl.CAPTION.size
    base = z.foot.y + z.foot.h / 2 + richtext.cap_height_mm(cl.CAPTION.face, foot_size) / 2
    ctx["foot_left"] = _line(game.ui(FAMILY_UI["battle"], lang), z.foot.x, base, cl.CAPTION.face, foot_size,
                             c.on_frame, "start")
    ctx["foot_right"] = _line(game.ui("copies", lang, count=card.count), z.foot.right, base, "narrow-bold",
                              foot_size, c.on_frame, "end")
    ctx["defs"] = _text_defs(ink_saver, text.title, text.effect, text.band)
    return template(game, "battle.svg.j2").render(f=ctx)


def _timing(game: Game, card: BattleCard, z: cl.Zones, text: cl.CardText, c: Colours) -> dict[str, Any]:
    keys = [t.key for t in game.battle.timing]
    pips = []
    for k, (key, box) in enumerate(zip(keys, cl.timing_pips(z, len(keys)))):
        active = key == card.timing
        pips.append({"x": box.x, "y": box.y, "s": box.w, "active": active,
                     "text": _line(str(k + 1), box.cx, _centre_baseline("sans-bold", 6.5, box.cy), "sans-bold",
                                   6.5, style.colour("on-colour") if active else c.muted)})
    return {"pips": pips, "label": _text(text.band, cl.timing_label_box(z, len(keys)), c.ink)}


def building_face(game: Game, b: Building, text: cl.CardText, lang: str, ink_saver: bool) -> str:
    ctx = _common(game, "building", f"building-{b.id}", text, b.effects, ink_saver)
    z, c = ctx["z"], ctx["c"]
    ctx["points"] = points_badge(z.points, b.points, cl.POINTS_PT, c)
    ctx["cost"] = _icon_row(cl.cost_icons(b.cost, z.band, cl.COST_ICON), ink_saver)
    ctx["up"] = _upgrade_line(b.upgrade, text, z, c, ink_saver)
    ctx["defs"] = _text_defs(ink_saver, text.title, text.effect, text.foot)
    return template(game, "building.svg.j2").render(f=ctx)


def _upgrade_line(up: Upgrade, text: cl.CardText, z: cl.Zones, c: Colours, ink_saver: bool) -> dict[str, Any]:
    tab, caption, badge = cl.foot_tab(z), cl.foot_text_box(z), cl.foot_badge(z)
    row = Box(caption.x, caption.bottom + 0.6, caption.w, cl.FOOT_ICON)
    upgrade_colour = style.colour("upgrade", ink_saver)
    side = tab.w - 3.4
    return {
        "tab": tab, "tab_fill": upgrade_colour, "line": style.colour("upgrade"),
        "icon": icon("upgrade", tab.cx - side / 2, tab.cy - side / 2, side, ink_saver),
        "disc": (tab.cx, tab.cy, tab.w / 2 - 0.8),
        "caption": _text(text.foot, caption, c.ink, "top"),
        "cost": _icon_row(cl.cost_icons(up.cost, row, cl.FOOT_ICON, "left"), ink_saver),
        "points": points_badge(badge, up.points, 8.5, c),
    }


def upgrade_face(game: Game, b: Building, text: cl.CardText, lang: str, ink_saver: bool) -> str:
    up = b.upgrade
    ctx = _common(game, "upgrade", f"upgrade-{up.id}", text, up.effects, ink_saver)
    z, c = ctx["z"], ctx["c"]
    ctx["points"] = points_badge(z.points, up.points, cl.POINTS_PT, c)
    ctx["cost"] = _icon_row(cl.cost_icons(up.cost, z.band, cl.COST_ICON), ink_saver)
    ctx["of_line"] = _text(text.foot, z.foot.inset(cl.PAD), c.ink)
    ctx["of_colour"] = style.colour("building")
    ctx["defs"] = _text_defs(ink_saver, text.title, text.effect, text.foot)
    return template(game, "upgrade.svg.j2").render(f=ctx)


# --- backs ------------------------------------------------------------------------------


def back(game: Game, family: str, lang: str, ink_saver: bool) -> str:
    spec = game.print.card
    w, h, b = spec.width, spec.height, spec.bleed
    c = colours(family, ink_saver)
    safe = Box(0, 0, w, h).inset(spec.safe)
    cx, cy = w / 2, h / 2
    medal = min(w, h) * 0.27
    side = medal * 1.25
    title_pt, family_pt = 20.0, 9.5
    text_fill = c.on_frame if not ink_saver else c.family
    ctx = {
        "uid": f"back-{family}", "family": family, "ink_saver": ink_saver, "w": w, "h": h, "b": b, "c": c,
        "name": game.ui(FAMILY_UI[family], lang),
        "safe": safe, "cx": cx, "cy": cy, "medal": medal,
        "rays": rays(cx, cy, cover_radius(w + 2 * b, h + 2 * b, 32), 32),
        "ray_fill": mix(c.family, 0.86, "#000000") if not ink_saver else "none",
        "icon": icon(FAMILY_ICON[family], cx - side / 2, cy - side / 2, side, ink_saver),
        "title": _line(game.title.get(lang), cx, safe.y + 9.5, "serif-bold",
                       _size_to_width(game.title.get(lang), "serif-bold", title_pt, safe.w), text_fill),
        "label": _line(game.ui(FAMILY_UI[family], lang), cx, safe.bottom - 6.0, "sans-bold",
                       _size_to_width(game.ui(FAMILY_UI[family], lang), "sans-bold", family_pt, safe.w), text_fill),
        "defs": Markup(""),
    }
    return template(game, "back.svg.j2").render(f=ctx)
