"""The kit's icon set: one style, drawn for ТВЕРДЖА, as SVG <symbol>s.

Every icon lives in a 0 0 100 100 viewBox, is outlined in the ink colour with one
stroke weight (style.ICON_STROKE) and filled from the palette, so a document that
includes `icon_defs()` can place any icon with `use_icon()` at any size in mm.
Ids are global and stable: ``icon-<name>``.

Shapes carry the meaning, colour only helps: the four resources are a log, a rock,
an ear of wheat and a coin; player A is a shield, player B a hanging banner. The
ink-saver variant swaps every fill for a pale tint and keeps the dark outlines.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from pnp.art import style, svg
from pnp.games.tverdzha.render.icon_art import ART


def icon_names() -> tuple[str, ...]:
    """Every icon name, sorted; markup like ``[wood]`` may use exactly these."""
    return tuple(sorted(ART))


def icon_id(name: str) -> str:
    _check(name)
    return f"icon-{name}"


def icon_label(name: str) -> str:
    """Ukrainian name of the icon, for legends and the contact sheet."""
    _check(name)
    return ART[name][0]


def _check(name: str) -> None:
    if name not in ART:
        raise ValueError(f"unknown icon {name!r}; known icons: {', '.join(icon_names())}")


@lru_cache(maxsize=None)
def symbol(name: str, ink_saver: bool = False) -> str:
    """One <symbol> element for `name`, coloured for the chosen palette."""
    return svg.wrap(art(name, ink_saver), "symbol", id=f"icon-{name}", viewBox="0 0 100 100")


@lru_cache(maxsize=None)
def art(name: str, ink_saver: bool = False) -> str:
    """The icon's drawing in its 0 0 100 100 box: one group, outlined in ink, filled from the palette."""
    _check(name)
    colours = style.palette(ink_saver)
    return svg.wrap(ART[name][1].format_map(colours), fill="none", stroke=colours["ink"],
                    stroke_width=style.ICON_STROKE, stroke_linejoin="round", stroke_linecap="round")


def icon_defs(names: Iterable[str] | None = None, ink_saver: bool = False) -> str:
    """A <defs> block with the symbols for `names` (all icons if None), each once, sorted."""
    chosen = icon_names() if names is None else sorted(set(names))
    return svg.wrap("".join(symbol(n, ink_saver) for n in chosen), "defs")


def use_icon(name: str, x: float, y: float, size: float) -> str:
    """Place icon `name` with its top-left corner at (x, y), `size` mm square."""
    return svg.use(icon_id(name), x, y, size, size, places=3)
