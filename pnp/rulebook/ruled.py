"""The rulebook's tables: ruled rows in PT Sans, a tinted header row that repeats on a new page."""

from __future__ import annotations

from reportlab.platypus import Table, TableStyle

from pnp.core.geometry import mm_to_pt
from pnp.rulebook.book import Book


class WholeTable(Table):
    """A short table that never splits: it moves to the next page whole.

    Unlike KeepTogether (a container), it still lets the sentence before it keep with it.
    """

    def split(self, available_width, available_height):
        return []


class PageTable(Table):
    """A ruled table that fits the pages it is set on, whatever the content makes of it.

    `whole`, it moves to the next page whole rather than split, unless it is taller than a page
    (40 travel cards of one type); then it splits between rows like any other, the header row
    repeated. A row taller than a page (a name of thousands of letters) splits inside itself.
    Either way reportlab never meets a table it cannot place (its LayoutError).
    """

    #: the height of a page's text frame, pt; a split part inherits it from the table it came from
    room: float = 0.0
    whole: bool = False

    def split(self, available_width, available_height):
        if self.whole and self.wrap(available_width, self.room)[1] <= self.room:
            return []
        parts = super().split(available_width, available_height)
        if not parts and available_height >= self.room - 1e-6:  # a fresh page, and still no row boundary fits
            self.splitInRow = 1  # reportlab's minimum height of a split row's part, pt
            try:
                parts = super().split(available_width, available_height)
            finally:
                self.splitInRow = 0
        for part in parts:
            part.room, part.whole, part.splitInRow = self.room, False, 0
        return parts


def ruled_table(book: Book, rows, widths_mm, header: bool = True, extra=(), width_pt: float | None = None,
                whole: bool = False) -> Table:
    """A table whose column widths keep the proportions of `widths_mm` across `width_pt`; `whole`,
    it is kept on one page if a page can hold it (see PageTable)."""
    widths = [mm_to_pt(w) for w in widths_mm]
    scale = (width_pt or book.width_pt) / sum(widths)
    table = PageTable(rows, colWidths=[w * scale for w in widths], repeatRows=1 if header else 0)
    table.room, table.whole = mm_to_pt(book.geometry.text_height), whole
    commands = [
        ("FONT", (0, 0), (-1, -1), "sans", 8.8),  # plain-text cells would default to Helvetica
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 3.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4.2),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, book.colour("line")),
    ]
    if header:
        commands += [("BACKGROUND", (0, 0), (-1, 0), book.colour("panel")),
                     ("LINEBELOW", (0, 0), (-1, 0), 0.9, book.colour("ink"))]
    table.setStyle(TableStyle(commands + list(extra)))
    table.spaceBefore, table.spaceAfter = 4, 10
    return table
