"""The `capital` renderer: one capital sheet per race, an A4 (or Letter) page each, landscape.

The sheet goes into a clear sleeve and is marked with a dry-erase marker («планшет (лист А4)
столицы следует поместить в протектор … отмечать … стираемым маркером»), so it prints blank
boxes, never counters: the twelve plots as the content places them (the seed's figures: four
columns of three), each with its level, name, cost in cards, upgrade, what it hires or gives and
its victory points, and a tick box for built and one for upgraded (the palace and the gates
stand ticked: built from the start, upgraded by the verticals; a barracks, upgraded any number
of times, takes the number); the forge and the magic tower a box a level instead, built the
first, as many as the engine lets them rise (the war machines' levels, the schools' levels);
the income track above the plots and a «vertical completed» box under each column; the
resource stores and the victory points on the right; the strategic-effects panel below: a
courage track 0 to its most for every hero the race's hand can hold (a hero's courage starts at
0, which no die shows), the war machine chosen at each level of the forge, the school of magic
and the rest. Every number and word comes from the model (`game.capital`, the race's buildings,
`game.battle`, `game.resources`, `game.weeks`, `game.ui`).
Where everything sits and why: pnp.games.empire.render.capital_layout.
"""

from __future__ import annotations

from pnp.art import style, svg
from pnp.art.draw import Pen, rect, rich, text
from pnp.components.base import register
from pnp.components.sheet_set import NamedSheet, SheetSet
from pnp.games.empire import ui_keys
from pnp.games.empire.model import Building, Game, Plot, Race
from pnp.games.empire.render.capital_layout import (EFFECT_LABEL_H, HEADING_H, STORES_NOTE_H, TICK, WRITE_MIN,
                                                    SheetLayout, rows_in, sheet_layout)
from pnp.games.empire.render.forms import (fitted, heading, labelled_box, labelled_tick, light, roman, tick_box,
                                           write_box)
from pnp.games.empire.rules.capital import hero_limit
from pnp.games.empire.render.sheet_pages import SheetPages
from pnp.core.geometry import Box
from pnp.print.tile_plan import Part
from pnp.typeset import fonts

BAND_H = 7.5  # a plot's name band
#: a plot's band colour by its kind (palette keys), kept light (TINT)
KIND_COLOUR = {"palace": "citadel", "gates": "castle", "barracks": "battle", "forge": "stone",
               "magic_tower": "upgrade", "unique": "gold"}
# --- what a plot says ---------------------------------------------------------------------------


def plot_title(game: Game, plot: Plot, b: Building) -> dict[str, str]:
    """The band's words in every language: «VII. Алтарь света»."""
    level = f"{roman(plot.level)}. " if plot.level else ""
    return {lang: level + b.name.get(lang) for lang in game.languages}


def plot_lines(game: Game, b: Building, lang: str, plot: Plot | None = None) -> list[str]:
    """The plot's body: what it hires or gives, its income and heroes, its upgrade (a level an upgrade, up
    to the last, for a forge or a magic tower: `plot`) and victory points."""
    lines = []
    if b.hires is not None:
        lines.append(game.ui("plot_hires", lang, who=b.hires.get(lang)))
    if b.gives is not None:
        lines.append(b.gives.get(lang))
    gold = game.gold_short.get(lang)
    own = [game.ui("plot_gold", lang, gold=f"{b.gold}{gold}")] if b.gold is not None else []
    own += [game.ui("plot_heroes", lang, n=b.heroes)] if b.heroes is not None else []
    if own:
        lines.append(", ".join(own))
    up = b.upgrade
    levels = plot_levels(game, plot) if plot is not None else ()
    if up is not None:
        if levels:  # a forge, a magic tower: a level an upgrade, as far as the engine lets it rise
            lines.append(game.ui("plot_upgrade_level", lang, n=up.cost, most=levels[-1]))
        elif up.name is not None:
            extra = ([f"+{up.gold}{gold}"] if up.gold is not None else []) + \
                    ([game.ui("plot_heroes", lang, n=up.heroes)] if up.heroes is not None else [])
            name = " ".join([up.name.get(lang)] + ([f"({', '.join(extra)})"] if extra else []))
            lines.append(game.ui("plot_upgrade_to", lang, n=up.cost, name=name))
        else:
            lines.append(game.ui("plot_upgrade", lang, n=up.cost))
        if b.hires is not None and game.battle.upgrade_miss_damage:  # a barracks: «увеличивает минимальный урон»
            lines[-1] += ", " + game.ui("plot_upgrade_damage", lang, n=game.battle.upgrade_miss_damage)
    if b.cost is not None:
        lines.append(f"**{game.ui('plot_points', lang, n=b.cost * game.capital.points_per_card)}**")
    return lines


