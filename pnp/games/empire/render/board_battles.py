"""The battle-types board: the seed's «ТИПЫ БИТВ» table, a column a battle type grouped under its
opponent (a neutral army: field battle, siege, dungeon storm; another player: field battle), the
rows as the seed's: victory points, bonuses, restrictions and bans, then the trophies (3.4.2).
Every cell is printed from the battle type's model (pnp.games.empire.render.battle_words).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.art.draw import Pen
from pnp.games.empire.model import Game
from pnp.games.empire.render import battle_words as words
from pnp.games.empire.render import board_table as table
from pnp.games.empire.render.capital_layout import page_frame
from pnp.games.empire.render.forms import light
from pnp.core.geometry import Box

LABEL_W = 42.0
#: the rows: their ui key and height in mm (0: a share of what is left)
ROWS = (("types_opponent", 10.0), ("types_type", 11.0), ("types_points", 15.0), ("types_bonuses", 0.0),
        ("types_bans", 0.0), ("types_trophies", 13.0))
BONUS_SHARE = 0.4  # of the two free rows' height, the bonuses' (the bans list is longer)


@dataclass(frozen=True)
class TypesLayout:
    width: float
    height: float
    frame: Box
    labels: dict[str, Box]  # a row's label cell by its ui key
    cells: dict[tuple[str, str], Box]  # (type id, row key) -> its cell
    opponents: tuple[tuple[str, Box], ...]  # the merged «Противник» cells, left to right


def types_layout(game: Game, paper_name: str) -> TypesLayout:
    width, height, frame = page_frame(paper_name, landscape=True)
    area = table.body(frame)
    kinds = game.battle.types
    cols = table.columns(area, (LABEL_W,) + tuple((area.w - LABEL_W) / len(kinds) for _ in kinds))
    free = area.h - sum(h for _, h in ROWS)
    heights = [h or free * (BONUS_SHARE if key == "types_bonuses" else 1 - BONUS_SHARE) for key, h in ROWS]
    labels, cells, y = {}, {}, area.y
    for (key, _), h in zip(ROWS, heights):
        labels[key] = table.cell_of(cols[0], y, h)
        for kind, col in zip(kinds, cols[1:]):
            cells[(kind.id, key)] = table.cell_of(col, y, h)
        y += h
    runs: list[tuple[str, Box]] = []
    for kind in kinds:
        box = cells[(kind.id, "types_opponent")]
        if runs and runs[-1][0] == kind.against:
            runs[-1] = (kind.against, table.span(runs[-1][1], box))
        else:
            runs.append((kind.against, box))
    return TypesLayout(width, height, frame, labels, cells, tuple(runs))


def row_words(game: Game, kind, key: str, lang: str) -> str:
    if key == "types_type":
        return f"**{kind.name.get(lang)}**"
    if key == "types_points":
        return words.points(game, kind, lang)
    if key == "types_bonuses":
        return "\n".join(words.bonuses(game, kind, lang))
    if key == "types_bans":
        return "\n".join(words.bans(game, kind, lang)) or "—"
    return words.trophies(game, kind, lang)


def page(game: Game, lang: str, paper_name: str, pen: Pen) -> str:
    lay = types_layout(game, paper_name)
    out = table.titled(pen, lay.frame, game.ui("types_title", lang), game.ui("types_legend", lang),
                       game.title.get(lang))
    for key, box in lay.labels.items():
        out += table.cell(pen, box, f"**{game.ui(key, lang)}**", size=10.5, fill=light(pen, "steel"), where=key)
    for who, box in lay.opponents:
        out += table.cell(pen, box, f"**{game.ui(f'opponent_{who}', lang)}**", size=10.0,
                          fill=light(pen, "battle" if who == "neutral" else "point"), align="center", where=who)
    for kind in game.battle.types:
        for key, _ in ROWS[1:]:
            out += table.cell(pen, lay.cells[(kind.id, key)], row_words(game, kind, key, lang),
                              size=11.0 if key == "types_type" else 10.5, align="center" if key == "types_type" else "left",
                              valign="middle" if key in ("types_type", "types_points", "types_trophies") else "top",
                              where=f"{kind.id} {key}")
    return out
