"""The war-machine board: the seed's «Таблица-перечень боевых машин», level III at the top as the seed
prints it, a row a machine: its strength in a siege / in the field (or what it gives instead: the
tent's chance, the mystic stone's −5 to the enemy's spells, the barrier's protection) and where it
counts. The board is the table's, shared: the machine a player chooses at each level of the forge
is written on the player's own capital sheet (its «Боевые машины» rows), as the legend says.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.art.draw import Pen
from pnp.games.empire.model import Game
from pnp.games.empire.render import board_table as table
from pnp.games.empire.render.battle_words import counts_in
from pnp.games.empire.render.capital_layout import page_frame
from pnp.games.empire.render.forms import light, roman
from pnp.games.empire.rules.battle_rules import WarMachine
from pnp.core.geometry import Box

WIDTHS = (22.0, 40.0, 62.0, 0.0)  # level, strength, machine, effect (mm; 0: the rest)
HEAD_H = 9.0
ROW_MAX = 17.0


@dataclass(frozen=True)
class MachineLayout:
    width: float
    height: float
    frame: Box
    head: tuple[Box, ...]  # the header row's cells
    rows: dict[str, tuple[Box, ...]]  # a machine's cells (strength, machine, effect) by id
    levels: dict[int, Box]  # a level's merged cell


def ordered(game: Game) -> list[WarMachine]:
    """Level III first, as the seed's table; within a level, the content's order."""
    return sorted(game.battle.machines, key=lambda m: -m.level)


def machine_layout(game: Game, paper_name: str) -> MachineLayout:
    width, height, frame = page_frame(paper_name, landscape=True)
    cols = table.columns(table.body(frame), WIDTHS)
    top = cols[0].y
    machines = ordered(game)
    row_h = min(ROW_MAX, (frame.bottom - top - HEAD_H) / len(machines))
    head = tuple(table.cell_of(c, top, HEAD_H) for c in cols)
    rows = {m.id: tuple(table.cell_of(c, top + HEAD_H + k * row_h, row_h) for c in cols[1:])
            for k, m in enumerate(machines)}
    levels = {}
    for level in sorted({m.level for m in machines}):
        mine = [rows[m.id][0] for m in machines if m.level == level]
        levels[level] = table.span(table.cell_of(cols[0], mine[0].y, 0), table.cell_of(cols[0], mine[-1].y, mine[-1].h))
    return MachineLayout(width, height, frame, head, rows, levels)


def signed(value: int | None) -> str:
    return f"+{value}" if value is not None else "—"


def strength(game: Game, m: WarMachine, lang: str) -> str:
    """«+7 / —»: siege / field; a machine without strength prints what the seed's column gives instead."""
    if m.siege is not None or m.field is not None:
        return f"{signed(m.siege)} / {signed(m.field)}"
    if m.spell_penalty is not None:
        return game.ui("machine_spell_penalty", lang, n=m.spell_penalty)
    return m.label.get(lang) if m.label is not None else "—"


def effect(game: Game, m: WarMachine, lang: str) -> str:
    if m.effect is not None:
        return m.effect.get(lang)
    return game.ui("machine_counts", lang, where=", ".join(counts_in(game, m, lang)))


HEADINGS = ("machines_level", "machines_strength", "machines_machine", "machines_effect")


def page(game: Game, lang: str, paper_name: str, pen: Pen) -> str:
    lay = machine_layout(game, paper_name)
    out = table.titled(pen, lay.frame, game.ui("machines_title", lang), game.ui("machines_legend", lang),
                       game.title.get(lang))
    band = light(pen, "steel")
    for box, key in zip(lay.head, HEADINGS):
        out += table.cell(pen, box, f"**{game.ui(key, lang)}**", size=10.0, fill=band, where="machines head")
    for level, box in lay.levels.items():
        out += table.cell(pen, box, f"**{roman(level)}**", size=18.0, fill=light(pen, "stone"), align="center",
                          where="machines level")
    for m in ordered(game):
        power, name, does = lay.rows[m.id]
        out += table.cell(pen, power, f"**{strength(game, m, lang)}**", size=12.0, align="center", where=m.id)
        out += table.cell(pen, name, f"**{m.name.get(lang)}**", size=11.0, where=m.id)
        out += table.cell(pen, does, effect(game, m, lang), size=10.0, where=m.id)
    return out
