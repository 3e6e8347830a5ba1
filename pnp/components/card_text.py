"""The text of one card face: every text element of its layout filled and fitted.

The text-fit check (`pnp check`) and the card renderer both call `fit_card`, so what the
check promises is exactly what gets printed. Text is measured with the shared metrics of
`pnp.typeset` (richtext wraps and shrinks, fonts gives advances), never by drawing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from pnp.components import card_boxes, card_layout
from pnp.components.card_family import CardFamily, CardRow, field_value
from pnp.components.card_layout import Element, Layout, Style
from pnp.games import templates_of
from pnp.core.geometry import Box
from pnp.typeset import fonts, richtext
from pnp.typeset.richtext import FitResult

_FIELD = re.compile(r"\{([a-z][a-z0-9_.]*)\}")


def layout_folder(game: Any) -> Path:
    """Where a game's card layouts and templates are: its own cards/ folder, or its pack's."""
    return templates_of(game, "cards")


def family_layout(game: Any, family: CardFamily) -> Layout:
    """The family's layout; `pnp check` has reported it if it cannot be read."""
    layout, problems = card_layout.load(layout_folder(game), family.layout)
    if layout is None:
        raise ValueError(f"card layout {family.layout!r} has errors: {problems[0].format()}")
    return layout


def row_layout(game: Any, family: CardFamily, row: CardRow) -> Layout:
    """The layout of one card: its own (`CardRow.layout`), else its family's."""
    if row.layout is None:
        return family_layout(game, family)
    layout, problems = card_layout.load(layout_folder(game), row.layout)
    if layout is None:
        raise ValueError(f"card layout {row.layout!r} has errors: {problems[0].format()}")
    return layout


def steps(layout: Layout, row: CardRow) -> dict[str, int]:
    """The step count of every track element on this card (its field: one flag per step)."""
    return {e.name: len(row.fields.get(e.get("shows"), ())) for e in layout.of_kind("track")}


def element_text(game: Any, family: CardFamily, row: CardRow, element: Element, lang: str) -> str:
    """What a text element prints: a field, or a ui string filled with fields."""
    shows = element.get("shows")
    if isinstance(shows, str):
        return str(field_value(game, family, row, shows, lang))
    values = {key: _value(game, family, row, template, lang) for key, template in shows.items() if key != "ui"}
    return game.ui(shows["ui"], lang, **values)


def _value(game: Any, family: CardFamily, row: CardRow, template: Any, lang: str) -> Any:
    """'{count}' -> the field itself (a number stays a number, for plurals); else the text filled."""
    whole = _FIELD.fullmatch(str(template))
    if whole:
        return field_value(game, family, row, whole.group(1), lang)
    return _FIELD.sub(lambda m: str(field_value(game, family, row, m.group(1), lang)), str(template))


@dataclass(frozen=True)
class Line:
    """A one-line text (an element with `anchor:`): set at its style's size, never wrapped."""

    text: str
    style: Style
    overflow_mm: float  # how much wider than its box; 0 when it fits


@dataclass(frozen=True)
class CardText:
    """Everything printed as text on one card face, fitted, by element name."""

    family: str
    card_id: str
    name: str
    fits: Mapping[str, FitResult]
    lines: Mapping[str, Line]

    def overflows(self) -> list[tuple[str, FitResult | None, float]]:
        """(element, fit or None for a line, mm missing) of every text that does not fit its box."""
        out: list[tuple[str, FitResult | None, float]] = [
            (name, r, r.overflow_mm) for name, r in self.fits.items() if not r.fits]
        return out + [(name, None, line.overflow_mm) for name, line in self.lines.items() if line.overflow_mm > 0]

    def shrunk(self, layout: Layout) -> list[tuple[str, FitResult]]:
        """(element, fit) of every text set smaller than its style's size that may shrink to the
        content's minimum (a style without `min:`); a style with its own `min:` shrinks by design."""
        styles = {name: layout.styles[layout.element(name).get("style")] for name in self.fits}
        return [(name, r) for name, r in self.fits.items() if styles[name].min is None and r.size < styles[name].size]


def fit_text(text: str, element: Element, style: Style, box: Box, min_pt: float) -> FitResult:
    """Wrap and shrink `text` into `box`; with `lines: n`, as few lines (up to n) as will hold it."""
    low = style.min if style.min is not None else min(min_pt, style.size)
    most = element.get("lines")
    if most is None:
        return richtext.fit(text, box.w, box.h, style.face, style.size, low, style.align, style.leading)
    for n in range(1, most + 1):
        height = min(richtext.block_height_mm(n, style.face, style.size, style.leading) + 0.01, box.h)
        result = richtext.fit(text, box.w, height, style.face, style.size, low, style.align, style.leading)
        if result.fits:
            break
    return result


def fit_card(game: Any, family: CardFamily, layout: Layout, row: CardRow, lang: str) -> CardText:
    """Fill and fit every text element of `layout` for one card."""
    spec = game.print.card
    found = card_boxes.boxes(layout, spec, steps(layout, row))
    fits, lines = {}, {}
    for element in layout.of_kind("text"):
        text, style, box = element_text(game, family, row, element, lang), layout.styles[element.get("style")], found[element.name]
        if element.get("anchor"):
            width = fonts.text_width_mm(text, style.face, style.size)
            lines[element.name] = Line(text, style, max(0.0, width - box.w))
        else:
            fits[element.name] = fit_text(text, element, style, box, spec.min_text_pt)
    name = str(row.fields.get("name", row.id))
    return CardText(family.id, row.id, name, fits, lines)
