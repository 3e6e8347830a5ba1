"""Player aids: two cards per player, card size, imposed like the other cards.

Card one is the round and the actions, card two the battle: strength bonuses, the
threshold table, the order of play with the battle cards grouped by their timing. Both
cards carry the player's colour and shape; the back is the player's aid back.
"""

from __future__ import annotations

from pnp.games.tverdzha import ui_keys
from pnp.games.tverdzha.model import Game
from pnp.art import style
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.art.draw import Pen, centred_text, circle, icon, line, rect, rich, rich_height, text
from pnp.core.geometry import Box
from pnp.art.icons import icon_defs
from pnp.print.imposition import SheetText, impose
from pnp.games.tverdzha.render.reminders import action_lines, card_effects, round_sections, step_label
from pnp.print.sheetmarks import svg_page

HEADER = 9.0  # below the trim's top edge
BODY_PT, BODY_MIN = 8.0, 7.0  # SPEC 3a: rules text never below 7 pt
LEADING = 1.08
ICON_MARGIN = 0.4  # mm an icon's outline strokes reach past its nominal box
RULE = 0.5  # mm, the player-coloured rules between sections


def _frame(game: Game, player: str, title: str, pen: Pen, lang: str) -> tuple[str, Box]:
    """Background to the bleed, the player's header band; returns the body box (safe area)."""
    card = game.print.card
    b, w, h = card.bleed, card.width + 2 * card.bleed, card.height + 2 * card.bleed
    colour = pen.player(player)
    out = rect(Box(0, 0, w, h), pen.c("paper"))
    out += rect(Box(0, 0, w, b + HEADER), colour)
    out += rect(Box(0, h - b - 1.2, w, b + 1.2), colour)
    safe = card.safe
    # the player's sign fills the band below the safe line (its strokes reach ICON_MARGIN past its box)
    sign = HEADER - safe - 2 * ICON_MARGIN
    out += icon(pen, f"player-{player.lower()}", b + safe + ICON_MARGIN + sign / 2,
                b + safe + ICON_MARGIN + sign / 2, sign)
    out += text(b + safe + sign + 2.5, b + HEADER / 2 + 2.4, title, "serif-bold", 11, pen.c("on-colour"))
    out += text(w - b - safe, b + HEADER / 2 + 2.0, game.ui(f"player_{player.lower()}", lang), "sans-bold", 7,
                pen.c("on-colour"), anchor="end")
    body = Box(b + safe, b + HEADER + 1.5, card.width - 2 * safe, card.height - HEADER - 1.5 - safe - 1.2)
    return out, body


def _svg(game: Game, body: str, pen: Pen) -> str:
    card = game.print.card
    w, h = card.width + 2 * card.bleed, card.height + 2 * card.bleed
    return svg_page(w, h, icon_defs(pen.icons, pen.ink_saver) + body)


# --- card one: the round and the actions -------------------------------------------------------


def round_card(game: Game, player: str, lang: str, pen: Pen) -> str:
    out, body = _frame(game, player, game.ui("aid_round_title", lang), pen, lang)
    parts = "\n".join(f"**{heading}.** " + " ".join(steps) for heading, steps in round_sections(game, lang))
    acts = "\n".join([f"**{game.ui('actions_title', lang)}**"]
                     + [a.markup for a in action_lines(game, lang, short=True)])
    split_y = _fit_two(parts, acts, body)
    out += rich(pen, parts, Box(body.x, body.y, body.w, split_y - body.y - 1.2), face="narrow",
                size=BODY_PT, min_size=BODY_MIN, leading=LEADING, where=f"aid round {player}")
    out += _rule(body, split_y, pen.player(player))
    out += rich(pen, acts, Box(body.x, split_y + 1.2, body.w, body.bottom - split_y - 1.2),
                face="narrow", size=BODY_PT, min_size=BODY_MIN, leading=LEADING, where=f"aid actions {player}")
    return _svg(game, out, pen)


def _rule(body: Box, y: float, colour: str) -> str:
    """A rule across the body, its ends (the stroke's caps) inside the safe zone."""
    return line(body.x + RULE / 2, y, body.right - RULE / 2, y, colour, RULE)


def _fit_two(first: str, second: str, body: Box) -> float:
    """Where the rule between two stacked paragraphs goes: proportional to their heights."""
    h1, h2 = _height(first, body.w), _height(second, body.w)
    room = body.h - 2.4
    return body.y + room * h1 / (h1 + h2) + 1.2


