"""The week track: the seed's «ФАКТОР ВРЕМЕНИ» table, a row a week with the neutral armies' luck
(content `weeks.neutral_luck`), a tick box a day for the day counter (`weeks.days`) and a write-in
box for the week's effects (the seed's empty «Эффекты» column).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.art.draw import Pen, centred_text
from pnp.games.empire.model import Game
from pnp.games.empire.render import board_table as table
from pnp.games.empire.render.capital_layout import TICK, page_frame
from pnp.games.empire.render.forms import light, tick_box, write_box
from pnp.core.geometry import Box

WEEK_W, LUCK_W = 28.0, 46.0
DAY_STEP = TICK + 2.0  # a day's tick box and the gap to the next
HEAD_H = 13.0
ROW_MAX = 30.0


@dataclass(frozen=True)
class WeeksLayout:
    width: float
    height: float
    frame: Box
    head: tuple[Box, ...]  # week, luck, days (if any), effects
    rows: tuple[tuple[Box, ...], ...]  # a week's cells, in the same order

    def days(self, row: int, count: int) -> list[Box]:
        """The tick boxes of a week's days, left to right, centred in its days cell."""
        cell = self.rows[row][2]
        left = cell.cx - (count * DAY_STEP - 2.0) / 2
        return [Box(left + k * DAY_STEP, cell.cy - TICK / 2, TICK, TICK) for k in range(count)]


def weeks_layout(game: Game, paper_name: str) -> WeeksLayout:
    width, height, frame = page_frame(paper_name, landscape=True)
    widths = (WEEK_W, LUCK_W) + ((game.week_days * DAY_STEP + 6.0,) if game.week_days else ()) + (0.0,)
    cols = table.columns(table.body(frame), widths)
    top = cols[0].y
    row_h = min(ROW_MAX, (frame.bottom - top - HEAD_H) / game.weeks)
    head = tuple(table.cell_of(c, top, HEAD_H) for c in cols)
    rows = tuple(tuple(table.cell_of(c, top + HEAD_H + k * row_h, row_h) for c in cols) for k in range(game.weeks))
    return WeeksLayout(width, height, frame, head, rows)


def page(game: Game, lang: str, paper_name: str, pen: Pen) -> str:
    lay = weeks_layout(game, paper_name)
    out = table.titled(pen, lay.frame, game.ui("weeks_title", lang), game.ui("weeks_legend", lang),
                       game.title.get(lang))
    keys = ("weeks_week", "weeks_luck") + (("weeks_days",) if game.week_days else ()) + ("weeks_effects",)
    band = light(pen, "steel")
    for box, key in zip(lay.head, keys):
        valign = "top" if key == "weeks_days" else "middle"
        out += table.cell(pen, box, f"**{game.ui(key, lang)}**", size=9.5, fill=band, valign=valign, where=key)
    for k, (cells, luck) in enumerate(zip(lay.rows, game.neutral_luck)):
        out += table.cell(pen, cells[0], "", fill=light(pen, "stone"))
        out += centred_text(cells[0].cx, cells[0].cy, str(k + 1), "serif-bold", 20, pen.c("ink"))
        out += table.cell(pen, cells[1], "")
        out += centred_text(cells[1].cx, cells[1].cy, str(luck), "sans-bold", 18, pen.c("ink"))
        if game.week_days:
            out += table.cell(pen, cells[2], "")
            out += "".join(tick_box(b.x, b.y, pen) for b in lay.days(k, game.week_days))
        out += table.cell(pen, cells[-1], "") + write_box(cells[-1].inset(1.5), pen)
    if game.week_days:  # the days' numbers under the heading, over their columns of boxes
        out += "".join(centred_text(b.cx, lay.head[2].bottom - 3.0, str(d), "sans", 8.0, pen.c("muted"))
                       for d, b in enumerate(lay.days(0, game.week_days), start=1))
    return out
