"""What «Оборона Замка»'s rulebook templates may ask of the model, in the reader's language.

Templates hold no number: thresholds are printed as the faces that succeed (worked out
here from the model's threshold, modifier and the natural-six rule, the way the engine
reads them), counts come from the pack's `counts`, and a hex is named as the field
diagram and the printed field print it (`Game.hex_name`).
"""

from __future__ import annotations

import math

from babel.numbers import format_decimal

from pnp.core import i18n
from pnp.games import pack_of
from pnp.rulebook.book_words import BookWords
from pnp.rulebook.build_error import RulebookError


class Facts(BookWords):
    def __init__(self, game, lang: str):
        super().__init__(game, lang)
        self.kit = dict(pack_of(game).counts(game))

    # --- words ------------------------------------------------------------------
    def side(self, side_id: str) -> str:
        return self.name(self.game.side(side_id))

    def races(self, side_id: str, conj: str | None = None) -> str:
        """«Орки» и «Скелеты»: the races of a side as the language lists them."""
        quoted = [f"«{self.name(r)}»" for r in self.game.races_of(side_id)]
        if conj is None or len(quoted) < 2:
            return i18n.join(quoted, self.lang)
        return ", ".join(quoted[:-1]) + f" {conj} " + quoted[-1]

    def pct(self, share: float) -> str:
        """A measured share as a percentage, always with one decimal, so the numbers of one table
        read alike: «59,2 %», «2,0 %» (Babel's notation of the language)."""
        return i18n.percent(share, self.lang, 1)

    def level(self, confidence: float) -> str:
        """A confidence level, a whole percentage by its nature: «95 %»."""
        return i18n.percent(confidence, self.lang, 0)

    def interval(self, ci) -> str:
        """A 95 % interval as printed: 57,1–61,4 %."""
        return i18n.percent_range(*ci, self.lang, 1)

    # --- dice ---------------------------------------------------------------------
    @property
    def die(self) -> range:
        """The faces of a die, from the content (6: the rules' «кубик»)."""
        return range(1, self.game.components.die_faces + 1)

    def success(self, threshold: int, modifier: int = 0) -> list[int]:
        """The faces that succeed: face + modifier reaches the threshold, or a natural 6."""
        top = max(self.die)
        return [f for f in self.die if f + modifier >= threshold or (self.game.rules.natural_six and f == top)]

    def faces(self, threshold: int, modifier: int = 0) -> str:
        """The succeeding faces as printed: «5–6», «6», «4–6»."""
        hits = self.success(threshold, modifier)
        if not hits:
            raise RulebookError(f"no face reaches {threshold} with modifier {modifier}: the rule can never succeed")
        return str(hits[0]) if len(hits) == 1 else f"{hits[0]}–{hits[-1]}"

    def chance(self, threshold: int, modifier: int = 0) -> str:
        """The chance of one die succeeding, as a fraction: «2/6»."""
        return f"{len(self.success(threshold, modifier))}/{len(self.die)}"

    # --- the field ----------------------------------------------------------------
    def hex(self, cell) -> str:
        """A hex of the content ((row, column)) as the diagram names it."""
        row_col = cell if isinstance(cell, tuple) else tuple(map(int, cell.split("-")))
        if row_col not in self.game.field.cells:
            raise RulebookError(f"the rulebook names hex {cell!r}, which the field does not have")
        return self.game.hex_name(row_col, self.lang)

    def hexes(self, cells) -> str:
        return i18n.join([self.hex(c) for c in cells], self.lang)

    def zone(self, zone_id: str) -> tuple[str, ...]:
        for z in self.game.board_spec.zones:
            if z.id == zone_id:
                return z.cells
        raise RulebookError(f"the rulebook needs field zone {zone_id!r}, which the field does not have")

    def edge_mm(self) -> str:
        """A hex's edge in mm (across flats / √3), one decimal, in the language's notation."""
        return self.number(self.game.field.across_flats / math.sqrt(3))

    def number(self, value: float) -> str:
        """A measure as the language writes it (decimal comma), at most one decimal."""
        return format_decimal(round(value, 1), format="#,##0.#", locale=self.lang)
