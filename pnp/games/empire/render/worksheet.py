"""The `worksheet` renderer: the battle worksheet, one portrait page of A4 (or Letter) for a sleeve and a
dry-erase marker, that walks a battle through the calculator's steps in the seed's order.

The steps are the calculator's (pnp.games.empire.rules.battle): each section is headed by the
rule its `Line`s name (3.2.2 formations, 3.2.3 weapons, 3.2.4 machines and spells, 3.2.5 heroes,
3.2.6 luck, 3.3.2 the damage cards left to right, 3.3.3 losses), then what follows a battle:
bribery (3.4.3), trophies (3.4.2) and the hero's courage. `STEPS` lists those rules in print
order; tests/games/empire/test_worksheet.py holds the calculator's breakdowns to it, so the two
cannot drift apart. Every value printed as a reminder (+6 for mixed ranks, −8 for an empty luck
card, the trophies) comes from the model, and the weapon bonus from the engine itself.
"""

from __future__ import annotations

from pnp.art import style
from pnp.art.draw import Pen, centred_text, rect, rich, text
from pnp.components.base import register
from pnp.components.sheet_set import NamedSheet, SheetSet
from pnp.games.empire import ui_keys
from pnp.games.empire.model import Game
from pnp.games.empire.render import battle_words as words
from pnp.games.empire.render import worksheet_layout as wl
from pnp.games.empire.render.capital_layout import TICK
from pnp.games.empire.render.forms import fitted, labelled_box, labelled_tick, light, roman, tick_box, write_box
from pnp.games.empire.render.sheet_pages import SheetPages
from pnp.print.tile_plan import Part
from pnp.core.geometry import Box

#: the worksheet's sections in print order: (the rule the calculator's Lines name, ui key of the heading)
STEPS = (("3.2.2", "ws_formations"), ("3.2.3", "ws_weapons"), ("3.2.4", "ws_support"), ("3.2.5", "ws_heroes"),
         ("3.2.6", "ws_luck"), ("3.3.2", "ws_damage"), ("3.3.3", "ws_losses"), ("3.4.2", "ws_trophies"),
         ("3.4.3", "ws_bribery"), ("", "ws_courage"))
RULE = dict((key, rule) for rule, key in STEPS)
#: each section's write-in boxes (ui keys of their labels)
BOXES = {"ws_battle": ("ws_week", "ws_enemy", "ws_enemy_luck", "ws_own_luck"),
         "ws_formations": ("ws_box_line", "ws_box_ranks"), "ws_weapons": ("ws_box_weapons", "ws_box_magic"),
         "ws_support": ("ws_box_machine", "ws_box_spell"), "ws_heroes": ("ws_box_hero", "ws_box_courage", "ws_before"),
         "ws_luck": ("ws_box_luck_bonus", "ws_box_strike", "ws_box_luck"), "ws_damage": (),
         "ws_losses": ("ws_box_saved", "ws_box_lost"), "ws_bribery": ("ws_box_chests",),
         "ws_trophies": ("ws_box_trophies", "ws_box_points"),
         "ws_courage": ()}  # the courage is ticked on the capital sheet's track of the hero
BONUSES = ("ws_formations", "ws_weapons", "ws_support", "ws_heroes")
AFTER = ("ws_losses", "ws_trophies", "ws_bribery", "ws_courage")  # the rules' order: 3.3.3, 3.4.2, 3.4.3, then courage


def _names(game: Game, lang: str, kinds) -> str:
    """The names of these battle types, each once (the two field battles share one)."""
    found: list[str] = []
    for kind in kinds:
        if kind.name.get(lang) not in found:
            found.append(kind.name.get(lang))
    return ", ".join(found)


def _grouped(game: Game, lang: str, say) -> list[tuple[str, str]]:
    """(what `say` prints, the names of the types that print it), in the types' order."""
    groups: dict[str, list] = {}
    for kind in game.battle.types:
        groups.setdefault(say(kind), []).append(kind)
    return [(what, _names(game, lang, kinds)) for what, kinds in groups.items()]


