"""The `magic` renderer: the board of each school of magic that has spells, an A4 (or Letter) page each.

«Игрок, который отстраивает в своей столице башню магии вытягивает в закрытую один из планшетов
с заклинаниями конкретной школы»: the board is laid out as the seed's table «ШКОЛА МАГИИ ЗЕМЛИ»:
the «Урон» column on the left, the destruction circle («ударная группа») beside it and the
blessing circle on the right, level 7 at the top and level 1 at the bottom; a level with two spells
in a circle splits its cell in two (the hero spells, tagged); the school's rows outside the levels
(Ритуал Земли) run across the table below; the ether's spells, which join every school, close it.
Every word and number comes from the model (`game.battle.magic`, `game.ui`). A school without
spells gets no page (the checks say it is not playable).
"""

from __future__ import annotations

from pnp.art import style
from pnp.art.draw import Pen, line, rect, rich, text
from pnp.components.base import register
from pnp.components.sheet_set import NamedSheet, SheetSet
from pnp.games.empire import ui_keys
from pnp.games.empire.model import Game
from pnp.games.empire.render.capital_sheet import fitted
from pnp.games.empire.render.sheet_pages import SheetPages
from pnp.games.empire.rules.schools import Level, School, Spell
from pnp.print.tile_plan import Part
from pnp.core.geometry import Box, paper
from pnp.typeset import fonts

MARGIN = 10.0  # clear of every edge, as the capital sheet (the board may go into the same sleeve)
HEADER_H = 27.0
COLUMN_H = 11.0  # the circles' names
DAMAGE_W = 25.0
ROW_H = 13.0  # a row across the table: an extra, the joined school
FOOTER_H = 12.0
#: the cells' tints (palette keys), kept light (TINT) as on the capital sheet
CIRCLE_COLOUR = {"damage": "stone", "destruction": "battle", "blessing": "building", "extra": "gold"}
TINT, INK_SAVER_TINT = 0.16, 0.35


def light(pen: Pen, key: str) -> str:
    return style.tint(pen.c(CIRCLE_COLOUR[key]), INK_SAVER_TINT if pen.ink_saver else TINT)


def boards(game: Game) -> tuple[School, ...]:
    """The schools a player can draw: one page each."""
    return tuple(s for s in game.battle.magic.schools if s.playable)


def spell_cell(game: Game, spell: Spell, box: Box, pen: Pen, lang: str) -> str:
    """A spell's name in bold, a hero spell's tag beside it, its printed text below."""
    name = spell.name.get(lang)
    tags = [game.ui("magic_hero_spell", lang)] if spell.hero_spell else []
    tags += [game.ui("magic_hero_slot", lang, n=spell.hero)] if spell.hero is not None else []
    tag = " · ".join(tags)
    tag_size = fitted(tag, box.w * 0.4, "sans", 7.5) if tag else 0.0
    tag_w = fonts.text_width_mm(tag, "sans", tag_size) + 3.0 if tag else 0.0
    out = text(box.x + 2.0, box.y + 6.0, name, "sans-bold", fitted(name, box.w - 4.0 - tag_w, "sans-bold", 12.0, 8.0),
               pen.c("ink"))
    if tag:
        out += text(box.right - 2.0, box.y + 5.6, tag, "sans", tag_size, pen.c("muted"), anchor="end")
    if spell.text is not None:
        body = Box(box.x + 2.0, box.y + 9.0, box.w - 4.0, box.h - 10.5)
        out += rich(pen, spell.text.get(lang), body, face="sans", size=10.5, min_size=7.5, leading=1.15,
                    where=f"magic {spell.id}")
    return out


def circle_cell(game: Game, spells: tuple[Spell, ...], box: Box, pen: Pen, lang: str) -> str:
    """A level's cell of one circle: its spells one under the other, a thin rule between."""
    out = ""
    h = box.h / max(len(spells), 1)
    for k, spell in enumerate(spells):
        part = Box(box.x, box.y + k * h, box.w, h)
        if k:
            out += line(part.x + 2.0, part.y, part.right - 2.0, part.y, pen.c("line"), style.STROKE["thin"])
        out += spell_cell(game, spell, part, pen, lang)
    return out


def level_row(game: Game, lv: Level, box: Box, pen: Pen, lang: str) -> str:
    half = (box.w - DAMAGE_W) / 2
    cells = {"damage": Box(box.x, box.y, DAMAGE_W, box.h), "destruction": Box(box.x + DAMAGE_W, box.y, half, box.h),
             "blessing": Box(box.x + DAMAGE_W + half, box.y, half, box.h)}
    out = "".join(rect(b, light(pen, key), pen.c("ink"), style.STROKE["thin"]) for key, b in cells.items())
    d = cells["damage"]
    out += text(d.x + d.w / 2, d.y + d.h / 2 + 1.5, f"+{lv.damage}", "sans-bold", 17, pen.c("ink"), anchor="middle")
    out += text(d.x + d.w / 2, d.y + d.h / 2 + 6.5, game.ui("magic_level", lang, n=lv.level), "sans", 7.5,
                pen.c("muted"), anchor="middle")
    return out + "".join(circle_cell(game, lv.circle(c), cells[c], pen, lang) for c in ("destruction", "blessing"))


