"""The kit's icon set: one style, as SVG <symbol>s.

The drawings are the game packs' (`GamePack.icons`, gathered by `pnp.games.icon_art`);
this module only turns them into symbols in the kit's colours and strokes.

Every icon lives in a 0 0 100 100 viewBox, is outlined in the ink colour with one
stroke weight (style.ICON_STROKE) and filled from the palette, so a document that
includes `icon_defs()` can place any icon with `use_icon()` at any size in mm.
Ids are global and stable: ``icon-<name>``.

Shapes carry the meaning, colour only helps (a pack draws each icon so that it reads
in grey). The ink-saver variant swaps every fill for a pale tint and keeps the dark outlines.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from pnp.art import style, svg
from pnp.games import icon_art


def icon_names() -> tuple[str, ...]:
    """Every icon name, sorted; markup like ``[wood]`` may use exactly these."""
    return tuple(icon_art())


def icon_id(name: str) -> str:
    _check(name)
    return f"icon-{name}"


def icon_label(name: str) -> str:
    """The icon's name in the pack's words, for legends and the contact sheet."""
    _check(name)
    return icon_art()[name][0]


def _check(name: str) -> None:
    if name not in icon_art():
        raise ValueError(f"unknown icon {name!r}; known icons: {', '.join(icon_names())}")


def symbol(name: str, ink_saver: bool = False, colour_in: bool = False) -> str:
    """One <symbol> element for `name`, coloured for the chosen palette."""
    return _symbol(name, _body(name), ink_saver, colour_in)


@lru_cache(maxsize=None)
def _symbol(name: str, body, ink_saver: bool, colour_in: bool) -> str:
    return svg.wrap(_art(body, ink_saver, colour_in), "symbol", id=f"icon-{name}", viewBox="0 0 100 100")


def art(name: str, ink_saver: bool = False, colour_in: bool = False) -> str:
    """The icon's drawing in its 0 0 100 100 box: one group, outlined in ink, filled from the palette
    (`colour_in`: white, for colouring by hand)."""
    return _art(_body(name), ink_saver, colour_in)


def _body(name: str):
    """The icon's drawing as its pack or the content gives it (text, or a function that draws it):
    the caches key on it, so a content's own icon of a pack icon's name is never taken for it."""
    _check(name)
    return icon_art()[name][1]


@lru_cache(maxsize=None)
def _art(body, ink_saver: bool, colour_in: bool) -> str:
    colours = style.palette(ink_saver, colour_in)
    # a body is the drawing's text, a function that draws it, or an object that draws itself for the
    # palette (`draw(ink_saver)`: a content's own picture, lightened as pictures are)
    text = body.draw(ink_saver) if hasattr(body, "draw") else body() if callable(body) else body
    return svg.wrap(text.format_map(colours), fill="none", stroke=colours["ink"],
                    stroke_width=style.ICON_STROKE, stroke_linejoin="round", stroke_linecap="round")


def icon_defs(names: Iterable[str] | None = None, ink_saver: bool = False, colour_in: bool = False) -> str:
    """A <defs> block with the symbols for `names` (all icons if None), each once, sorted."""
    chosen = icon_names() if names is None else sorted(set(names))
    return svg.wrap("".join(symbol(n, ink_saver, colour_in) for n in chosen), "defs")


def use_icon(name: str, x: float, y: float, size: float) -> str:
    """Place icon `name` with its top-left corner at (x, y), `size` mm square."""
    return svg.use(icon_id(name), x, y, size, size, places=3)
