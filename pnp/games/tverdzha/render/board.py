"""The lens board: one large page (A3, or the board's own size) and the same board tiled.

Everything is drawn from the board graph (`board_layout`): cells with their ids (for
setup and for recording games) and the land tile's outline, castles with a gate in
front of each entrance cell, the entrance cells ringed in the player's colour (the ring
stays visible around a laid tile), the fixed lands (citadel, mine) with their yield,
the score track around the lens and two compasses (which end is A, which is B). Text on
B's half is turned to face B.

Why the score track is here and not on the mats: the race to the victory points is
public and shared, one track shows who leads at a glance, and the lens leaves the
rectangle's four corners free for it while the mats are full of the castle economy.
"""

from __future__ import annotations

from pnp.games.tverdzha import ui_keys
from pnp.games.tverdzha.model import Game
from pnp.art import style, svg
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.components.board_sheet import write_board
from pnp.games.tverdzha.render.board_layout import BoardLayout, CastlePlace, CellPlace, layout
from pnp.components.card_faces import mix
from pnp.art.draw import Pen, centred_text, circle, icon, line, polygon, rect, rich, turned
from pnp.core.geometry import Box
from pnp.art.icons import icon_defs
from pnp.print.tile_plan import Part
from pnp.games.tverdzha.rules.compiled import LAND_YIELD

TILE_GUIDE = "2.2 1.6"  # dash pattern of the land tile outline
TRACK_LINE = 1.2  # mm: the line that joins the score track's spaces
TRACK_MAJOR = 0.55  # every fifth score space: this share of the guide-line colour (a grey in the ink saver)


def land_yield() -> int:
    """Units a held land yields per round: the rules engine's number (the content has none)."""
    return LAND_YIELD


def _faces(player: str, game: Game) -> float:
    """Rotation for text that faces `player`: A reads the board from the bottom."""
    return 0.0 if player == game.players[0] else 180.0


# --- cells ------------------------------------------------------------------------------


def cell_svg(game: Game, cell: CellPlace, pen: Pen, lang: str) -> str:
    b = cell.box
    if cell.land:
        return _fixed_land(game, cell, pen, lang)
    out = rect(b, pen.c("paper"), pen.c("ink"), style.STROKE["regular"], style.RADIUS["panel"])
    tile = game.print.land_tile
    guide = Box(b.cx - tile / 2, b.cy - tile / 2, tile, tile)
    out += rect(guide, "none", pen.c("line"), style.STROKE["thin"], stroke_dasharray=TILE_GUIDE)
    label = centred_text(b.cx, b.cy, cell.id.upper(), "sans-bold", 26, pen.c("line"))
    out += turned(label, b.cx, b.cy, _faces(cell.faces, game))
    if cell.entrance_of:
        out += _entrance(game, cell, pen, lang)
    return out


def _entrance(game: Game, cell: CellPlace, pen: Pen, lang: str) -> str:
    """A ring in the player's colour that stays visible around the land tile, and a word."""
    b, tile = cell.box, game.print.land_tile
    ring = (b.w - tile) / 2
    colour = pen.player(cell.entrance_of)
    out = rect(b.inset(ring / 2), "none", colour, ring, style.RADIUS["panel"])
    word = game.ui("entrance", lang) + " " + cell.entrance_of
    caption = centred_text(b.cx, b.cy + 9, word, "sans-bold", 8, colour)
    return out + turned(caption, b.cx, b.cy, _faces(cell.entrance_of, game))


def _fixed_land(game: Game, cell: CellPlace, pen: Pen, lang: str) -> str:
    """Citadel and mine are printed: icon, name and yield, once for each player."""
    b, land = cell.box, game.land(cell.land)
    tint = style.palette(pen.ink_saver).get(land.icon, pen.c("panel"))
    out = rect(b, mix(tint, 0.45), pen.c("ink"), style.STROKE["bold"], style.RADIUS["panel"])
    out += icon(pen, land.icon, b.cx, b.cy, 16)
    lines = [land.name.get(lang)]
    if land.yields:
        mark = f"[{game.resource(land.yields).icon}]"
        lines.append(game.ui("board_yield", lang, amount=land_yield(), resource=mark))
    if land.points:
        lines.append(game.ui("board_land_points", lang, points=land.points))
    text_box = Box(b.x + 2, b.cy + 9.5, b.w - 4, b.bottom - 1.5 - (b.cy + 9.5))
    half = rich(pen, "\n".join([f"**{lines[0]}**"] + lines[1:]), text_box, face="narrow", size=9,
                min_size=7, leading=1.05, align="center", valign="middle", where=f"cell {cell.id}")
    return out + half + turned(half, b.cx, b.cy, 180)


# --- castles ------------------------------------------------------------------------------


def castle_svg(game: Game, castle: CastlePlace, pen: Pen, lang: str) -> str:
    colour = pen.player(castle.player)
    out = _merlons(castle, colour, pen)
    out += polygon(castle.polygon, colour, pen.c("ink"), style.STROKE["bold"])
    for _, x in castle.gates:
        out += icon(pen, "entrance", x, castle.inner_y, 11)
    box = castle.box
    cy = (castle.inner_y + castle.outer_y) / 2
    inner = _castle_face(game, castle, pen, lang, box.cx, cy)
    return out + turned(inner, box.cx, cy, _faces(castle.player, game))


