"""The parts of a data-only game beside its cards, tokens, board and rulebook, as the frozen model
holds them: the game's own icons (SVG files beside the content), mats (player boards: titled areas
of text on a sized rectangle), sheets (a title over a table to write in, such as a score sheet)
and player aids (titled sections of text on a card or half a page).

Each keeps its mark, so a check points at its line; colours are resolved to #rrggbb here, once.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping

from pnp.art import designer_art, style
from pnp.components.card_art import as_pixels
from pnp.content.modelbuilder import At
from pnp.core.errors import Mark, Problem
from pnp.core.geometry import Box
from pnp.core.texts import NO_MARK, Text, frozen_map
from pnp.games.data.prose import filled

#: an icon file holds a drawing, not a photograph: a bigger one is refused unread
ICON_MOST_BYTES = 1024 * 1024
#: an icon SVG that needs pixels (transparency, gradients) is drawn for this size at 600 dpi
ICON_PIXELS_MM = 20.0
#: half a page: two aids on an A4 or Letter sheet with their bleed and crop marks (as «Оборона Замка»'s)
HALF_PAGE = (180.0, 120.0)


@dataclass(frozen=True)
class Icon:
    name: str
    file: str
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class AreaBox:
    x: float
    y: float
    width: float
    height: float
    mark: Mark = field(default=NO_MARK, compare=False)

    def box(self) -> Box:
        return Box(self.x, self.y, self.width, self.height)


@dataclass(frozen=True)
class Area:
    title: Text
    box: AreaBox
    text: Text | None = None
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Mat:
    id: str
    name: Text
    width: float
    height: float
    areas: tuple[Area, ...]
    colour: str = "accent"  # pnp's own warm brown (pnp.art.style)
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Sheet:
    id: str
    name: Text
    columns: tuple[Text, ...]
    rows: int  # how many rows the table has
    row_names: tuple[Text, ...]  # each row's name (the first column), or none: blank rows
    width: float = 180.0
    height: float = 250.0
    row_height: float = 9.0
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class AidSection:
    title: Text
    text: Text


@dataclass(frozen=True)
class Aid:
    id: str
    name: Text
    sections: tuple[AidSection, ...]
    size: str = "card"
    colour: str = "accent"  # pnp's own warm brown (pnp.art.style)
    count: int = 1
    mark: Mark = field(default=NO_MARK, compare=False)


def _colour(palette: Mapping[str, str], name: str) -> str:
    return palette.get(name, name)


def icons(at: At) -> Mapping[str, Icon]:
    return frozen_map({name: Icon(name, file, at.mark("icons", name))
                       for name, file in sorted((at.get("icons", {}) or {}).items())})


def mats(at: At, palette: Mapping[str, str]) -> tuple[Mat, ...]:
    if not at.get("mats", None):
        return ()
    values = at.get("values", {}) or {}
    return tuple(replace(m, colour=_colour(palette, m.colour),
                         areas=tuple(replace(a, text=filled(a.text, values)) if a.text else a for a in m.areas))
                 for m in at.build(tuple[Mat, ...], "mats"))


def text_at(at: At, *path) -> Text:
    """The text at a content path (list indexes included), with its mark."""
    data: Any = at.loaded.data
    for k in path:
        data = data[k]
    return Text(frozen_map(data), at.loaded.mark(path))


def sheets(at: At) -> tuple[Sheet, ...]:
    out = []
    for i, data in enumerate(at.get("sheets", ()) or ()):
        rows = data["rows"]
        named = tuple(text_at(at, "sheets", i, "rows", k) for k in range(len(rows))) if isinstance(rows, list) else ()
        out.append(Sheet(data["id"], text_at(at, "sheets", i, "name"),
                         tuple(text_at(at, "sheets", i, "columns", k) for k in range(len(data["columns"]))),
                         len(rows) if isinstance(rows, list) else rows, named,
                         float(data.get("width", 180)), float(data.get("height", 250)),
                         float(data.get("row_height", 9)), at.mark("sheets", i)))
    return tuple(out)


def aids(at: At, palette: Mapping[str, str]) -> tuple[Aid, ...]:
    if not at.get("aids", None):
        return ()
    players = (at.get("game.players", None) or {}).get("max", 1)
    values = at.get("values", {}) or {}
    return tuple(replace(a, colour=_colour(palette, a.colour), count=data.get("count", players),
                         sections=tuple(replace(s, text=filled(s.text, values)) for s in a.sections))
                 for a, data in zip(at.build(tuple[Aid, ...], "aids"), at.get("aids")))


def aid_trim(aid: Aid, card: Any) -> tuple[float, float]:
    """An aid's trim size, mm: the game's card, or half a page."""
    return (card.width, card.height) if aid.size == "card" else HALF_PAGE


# --- the icons' drawings -------------------------------------------------------------------------


def read_icon(icon: Icon, folder: Path) -> tuple[designer_art.Picture | None, Problem | None]:
    """The icon's SVG, read as the designer's pictures are (inside the content's folder, bounded,
    without entities or references out of itself), or the problem at its line."""
    return designer_art.read(icon.file, folder, icon.mark, key=f"icons.{icon.name}", suffixes=(".svg",),
                             code="icon-file", most_bytes=ICON_MOST_BYTES)


def icon_body(picture: designer_art.Picture | None, ink_saver: bool = False) -> str:
    """The drawing in the icon set's 0 0 100 100 box, centred and whole (nothing for an icon whose
    file cannot be read: `pnp check` says why, and a build stops there). An SVG with transparency
    or gradients is drawn as pixels, as a picture on a card is, so PDF/X-1a can hold it; with
    `ink_saver`, the icon is lightened as the pictures are (an SVG drawn as pixels first)."""
    if picture is None:
        return ""
    if picture.needs_pixels or (ink_saver and not picture.is_raster):
        square = Box(0, 0, ICON_PIXELS_MM, ICON_PIXELS_MM)
        picture = as_pixels(picture, designer_art.pixel_size(picture, square, "contain"))
    lighten = style.INK_SAVER_KEEP if ink_saver else None
    # braces are the icon set's palette slots ({ink}); a data URI has none, a drawing may
    return str(designer_art.markup(picture, Box(0, 0, 100, 100), "contain", lighten)).replace("{", "{{").replace("}", "}}")


@dataclass(frozen=True)
class OwnIcon:
    """A content's icon as the icon set draws it (pnp.art.icons: an icon body with `draw`)."""

    picture: designer_art.Picture | None

    def draw(self, ink_saver: bool) -> str:
        return icon_body(self.picture, ink_saver)