def reminders(game: Game, key: str, lang: str) -> list[str]:
    """A section's reminders, every number from the model."""
    b, f = game.battle, game.battle.formations
    if key == "ws_formations":
        return [game.ui("ws_line", lang, least=f.line_least, n=f.line_per_squad),
                game.ui("ws_mixed", lang, least=f.mixed_least, bonus=f.mixed_bonus, extra=f.mixed_per_extra),
                game.ui("ws_straight", lang, least=f.straight_least, bonus=f.straight_bonus, extra=f.straight_per_extra),
                game.ui("ws_larger", lang),
                game.ui("ws_only_in", lang, where=_names(game, lang, [t for t in b.types if t.formations])),
                game.ui("ws_flank", lang, n=b.flank_multiplier, where=_names(game, lang, [t for t in b.types if t.flank])),
                game.ui("ws_echelon", lang, n=b.echelon_per_squad,
                        where=_names(game, lang, [t for t in b.types if t.second_echelon]))]
    if key == "ws_weapons":
        seen, found = set(), []
        for kind in b.types:
            if (kind.name.get(lang), kind.bonus_kind) not in seen:
                seen.add((kind.name.get(lang), kind.bonus_kind))
                found.append(game.ui("ws_weapon_kind", lang, where=kind.name.get(lang), n=words.weapon_bonus(game, kind),
                                     kind=words.kind_name(game, kind.bonus_kind, lang)))
        return found + [game.ui("ws_weapon_magic", lang, n=b.magic_attack_bonus)]
    if key == "ws_support":
        idle = [t for t in b.types if not any(m.strength(t.machines) is not None for m in b.machines)]
        # the other side's machines that act on yours: they share the machine's line, and the stones that
        # weaken spells the tower's (the page is full)
        barriers = [game.ui("ws_machine_barrier", lang, name=m.name.get(lang)) for m in b.machines if m.blocks_machines]
        stones = [game.ui("ws_machine_stone", lang, name=m.name.get(lang), n=m.spell_penalty)
                  for m in b.machines if m.spell_penalty is not None]
        return [" ".join([game.ui("ws_machine", lang, where=_names(game, lang, idle))] + barriers),
                game.ui("ws_spell", lang), " ".join([game.ui("ws_tower", lang, n=b.magic.tower_damage)] + stones)]
    if key == "ws_heroes":
        # every race's nine heroes are too many to list on one page: their cards and the rulebook print each
        levels = [p.level for p in game.capital.plots if p.kind == "barracks" and p.level is not None]
        # the hero's own damage, as the engine gives every hired hero (pnp.games.empire.rules.fights.sides.heroes)
        own = [game.ui("ws_hero_own", lang, n=game.economy.hero_attack)] if game.economy is not None else []
        return own + [game.ui("ws_hero", lang)] + ([game.ui("ws_hero_race", lang, first=roman(min(levels)), last=roman(max(levels)),
                                                     section=next(n for n, k in STEPS if k == key))]
                                             if any(r.heroes for r in game.races) else [])
    if key == "ws_luck":
        return [game.ui("ws_luck_bonus", lang), game.ui("ws_luck_plus", lang),
                game.ui("ws_luck_minus", lang, n=b.luck_zero_penalty)]
    if key == "ws_damage":
        return [game.ui("ws_damage_rule", lang, n=b.miss_damage, up=b.upgrade_miss_damage)]
    if key == "ws_losses":
        return [game.ui("ws_losses_rule", lang)] + [game.ui("ws_losses_tent", lang, name=m.name.get(lang), n=m.restores)
                                                    for m in b.machines if m.restores]
    if key == "ws_bribery":
        return [game.ui("ws_bribery_rule", lang, n=b.squads_per_chest),
                game.ui("ws_bribery_players", lang, where=_names(game, lang, [t for t in b.types if t.against == "player"]))]
    if key == "ws_trophies":
        return [f"{names}: {what}" for what, names in _grouped(game, lang, lambda t: words.trophies(game, t, lang))] + [
            f"{game.ui('types_points', lang)}: " + "; ".join(
                f"{names} — {what}" for what, names in _grouped(game, lang, lambda t: words.points(game, t, lang)))]
    return [game.ui("ws_courage_rule", lang, n=b.courage_max)]


def worksheet_plan(game: Game, lang: str, paper_name: str) -> wl.Plan:
    """The page in `lang`, its damage table as many rows long as in every language of the game (the
    longest reminders leave the fewest): one battle fills the same rows in any edition."""
    def plan_in(language: str, rows: int | None = None) -> wl.Plan:
        def spec(key: str) -> wl.Spec:
            return key, "\n".join(reminders(game, key, language)), len(BOXES[key])
        return wl.plan(paper_name, ("ws_battle", "", len(BOXES["ws_battle"])), [spec(k) for k in BONUSES],
                       spec("ws_luck"), spec("ws_damage"), [spec(k) for k in AFTER], len(game.battle.types), rows)
    return plan_in(lang, min(len(plan_in(language).rows) for language in game.languages))