def plot_levels(game: Game, plot: Plot) -> tuple[str, ...]:
    """The levels a forge or a magic tower rises through, the first when built, each upgrade the next, as far
    as the engine lets it (pnp.games.empire.rules.player: the war machines' highest level, the schools' levels):
    a box each, named as the machine board and the magic boards name them. None for the other plots."""
    if plot.kind == "forge":
        return tuple(roman(n) for n in range(1, game.battle.forge_levels + 1))
    if plot.kind == "magic_tower":
        return tuple(str(n) for n in range(1, game.battle.magic.levels + 1))
    return ()


def numbered_boxes(box: Box, labels: tuple[str, ...], pen: Pen) -> str:
    """A row of write-in boxes across `box`, side by side, each its label small in its top-left corner: a track
    the marker ticks up to where it stands (a level, the courage)."""
    w = box.w / len(labels)
    return "".join(write_box(Box(box.x + k * w, box.y, w, box.h), pen)
                   + text(box.x + k * w + 1.0, box.y + 3.4, label, "sans-bold", 7.5, pen.c("muted"))
                   for k, label in enumerate(labels))


def draw_plot(game: Game, plot: Plot, b: Building, box: Box, pen: Pen, lang: str) -> str:
    out = rect(box, light(pen, KIND_COLOUR[plot.kind]) if plot.built else pen.c("paper"), pen.c("ink"),
               style.STROKE["thin"], style.RADIUS["panel"])
    band = Box(box.x, box.y, box.w, BAND_H)
    out += rect(band, light(pen, KIND_COLOUR[plot.kind]), radius=style.RADIUS["panel"])
    cost = game.ui("plot_cost", lang, n=b.cost) if b.cost is not None else ""
    cost_w = fonts.text_width_mm(cost, "sans-bold", 9.5) if cost else 0.0
    title = plot_title(game, plot, b)[lang]
    size = fitted(title, box.w - 3.0 - cost_w - (2.0 if cost else 0.0), "sans-bold", 10.0)
    out += text(box.x + 1.5, box.y + 5.3, title, "sans-bold", size, pen.c("ink"))
    if cost:
        out += text(box.right - 1.5, box.y + 5.3, cost, "sans-bold", 9.5, pen.c("ink"), anchor="end")
    ticks_y = box.bottom - 1.5 - TICK
    lines = plot_lines(game, b, lang, plot) if not plot.built else [game.ui("plot_prebuilt", lang), game.ui("plot_auto", lang)]
    body = Box(box.x + 1.5, band.bottom + 1.0, box.w - 3.0, ticks_y - band.bottom - 1.8)
    out += rich(pen, "\n".join(lines), body, face="sans", size=8.0, min_size=6.5, leading=1.12,
                where=f"capital {plot.id}")
    levels = plot_levels(game, plot)
    if levels:  # a box a level across the bottom row: the first ticked when built
        return out + numbered_boxes(Box(box.x + 1.5, ticks_y, box.w - 3.0, TICK), levels, pen)
    half = (box.w - 3.0) / 2  # built on the left half of the bottom row, upgraded on the right
    out += labelled_tick(box.x + 1.5, ticks_y, game.ui("plot_built", lang), pen, ticked=plot.built, width=half)
    if b.upgrade is not None:
        # a barracks is upgraded «несколько раз»: its box takes the number of upgrades, not a tick
        key = "plot_upgrades" if b.hires is not None and game.battle.upgrade_miss_damage else "plot_upgraded"
        out += labelled_tick(box.x + 1.5 + half, ticks_y, game.ui(key, lang), pen, width=half)
    return out


