"""The fortress wall as paper pieces: one piece per wall segment, plus the spares.

A piece is a double wall that stands on one hex edge. Its net, from top to bottom: a
foot, face A, the ridge (a mountain fold: the two faces are glued back to back, so the
crenels, cut out across the ridge, go through both), face B, the other foot. Face B
carries a glue tab at each end that wraps round the wall's end onto face A; so both
ends are fold lines, and the distance between them, the piece's assembled length, is
the printed hex edge (across_flats / √3, from the model). The feet fold out (valley
folds), one into each of the two hexes; each foot is printed with the name of the hex
it lies in, and the face with both, so a player knows where the piece goes.

Corners, decided: the wall is a chain of free-standing segments butted end to end at the
hex corners (the wall turns 120° there), never glued to each other, so a destroyed
segment is simply lifted off the field. The feet's ends are cut at 30° (shortened by
foot / √3), so the feet of two segments meeting at a corner touch along the corner's
bisector instead of overlapping, whichever side of the wall the corner turns to.

The footprint: the wall itself is two sheets thick on the edge; the feet reach
FOOT_SHARE of the hex's across-flats into each hex, so the rest of the hex, around its
centre, stays free for a standee.
"""

from __future__ import annotations

import math

from pnp.art import svg
from pnp.art.draw import Pen, centred_text
from pnp.games.oborona_zamka.model import Game, RowCol, cell_id
from pnp.components.pieces import Piece
from pnp.games.oborona_zamka.render.papercraft import Net, cut, glue, merlons, mountain, stones, valley

FOOT_SHARE = 0.1  # of the hex's across-flats: 3.4 mm of a 34 mm hex
HEIGHT_SHARE = 1.0  # wall height to the ridge, of the edge: as high as it is long
TAB_SHARE = 0.2  # end tab width, of the edge
CRENEL_SHARE = 0.16  # crenel depth, of the edge
PARTS = 5  # merlon, crenel, merlon, crenel, merlon
NAME_PT, NUMBER_PT, FOOT_PT = 6.5, 5.0, 5.0


def edge(game: Game) -> float:
    """The printed hex edge in mm: a wall segment spans exactly one."""
    return game.field.across_flats / math.sqrt(3)


class Geometry:
    """A wall piece's measures, all from the hex size."""

    def __init__(self, game: Game) -> None:
        self.length = edge(game)
        self.foot = FOOT_SHARE * game.field.across_flats
        self.height = HEIGHT_SHARE * self.length
        self.tab = TAB_SHARE * self.length
        self.crenel = CRENEL_SHARE * self.length
        self.chamfer = self.foot / math.sqrt(3)  # the feet meet on the bisector of a 120° corner

    @property
    def width(self) -> float:
        return self.length + 2 * self.tab

    @property
    def depth(self) -> float:
        return 2 * self.foot + 2 * self.height


def wall_net(game: Game, lang: str, pen: Pen, segment: tuple[RowCol, RowCol] | None, number: int) -> Net:
    """The net of one wall piece: `segment` the two hexes it stands between (None: a spare)."""
    names = (game.hex_name(segment[0], lang), game.hex_name(segment[1], lang)) if segment else None
    g = Geometry(game)
    L, f, H, t, c, x0 = g.length, g.foot, g.height, g.tab, g.chamfer, g.tab
    ridge, bottom = f + H, f + 2 * H
    k = t * 0.6  # the tabs' corners are cut off so they clear the ridge and the foot when folded

    def at(x: float, y: float) -> tuple[float, float]:
        return x0 + x, y

    step = L / PARTS
    out = stones(pen, *at(0, f), L, H, H / 5, flip=True) + stones(pen, *at(0, ridge), L, H, H / 5)
    out += svg.rect(*at(c, 0), L - 2 * c, f, fill=pen.c("castle"))
    out += svg.rect(*at(c, bottom), L - 2 * c, f, fill=pen.c("castle"))
    for side in (0, L - t):  # where the end tabs land on face A
        out += glue([at(side, f), at(side + t, f), at(side + t, ridge), at(side, ridge)], "")
    for x_end, sign in ((0, -1), (L, 1)):
        tab = [at(x_end, ridge), at(x_end + sign * t, ridge + k), at(x_end + sign * t, bottom - k), at(x_end, bottom)]
        out += glue(tab, game.ui("tile_glue", lang), 4.5, turn=-90 * sign)
    out += _labels(game, lang, pen, g, names, number)
    outline = [at(c, 0), at(L - c, 0), at(L, f), at(L, ridge), at(L + t, ridge + k), at(L + t, bottom - k),
               at(L, bottom), at(L - c, bottom + f), at(c, bottom + f), at(0, bottom), at(-t, bottom - k),
               at(-t, ridge + k), at(0, ridge), at(0, f)]
    out += cut(outline, closed=True)
    for j in range(1, PARTS, 2):  # the crenels: holes across the ridge, through both faces once folded
        a, b = j * step, (j + 1) * step
        out += cut([at(a, ridge - g.crenel), at(b, ridge - g.crenel), at(b, ridge + g.crenel), at(a, ridge + g.crenel)],
                   closed=True)
    for j in range(0, PARTS, 2):  # the ridge folds only where the merlons are
        out += mountain(at(j * step, ridge), at((j + 1) * step, ridge))
    out += mountain(at(0, ridge), at(0, bottom)) + mountain(at(L, ridge), at(L, bottom))
    out += valley(at(0, f), at(L, f)) + valley(at(0, bottom), at(L, bottom))
    return Net(g.width, g.depth, out, _title(game, lang, names), _slug(segment, number))


