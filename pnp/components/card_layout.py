"""Card layout as data: named zones in millimetres and the text fitted into them.

One layout per card family (battle, building, upgrade), all sharing the same header
(family badge, title, points in the top-right corner) so the kit reads as one
hierarchy. Coordinates are trim coordinates: (0, 0) is the top-left corner of the
trimmed card, the bleed reaches to (-bleed, -bleed). Every zone that holds text lies
inside the safe zone; `check_zones` proves it for any card size in the content.

The text checks (`pnp check`, rule text-fit) and the renderer both call `fit_card`,
so what the check promises is exactly what gets printed.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Iterator

from pnp.games.tverdzha.model import BattleCard, Building, CardSpec, Cost, Game
from pnp.typeset import richtext
from pnp.art import style
from pnp.print.geometry import Box
from pnp.games.tverdzha.render.reminders import step_label
from pnp.typeset.richtext import FitResult

FAMILIES = ("battle", "building", "upgrade")

# Type of the card faces (points). Card texts are short, so the effect is set larger
# than running text; it may shrink to the content's min_text_pt (>= 7 pt, SPEC 3a).
EFFECT = style.TextStyle("sans", 10.0, 7.0, 1.18)
TITLE = style.TYPE["title"]
CAPTION = style.TextStyle("narrow", 7.5, 7.0, 1.1)
POINTS_PT = 13.0
PAD = 1.6  # inside text panels
HEADER_H = 11.0
BAND_H = 7.5  # cost row / timing strip
GAP = 1.5  # between zones
COST_ICON = style.ICON_SIZE["cost"]
FOOT_ICON = 4.2  # upgrade cost icons on the building foot

FOOT_H = MappingProxyType({"battle": 4.5, "building": 11.0, "upgrade": 7.0})
ART_H = MappingProxyType({"battle": 27.5, "building": 23.5, "upgrade": 23.5})

# The emblem drawn in a card's art window: by the first effect key that has one,
# else the family icon. Presentation only: the icon that best pictures the effect.
EMBLEMS = MappingProxyType({
    "trade": "trade", "income_choice": "gold", "hire_strength": "hire", "train_cap": "train",
    "castle_defense": "wall", "hand_size": "hand", "land_limit": "castle", "road_bonus": "move",
    "storage": "storage", "round_draw": "card", "build_discount": "any", "army_limit": "army",
    "siege_entrances": "entrance", "infirmary": "heal", "prestige": "point", "town_hall": "building",
    "roll_bonus": "die", "enemy_roll_penalty": "die", "reroll_miss": "die",
    "enemy_strength_penalty": "strength", "strength_bonus": "army", "reduce_hits": "wall",
    "full_defense": "wall", "cancel_card": "card", "target_strongest": "battle", "militia": "hire",
    "ignore_defense": "castle", "last_stand": "unit", "bandage": "heal", "loot": "gold",
    "draw_after": "hand", "forage": "any",
})


@dataclass(frozen=True)
class Zones:
    """Named rectangles of one card family (trim coordinates, mm)."""

    family: str
    bleed: Box
    trim: Box
    safe: Box
    badge: Box  # family icon, top left
    title: Box
    points: Box  # points badge: always the top-right corner (battle cards: empty)
    band: Box  # cost row (building, upgrade) or timing strip (battle)
    art: Box
    effect: Box  # the panel; text sits PAD inside it
    foot: Box  # upgrade line / "upgrade of" line / family and count

    @property
    def effect_text(self) -> Box:
        return self.effect.inset(PAD)

    def text_zones(self) -> dict[str, Box]:
        return {"title": self.title, "band": self.band, "effect": self.effect_text, "foot": self.foot}


def zones(spec: CardSpec, family: str) -> Zones:
    if family not in FAMILIES:
        raise ValueError(f"unknown card family {family!r}; known: {', '.join(FAMILIES)}")
    w, h, b = spec.width, spec.height, spec.bleed
    safe = Box(0, 0, w, h).inset(spec.safe)
    head = Box(safe.x, safe.y, safe.w, HEADER_H)
    badge = Box(head.x, head.y + 1.0, HEADER_H - 2.0, HEADER_H - 2.0)
    points = Box(head.right - HEADER_H, head.y, HEADER_H, HEADER_H)
    title_right = points.x - 1.0 if family != "battle" else head.right
    title = Box(badge.right + 1.5, head.y, title_right - badge.right - 1.5, HEADER_H)
    band = Box(safe.x, head.bottom + GAP, safe.w, BAND_H)
    art = Box(safe.x, band.bottom + GAP, safe.w, ART_H[family])
    foot = Box(safe.x, safe.bottom - FOOT_H[family], safe.w, FOOT_H[family])
    effect = Box(safe.x, art.bottom + GAP, safe.w, foot.y - GAP - art.bottom - GAP)
    return Zones(family, Box(-b, -b, w + 2 * b, h + 2 * b), Box(0, 0, w, h), safe, badge, title,
                 points, band, art, effect, foot)


def check_zones(z: Zones) -> list[str]:
    """Zones that leave the safe area or have no room left (a card size too small)."""
    bad = [f"{name} leaves the safe zone" for name, box in z.text_zones().items() if not z.safe.contains(box)]
    bad += [f"{name} has no room" for name, box in z.text_zones().items() if box.w <= 0 or box.h <= 0]
    return bad


# --- text -------------------------------------------------------------------------------


def fit_title(name: str, z: Zones) -> FitResult:
    """One line, shrinking if need be; two lines only when one cannot hold the name."""
    one, two = (richtext.block_height_mm(n, TITLE.face, TITLE.size, TITLE.leading) + 0.01 for n in (1, 2))
    for height in (min(one, z.title.h), min(two, z.title.h)):
        result = richtext.fit(name, z.title.w, height, TITLE.face, TITLE.size, TITLE.min_size,
                              "left", TITLE.leading)
        if result.fits:
            break
    return result


def fit_effect(text: str, z: Zones, min_pt: float) -> FitResult:
    box = z.effect_text
    return richtext.fit(text, box.w, box.h, EFFECT.face, EFFECT.size, min(min_pt, EFFECT.size),
                        "center", EFFECT.leading)


def fit_caption(text: str, width: float, height: float, align: str = "left") -> FitResult:
    return richtext.fit(text, width, height, CAPTION.face, CAPTION.size, CAPTION.min_size, align,
                        CAPTION.leading)


@dataclass(frozen=True)
class CardText:
    """Everything printed as running text on one card face, fitted."""

    family: str
    card_id: str
    name: str
    title: FitResult
    effect: FitResult
    foot: FitResult | None = None  # upgrade line (building) or "upgrade of" line (upgrade)
    band: FitResult | None = None  # timing label (battle)

    def overflows(self) -> list[tuple[str, FitResult]]:
        """(part, fit) of every text that does not fit its zone."""
        parts = (("title", self.title), ("effect", self.effect), ("foot", self.foot), ("timing", self.band))
        return [(part, r) for part, r in parts if r is not None and not r.fits]


CAPTION_LINE = 3.6  # one caption line, mm
FOOT_TAB = 9.0  # the upgrade-coloured tab at the left of a building's foot
FOOT_BADGE = 6.0  # the upgrade's points badge at the right of the foot
PIP = 3.6  # timing pips on battle cards: one square per step of a battle
PIP_GAP = 0.9


def foot_tab(z: Zones) -> Box:
    return Box(z.foot.x, z.foot.y, FOOT_TAB, z.foot.h)


def foot_badge(z: Zones) -> Box:
    return Box(z.foot.right - PAD - FOOT_BADGE, z.foot.cy - FOOT_BADGE / 2, FOOT_BADGE, FOOT_BADGE)


def foot_text_box(z: Zones) -> Box:
    """Where the upgrade line's caption goes on a building foot: between tab and badge."""
    x = foot_tab(z).right + 1.5
    return Box(x, z.foot.y + 1.0, foot_badge(z).x - 1.0 - x, CAPTION_LINE)