# --- the panels ---------------------------------------------------------------------------------


def header(game: Game, race: Race, box: Box, pen: Pen, lang: str) -> str:
    out = text(box.x, box.y + 6.5, f"{game.ui('capital_sheet', lang)} · {race.name.get(lang)}", "serif-bold", 16,
               pen.c("ink"))
    out += text(box.right, box.y + 4.5, game.title.get(lang), "serif-bold", 10, pen.c("muted"), anchor="end")
    out += text(box.right, box.y + 9.5, game.ui("capital_legend", lang), "sans", 7.5, pen.c("muted"), anchor="end")
    return out


def arrow(x: float, y: float, pen: Pen) -> str:
    """A short arrow pointing right, from (x, y): the track's «→» (drawn: the fonts have no arrow)."""
    d = (f"M{svg.num(x)} {svg.num(y)}L{svg.num(x + 3.2)} {svg.num(y)}M{svg.num(x + 2.0)} {svg.num(y - 1.2)}"
         f"L{svg.num(x + 3.3)} {svg.num(y)}L{svg.num(x + 2.0)} {svg.num(y + 1.2)}")
    return svg.path(d, fill="none", stroke=pen.c("muted"), stroke_width=0.45, stroke_linecap="round",
                    stroke_linejoin="round")


def income_track(game: Game, box: Box, pen: Pen, lang: str) -> str:
    """«+3о → +6о → +10о → +15о»: a tick box per step, the first ticked (the capital's starting income)."""
    gold = game.gold_short.get(lang)
    return track(game, box, pen, lang, "income_title", [(s.verticals, f"+{s.gold}{gold}") for s in game.capital.income])


def fortifications_track(game: Game, box: Box, pen: Pen, lang: str) -> str:
    """The capital's siege strength by completed verticals («апгрейд городского центра и укреплений»), its steps
    under the income track's."""
    return track(game, box, pen, lang, "fortifications_title",
                 [(s.verticals, str(s.strength)) for s in game.capital.fortifications])


TRACK_TITLES = ("income_title", "fortifications_title")


def track(game: Game, box: Box, pen: Pen, lang: str, title_key: str, steps: list[tuple[int, str]]) -> str:
    """A track by completed verticals: its title, then a tick box per step with its value and verticals, the
    first ticked; the steps start where the widest of the sheet's track titles ends, so they line up."""
    title = game.ui(title_key, lang)
    out = text(box.x, box.y + 6.6, title, "sans-bold", 9.5, pen.c("ink"))
    left = box.x + max(fonts.text_width_mm(game.ui(k, lang), "sans-bold", 9.5) for k in TRACK_TITLES) + 4.0
    slot = (box.right - left) / len(steps)
    for k, (verticals, value) in enumerate(steps):
        x = left + k * slot
        y = box.y + (box.h - TICK) / 2
        out += tick_box(x, y, pen, ticked=verticals == 0)
        out += text(x + TICK + 1.2, y + 4.0, value, "sans-bold", 10.5, pen.c("ink"))
        words = game.ui("income_start", lang) if verticals == 0 else game.ui("income_step", lang, n=verticals)
        out += text(x + TICK + 1.2, y + 7.4, words, "sans", 6.5, pen.c("muted"))
        if k + 1 < len(steps):
            out += arrow(x + slot - 5.0, y + TICK / 2, pen)
    return out


