"""What every figure and table of the rulebook needs: the model, the reader's language,
the labels, the styles and the page; plus small helpers to make table cells.

The figures' text enters paragraph markup here, and only here (`para`, `cell`): a plain
string is the content's text and is escaped (a name may hold '<' or '&'); the markup the
code itself writes is marked as such with markupsafe's `Markup`, whose `format` and `join`
escape what they fill in, as the templates' autoescape does for the prose.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from markupsafe import escape
from reportlab.lib import colors
from reportlab.platypus import Paragraph

from pnp.core.geometry import mm_to_pt
from pnp.rulebook.markup import CELL_PAIR_MAX, LAST_PAIR_MAX, para
from pnp.rulebook.prose import Labels
from pnp.rulebook.styles import PageGeometry, colour


@dataclass
class Book:
    game: Any
    lang: str
    facts: Any  # the game's facts for its templates (game_side.RulebookSide.facts)
    labels: Labels
    styles: dict
    geometry: PageGeometry
    ink_saver: bool = False
    extra: dict = field(default_factory=dict)  # the templates' names beside game, lang and f

    def para(self, text: str, style: str, last_pair: int = LAST_PAIR_MAX, decorative: bool = False) -> Paragraph:
        """A paragraph of a figure or the cover: `text` is the content's (escaped) or Markup (kept);
        `decorative`: its icons illustrate the words and say nothing."""
        return para(str(escape(text)), self.styles[style], last_pair=last_pair, decorative=decorative)

    def cell(self, text: str, style: str = "table", decorative: bool = False) -> Paragraph:
        """A table cell (see `para`)."""
        return self.para(text, style, CELL_PAIR_MAX, decorative)

    def colour(self, key: str) -> colors.Color:
        return colour(key, self.ink_saver)

    def tint(self, key: str, keep: float) -> colors.Color:
        """A palette colour mixed with white (keep=1 unchanged, 0 white)."""
        base = self.colour(key)
        return colors.Color(*(1 - (1 - c) * keep for c in (base.red, base.green, base.blue)))

    @property
    def width_pt(self) -> float:
        return mm_to_pt(self.geometry.text_width)