# --- card two: the battle ----------------------------------------------------------------------


def strength_markup(game: Game, lang: str) -> str:
    """Strength and every bonus: the castle's own, each castle_defense and siege_attack card."""
    own = game.battle.castle_defense
    parts = [game.ui("aid_castle_bonus", lang, bonus=own)]
    # the castle's bonus and a wall's add up: print each wall's total, not its share
    parts += [game.ui("aid_castle_total", lang, name=c.name.get(lang), total=own + e.param("bonus"))
              for c, e in card_effects(game, "castle_defense")]
    sieges = [game.ui("aid_siege_bonus", lang, name=c.name.get(lang), bonus=e.param("bonus"))
              for c, e in card_effects(game, "siege_attack")]
    return game.ui("aid_strength", lang) + " " + "; ".join(parts + sieges) + "."


def order_markup(game: Game, lang: str) -> str:
    """The order of a battle: every step of the content's list, its rule and its cards."""
    lines = [f"**{game.ui('aid_order_title', lang)}**"]
    for step in game.battle.timing:
        names = ", ".join(c.name.get(lang) for c in game.battle_cards if c.timing == step.key)
        cards = f" ({names})" if names else ""
        lines.append(f"**{step_label(game, step.key, lang)}.** {step.text.get(lang)}{cards}")
    return "\n".join(lines)


def threshold_table(game: Game, box: Box, pen: Pen, lang: str, player: str) -> tuple[str, float]:
    """The threshold rows as a two-column table; returns (svg, height used)."""
    rows = game.battle.thresholds
    row_h, head_h = 3.6, 4.2
    col = box.w * 0.66
    out = rect(Box(box.x, box.y, box.w, head_h), pen.player(player))
    out += text(box.x + 1.2, box.y + 3.0, game.ui("aid_ratio", lang), "narrow-bold", 7, pen.c("on-colour"))
    out += text(box.right - 1.2, box.y + 3.0, game.ui("aid_hit", lang), "narrow-bold", 7, pen.c("on-colour"),
                anchor="end")
    y = box.y + head_h
    for k, row in enumerate(rows):
        fill = pen.c("panel") if k % 2 == 0 else pen.c("paper")
        out += rect(Box(box.x, y, box.w, row_h), fill)
        out += text(box.x + 1.2, y + 2.65, row.label.get(lang), "narrow", 7.5, pen.c("ink"))
        hit = f"{row.hit}+" if row.hit < game.battle.always_hit else str(row.hit)
        out += icon(pen, "die", box.x + col + 8, y + row_h / 2, 3.0)
        out += text(box.right - 1.2, y + 2.7, hit, "sans-bold", 8, pen.c("ink"), anchor="end")
        y += row_h
    thin = style.STROKE["thin"]  # the frame's stroke lies inside the table, not across its edge
    out += rect(Box(box.x + thin / 2, box.y + thin / 2, box.w - thin, y - box.y - thin), "none", pen.c("ink"), thin)
    return out, y - box.y


def battle_card(game: Game, player: str, lang: str, pen: Pen) -> str:
    out, body = _frame(game, player, game.ui("aid_battle_title", lang), pen, lang)
    strength = strength_markup(game, lang)
    h = _height(strength, body.w)
    out += rich(pen, strength, Box(body.x, body.y, body.w, h + 0.5), face="narrow", size=BODY_PT,
                min_size=BODY_MIN, leading=LEADING, where=f"aid strength {player}")
    table, th = threshold_table(game, Box(body.x, body.y + h + 1.5, body.w, 0), pen, lang, player)
    out += table
    natural = game.ui("aid_natural", lang, hit=game.battle.always_hit, miss=game.battle.always_miss)
    y = body.y + h + 1.5 + th + 1.0
    nh = _height(natural, body.w)
    out += rich(pen, natural, Box(body.x, y, body.w, nh + 0.5), face="narrow", size=BODY_PT, min_size=BODY_MIN,
                leading=LEADING, where=f"aid natural {player}")
    y += nh + 1.5
    out += _rule(body, y - 0.6, pen.player(player))
    out += rich(pen, order_markup(game, lang), Box(body.x, y + 0.6, body.w, body.bottom - y - 0.6), face="narrow",
                size=BODY_PT, min_size=BODY_MIN, leading=LEADING, where=f"aid order {player}")
    return _svg(game, out, pen)


