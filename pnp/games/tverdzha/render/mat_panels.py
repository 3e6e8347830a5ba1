"""The panels of a castle mat: storage tracks, token spots, the round and action reminder.

`mat_facts` derives every number a mat prints from the model: the storage caps (the
base cap, plus each `storage` effect's bonus, named after its building), the garrison
(the castle holds as many units as a land; `land_limit` effects add spots), the wounded
spots (`infirmary` capacities) and the army limit sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.tverdzha.model import Game
from pnp.art import style
from pnp.components.card_faces import mix
from pnp.art.draw import Pen, centred_text, icon, line, rect, rich, rich_height
from pnp.core.geometry import Box
from pnp.games.tverdzha.render.reminders import action_lines, card_effects, round_markup


@dataclass(frozen=True)
class Spot:
    label: str | None  # the building that opens this spot; None for the always-open ones


@dataclass(frozen=True)
class MatFacts:
    player: str
    caps: tuple[tuple[int, str | None], ...]  # (cap, building name or None for the base cap)
    garrison: tuple[Spot, ...]
    wounded: tuple[Spot, ...]
    army_note: str
    wounded_note: str
    track_top: int  # the storage track runs 0..track_top (components.storage_track)
    overflow_note: str | None  # how to count past the top with the marker's "+overflow" side


def _spots(base: int, levels: list[tuple[int, str]]) -> tuple[Spot, ...]:
    """`base` open spots, then one per extra place, labelled by the first card that opens it."""
    top = max([base] + [n for n, _ in levels])
    spots = [Spot(None) for _ in range(base)]
    for k in range(base + 1, top + 1):
        spots.append(Spot(min((n, i, name) for i, (n, name) in enumerate(levels) if n >= k)[2]))
    return tuple(spots)


def mat_facts(game: Game, player: str, lang: str) -> MatFacts:
    limits = game.limits
    caps = [(limits.storage_cap, None)]
    caps += sorted({(limits.storage_cap + e.param("bonus"), c.name.get(lang))
                    for c, e in card_effects(game, "storage")}, key=lambda t: t[0])
    land = [(e.param("limit"), c.name.get(lang)) for c, e in card_effects(game, "land_limit")]
    wounded = [(e.param("capacity"), c.name.get(lang)) for c, e in card_effects(game, "infirmary")]
    key = "mat_army_limit" if limits.army_castle_counts else "mat_army_limit_lands"
    track = game.components.storage_track
    overflow = game.ui("mat_overflow", lang, n=track.overflow) if track.overflow else None
    return MatFacts(player, tuple(_first_per_cap(caps)), _spots(limits.units_per_land, land),
                    _spots(0, wounded), game.ui(key, lang, per=limits.army_per_land),
                    game.ui("mat_wounded_note", lang), track.top, overflow)


def _first_per_cap(caps):
    seen, out = set(), []
    for cap, name in caps:
        if cap not in seen:
            seen.add(cap)
            out.append((cap, name))
    return out


# --- storage tracks ------------------------------------------------------------------------


TRACK_TOP = 19.0  # storage panel top to the track: title and resource icons


def track_cell(game: Game) -> float:
    """A storage track space: a marker and a little play."""
    return game.print.marker + 0.5


def storage_height(game: Game) -> float:
    """The storage panel: title, icons, one row per track value, a margin."""
    return TRACK_TOP + (game.components.storage_track.top + 1) * track_cell(game) + 3.0


def storage_svg(game: Game, box: Box, facts: MatFacts, pen: Pen, lang: str) -> str:
    """One column per resource, 0 at the bottom; rows above a cap are tinted and labelled,
    rows above every cap (held only until the round's end) tinted apart."""
    n = len(game.resources)
    cell = track_cell(game)
    rows = facts.track_top + 1
    x0, top = box.x + 3, box.y + TRACK_TOP
    out = ""
    for k, res in enumerate(game.resources):
        out += icon(pen, res.icon, x0 + k * cell + cell / 2, box.y + 13.5, 9)
    tints = _row_tints(facts, pen)
    for v in range(rows):
        y = top + (facts.track_top - v) * cell
        for k in range(n):
            b = Box(x0 + k * cell, y, cell, cell)
            out += rect(b, tints[v], pen.c("ink"), style.STROKE["thin"])
            out += centred_text(b.cx, b.cy, str(v), "sans-bold", 11, pen.c("muted"))
    labels = Box(x0 + n * cell, top, box.right - x0 - n * cell - 2, rows * cell)
    out += _cap_labels(facts, labels, cell, pen, game, lang)
    above = facts.track_top - max(c for c, _ in facts.caps)
    if facts.overflow_note and above > 0:
        out += rich(pen, facts.overflow_note, Box(labels.x + 3, top, labels.w - 3, above * cell), face="narrow",
                    size=8, min_size=7, valign="middle", where="storage overflow")
    return out


def _row_tints(facts: MatFacts, pen: Pen) -> dict[int, str]:
    shades = [pen.c("paper"), pen.c("panel"), pen.c("gold-light")]
    tints, low = {}, 0
    for k, (cap, _) in enumerate(facts.caps):
        for v in range(low, cap + 1):
            tints[v] = shades[min(k, len(shades) - 1)]
        low = cap + 1
    for v in range(low, facts.track_top + 1):
        tints[v] = mix(pen.c("point-dark"), 0.18)  # past every cap: burns at the round's end
    return tints


def _cap_labels(facts: MatFacts, col: Box, cell: float, pen: Pen, game: Game, lang: str) -> str:
    """A bracket and a label beside the rows each cap covers; a heavy line at each cap."""
    out, low = "", 0
    top_v = facts.track_top
    for cap, name in facts.caps:
        y_top = col.y + (top_v - cap) * cell
        y_bottom = col.y + (top_v - low + 1) * cell
        out += line(col.x - 4 * cell, y_top, col.x + 1.5, y_top, pen.c("ink"), 0.9)
        out += line(col.x + 1.5, y_top + 1, col.x + 1.5, y_bottom - 1, pen.c("ink"), 0.5)
        label = game.ui("mat_cap", lang, cap=cap)
        markup = f"**{name}**\n{label}" if name else f"**{label}**"
        out += rich(pen, markup, Box(col.x + 3, y_top, col.w - 3, y_bottom - y_top), face="narrow", size=9,
                    min_size=7, valign="middle", where="storage cap")
        low = cap + 1
    return out


# --- token spots -----------------------------------------------------------------------------


SPOT_PLAY, SPOT_GAP, SPOT_LABEL = 1.0, 3.0, 4.0  # a spot is a token + play; gap between; label below


def spots_height(game: Game, rows: int) -> float:
    """Height of `rows` rows of token spots with their labels."""
    return rows * (game.print.unit_token + SPOT_PLAY + SPOT_LABEL + 2) - 2


def spots_width(game: Game, per_row: int) -> float:
    return per_row * (game.print.unit_token + SPOT_PLAY + SPOT_GAP) - SPOT_GAP


def token_box_svg(game: Game, box: Box, spots: tuple[Spot, ...], token: float, pen: Pen, lang: str) -> str:
    """Squares a unit token fits on, as many per row as the box allows, labels below."""
    size, gap, label_h = token + SPOT_PLAY, SPOT_GAP, SPOT_LABEL
    per_row = max(1, int((box.w + gap) // (size + gap)))
    per_row = min(per_row, 2) if len(spots) == 4 else per_row
    out = ""
    for k, spot in enumerate(spots):
        r, c = divmod(k, per_row)
        in_row = min(per_row, len(spots) - r * per_row)
        x = box.cx - (in_row * size + (in_row - 1) * gap) / 2 + c * (size + gap)
        b = Box(x, box.y + r * (size + label_h + 2), size, size)
        dash = "2 1.2" if spot.label else None
        out += rect(b, pen.c("paper"), pen.c("ink"), style.STROKE["regular"], style.RADIUS["token"],
                    stroke_dasharray=dash)
        out += icon(pen, "unit", b.cx, b.cy, size * 0.6)
        if spot.label:
            out += centred_text(b.cx, b.bottom + 2.4, spot.label, "narrow-bold", 7.5, pen.c("ink"))
    return out


# --- round and actions ----------------------------------------------------------------------


def reminders_svg(game: Game, box: Box, pen: Pen, lang: str) -> str:
    """The round order in the first column, the actions in the others, in one framed panel."""
    out = rect(box, pen.c("paper"), pen.c("ink"), style.STROKE["regular"], style.RADIUS["panel"])
    cols, gap = 3, 4.0
    width = (box.w - 6 - (cols - 1) * gap) / cols
    inner = Box(box.x + 3, box.y + 2.5, box.w - 6, box.h - 5)
    size = 8.0
    heads = f"[round] **{game.ui('round_title', lang)}**\n" + round_markup(game, lang)
    out += rich(pen, heads, Box(inner.x, inner.y, width, inner.h), face="narrow", size=size, min_size=7,
                leading=1.12, where="round reminder")
    lines = [f"**{game.ui('actions_title', lang)}**"] + [a.markup for a in action_lines(game, lang)]
    split = _split(lines, width, size)
    for k, chunk in enumerate((lines[:split], lines[split:])):
        x = inner.x + (k + 1) * (width + gap)
        out += line(x - gap / 2, inner.y, x - gap / 2, inner.bottom, pen.c("line"), style.STROKE["thin"])
        out += rich(pen, "\n".join(chunk), Box(x, inner.y, width, inner.h), face="narrow", size=size,
                    min_size=7, leading=1.12, where="actions reminder")
    return out


def _split(lines: list[str], width: float, size: float) -> int:
    """Where to break the action list into two columns of about equal height."""
    heights = [rich_height(m, width, "narrow", size, 1.12) for m in lines]
    total, run, best = sum(heights), 0.0, (1e9, 1)
    for k in range(1, len(lines)):
        run += heights[k - 1]
        best = min(best, (max(run, total - run), k))
    return best[1]
