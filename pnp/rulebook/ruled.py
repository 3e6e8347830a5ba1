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


def ruled_table(book: Book, rows, widths_mm, header: bool = True, extra=(), width_pt: float | None = None,
                whole: bool = False) -> Table:
    """A table whose column widths keep the proportions of `widths_mm` across `width_pt`."""
    widths = [mm_to_pt(w) for w in widths_mm]
    scale = (width_pt or book.width_pt) / sum(widths)
    kind = WholeTable if whole else Table
    table = kind(rows, colWidths=[w * scale for w in widths], repeatRows=1 if header else 0)
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
