"""The `standees` renderer: every race's army as fold-over paper figures.

One standee is one strip, printed on one side and cut along its solid outline:

    [ back's foot | back face, upside down | fold | front face | front's foot ]

Folded at the middle (the top of the figure) the two faces lie back to back, head to
head, and are glued; the two feet fold out to opposite sides and the figure stands. The
back face is the figure seen from behind, printed turned half round, so after the fold it
covers the front exactly (tests/games/oborona_zamka/test_standees.py measures it).

Sizes, decided: the figure is exactly one hex edge wide (across_flats / √3, 19.6 mm on
the shipped field), so a standee on a hex faces one of its sides and never reaches past
it; it is as tall as the hex is wide (across_flats); the two feet together span
FOOT_SHARE of the hex's width between flat sides, so they stay inside the hex too.

Each face carries the race's figure (race_art), a commander's crown, banner and bevelled
double frame against a warrior's plain rounded one, and the figure's label: «Командир»
on a ribbon, or the warrior's number in a disc. The feet repeat the race and the label,
readable from above. The strips are imposed on home sheets by pnp.print.imposition (crop
marks, scale bar, page label), lying across the sheet: 25 fit on one A4 or Letter page.

`masters()` are the pieces for the exporters (pnp.components.pieces.Piece): each face on
its own, as it stands.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.art import style, svg
from pnp.art.draw import Pen, circle, line, polygon, rect, rich
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.components.pieces import Piece
from pnp.games.oborona_zamka import ui_keys
from pnp.games.oborona_zamka.model import Game, Race
from pnp.games.oborona_zamka.render import race_art
from pnp.print import pdf
from pnp.core.geometry import Box
from pnp.print.imposition import SheetText, impose_pages

FOOT_SHARE = 0.7  # of the hex's width between flat sides: both feet together
MARGIN = 0.6  # white between the cut (or fold) and a face's frame: a slightly missed cut shows no colour
LABEL_H = 5.0  # the label band at the bottom of a face
ART_PAD = 0.5  # between the frame and the figure
BEVEL = 2.2  # a commander's frame has its corners cut off by this much
GROUND = 0.16  # how much of the race's colour tints a face's ground
FOLD_DASH = "1.2 0.8"


@dataclass(frozen=True)
class Size:
    width: float  # the hex edge
    face: float  # one face's height
    foot: float  # one foot's depth

    @property
    def strip(self) -> float:
        return 2 * (self.face + self.foot)


def size(game: Game) -> Size:
    flats = game.field.across_flats
    return Size(flats / math.sqrt(3), flats, FOOT_SHARE * flats / 2)


@dataclass(frozen=True)
class Standee:
    race: Race
    number: int  # 0 for a commander, else the warrior's number from 1
    label: str  # «Командир» or «Воин 2», as printed

    @property
    def commander(self) -> bool:
        return self.number == 0

    @property
    def id(self) -> str:
        return f"{self.race.id}-{'commander' if self.commander else self.number}"


def figures(game: Game, lang: str) -> list[Standee]:
    """Every race's standees: its commanders first, then its warriors numbered from 1."""
    found = []
    for race in game.races:
        for k in range(game.components.standees_per_race):
            number = 0 if k < game.commanders else k - game.commanders + 1
            label = game.ui("commander", lang) if number == 0 else game.ui("standee_warrior", lang, n=number)
            found.append(Standee(race, number, label))
    return found


# --- one face -----------------------------------------------------------------------------------


def _panel(fig: Standee, box: Box, pen: Pen) -> str:
    """The face's frame: a warrior's rounded, a commander's bevelled and doubled."""
    ground = pen.c("paper") if pen.ink_saver else style.tint(fig.race.colour, GROUND)
    edge = pen.c("ink") if pen.ink_saver else fig.race.colour
    if not fig.commander:
        return rect(box, ground, edge, style.STROKE["thin"], style.RADIUS["panel"])
    gold = pen.c("ink") if pen.ink_saver else pen.c("gold")
    return (polygon(_bevelled(box, BEVEL), ground, gold, style.STROKE["bold"])
            + polygon(_bevelled(box.inset(0.9), BEVEL - 0.4), "none", edge, style.STROKE["thin"]))