def _height(markup: str, width: float) -> float:
    return rich_height(markup, width, "narrow", BODY_PT, LEADING)


# --- back ----------------------------------------------------------------------------------------


def aid_back(game: Game, player: str, lang: str, pen: Pen) -> str:
    card = game.print.card
    w, h = card.width + 2 * card.bleed, card.height + 2 * card.bleed
    colour = pen.player(player)
    out = rect(Box(0, 0, w, h), colour)
    inner = Box(card.bleed + card.safe, card.bleed + card.safe, card.width - 2 * card.safe,
                card.height - 2 * card.safe)
    frame = 0.6  # drawn just inside the safe line, so its stroke never reaches into the zone
    out += rect(Box(inner.x + frame / 2, inner.y + frame / 2, inner.w - frame, inner.h - frame), "none",
                pen.c("on-colour"), frame, style.RADIUS["card"])
    out += circle(w / 2, h / 2, 17, pen.c("paper"), pen.c("ink"), 0.6)
    out += icon(pen, f"player-{player.lower()}", w / 2, h / 2, 24)
    on = pen.c("on-colour")
    out += centred_text(w / 2, inner.y + 9, game.title.get(lang), "serif-bold", 18, on)
    out += centred_text(w / 2, inner.bottom - 12, game.ui("card_aid", lang), "sans-bold", 11, on)
    out += centred_text(w / 2, inner.bottom - 6, game.ui(f"player_{player.lower()}", lang), "sans", 9, on)
    return _svg(game, out, pen)


# --- renderer ------------------------------------------------------------------------------------


def aid_masters(game: Game, lang: str, ink_saver: bool = False) -> tuple[list[str], list[str], list[str]]:
    """(fronts, backs, notes): per player, the round card and the battle card."""
    fronts, backs, notes = [], [], []
    for player in game.players:
        back = aid_back(game, player, lang, Pen(ink_saver))  # both cards share the player's back
        for make in (round_card, battle_card):
            pen = Pen(ink_saver)
            fronts.append(make(game, player, lang, pen))
            notes += pen.notes
            backs.append(back)
    return fronts, backs, notes


def sheet_text(game: Game, lang: str) -> SheetText:
    comp = game.ui("comp_aids", lang)
    page = game.ui("print_page", lang, page="{i}", pages="{n}")
    return SheetText(f"{comp} — {page} — {game.ui('print_front', lang)}",
                     f"{comp} — {page} — {game.ui('print_back', lang)}", game.ui("print_scale", lang))


@register
class AidsRenderer(Renderer):
    name = "aids"
    ui = ui_keys.AIDS
    shares = "aids"
    cost = 0.5

    @staticmethod
    def names(game: Game, lang: str) -> list[str]:
        """The fronts' names in `masters` order (the preview's labels): per player, the round card,
        the battle card."""
        kinds = [game.ui(k, lang) for k in ("aid_round_title", "aid_battle_title")]
        return [f"{kind} · {game.ui(f'player_{p.lower()}', lang)}" for p in game.players for kind in kinds]

    def masters(self, game: Game, ctx: RenderContext) -> tuple[list[str], list[str]]:
        """(fronts, backs) as SVG (the preview exporter reuses them)."""
        fronts, backs, _ = aid_masters(game, ctx.options.lang, ctx.options.ink_saver)
        return list(fronts), list(backs)

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        opts = ctx.options
        fronts, backs, notes = aid_masters(game, opts.lang, opts.ink_saver)
        ctx.made[self.name] = (list(fronts), list(backs))  # drawn once: these are its masters
        ctx.notes.extend(f"aids: {n}" for n in notes)
        card = game.print.card
        title = f"{game.title.get(opts.lang)} — {game.ui('comp_aids', opts.lang)}"
        imposed = impose(fronts, backs, trim=(card.width, card.height), bleed=card.bleed,
                         text=sheet_text(game, opts.lang), title=title, paper=opts.paper,
                         duplex=opts.duplex, back_offset=opts.back_offset)
        ctx.notes.extend(f"aids: {n}" for n in imposed.notes)
        backs = (imposed.backs_pdf, imposed.backs_pages) if imposed.backs_pdf is not None else None
        return ctx.write_sheets(f"{game.id}-{opts.lang}-aids", "aids", (imposed.pdf, imposed.pages), backs)
