"""A data-only game's icons, mats, sheets and player aids hold what their renderers read: every
icon file is a plain SVG inside the game's folder, every area lies on its mat, every table fits
its sheet, and every text is set at 7 pt or more in its box, in every language the game ships
(the same boxes the renderer draws, `pnp.games.data.layout`). Each problem is at its line."""

from __future__ import annotations

from typing import Any, Iterator

from pnp.art.icons import icon_names
from pnp.checks.markup import markup_error
from pnp.core import typography
from pnp.core.errors import Problem, error
from pnp.games.data import layout
from pnp.games.data.parts import read_icon
from pnp.typeset import richtext

ID = "data-parts"

CODES = {
    "icon-file": "An icon the content names cannot be used: missing, outside the content's folder, not an SVG, "
                 "corrupt, too big, or an SVG with entities or references to other files.",
    "players-range": "game.players: the fewest players are more than the most.",
    "mat-area": "A mat's area that leaves the mat, covers its title band or overlaps another area.",
    "sheet-size": "A sheet whose table (its headings and rows) is taller than the sheet.",
    "part-fit": "A text of a mat, sheet or player aid that does not fit its box at 7 pt, or names an unknown icon.",
}


def check(game, lang: str | None = None) -> Iterator[Problem]:
    for icon in game.icons.values():
        if game.folder is not None:
            problem = read_icon(icon, game.folder)[1]
            if problem is not None:
                yield problem
    players = game.players
    if players is not None and players[0] > players[1]:
        yield error("players-range", f"game.players: expected min <= max, found min {players[0]} and max {players[1]}",
                    game.mark("game", "players"))
    for mat in game.mats:
        yield from _areas(mat)
    for sheet in game.sheets:
        short = layout.room_below(sheet)
        if short < 0:
            most = int((sheet.height - layout.MARGIN - layout.table_box(sheet).y - layout.HEAD_H) // sheet.row_height)
            yield error("sheet-size", f"sheet {sheet.id!r}: its table of {sheet.rows} rows {sheet.row_height:g} mm high is "
                        f"{-short:.1f} mm taller than the sheet ({sheet.height:g} mm)", sheet.mark,
                        f"at most {most} rows fit; make the sheet taller or the rows lower (row_height)")
    for code in (lang,) if lang else game.languages:
        if code in typography.TABLES:
            with typography.using(code):
                yield from _fits(game, code)


def _areas(mat) -> Iterator[Problem]:
    room = layout.mat_room(mat)
    for k, area in enumerate(mat.areas):
        box = area.box.box()
        if box.x < room.x - 1e-6 or box.y < room.y - 1e-6 or box.right > room.right + 1e-6 or box.bottom > room.bottom + 1e-6:
            yield error("mat-area", f"mat {mat.id!r}, area {k + 1}: expected a box inside x {room.x:g}–{room.right:g} "
                        f"and y {room.y:g}–{room.bottom:g} mm (inside the edge, below the title band), found "
                        f"x {box.x:g}–{box.right:g}, y {box.y:g}–{box.bottom:g}", area.box.mark,
                        "move or shrink the area, or make the mat larger")
        for j, other in enumerate(mat.areas[:k]):
            o = other.box.box()
            if box.x < o.right and o.x < box.right and box.y < o.bottom and o.y < box.bottom:
                yield error("mat-area", f"mat {mat.id!r}: area {k + 1} overlaps area {j + 1}", area.box.mark,
                            "areas print their frames and text: give each its own place")


def _slots(game, lang: str) -> Iterator[tuple[layout.Slot, Any]]:
    for mat in game.mats:
        yield from layout.mat_slots(mat, lang)
    for sheet in game.sheets:
        if layout.room_below(sheet) >= 0:
            yield from layout.sheet_slots(sheet, lang)
    for aid in game.aids:
        yield from layout.aid_slots(aid, game.print.card, lang)


def _fits(game, lang: str) -> Iterator[Problem]:
    for slot, source in _slots(game, lang):
        if markup_error(slot.markup):
            continue  # the markup check says so, at the text
        try:
            fit = layout.fit(slot)
        except ValueError:  # an icon the set lacks
            known = set(icon_names())
            unknown = sorted({name for name in (r.partition("~")[0] for r in richtext.icon_refs(slot.markup)) if name not in known})
            yield error("part-fit", f"{slot.where} ({lang}): unknown icon {', '.join(f'[{n}]' for n in unknown)}; "
                        f"the content's icons: {', '.join(sorted(game.icons)) or 'none'}", source.mark,
                        "an icon is written [name]: one of the content's `icons:` or of pnp's set")
            continue
        if not fit.fits:
            yield error("part-fit", f"{slot.where} ({lang}): expected the text to fit its {slot.box.w:.1f} x "
                        f"{slot.box.h:.1f} mm box at {slot.min_size:g} pt or more, found it "
                        f"{fit.overflow_mm:.1f} mm too tall{' with a word broken' if fit.broken_words else ''}",
                        source.mark, "shorten the text or give it a larger box")