def verticals_row(game: Game, lay: SheetLayout, pen: Pen, lang: str) -> str:
    """Under each column: a box to tick when its three buildings stand."""
    cap = game.capital
    out = ""
    for col in range(cap.columns):
        box = lay.column(col, cap.columns)
        out += labelled_tick(box.x + 1.5, box.y + (box.h - TICK) / 2, game.ui("vertical_done", lang), pen)
    return out


def stores(game: Game, box: Box, pen: Pen, lang: str) -> str:
    """The resource stores: the letters and the name, then the box for the count."""
    out = heading(box, game.ui("stores_title", lang), pen)
    for row, res in zip(rows_in(box, len(game.resources)), game.resources):
        label_w = 27.0
        out += text(row.x, row.y + 4.6, res.short.get(lang), "sans-bold", 10.5, pen.c("ink"))
        name = res.name.get(lang)
        out += text(row.x, row.y + 8.3, name, "sans", fitted(name, label_w - 0.5, "sans", 7.0, 5.5), pen.c("muted"))
        out += write_box(Box(row.x + label_w, row.y, row.w - label_w, row.h), pen)
    e = game.economy
    if e is not None and e.discount:  # «позволяет возводить постройки в столице со скидками»: where players build
        note = game.ui("stores_discount", lang, discount=e.discount, most=e.discount_most, least=e.least_cost)
        # in ink, not muted: the sheet's one rule a player reads at every build, through a sleeve
        out += rich(pen, note, Box(box.x, box.bottom - STORES_NOTE_H + 1.5, box.w, STORES_NOTE_H - 1.5), size=7.0,
                    min_size=6.0, where="stores_discount")
    return out


def points(game: Game, box: Box, pen: Pen, lang: str) -> str:
    """«ПО записываются в течении всей игры на планшете столицы»: a box per week and the total."""
    labels = [game.ui("points_week", lang, n=week) for week in range(1, game.weeks + 1)] + [game.ui("points_total", lang)]
    out = heading(box, game.ui("points_title", lang), pen)
    return out + "".join(labelled_box(row, label, pen) for row, label in zip(rows_in(box, len(labels), 2), labels))


EFFECTS_UI = ("effects_heroes", "effects_machines", "effects_magic", "effects_other")
#: each column's share of the panel's width, in EFFECTS_UI's order
EFFECTS_SHARES = (0.33, 0.27, 0.16, 0.24)
HERO_NUMBER_W = 12.0  # a courage track's box for the hero's number
MACHINE_LEVEL_W = 7.0  # a machine row's level, before its write-in box


def treasury(game: Game, box: Box, pen: Pen, lang: str) -> str:
    """The treasury: the gold the capital's income and the holdings bring, written and rewritten with
    the marker (the chests are tokens beside the sheet)."""
    out = heading(box, game.ui("treasury_title", lang), pen)
    inner = Box(box.x, box.y + 7.0, box.w, box.h - 7.0)
    return out + labelled_box(inner, game.ui("treasury_gold", lang, gold=game.gold_short.get(lang)), pen)


def hero_slots(game: Game, race: Race) -> int:
    """The most heroes the race's hand can hold, every building built and upgraded, as the engine limits them
    (pnp.games.empire.rules.capital.hero_limit)."""
    plots = [b.plot for b in race.buildings]
    return hero_limit(game.capital.hero_base, race.heroes_granted(plots, plots))


def effect_rows(game: Game) -> int:
    """The panel's rows: a courage track a hero the largest hand holds, a machine a level of the forge."""
    return max([game.battle.forge_levels, *(hero_slots(game, r) for r in game.races)])


def courage_tracks(game: Game, race: Race, box: Box, pen: Pen, lang: str) -> str:
    """A row a hero the hand can hold: the hero's number, then the courage from 0 to its most, a box each
    («Кураж отмечают»: a hired hero's starts at 0 and rises a battle)."""
    out = ""
    steps = tuple(str(n) for n in range(game.battle.courage_max + 1))
    for k in range(hero_slots(game, race)):
        row = Box(box.x, box.y + k * WRITE_MIN, box.w, WRITE_MIN)
        out += labelled_box(Box(row.x, row.y, HERO_NUMBER_W, row.h), game.ui("effects_hero", lang), pen)
        out += numbered_boxes(Box(row.x + HERO_NUMBER_W + 1.0, row.y, row.w - HERO_NUMBER_W - 1.0, row.h), steps, pen)
    return out