def _title(game: Game, lang: str, names: tuple[str, str] | None) -> str:
    """The piece's name as printed: 'Стена 6-2 · 7-2', 'Стена (запасная)'."""
    return f"{game.ui('wall', lang)} {' · '.join(names) if names else '(' + game.ui('models_spare', lang) + ')'}"


def _slug(segment: tuple[RowCol, RowCol] | None, number: int) -> str:
    """A file name for the piece: by the hexes' ids, which stay file-safe whatever the field prints."""
    return f"wall-{cell_id(segment[0])}-{cell_id(segment[1])}" if segment else f"wall-spare-{number}"


def segments(game: Game) -> list[tuple[RowCol, RowCol] | None]:
    """What each wall piece is for, in print order: the field's segments, then None for each spare."""
    found: list[tuple[RowCol, RowCol] | None] = list(game.field.walls())
    return found + [None] * game.components.spare_wall_segments


def _face_words(game: Game, lang: str, pen: Pen, cx: float, top: float, height: float,
                names: tuple[str, str] | None, number: int) -> str:
    """What a face says, upright, for a face whose top (the ridge) is at `top`: its hexes and number."""
    ink = pen.c("ink")
    words = " · ".join(names) if names else game.ui("models_spare", lang)
    return (centred_text(cx, top + height * 0.5, words, "sans-bold", NAME_PT, ink)
            + centred_text(cx, top + height * 0.78, f"№ {number}", "sans", NUMBER_PT, ink))


def _labels(game: Game, lang: str, pen: Pen, g: Geometry, names: tuple[str, str] | None, number: int) -> str:
    """The segment's hexes on both faces and the hex's own name on each foot."""
    cx, ink = g.tab + g.length / 2, pen.c("ink")
    ridge = g.foot + g.height
    face_b = _face_words(game, lang, pen, cx, ridge, g.height, names, number)
    out = face_b + svg.wrap(face_b, transform=svg.rotate(180, cx, ridge))  # face A is upside down in the net
    if names:
        foot_b = g.foot + 2 * g.height + g.foot / 2
        out += centred_text(cx, foot_b, names[1], "sans-bold", FOOT_PT, ink)
        out += svg.wrap(centred_text(cx, g.foot / 2, names[0], "sans-bold", FOOT_PT, ink),
                        transform=svg.rotate(180, cx, g.foot / 2))
    return out


def wall_face(game: Game, lang: str, pen: Pen, segment: tuple[RowCol, RowCol] | None, number: int) -> str:
    """A wall piece as it stands (both faces look alike), an SVG document: stone, merlons, words."""
    g = Geometry(game)
    names = (game.hex_name(segment[0], lang), game.hex_name(segment[1], lang)) if segment else None
    outline = merlons(0, g.length, 0, g.crenel, PARTS, True) + [(g.length, g.height), (0, g.height)]
    clip = svg.wrap(svg.polygon(outline), "clipPath", id="wall-face")
    body = stones(pen, 0, 0, g.length, g.height, g.height / 5) + _face_words(
        game, lang, pen, g.length / 2, 0, g.height, names, number)
    return svg.document(g.length, g.height, clip + svg.wrap(body, clip_path="url(#wall-face)"))


def wall_pieces(game: Game, lang: str, ink_saver: bool) -> tuple[Piece, ...]:
    """Every wall piece as a two-sided piece (pnp.components.pieces), for the exporters."""
    pen, g = Pen(ink_saver), Geometry(game)
    pieces = []
    for number, segment in enumerate(segments(game), start=1):
        names = (game.hex_name(segment[0], lang), game.hex_name(segment[1], lang)) if segment else None
        face = wall_face(game, lang, pen, segment, number)
        pieces.append(Piece(_slug(segment, number), _title(game, lang, names), "wall", face, face, g.length, g.height,
                            group_name=game.ui("wall_legend", lang)))
    return tuple(pieces)


def wall_nets(game: Game, lang: str, ink_saver: bool) -> list[Net]:
    """Every wall piece's net: one per segment of the field's wall (in the field's order), then the spares."""
    pen = Pen(ink_saver)
    return [wall_net(game, lang, pen, segment, n) for n, segment in enumerate(segments(game), start=1)]
