"""Every flower's name fits across its card, measured with the bundled font's metrics."""

from __future__ import annotations

from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.typeset import fonts

ID = "flower-name-fits"
CODES = {"name-too-wide": "A flower's name is wider than its card's safe width at the name's size."}
#: the name's size on the card and the margin either side, as the card template sets them
NAME_PT, MARGIN_MM = 12, 4


def check(game, lang: str | None) -> Iterator[Problem]:
    width = game.card[0] - 2 * MARGIN_MM
    for i, flower in enumerate(game.flowers):
        for code in [lang] if lang else game.languages:
            wide = fonts.text_width_mm(flower.name[code], "sans-bold", NAME_PT)
            if wide > width:
                yield error("name-too-wide", f"flowers[{i}].name.{code}: expected at most {width:g} mm at "
                            f"{NAME_PT} pt, found {wide:.1f} mm", game.mark("flowers", i, "name", code))
