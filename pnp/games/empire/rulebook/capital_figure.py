"""The capital diagram, like the seed's figures 1-3, drawn from the content's plots and the capital's
rules (pnp.games.empire.rules.capital): which plots open after the palace, which more open once the
first building stands, and a completed vertical with the income it brings.

The first building is the first plot the rules allow (in the content's order); the vertical is
that building's column, built one legal plot after another. Each panel is the sheet's grid, not to
scale: built plots tinted, the ones the rules open now outlined and marked «+».
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.platypus import Flowable, Table, TableStyle

from pnp.games.empire.rules.capital import Layout, completed_columns, income, legal
from pnp.core.geometry import mm_to_pt
from pnp.rulebook.book import Book

CELL_W, CELL_H, GAP = 12.5, 8.5, 1.6  # mm
PANEL_GAP = 8.0  # mm between panels
PAD = 0.8  # mm around the drawing


@dataclass(frozen=True)
class Panel:
    built: tuple[str, ...]  # the player's buildings, in the order built (numbered 1, 2, …)
    open: tuple[str, ...]  # what the rules let the player build next
    caption: str


def panels(book: Book) -> list[Panel]:
    g, lab = book.game, book.labels
    layout = g.capital.layout
    start = legal(layout, ())
    out = [Panel((), start, lab("capital.fig.start", fig=1, n=len(start)))]
    if not start:
        return out
    first = start[0]
    after = legal(layout, (first,))
    out.append(Panel((first,), after, lab("capital.fig.first", fig=2, first=1,
                                                  n=len([p for p in after if p not in start]))))
    column = layout.cells[first][1]
    order = [first]
    while True:
        more = [p for p in legal(layout, order) if layout.cells[p][1] == column]
        if not more:
            break
        order.append(more[0])
    done = completed_columns(layout, order)
    if done:
        gold = income(g.capital.income_track(), done)
        out.append(Panel(tuple(order), (), lab("capital.fig.vertical", fig=3, n=len(order),
                                               gold=book.facts.gold(gold), start=book.facts.gold(
                                                   income(g.capital.income_track(), 0)))))
    return out


class PanelDrawing(Flowable):
    """One panel: the capital's grid with what is built and what the rules open."""

    def __init__(self, book: Book, panel: Panel):
        super().__init__()
        self.book, self.panel = book, panel
        self.layout: Layout = book.game.capital.layout
        self.w_mm = 2 * PAD + self.layout.columns * CELL_W + (self.layout.columns - 1) * GAP
        self.h_mm = 2 * PAD + self.layout.rows * CELL_H + (self.layout.rows - 1) * GAP

    def wrap(self, available_width, available_height):
        return mm_to_pt(self.w_mm), mm_to_pt(self.h_mm)

    def _y(self, y_mm: float) -> float:
        """mm from the top of the drawing -> points from its bottom."""
        return mm_to_pt(self.h_mm - y_mm)

    def draw(self) -> None:
        c, b, panel = self.canv, self.book, self.panel
        plots = {p.id: p for p in b.game.capital.plots}
        for plot, (row, col) in self.layout.cells.items():
            x, y = PAD + col * (CELL_W + GAP), PAD + row * (CELL_H + GAP)
            kind, prebuilt, mine, opened = plots[plot].kind, plots[plot].built, plot in panel.built, plot in panel.open
            fill = (b.tint("gold" if kind == "palace" else "stone", 0.5) if prebuilt
                    else b.tint("battle", 0.45) if mine else b.colour("paper"))
            c.saveState()
            c.setFillColor(fill)
            c.setStrokeColor(b.colour("ink") if opened or mine or prebuilt else b.colour("line"))
            c.setLineWidth(1.1 if opened else 0.6)
            if opened:
                c.setDash(2.2, 1.4)
            c.roundRect(mm_to_pt(x), self._y(y + CELL_H), mm_to_pt(CELL_W), mm_to_pt(CELL_H), mm_to_pt(1.0),
                        stroke=1, fill=1)
            c.restoreState()
            label = (b.labels(f"capital.fig.{kind}") if prebuilt else str(panel.built.index(plot) + 1) if mine
                     else "+" if opened else "")
            if label:
                size = 5.6 if prebuilt else 9.0
                c.setFont("sans-bold", size)
                c.setFillColor(b.colour("ink"))
                # the baseline a third of the cap height below the cell's middle
                c.drawCentredString(mm_to_pt(x + CELL_W / 2), self._y(y + CELL_H / 2) - size * 0.35, label)


def capital(book: Book, captions: bool = True) -> list[Flowable]:
    """The panels side by side, each with its caption under it, and the figure's caption; without `captions`
    the panels alone (the cover's picture: «Рис. 1» there would point to nothing the cover explains)."""
    shown = panels(book)
    drawings = [PanelDrawing(book, p) for p in shown]
    width = drawings[0].w_mm + PANEL_GAP
    rows = [drawings] + ([[book.cell(p.caption, "caption") for p in shown]] if captions else [])
    table = Table(rows, colWidths=[mm_to_pt(width)] * len(shown))
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "sans", 8), ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                               ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 2),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 2)]))
    return [table, book.cell(book.labels("capital.fig.caption"), "caption")] if captions else [table]
