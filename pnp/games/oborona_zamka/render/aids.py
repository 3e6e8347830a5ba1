"""The `aids` renderer: a player aid per side, half an A4 sheet each, with a back.

Three columns: the turn (who starts, moving, then one attack per warrior, the falling
wall), the dice (every roll this side makes as faces and as a range, a 6 always succeeding, the
commander: −1 against him and his side's own bonus), and the potion, how this side wins
and how many dice the table needs. Every number comes from the model (`game.rules`,
`game.numbers`, `game.components`) and every word from the content's `ui:`, so an edited
threshold changes the aid (tests/games/oborona_zamka/test_aids.py changes one). Text is
set by pnp.typeset in the build's language: long words hyphenate, a column that is too
full shrinks (never below 7 pt) and says so in the build's notes.

Size, decided: 180 x 120 mm, half an A4 sheet less the margins a home printer and the
crop marks need, so two aids (attacker above, defender below) fill one A4 or Letter page.
The back shows the side's races: a player picks up his own aid by its figures.
"""

from __future__ import annotations

from pnp.art import style, svg
from pnp.art.draw import Pen, centred_text, circle, line, rect, rich, text
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.games.oborona_zamka import ui_keys
from pnp.games.oborona_zamka.model import Game, Side
from pnp.games.oborona_zamka.render import race_art
from pnp.core.geometry import Box
from pnp.typeset import richtext
from pnp.print.imposition import impose, sheet_text

WIDTH, HEIGHT = 180.0, 120.0  # trim, mm
BLEED, SAFE = 3.0, 3.0  # SPEC section 3, as for cards
HEADER = 15.0  # below the trim's top edge
GUTTER = 5.0  # between columns
BODY_PT, BODY_MIN, LEADING = 11.0, 7.0, 1.18  # the largest size that fits, never below 7 pt
ROW_H = 6.2  # a threshold row
DIE = 4.4  # a die face in the table


def signed(value: int) -> str:
    """+1, −1 (a real minus sign)."""
    return f"+{value}" if value > 0 else f"\u2212{-value}"


def roll_range(hit: int, faces: int) -> str:
    """The faces of a die of `faces` that succeed: "5–6", or "6" alone."""
    return f"{hit}\u2013{faces}" if hit < faces else str(faces)


def thresholds(game: Game, side: Side) -> tuple[tuple[str, int], ...]:
    """(ui key of the row, the lowest face that succeeds) of the rolls `side` makes, in the order of
    play: the attacker (the first side, as the engine has it) fights, attacks the wall and rolls for
    the castle; the defender fights, over the wall too; both roll for the potion. The other side's
    rolls are not on this aid: a player reads only what he may roll."""
    r = game.rules
    if side.id == game.sides[0].id:
        rows = (("aid_row_fight", r.fight), ("aid_row_wall", r.wall_attack), ("aid_row_capture", r.capture))
    else:
        rows = (("aid_row_fight", r.fight), ("aid_row_over_wall", r.fight_over_wall))
    return rows + (("aid_row_potion", r.potion),)


# --- the three columns --------------------------------------------------------------------------


def turn_markup(game: Game, side: Side, lang: str) -> str:
    walls = "aid_walls_open" if side.crosses_walls else "aid_walls_closed"
    return "\n".join((
        f"**{game.ui('aid_turn', lang)}**", game.ui(f"aid_first_{game.rules.first_player}", lang), "",
        f"**{game.ui('aid_step_move', lang)}** {game.ui('aid_move', lang, moves=side.moves)} "
        f"{game.ui(walls, lang)} {game.ui('aid_blocked', lang)}", "",
        f"**{game.ui(f'aid_step_attack_{side.id}', lang)}** {game.ui(f'aid_attack_{side.id}', lang)} "
        f"{game.ui('aid_wall_falls', lang)}"))


def commander_markup(game: Game, side: Side, lang: str) -> str:
    """The commander: −1 against him, and what he gives his side (the attacker's bonus, the defender's reroll)."""
    r = game.rules
    lines = [f"**{game.ui('commander', lang)}**", game.ui("aid_commander_target", lang, modifier=signed(r.commander_target))]
    who = "all" if r.own_bonus else "others"
    if side.id == game.sides[0].id:
        lines.append(game.ui(f"aid_bonus_{who}{'_capture' if r.capture_bonus else ''}", lang,
                             bonus=signed(r.commander_bonus)))
    elif r.defender_reroll:
        lines.append(game.ui(f"aid_reroll_{who}", lang))
    return "\n".join(lines)