def machine_rows(game: Game, box: Box, pen: Pen) -> str:
    """A row a level of the forge: its level, and the box for the machine chosen at it (the machine board's
    «выбери одну машину этого уровня»: it is written here, on the player's own sheet)."""
    out = ""
    for level in range(1, game.battle.forge_levels + 1):
        row = Box(box.x, box.y + (level - 1) * WRITE_MIN, box.w, WRITE_MIN)
        out += text(row.x + 0.5, row.y + WRITE_MIN / 2 + 1.5, roman(level), "sans-bold", 9.5, pen.c("ink"))
        out += write_box(Box(row.x + MACHINE_LEVEL_W, row.y, row.w - MACHINE_LEVEL_W, row.h), pen)
    return out


def effects(game: Game, race: Race, box: Box, pen: Pen, lang: str) -> str:
    """«информационный планшет стратегических эффектов»: the heroes' courage, the forge's machine a level
    («нужно сделать отметку на планшете»), the school of magic, the rest; each column named over its boxes."""
    out = heading(box, game.ui("effects_title", lang), pen)
    inner = Box(box.x, box.y + HEADING_H + EFFECT_LABEL_H, box.w, box.h - HEADING_H - EFFECT_LABEL_H)
    room = inner.w - 2.0 * (len(EFFECTS_UI) - 1)
    x = inner.x
    for key, share in zip(EFFECTS_UI, EFFECTS_SHARES):
        col = Box(x, inner.y, room * share, inner.h)
        name = game.ui(key, lang)
        out += text(col.x, col.y - 1.0, name, "sans", fitted(name, col.w, "sans", 7.0, 6.0), pen.c("muted"))
        if key == "effects_heroes":
            out += courage_tracks(game, race, col, pen, lang)
        elif key == "effects_machines":
            out += machine_rows(game, col, pen)
        else:
            out += write_box(col, pen)
        x = col.right + 2.0
    return out


def sheet(game: Game, race: Race, lang: str, paper_name: str, pen: Pen) -> Part:
    cap = game.capital
    lay = sheet_layout(paper_name, len(game.resources), game.weeks + 1, effect_rows(game))
    out = header(game, race, lay.header, pen, lang) + income_track(game, lay.income, pen, lang)
    out += fortifications_track(game, lay.fortifications, pen, lang)
    for plot in cap.plots:
        b = race.building(plot.id)
        if b is not None:
            out += draw_plot(game, plot, b, lay.cell(plot.at, cap.columns, cap.rows), pen, lang)
    out += verticals_row(game, lay, pen, lang)
    out += stores(game, lay.stores, pen, lang) + points(game, lay.points, pen, lang) + effects(game, race, lay.effects, pen, lang)
    out += treasury(game, lay.treasury, pen, lang)
    return Part(lay.width, lay.height, out)


def sheets(game: Game, lang: str, paper_name: str, ink_saver: bool) -> tuple[SheetSet, list[str]]:
    """(a capital sheet per race, the drawing's notes): what the page prints and the exporters take."""
    drawn, notes = [], []
    for race in game.races:
        pen = Pen(ink_saver)
        drawn.append(NamedSheet(race.id, race.name.get(lang), sheet(game, race, lang, paper_name, pen)))
        notes += pen.notes
    return SheetSet(game.ui("capital_sheet", lang), tuple(drawn)), notes


@register
class CapitalRenderer(SheetPages):
    name = "capital"
    ui = ui_keys.CAPITAL
    kinds = ("mats",)
    cost = 0.2
    draw = staticmethod(sheets)  # a sheet per race