def _castle_face(game: Game, castle: CastlePlace, pen: Pen, lang: str, cx: float, cy: float) -> str:
    """Drawn as A sees it (inner wall on top); B's castle is turned as a whole."""
    on = pen.c("on-colour")
    player_icon = f"player-{castle.player.lower()}"
    out = icon(pen, player_icon, cx - 27, cy + 1, 13)
    out += icon(pen, "castle", cx + 27, cy + 1, 13)
    out += centred_text(cx, cy - 2.5, castle.player, "serif-bold", 34, on)
    name = game.ui("board_castle", lang, player=castle.player)
    out += centred_text(cx, cy + 11, name, "sans-bold", 9, on)
    out += centred_text(cx, cy + 17, game.ui("board_castle_note", lang), "narrow", 7, on)
    return out


def _merlons(castle: CastlePlace, colour: str, pen: Pen) -> str:
    """Battlements on the outer wall, so the castle reads as a castle from across the table."""
    xs = [p[0] for p in castle.polygon if abs(p[1] - castle.outer_y) < 1e-6]
    left, right = min(xs), max(xs)
    n, depth = 5, 3.2
    width = (right - left) / (2 * n - 1)
    sign = 1 if castle.at_bottom else -1
    out = ""
    for k in range(n):
        x = left + 2 * k * width
        y = castle.outer_y if sign > 0 else castle.outer_y - depth
        out += rect(Box(x, y - (0.6 if sign > 0 else -0.6), width, depth + 0.6), colour, pen.c("ink"),
                    style.STROKE["regular"])
    return out


# --- score track --------------------------------------------------------------------------


def track_svg(game: Game, lay: BoardLayout, pen: Pen, lang: str) -> str:
    """The spaces on one drawn loop, so the eye follows 10 to 11 around the board.

    Every fifth space is tinted and ringed in bold (the tint stays grey in the ink saver);
    the winning score carries the victory point icon.
    """
    loop = " ".join(f"{x:.3f} {y:.3f}" for x, y in lay.track_loop)
    out = svg.path(f"M {loop} Z", fill="none", stroke=pen.c("line"), stroke_width=TRACK_LINE)
    win = game.victory.points
    for s in lay.track:
        major = s.value % 5 == 0
        fill = pen.c("gold-light") if s.value == win else (mix(pen.c("line"), TRACK_MAJOR) if major else pen.c("paper"))
        width = style.STROKE["bold"] if major or s.value == 0 else style.STROKE["regular"]
        out += circle(s.x, s.y, s.r, fill, pen.c("ink"), width)
        if s.value == win:
            label = icon(pen, "point", s.x, s.y - s.r * 0.48, s.r * 0.8) + centred_text(
                s.x, s.y + s.r * 0.3, str(s.value), "sans-bold", 11, pen.c("ink"))
        else:
            label = centred_text(s.x, s.y, str(s.value), "sans-bold", 12 if major else 10, pen.c("ink"))
        out += turned(label, s.x, s.y, _faces(s.faces, game))
    return out


# --- compass ----------------------------------------------------------------------------


def compass_svg(game: Game, player: str, cx: float, cy: float, r: float, pen: Pen, lang: str) -> str:
    """A needle that points along the board: its B half towards B's castle, A half towards A's.

    The needle is never turned (it shows real directions); only the letters face the reader.
    """
    a, b = game.players[0], game.players[1]
    out = circle(cx, cy, r, pen.c("paper"), pen.c("ink"), style.STROKE["regular"])
    tip, half = r * 0.86, r * 0.24
    out += polygon(((cx, cy - tip), (cx + half, cy), (cx - half, cy)), pen.player(b), pen.c("ink"),
                   style.STROKE["thin"])
    out += polygon(((cx, cy + tip), (cx + half, cy), (cx - half, cy)), pen.player(a), pen.c("ink"),
                   style.STROKE["thin"])
    turn = _faces(player, game)
    for who, y in ((b, cy - r * 0.45), (a, cy + r * 0.45)):
        x = cx + r * 0.55
        out += turned(centred_text(x, y, who, "serif-bold", 14, pen.player(who)), x, y, turn)
    return out


# --- the whole board ------------------------------------------------------------------------


def board_body(game: Game, lay: BoardLayout, pen: Pen, lang: str) -> str:
    lens = svg.path(lay.outline, fill=mix(pen.c("castle"), 0.35), stroke=pen.c("ink"),
                    stroke_width=style.STROKE["bold"] * 1.5)
    out = [lens, track_svg(game, lay, pen, lang)]
    out += [castle_svg(game, c, pen, lang) for c in lay.castles]
    out += [cell_svg(game, c, pen, lang) for c in lay.cells]
    out += [compass_svg(game, p, x, y, min(r, 14.0), pen, lang) for p, x, y, r in lay.compasses]
    return "".join(out)


def board_part(game: Game, lang: str, ink_saver: bool = False) -> tuple[Part, Pen, BoardLayout]:
    lay = layout(game)
    pen = Pen(ink_saver)
    body = board_body(game, lay, pen, lang)
    return Part(lay.width, lay.height, body, icon_defs(pen.icons, ink_saver)), pen, lay


@register
class BoardRenderer(Renderer):
    name = "board"
    ui = ui_keys.BOARD
    shares = "table"  # its own lens board: a table image and a picture, not (yet) a print-shop board
    cost = 1.5

    def masters(self, game: Game, ctx: RenderContext) -> Part:
        """The board as a tiling part (the TTS and preview exporters reuse it)."""
        return board_part(game, ctx.options.lang, ctx.options.ink_saver)[0]

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        opts = ctx.options
        part, pen, _ = board_part(game, opts.lang, opts.ink_saver)
        ctx.made[self.name] = part  # drawn once: this is its master
        ctx.notes.extend(f"board: {n}" for n in pen.notes)
        return write_board(game, ctx, part)
