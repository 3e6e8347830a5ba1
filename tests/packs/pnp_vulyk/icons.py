"""ВУЛИК's icons (its pack's `icons`): name -> (Ukrainian label, SVG body in the kit's 0 0 100 100
box, `{key}` placeholders being palette colours), drawn through pnp.art.svg."""

from __future__ import annotations

import math

from pnp.art import svg

PETALS = 6


def _flower() -> str:
    """Six round petals around a dark heart, on a short stem: reads as a flower at 5 mm."""
    stem = svg.path("M50,62 V94", stroke_width=7)
    petals = "".join(svg.circle(50 + 21 * math.cos(2 * math.pi * k / PETALS), 40 + 21 * math.sin(2 * math.pi * k / PETALS),
                                14, fill="{grain}") for k in range(PETALS))
    return stem + petals + svg.circle(50, 40, 12, fill="{wood}")


ART = {"flower": ("квітка", _flower())}