def timing_pips(z: Zones, steps: int) -> list[Box]:
    """The squares of the timing strip, right-aligned in the band."""
    x0 = z.band.right - PAD - steps * PIP - (steps - 1) * PIP_GAP
    return [Box(x0 + k * (PIP + PIP_GAP), z.band.cy - PIP / 2, PIP, PIP) for k in range(steps)]


def timing_label_box(z: Zones, steps: int) -> Box:
    left = timing_pips(z, steps)[0].x if steps else z.band.right
    return Box(z.band.x + PAD, z.band.y, left - z.band.x - 2 * PAD, z.band.h)


def battle_text(game: Game, card: BattleCard, lang: str) -> CardText:
    z, name = zones(game.print.card, "battle"), card.name.get(lang)
    label = timing_label_box(z, len(game.battle.timing))
    timing = step_label(game, card.timing, lang)
    band = richtext.fit(timing, label.w, label.h, "sans-bold", 8.5, 7.0, "left", 1.1)
    return CardText("battle", card.id, name, fit_title(name, z),
                    fit_effect(game.effects_text(card.effects, lang), z, game.print.card.min_text_pt), band=band)


def building_text(game: Game, b: Building, lang: str) -> CardText:
    z, name = zones(game.print.card, "building"), b.name.get(lang)
    box = foot_text_box(z)
    foot = fit_caption(game.ui("upgrades_to", lang, name=f"**{b.upgrade.name.get(lang)}**"), box.w, box.h)
    return CardText("building", b.id, name, fit_title(name, z),
                    fit_effect(game.effects_text(b.effects, lang), z, game.print.card.min_text_pt), foot)


def upgrade_text(game: Game, b: Building, lang: str) -> CardText:
    up = b.upgrade
    z, name = zones(game.print.card, "upgrade"), up.name.get(lang)
    box = z.foot.inset(PAD)
    foot = fit_caption(game.ui("upgrade_of", lang, name=f"**{b.name.get(lang)}**"), box.w, box.h, "center")
    return CardText("upgrade", up.id, name, fit_title(name, z),
                    fit_effect(game.effects_text(up.effects, lang), z, game.print.card.min_text_pt), foot)


def card_jobs(game: Game):
    """(family, card id, mark, fitter) for every unique face, in content order."""
    for card in game.battle_cards:
        yield "battle", card.id, card.mark, lambda lang, c=card: battle_text(game, c, lang)
    for b in game.buildings:
        yield "building", b.id, b.mark, lambda lang, x=b: building_text(game, x, lang)
    for b in game.buildings:
        yield "upgrade", b.upgrade.id, b.upgrade.mark, lambda lang, x=b: upgrade_text(game, x, lang)


def card_texts(game: Game, lang: str) -> Iterator[CardText]:
    """Every unique card face with its text fitted: battle, building, upgrade, content order."""
    for _, _, _, fitter in card_jobs(game):
        yield fitter(lang)


def emblem(effects, family: str) -> str:
    for effect in effects:
        if effect.key in EMBLEMS:
            return EMBLEMS[effect.key]
    return family


# --- cost rows --------------------------------------------------------------------------


@dataclass(frozen=True)
class IconAt:
    name: str
    x: float
    y: float
    size: float


def cost_icons(cost: Cost, box: Box, size: float, align: str = "center") -> list[IconAt]:
    """One icon per unit of cost, grouped by resource, in a row centred (or left) in `box`.

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
