"""Print-shop presets: the card geometry each shop expects, as data.

Shops specify their templates in pixels at 300 dpi; the kit speaks millimetres, so each
preset is converted here once. `generic` is the content's own card (63 x 88 mm + 3 mm
bleed -> 815 x 1110 px). The poker-size shops want 2.5 x 3.5 in (63.5 x 88.9 mm) with
their own bleed and safe zone; for them the card art is laid out again by the cards
module at that size, with the shop's safe margin, rather than scaled: scaling a 63 x 88
card up to fill the bleed would push text out of the shop's safe zone.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pnp.components.card_family import CardSpec
from pnp.core.geometry import Box, px_size, px_to_mm

DPI = 300

#: the page orders a user picks (`pnp build --shop-order`): backs in their own file, or each
#: front followed by its back
SHOP_ORDERS = ("separate", "alternate")
#: every order a file is written in: a preset may fix its own (DriveThruCards: each back before its front)
ORDERS = SHOP_ORDERS + ("back-first",)


@dataclass(frozen=True)
class ShopPreset:
    name: str
    description: str
    trim_px: tuple[float, float] | None  # None: the content's card size
    bleed_px: float | None  # each side; None: the content's bleed
    safe_px: tuple[float, float] | None  # the shop's safe zone (w, h); None: the content's safe margin
    png_px: tuple[int, int] | None  # the exact image size the shop wants; None: from the mm
    #: the page order the shop requires (ORDERS), overriding --shop-order; None: the user's
    order: str | None = None
    #: PDF/X-1a:2003 in the shop's CMYK with its total-ink limit (pdfx, cmyk), not the kit's sRGB
    pdfx: bool = False

    def card_spec(self, content: CardSpec) -> CardSpec:
        """The card geometry to lay the faces out for: the content's, or the shop's."""
        if self.trim_px is None:
            return content
        w, h = (px_to_mm(v, DPI) for v in self.trim_px)
        bleed = px_to_mm(self.bleed_px, DPI) if self.bleed_px is not None else content.bleed
        safe = content.safe
        if self.safe_px is not None:
            # the shop's safe zone is centred in the trim: its margin is half the difference
            safe = max(safe, px_to_mm((self.trim_px[0] - self.safe_px[0]) / 2, DPI),
                       px_to_mm((self.trim_px[1] - self.safe_px[1]) / 2, DPI))
        return dataclasses.replace(content, width=w, height=h, bleed=bleed, safe=safe)

    def png_size(self, spec: CardSpec) -> tuple[int, int]:
        if self.png_px is not None:
            return self.png_px
        return px_size(spec.width + 2 * spec.bleed, DPI), px_size(spec.height + 2 * spec.bleed, DPI)

    def safe_box(self, spec: CardSpec) -> Box:
        """The shop's safe zone in trim coordinates (mm): text must stay inside it."""
        if self.safe_px is None:
            return Box(0, 0, spec.width, spec.height).inset(spec.safe)
        w, h = (px_to_mm(v, DPI) for v in self.safe_px)
        return Box((spec.width - w) / 2, (spec.height - h) / 2, w, h)


PRESETS: dict[str, ShopPreset] = {
    p.name: p for p in (
        ShopPreset("generic", "the content's card, 300 dpi with bleed", None, None, None, None),
        # The Game Crafter, poker deck: 825 x 1125 px with bleed, 675 x 975 px safe zone.
        ShopPreset("tgc", "The Game Crafter poker", (750, 1050), 37.5, (675, 975), (825, 1125)),
        # MakePlayingCards, poker: 822 x 1122 px, 36 px bleed each side.
        ShopPreset("mpc", "MakePlayingCards poker", (750, 1050), 36, None, (822, 1122)),
        # DriveThruCards, poker: 2.5 x 3.5 in, 1/8 in bleed, nothing important within 1/8 in of the
        # cut; one PDF per deck, each card's back then its front; PDF/X-1a:2003, CMYK, ink <= 240 %.
        ShopPreset("dtc", "DriveThruCards poker, PDF/X-1a:2003 CMYK", (750, 1050), 37.5, (675, 975), (825, 1125),
                   order="back-first", pdfx=True),
    )
}


def preset(name: str) -> ShopPreset:
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown print-shop preset {name!r}; known: {', '.join(PRESETS)}") from None