def columns_row(game: Game, box: Box, pen: Pen, lang: str) -> str:
    half = (box.w - DAMAGE_W) / 2
    out = ""
    for key, x, w, sub in (("damage", box.x, DAMAGE_W, ""), ("destruction", box.x + DAMAGE_W, half, "magic_destruction_sub"),
                           ("blessing", box.x + DAMAGE_W + half, half, "")):
        cell = Box(x, box.y, w, box.h)
        out += rect(cell, style.tint(pen.c(CIRCLE_COLOUR[key]), 0.45 if not pen.ink_saver else 0.6), pen.c("ink"),
                    style.STROKE["thin"])
        title = game.ui(f"magic_{key}", lang) + (f" ({game.ui(sub, lang)})" if sub else "")
        out += text(cell.x + w / 2, cell.y + 7.2, title, "sans-bold", fitted(title, w - 3.0, "sans-bold", 11.0), pen.c("ink"),
                    anchor="middle")
    return out


def across_row(box: Box, markup: str, key: str, pen: Pen, where: str) -> str:
    """A row across the whole table: the school's ritual, the spells that join every school."""
    return rect(box, light(pen, key), pen.c("ink"), style.STROKE["thin"]) + rich(
        pen, markup, Box(box.x + 2.0, box.y + 2.0, box.w - 4.0, box.h - 3.0), face="sans", size=10.0, min_size=7.5,
        leading=1.15, valign="middle", where=where)


def extra_markup(spell: Spell, lang: str) -> str:
    return f"**{spell.name.get(lang)}**" + (f" — {spell.text.get(lang)}" if spell.text is not None else "")


def board(game: Game, school: School, lang: str, paper_name: str, pen: Pen) -> Part:
    p = paper(paper_name)
    frame = Box(MARGIN, MARGIN, p.width - 2 * MARGIN, p.height - 2 * MARGIN)
    magic = game.battle.magic
    out = text(frame.x, frame.y + 8.0, school.name.get(lang), "serif-bold", 20, pen.c("ink"))
    out += text(frame.right, frame.y + 5.0, game.title.get(lang), "serif-bold", 10, pen.c("muted"), anchor="end")
    rules = game.ui("magic_tower", lang, n=magic.tower_damage) + " " + game.ui("magic_rules", lang)
    out += rich(pen, rules, Box(frame.x, frame.y + 11.5, frame.w, HEADER_H - 13.0), face="sans", size=9.0,
                min_size=7.5, leading=1.15, where="magic rules")
    y = frame.y + HEADER_H
    out += columns_row(game, Box(frame.x, y, frame.w, COLUMN_H), pen, lang)
    y += COLUMN_H
    across = [(extra_markup(s, lang), "extra", s.id) for s in school.extras]
    across += [(game.ui("magic_joined", lang, school=j.name.get(lang),
                        spells="; ".join(extra_markup(s, lang) for s in j.spells)), "damage", j.id)
               for j in magic.joined if j.spells]
    levels = sorted(school.levels, key=lambda lv: -lv.level)
    weights = [max(len(lv.destruction), len(lv.blessing), 1) for lv in levels]
    room = frame.bottom - y - len(across) * ROW_H - FOOTER_H
    for lv, w in zip(levels, weights):
        h = room * w / sum(weights)
        out += level_row(game, lv, Box(frame.x, y, frame.w, h), pen, lang)
        y += h
    for markup, key, where in across:
        out += across_row(Box(frame.x, y, frame.w, ROW_H), markup, key, pen, f"magic {where}")
        y += ROW_H
    out += rich(pen, game.ui("magic_skills", lang), Box(frame.x, y + 2.0, frame.w, FOOTER_H - 2.0), face="sans",
                size=8.0, min_size=6.5, leading=1.15, fill=pen.c("muted"), where="magic skills")
    return Part(p.width, p.height, out)


def sheets(game: Game, lang: str, paper_name: str, ink_saver: bool) -> tuple[SheetSet, list[str]]:
    """(a board per playable school, the drawing's notes): what the page prints and the exporters take."""
    drawn, notes = [], []
    for school in boards(game):
        pen = Pen(ink_saver)
        drawn.append(NamedSheet(school.id, school.name.get(lang), board(game, school, lang, paper_name, pen)))
        notes += pen.notes
    return SheetSet(game.ui("magic_board", lang), tuple(drawn)), notes


@register
class MagicBoardRenderer(SheetPages):
    name = "magic"
    ui = ui_keys.MAGIC
    kinds = ("mats",)
    cost = 0.15
    draw = staticmethod(sheets)