def _bevelled(box: Box, cut: float) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = box.x, box.y, box.right, box.bottom
    return [(x0 + cut, y0), (x1 - cut, y0), (x1, y0 + cut), (x1, y1 - cut), (x1 - cut, y1), (x0 + cut, y1),
            (x0, y1 - cut), (x0, y0 + cut)]


def _label(fig: Standee, band: Box, pen: Pen) -> str:
    """«Командир» on a ribbon, or the warrior's number in a disc."""
    ink = pen.c("ink")
    if fig.commander:
        notch = band.h * 0.3
        ribbon = [(band.x, band.y), (band.right, band.y), (band.right - notch, band.cy), (band.right, band.bottom),
                  (band.x, band.bottom), (band.x + notch, band.cy)]
        out = polygon(ribbon, pen.c("gold-light") if pen.ink_saver else pen.c("gold"), ink, style.STROKE["thin"])
        return out + rich(pen, f"**{fig.label}**", band.inset(0.3).outset(-notch + 0.3, 0), face="narrow", size=7.5,
                          min_size=5.0, align="center", valign="middle", where=f"standee {fig.id}")
    r = band.h / 2 - 0.2
    disc = pen.c("paper") if pen.ink_saver else fig.race.colour
    return circle(band.cx, band.cy, r, disc, ink, style.STROKE["thin"]) + rich(
        pen, f"**{fig.number}**", Box(band.cx - r, band.cy - r, 2 * r, 2 * r), face="sans", size=8.0, min_size=6.0,
        align="center", valign="middle", fill=pen.c("ink") if pen.ink_saver else pen.c("on-colour"),
        where=f"standee {fig.id}")


def face(fig: Standee, sz: Size, pen: Pen, *, back: bool) -> str:
    """One face, `sz.width` x `sz.face` mm, head at the top: the front, or the back as seen from behind."""
    panel = Box(MARGIN, MARGIN, sz.width - 2 * MARGIN, sz.face - 2 * MARGIN)
    band = Box(panel.x + 1.4, panel.bottom - LABEL_H - 0.5, panel.w - 2.8, LABEL_H)
    art = Box(panel.x + ART_PAD, panel.y + ART_PAD, panel.w - 2 * ART_PAD, band.y - panel.y - ART_PAD)
    scale = min(art.w / race_art.FRAME_W, art.h / race_art.FRAME_H)
    x = art.x + (art.w - race_art.FRAME_W * scale) / 2
    y = art.bottom - race_art.FRAME_H * scale
    drawing = race_art.draw(race_art.figure(fig.race.id), race_art.Colours(fig.race.colour, pen.ink_saver),
                            back=back, commander=fig.commander)
    return (rect(Box(0, 0, sz.width, sz.face), pen.c("paper")) + _panel(fig, panel, pen)
            + svg.wrap(drawing, transform=f"{svg.translate(x, y)} {svg.scale(scale)}") + _label(fig, band, pen))


def foot(fig: Standee, sz: Size, pen: Pen, lang: str) -> str:
    """A foot, `sz.width` x `sz.foot` mm, the fold at its top: the race and the label, read from above."""
    text = f"**{fig.race.name.get(lang)}**\n{fig.label}"
    ground = pen.c("paper") if pen.ink_saver else style.tint(fig.race.colour, GROUND)
    return (rect(Box(0, 0, sz.width, sz.foot), pen.c("paper"))
            + rect(Box(MARGIN, MARGIN, sz.width - 2 * MARGIN, sz.foot - 2 * MARGIN), ground,
                   radius=style.RADIUS["panel"])
            + rich(pen, text, Box(MARGIN, MARGIN, sz.width - 2 * MARGIN, sz.foot - 2 * MARGIN), face="narrow",
                   size=7.0, min_size=5.0, align="center", valign="middle", leading=1.1, where=f"foot {fig.id}"))