def end_markup(game: Game, side: Side, lang: str) -> str:
    r = game.rules
    win = [game.ui(f"aid_win_{side.id}", lang)]
    if side.id == game.sides[0].id:
        win.append(game.ui(f"aid_capture_{r.capture_from}", lang, range=roll_range(r.capture, game.components.die_faces)))
    return "\n".join((
        f"**{game.ui('aid_potion_title', lang)}**",
        f"{game.ui('aid_potion', lang, range=roll_range(r.potion, game.components.die_faces))} {game.ui(f'aid_no_room_{r.potion_no_room}', lang)}",
        "", f"**{game.ui('aid_victory', lang)}**", " ".join(win), "",
        f"**{game.ui('aid_dice', lang, n=game.components.dice)}**"))


# --- the dice table -----------------------------------------------------------------------------

_PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)), 4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
         5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)), 6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


def die(face: int, x: float, y: float, pen: Pen) -> str:
    """A die showing `face`, top-left corner at (x, y)."""
    out = rect(Box(x, y, DIE, DIE), pen.c("paper"), pen.c("ink"), style.STROKE["thin"], 0.6)
    step = DIE * 0.27
    return out + "".join(circle(x + DIE / 2 + dx * step, y + DIE / 2 + dy * step, DIE * 0.09, pen.c("ink"))
                         for dx, dy in _PIPS[face])


def dice_table(game: Game, side: Side, box: Box, pen: Pen, lang: str) -> tuple[str, float]:
    """Heading and one row per roll of `side`: its name, the faces that succeed, their range; (svg, height)."""
    band = pen.c("aid")
    out = rect(Box(box.x, box.y, box.w, ROW_H), band)
    on = pen.c("on-colour")
    out += text(box.x + 1.2, box.y + 4.3, game.ui("aid_rolls", lang), "sans-bold", 9, on)
    out += text(box.right - 1.2, box.y + 4.3, game.ui("aid_success", lang), "sans-bold", 9, on, anchor="end")
    y = box.y + ROW_H
    for k, (key, hit) in enumerate(thresholds(game, side)):
        out += rect(Box(box.x, y, box.w, ROW_H), pen.c("panel") if k % 2 == 0 else pen.c("paper"))
        out += text(box.x + 1.2, y + 4.3, game.ui(key, lang), "sans", 9.5, pen.c("ink"))
        out += text(box.right - 1.2, y + 4.4, roll_range(hit, game.components.die_faces), "sans-bold", 10, pen.c("ink"), anchor="end")
        right = box.right - 11.5
        # pips picture a six-sided die's faces; other dice show their range only (up to 20 faces
        # would not fit the row, and a d8's face has no conventional pips)
        pictured = range(game.components.die_faces, hit - 1, -1) if game.components.die_faces == len(_PIPS) else ()
        for n, face in enumerate(pictured):
            out += die(face, right - (n + 1) * (DIE + 0.7), y + (ROW_H - DIE) / 2, pen)
        y += ROW_H
    thin = style.STROKE["thin"]
    out += rect(Box(box.x + thin / 2, box.y + thin / 2, box.w - thin, y - box.y - thin), "none", pen.c("ink"), thin)
    return out, y - box.y


# --- the faces ----------------------------------------------------------------------------------


def _figures(game: Game, side: Side, box: Box, pen: Pen, lang: str, names: bool) -> str:
    """The side's races standing side by side in `box`, each above its name when `names`."""
    races = game.races_of(side.id)
    name_h = 5.5 if names else 0.0
    slot = box.w / len(races)
    scale = min((slot - 2) / race_art.FRAME_W, (box.h - name_h) / race_art.FRAME_H)
    out = ""
    for k, race in enumerate(races):
        cx = box.x + slot * (k + 0.5)
        art = race_art.draw(race_art.figure(race.id), race_art.Colours(race.colour, pen.ink_saver), back=False,
                            commander=False)
        x, y = cx - race_art.FRAME_W * scale / 2, box.bottom - name_h - race_art.FRAME_H * scale
        out += svg.wrap(art, transform=f"{svg.translate(x, y)} {svg.scale(scale)}")
        if names:
            out += centred_text(cx, box.bottom - 1.6, race.name.get(lang), "sans-bold", 10, pen.c("ink"))
    return out


def _page(inner: str) -> str:
    return svg.document(WIDTH + 2 * BLEED, HEIGHT + 2 * BLEED, inner)


