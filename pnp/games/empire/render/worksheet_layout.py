"""Where the battle worksheet's parts sit: a portrait page of A4 (or Letter, re-flowed), stacked from the
top in the calculator's order, the damage table taking what is left between the steps and the
after-battle panels. The clear margin and the write-in sizes are the capital sheet's
(capital_layout: SEAM, WRITE_MIN), since the form goes into the same sleeve.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.art.draw import rich_height
from pnp.games.empire.render.board_table import columns
from pnp.games.empire.render.capital_layout import WRITE_MIN, page_frame
from pnp.core.geometry import Box

TITLE_H = 12.5
HEAD_H = 5.5  # a step's heading band
BOX_W, BOX_H = 26.0, 9.0  # a labelled write-in box
BOX_GAP = 2.0
TEXT_SIZE, TEXT_MIN = 8.0, 7.0
LEADING = 1.1
SECTION_GAP = 1.0
ROW_H = 10.0  # a damage-table row: its boxes are the row's height
TABLE_HEAD_H = 6.0
#: the damage table's columns: (ui key, width in mm; 0: what is left)
TABLE_COLUMNS = (("", 8.0), ("ws_col_squad", 0.0), ("ws_col_strike", 16.0), ("ws_col_cards", 15.0),
                 ("ws_col_damage", 16.0), ("ws_col_total", 18.0), ("ws_col_routed", 18.0))
TICK_COLUMN = "ws_col_routed"  # the column of tick boxes: its heading is centred over them ...
HEAD_PAD = 1.5  # ... and kept this far from each edge of its column
SIDE_SHARE, SIDE_MAX = 0.38, 0.45  # of the frame's width, the after-battle panels' column right of the table
assert BOX_H >= WRITE_MIN and ROW_H >= WRITE_MIN


@dataclass(frozen=True)
class Section:
    box: Box
    text: Box  # the reminders
    boxes: tuple[Box, ...]  # its labelled write-in boxes


def boxes_width(count: int) -> float:
    return count * BOX_W + (count - 1) * BOX_GAP if count else 0.0


def beside(box: Box, count: int) -> Section:
    """A section whose reminders run on the left and whose `count` boxes stand on the right, `box` of any
    height (the section's own is `beside_height`)."""
    top = box.y + HEAD_H + 1.0
    right = box.right - boxes_width(count)
    boxes = tuple(Box(right + k * (BOX_W + BOX_GAP), top, BOX_W, BOX_H) for k in range(count))
    return Section(box, Box(box.x + 1.0, top, right - box.x - 4.0, box.bottom - top), boxes)


def beside_height(width: float, text: str, count: int, size: float = TEXT_SIZE) -> float:
    return HEAD_H + 1.0 + max(rich_height(text, width - boxes_width(count) - 5.0, "sans", size, LEADING),
                              BOX_H if count else 0.0) + 1.0


def below(box: Box, text_h: float, count: int) -> Section:
    """A section with its reminders on top and its boxes in a row under them."""
    text = Box(box.x + 1.0, box.y + HEAD_H + 1.0, box.w - 2.0, text_h)
    boxes = tuple(Box(box.x + 1.0 + k * (BOX_W + BOX_GAP), text.bottom + 1.0, BOX_W, BOX_H) for k in range(count))
    return Section(box, text, boxes)


def below_height(width: float, text: str, size: float = TEXT_SIZE) -> float:
    return rich_height(text, width - 2.0, "sans", size, LEADING)


#: a section to lay out: its key (a ui key), its reminders (rich text) and how many boxes it has
Spec = tuple[str, str, int]


@dataclass(frozen=True)
class Plan:
    width: float
    height: float
    frame: Box
    title: Box
    battle: Section  # the battle: a tick box a type (its `text` box holds them) and the opponent's boxes
    ticks: tuple[Box, ...]  # the battle types' tick boxes
    steps: dict[str, Section]  # the bonuses 3.2.2-3.2.6 and the after-battle panels, by key
    table: Section  # the damage table's heading and rule (no boxes of its own)
    head: tuple[Box, ...]  # the table's column headings
    rows: tuple[tuple[Box, ...], ...]  # a damage card's cells, left to right


def plan(paper_name: str, battle: Spec, bonuses: list[Spec], luck: Spec, damage: Spec, after: list[Spec],
         types: int, most_rows: int | None = None) -> Plan:
    """Stack the sections from the top; the damage table takes the rows that fit beside the after-battle
    panels, which stand one under another on its right (at most `most_rows` of them)."""
    width, height, frame = page_frame(paper_name, landscape=False)
    y = frame.y + TITLE_H
    box_rows = 2
    battle_box = Box(frame.x, y, frame.w, HEAD_H + 1.0 + box_rows * BOX_H + BOX_GAP + 1.0)
    opp = battle[2]
    per_row = -(-opp // box_rows)
    boxes_w = boxes_width(per_row)
    top = battle_box.y + HEAD_H + 1.0
    opp_boxes = tuple(Box(battle_box.right - boxes_w + (k % per_row) * (BOX_W + BOX_GAP),
                          top + (k // per_row) * (BOX_H + BOX_GAP), BOX_W, BOX_H) for k in range(opp))
    tick_area = Box(battle_box.x + 1.0, top, battle_box.w - boxes_w - 4.0, battle_box.bottom - top)
    half = tick_area.w / 2
    ticks = tuple(Box(tick_area.x + (k % 2) * half, top + (k // 2) * (BOX_H + BOX_GAP) + (BOX_H - 8.0) / 2, half, 8.0)
                  for k in range(types))
    # the rest of the page: the damage table on the left, the after-battle panels stacked on the right, their
    # column widened (and so shortened) on a page too short for them, at its widest their reminders set at the
    # smallest size, and if they still do not fit (Letter is 18 mm shorter) the steps above them too (rich()
    # shrinks each text to fit the box it gets)
    for above in (TEXT_SIZE, TEXT_MIN):
        steps: dict[str, Section] = {}
        y = battle_box.bottom + SECTION_GAP
        for key, text, count in bonuses + [luck]:
            h = beside_height(frame.w, text, count, above)
            steps[key] = beside(Box(frame.x, y, frame.w, h), count)
            y += h + SECTION_GAP
        side_w, size = frame.w * SIDE_SHARE, TEXT_SIZE
        while True:
            heights = [HEAD_H + 1.0 + below_height(side_w, text, size) + 1.0 + (BOX_H + 1.0 if count else 0.0)
                       for _, text, count in after]
            fits = y + sum(heights) + SECTION_GAP * (len(after) - 1) <= frame.bottom
            if fits or size == TEXT_MIN:
                break
            if side_w >= frame.w * SIDE_MAX:
                size = TEXT_MIN
            else:
                side_w += 2.0
        if fits:
            break
    side_x = frame.right - side_w
    top = y
    for (key, _, count), h in zip(after, heights):
        steps[key] = below(Box(side_x, y, side_w, h), h - HEAD_H - 2.0 - (BOX_H + 1.0 if count else 0.0), count)
        y += h + SECTION_GAP
    y = top
    table_w = side_x - SECTION_GAP - frame.x
    rule_h = beside_height(table_w, damage[1], 0)
    table_top = y + rule_h
    count = int((frame.bottom - table_top - TABLE_HEAD_H) // ROW_H)
    count = count if most_rows is None else min(count, most_rows)
    table = beside(Box(frame.x, y, table_w, rule_h + TABLE_HEAD_H + count * ROW_H), 0)
    cols = columns(Box(frame.x, table_top, table_w, TABLE_HEAD_H), [w for _, w in TABLE_COLUMNS])
    head = tuple(cols)
    rows = tuple(tuple(Box(c.x, table_top + TABLE_HEAD_H + r * ROW_H, c.w, ROW_H) for c in cols) for r in range(count))
    return Plan(width, height, frame, Box(frame.x, frame.y, frame.w, TITLE_H),
                Section(battle_box, tick_area, opp_boxes), ticks, steps, table, head, rows)