def heading(game: Game, key: str, box: Box, pen: Pen, lang: str) -> str:
    """A section's band: its rule number, as the calculator names it, and its title."""
    band = Box(box.x, box.y, box.w, wl.HEAD_H)
    rule = RULE.get(key, "")
    title = f"{rule}  {game.ui(key, lang)}" if rule else game.ui(key, lang)
    return rect(band, light(pen, "battle"), radius=style.RADIUS["panel"]) + text(
        band.x + 1.5, band.y + 4.4, title, "sans-bold", 10, pen.c("ink"))


def section(game: Game, key: str, part: wl.Section, pen: Pen, lang: str) -> str:
    out = heading(game, key, part.box, pen, lang)
    out += rich(pen, "\n".join(reminders(game, key, lang)), part.text, face="sans", size=wl.TEXT_SIZE,
                min_size=wl.TEXT_MIN, leading=wl.LEADING, where=f"worksheet {key}")
    return out + "".join(labelled_box(b, game.ui(label, lang), pen) for b, label in zip(part.boxes, BOXES[key]))


def battle_block(game: Game, plan: wl.Plan, pen: Pen, lang: str) -> str:
    """Which battle (a tick a type) and against what: the week, the opponent's strength and luck, yours."""
    part = plan.battle
    out = heading(game, "ws_battle", part.box, pen, lang)
    for kind, box in zip(game.battle.types, plan.ticks):
        out += labelled_tick(box.x, box.y, words.type_name(game, kind, lang), pen, width=box.w - 2.0)
    return out + "".join(labelled_box(b, game.ui(label, lang), pen) for b, label in zip(part.boxes, BOXES["ws_battle"]))


def damage_table(game: Game, plan: wl.Plan, pen: Pen, lang: str) -> str:
    """A row a damage card, left to right: the squad, its strike, × its cards, the damage, the running
    total against the opponent's strength, and a tick when it was routed."""
    out = heading(game, "ws_damage", plan.table.box, pen, lang)
    out += rich(pen, "\n".join(reminders(game, "ws_damage", lang)), plan.table.text, face="sans", size=wl.TEXT_SIZE,
                min_size=wl.TEXT_MIN, leading=wl.LEADING, where="worksheet damage")
    for (key, _), box in zip(wl.TABLE_COLUMNS, plan.head):
        if not key:
            continue
        label = game.ui(key, lang)
        if key == wl.TICK_COLUMN:  # over its tick boxes, clear of both edges
            size = fitted(label, box.w - 2 * wl.HEAD_PAD, "sans-bold", 7.5)
            out += text(box.cx, box.bottom - 1.6, label, "sans-bold", size, pen.c("ink"), anchor="middle")
        else:
            size = fitted(label, box.w - 1.5, "sans-bold", 7.5)
            out += text(box.x + 1.0, box.bottom - 1.6, label, "sans-bold", size, pen.c("ink"))
    for number, row in enumerate(plan.rows, start=1):
        out += centred_text(row[0].cx, row[0].cy, str(number), "sans-bold", 9, pen.c("muted"))
        out += "".join(write_box(b, pen) for b in row[1:-1])
        out += tick_box(row[-1].cx - TICK / 2, row[-1].cy - TICK / 2, pen)
    return out


def sheet(game: Game, lang: str, paper_name: str, pen: Pen) -> Part:
    plan = worksheet_plan(game, lang, paper_name)
    t = plan.title
    out = text(t.x, t.y + 7.0, game.ui("ws_title", lang), "serif-bold", 17, pen.c("ink"))
    out += text(t.right, t.y + 5.5, game.title.get(lang), "serif-bold", 10, pen.c("muted"), anchor="end")
    out += text(t.x, t.y + 11.2, game.ui("ws_legend", lang), "sans", 8.5, pen.c("muted"))
    out += battle_block(game, plan, pen, lang)
    for key in BONUSES + ("ws_luck",) + AFTER:
        out += section(game, key, plan.steps[key], pen, lang)
    return Part(plan.width, plan.height, out + damage_table(game, plan, pen, lang))


def sheets(game: Game, lang: str, paper_name: str, ink_saver: bool) -> tuple[SheetSet, list[str]]:
    """(the worksheet, the drawing's notes): what the page prints and the exporters take."""
    pen = Pen(ink_saver)
    title = game.ui("ws_title", lang)
    return SheetSet(title, (NamedSheet("worksheet", title, sheet(game, lang, paper_name, pen)),)), pen.notes


@register
class WorksheetRenderer(SheetPages):
    name = "worksheet"
    ui = ui_keys.WORKSHEET
    kinds = ("aids",)
    cost = 0.1
    draw = staticmethod(sheets)