def front(game: Game, side: Side, lang: str, pen: Pen) -> str:
    b, w = BLEED, WIDTH + 2 * BLEED
    out = rect(Box(0, 0, w, HEIGHT + 2 * b), pen.c("paper")) + rect(Box(0, 0, w, b + HEADER), pen.c("panel"))
    out += line(0, b + HEADER, w, b + HEADER, pen.c("aid"), 0.8)
    out += text(b + SAFE, b + 6.0, game.ui("aid_player", lang), "sans", 8, pen.c("muted"))
    out += text(b + SAFE, b + 12.6, side.name.get(lang), "serif-bold", 17, pen.c("ink"))
    out += _figures(game, side, Box(w - b - SAFE - 40, b + 1.0, 40, HEADER - 1.6), pen, lang, names=False)
    top = b + HEADER + 3.0
    body = Box(b + SAFE, top, WIDTH - 2 * SAFE, b + HEIGHT - SAFE - top)
    col = (body.w - 2 * GUTTER) / 3
    boxes = [Box(body.x + k * (col + GUTTER), body.y, col, body.h) for k in range(3)]
    table, height = dice_table(game, side, boxes[1], pen, lang)
    natural = [game.ui("aid_natural_six", lang), ""] if game.rules.natural_six else []
    columns = ((turn_markup(game, side, lang), boxes[0], "turn"),
               ("\n".join(natural + [commander_markup(game, side, lang)]),
                Box(boxes[1].x, boxes[1].y + height + 2.0, col, boxes[1].h - height - 2.0), "commander"),
               (end_markup(game, side, lang), boxes[2], "end"))
    # one size for all three columns: the largest at which the fullest one fits
    size = min(richtext.fit(markup, box.w, box.h, "sans", BODY_PT, BODY_MIN, "left", LEADING).size
               for markup, box, _ in columns)
    out += table + "".join(rich(pen, markup, box, face="sans", size=size, min_size=size, leading=LEADING,
                                where=f"aid {side.id} {part}") for markup, box, part in columns)
    return _page(out)


def back(game: Game, side: Side, lang: str, pen: Pen) -> str:
    b, w, h = BLEED, WIDTH + 2 * BLEED, HEIGHT + 2 * BLEED
    frame = Box(b + SAFE, b + SAFE, WIDTH - 2 * SAFE, HEIGHT - 2 * SAFE)
    out = rect(Box(0, 0, w, h), pen.c("panel"))
    out += rect(frame.inset(0.4), "none", pen.c("aid"), 0.8, style.RADIUS["card"])
    out += centred_text(w / 2, b + 14, game.title.get(lang), "serif-bold", 20, pen.c("ink"))
    out += centred_text(w / 2, b + 23, f"{game.ui('aid_player', lang)} · {side.name.get(lang)}", "sans-bold", 11,
                        pen.c("ink"))
    out += _figures(game, side, Box(frame.x + 20, b + 30, frame.w - 40, frame.bottom - b - 34), pen, lang, names=True)
    return _page(out)


def aid_masters(game: Game, lang: str, ink_saver: bool) -> tuple[list[str], list[str], list[str]]:
    """(fronts, backs, notes): one aid per side, the attacker's first."""
    fronts, backs, notes = [], [], []
    for side in game.sides:
        pen = Pen(ink_saver)
        fronts.append(front(game, side, lang, pen))
        backs.append(back(game, side, lang, pen))
        notes += pen.notes
    return fronts, backs, notes


@register
class AidsRenderer(Renderer):
    name = "aids"
    ui = ui_keys.AIDS
    cost = 0.3

    def masters(self, game: Game, ctx: RenderContext) -> tuple[list[str], list[str]]:
        """(fronts, backs) as SVG, for the preview."""
        fronts, backs, _ = aid_masters(game, ctx.options.lang, ctx.options.ink_saver)
        return fronts, backs

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        opts = ctx.options
        fronts, backs, notes = aid_masters(game, opts.lang, opts.ink_saver)
        ctx.made[self.name] = (fronts, backs)
        ctx.notes.extend(f"aids: {n}" for n in notes)
        imposed = impose(fronts, backs, trim=(WIDTH, HEIGHT), bleed=BLEED,
                         text=sheet_text(game, opts.lang, game.ui("comp_aids", opts.lang)),
                         title=f"{game.title.get(opts.lang)}: {game.ui('comp_aids', opts.lang)}", paper=opts.paper,
                         duplex=opts.duplex, back_offset=opts.back_offset)
        ctx.notes.extend(f"aids: {n}" for n in imposed.notes)
        extra = (imposed.backs_pdf, imposed.backs_pages) if imposed.backs_pdf is not None else None
        return ctx.write_sheets(f"{game.id}-{opts.lang}-aids", "aids", (imposed.pdf, imposed.pages), extra)