# --- the strip ----------------------------------------------------------------------------------


def folds(sz: Size) -> tuple[float, float, float]:
    """Where the strip folds, from its back end: the back's foot, the top of the figure, the front's foot."""
    return sz.foot, sz.foot + sz.face, sz.foot + 2 * sz.face


def strip(fig: Standee, sz: Size, pen: Pen, lang: str) -> str:
    """The whole strip standing up (`sz.width` x `sz.strip`): the back half turned half round."""
    w = sz.width
    back_foot, top, front_foot = folds(sz)
    half_turn = svg.rotate(180)
    out = (svg.wrap(foot(fig, sz, pen, lang), transform=f"{svg.translate(w, back_foot)} {half_turn}")
           + svg.wrap(face(fig, sz, pen, back=True), transform=f"{svg.translate(w, top)} {half_turn}")
           + svg.wrap(face(fig, sz, pen, back=False), transform=svg.translate(0, top))
           + svg.wrap(foot(fig, sz, pen, lang), transform=svg.translate(0, front_foot)))
    muted, thin = pen.c("muted"), style.STROKE["hair"]
    out += "".join(line(0, y, w, y, muted, 0.2, stroke_dasharray=FOLD_DASH) for y in folds(sz))
    return out + rect(Box(thin / 2, thin / 2, w - thin, sz.strip - thin), "none", muted, thin)


def strip_master(fig: Standee, sz: Size, pen: Pen, lang: str) -> str:
    """The strip lying across the sheet (`sz.strip` x `sz.width` mm), its back end on the left."""
    lying = svg.wrap(strip(fig, sz, pen, lang), transform=f"{svg.translate(0, sz.width)} {svg.rotate(-90)}")
    return svg.document(sz.strip, sz.width, lying)


def pieces(game: Game, lang: str, ink_saver: bool) -> tuple[Piece, ...]:
    sz, found = size(game), []
    for fig in figures(game, lang):
        pen = Pen(ink_saver)
        front, back = (svg.document(sz.width, sz.face, face(fig, sz, pen, back=b)) for b in (False, True))
        found.append(Piece(fig.id, f"{fig.race.name.get(lang)} · {fig.label}", fig.race.id, front, back,
                           sz.width, sz.face, group_name=fig.race.name.get(lang)))
    return tuple(found)


def sheet_pages(game: Game, options) -> tuple[list[pdf.Page], list[str]]:
    """The home sheets (one-sided: a standee folds its own back) and the notes of text that shrank."""
    lang, sz, pen = options.lang, size(game), Pen(options.ink_saver)
    masters = [strip_master(fig, sz, pen, lang) for fig in figures(game, lang)]
    component = game.ui("comp_standees", lang)
    label = f"{component} · {game.ui('print_page', lang, page='{i}', pages='{n}')}"
    text = SheetText(label, label, game.ui("print_scale", lang))
    sheets = impose_pages(masters, masters, trim=(sz.strip, sz.width), bleed=0.0, text=text, paper=options.paper)
    return list(sheets.fronts), pen.notes + list(sheets.notes)


@register
class StandeesRenderer(Renderer):
    name = "standees"
    ui = ui_keys.STANDEES
    kinds = ("tokens",)
    cost = 0.4
    shares = "pieces"

    def masters(self, game: Game, ctx: RenderContext) -> tuple[Piece, ...]:
        return pieces(game, ctx.options.lang, ctx.options.ink_saver)

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        lang = ctx.options.lang
        pages, notes = sheet_pages(game, ctx.options)
        ctx.notes.extend(f"standees: {n}" for n in notes)
        info = pdf.DocInfo(f"{game.title.get(lang)}: {game.ui('comp_standees', lang)}", duplex="none")
        return ctx.write_sheets(f"{game.id}-{lang}-standees", "tokens", (pdf.render(pages, info), len(pages)))
