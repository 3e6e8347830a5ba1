"""The designer's pictures on cards: which file an image element shows on a card, its
problems for `pnp check`, and its drawing for the face renderer.

An image element shows a picture when it names a `file:`, or when the field it `shows:` holds
a file name (art/bee.png: the card's own illustration, e.g. a spreadsheet column); with `fit:`
or `bleed:` the field is always a file. Otherwise the element shows an icon, as before. The
check and the renderer ask the same functions here, so what `pnp check` accepts is what the
build can draw.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

from markupsafe import Markup

from pnp.art import designer_art, icons, style
from pnp.components import card_boxes
from pnp.components.card_family import CardFamily, CardRow, field_value
from pnp.components.card_layout import Element, Layout
from pnp.core.errors import Mark, Problem, error
from pnp.core.geometry import Box
from pnp.games import pack_of

DEFAULT_FIT = "contain"


def content_folder(game: Any) -> Path:
    """The folder of the content file: where its pictures are (the pack's own content's when
    the model does not say where it was read from)."""
    source = getattr(game, "source", "") or str(pack_of(game).content)
    return Path(source).parent


def picture_name(game: Any, family: CardFamily, row: CardRow, element: Element, lang: str) -> str | None:
    """The file an image element shows on this card, or None (an icon, or nothing)."""
    if element.kind != "image":
        return None
    if "file" in element.props:
        return element.get("file")
    shows = element.get("shows")
    if not isinstance(shows, str):
        return None
    value = field_value(game, family, row, shows, lang)
    if value in (None, ""):
        return None
    if "fit" in element.props or "bleed" in element.props or designer_art.is_file_name(value):
        return str(value)
    return None


def _where(element: Element, row: CardRow) -> Mark:
    """A fixed file is the layout's; a field's file is the card's (its line, or its row of a table)."""
    return element.marks.get("file", element.mark) if "file" in element.props else row.mark


def problems(game: Any, family: CardFamily, layout: Layout, rows: Iterable[CardRow], steps,
             cards: Callable[[Any, CardFamily, str], Iterable[CardRow]] | None = None) -> list[Problem]:
    """Every picture the layout's image elements show on these cards: readable, and sharp enough
    at its printed size (`steps(row)`: the card's track steps, for its boxes; `cards(game, family,
    lang)`: the family's cards in another language, by default `family.cards`)."""
    out: dict[tuple, Problem] = {}
    elements = layout.of_kind("image")
    known_icons = set(icons.icon_names())
    for lang, row in _in_every_language(game, family, rows, cards):
        boxes = None
        for element in elements:
            name = picture_name(game, family, row, element, lang)
            if name is None:
                problem = _icon_problem(game, family, row, element, lang, known_icons)
                if problem is not None:
                    out.setdefault((problem.code, str(problem.mark), problem.message), problem)
                continue
            where = _where(element, row)
            picture, problem = designer_art.read(name, content_folder(game), where, _key(element))
            if problem is None:
                boxes = boxes or card_boxes.boxes(layout, game.print.card, steps(row))
                problem = designer_art.resolution_problem(picture, boxes[element.name],
                                                          element.get("fit", DEFAULT_FIT), where,
                                                          f"element {element.name!r} of {family.id} card {row.id!r}")
            if problem is not None:
                out.setdefault((problem.code, str(where), name), problem)
    return list(out.values())


def _in_every_language(game: Any, family: CardFamily, rows: Iterable[CardRow], cards=None):
    """(language, the card in it) for these cards in every language the game ships: a picture may
    be a column per language."""
    rows = list(rows)
    yield from ((game.languages[0], row) for row in rows)
    ids = {row.id for row in rows}
    for lang in game.languages[1:]:
        try:
            translated = cards(game, family, lang) if cards is not None else family.cards(game, lang)
        except (KeyError, ValueError):
            continue  # missing text: other checks say so
        yield from ((lang, row) for row in translated if row.id in ids)


def _icon_problem(game: Any, family: CardFamily, row: CardRow, element: Element, lang: str,
                  known: set[str]) -> Problem | None:
    """An image element that shows no picture shows an icon: one the icon set has."""
    shows = element.get("shows")
    if shows == "family.icon":
        return None  # the family's own icon: the card-layout check says it once, at the family
    value = field_value(game, family, row, shows, lang) if isinstance(shows, str) else element.get("icon")
    if value in (None, "") or value in known:
        return None
    where = row.mark if isinstance(shows, str) else element.marks.get("icon", element.mark)
    return error("layout-icon", f"element {element.name!r} of {family.id} card {row.id!r} shows {value!r}, "
                 "which is neither an icon nor a picture file", where,
                 f"a picture needs its suffix ({', '.join(designer_art.SUFFIXES)}); icons: {', '.join(sorted(known))}")


def _key(element: Element) -> str:
    return "file" if "file" in element.props else str(element.get("shows"))


def piece(game: Any, element: Element, name: str, box: Box, ink_saver: bool) -> Markup:
    """The picture drawn in its box (`pnp check` has refused a file that cannot be read)."""
    picture, problem = designer_art.read(name, content_folder(game), element.mark, _key(element))
    if problem is not None:
        raise ValueError(problem.format())
    fit = element.get("fit", DEFAULT_FIT)
    if picture.needs_pixels or (ink_saver and not picture.is_raster):
        # ink saver lightens pixels: an SVG is drawn as pixels first (an opacity would be
        # transparency, which the PDF/X-1a pass cannot take)
        picture = as_pixels(picture, designer_art.pixel_size(picture, box, fit))
    lighten = style.INK_SAVER_KEEP if ink_saver else None
    return designer_art.markup(picture, box, fit, lighten)


@lru_cache(maxsize=32)
def as_pixels(picture: designer_art.Picture, size: tuple[int, int]) -> designer_art.Picture:
    """An SVG picture drawn as pixels (it has what the PDF/X-1a pass cannot convert as vector)."""
    from pnp.print import raster  # cairo: only a build that draws such a picture pays for it

    return designer_art.Picture(picture.name, (float(size[0]), float(size[1])),
                                given=raster.render_picture(picture.svg, *size))
