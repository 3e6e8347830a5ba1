"""The five races as procedural vector figures: an orc, a skeleton, a dwarf, a knight, a mouse musketeer.

Each figure is drawn in its own frame, FRAME_W x FRAME_H units, feet on the bottom line,
facing the viewer. It is a list of parts, each a closed path and the role of its colour:
the silhouette (body, weapons, ears...) gets one dark outline around the whole shape
(every part stroked wide in ink first, then filled on top), the details (eyes, belts,
ribs) sit inside it. The back is the same silhouette seen from behind: mirrored left to
right, with the details of a back (no face), so a fold-over standee's two faces cover
each other exactly.

Colours are roles, not values: "body" is the race's colour from the content, the others
are palette keys (pnp.art.style). The ink-saver variant keeps the outline and turns every
fill into a pale tint, as the rest of the kit does. A commander gets a crown and a banner
on a pole: his silhouette differs, not only his colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from pnp.art import style, svg

FRAME_W, FRAME_H = 60.0, 100.0  # the units every figure is drawn in
OUTLINE = 1.4  # units: the silhouette's outline (about 0.35 mm on a 25 mm tall figure)
DETAIL = 0.7  # units: the strokes around details

#: colour roles -> palette keys ("body" is the race's own colour)
ROLES = {"steel": "steel", "wood": "wood", "gold": "gold", "light": "paper", "dark": "ink", "fur": "stone",
         "plume": "ribbon", "beard": "grain"}

Part = tuple[str, str]  # (colour role, path data)


def d(*items: str | float) -> str:
    """Path data from commands and numbers: d("M", 1, 2, "L", 3, 4, "Z")."""
    return " ".join(item if isinstance(item, str) else svg.num(item, 2) for item in items)


def poly(*coords: float) -> str:
    """A closed polygon through (x, y) pairs."""
    pairs = list(zip(coords[::2], coords[1::2]))
    return d("M", *pairs[0], *(v for p in pairs[1:] for v in ("L", *p)), "Z")


def ellipse(cx: float, cy: float, rx: float, ry: float | None = None) -> str:
    ry = rx if ry is None else ry
    return d("M", cx - rx, cy, "A", rx, ry, 0, 1, 0, cx + rx, cy, "A", rx, ry, 0, 1, 0, cx - rx, cy, "Z")


@dataclass(frozen=True)
class Figure:
    silhouette: tuple[Part, ...]  # outlined as one shape
    front: tuple[Part, ...]  # details of the face side
    back: tuple[Part, ...]  # details of the back, in the front's coordinates (mirrored with it)
    crown: tuple[float, float]  # (x, y) of the top of the head: where a commander's crown sits
    banner_x: float  # where a commander's banner pole stands (the side free of weapons)


def _orc() -> Figure:
    belt = ("dark", poly(13, 67, 47, 67, 46, 71, 14, 71))
    return Figure(
        silhouette=(("body", poly(19, 78, 28, 78, 29, 100, 18, 100)), ("body", poly(32, 78, 41, 78, 42, 100, 31, 100)),
                    ("body", ellipse(30, 60, 17, 20)),
                    ("body", poly(15, 48, 7, 76, 14, 79, 20, 55)), ("body", poly(43, 49, 53, 38, 57, 43, 47, 58)),
                    ("wood", poly(51, 46, 54, 46, 56, 22, 53, 22)), ("steel", poly(47, 8, 59, 8, 59, 24, 49, 27)),
                    ("body", poly(21, 33, 8, 25, 22, 40)), ("body", poly(39, 33, 52, 25, 38, 40)),
                    ("body", ellipse(30, 35, 10, 9))),
        front=(belt, ("light", ellipse(26, 33, 1.8)), ("light", ellipse(34, 33, 1.8)),
               ("dark", ellipse(26.3, 33.4, 0.8)), ("dark", ellipse(33.7, 33.4, 0.8)),
               ("light", poly(24.5, 39, 26, 44, 27.5, 39)), ("light", poly(32.5, 39, 34, 44, 35.5, 39))),
        back=(belt, ("dark", poly(29, 45, 31, 45, 31, 66, 29, 66))),
        crown=(30, 26), banner_x=5)


def _skeleton() -> Figure:
    ribs = tuple(("dark", poly(22, y, 38, y, 37, y + 1.6, 23, y + 1.6)) for y in (45, 50, 55))
    return Figure(
        silhouette=(("body", poly(23, 72, 27, 72, 27, 98, 23, 98)), ("body", poly(33, 72, 37, 72, 37, 98, 33, 98)),
                    ("body", ellipse(23, 98, 5, 2.5)), ("body", ellipse(37, 98, 5, 2.5)),
                    ("body", ellipse(30, 70, 8, 4.5)), ("body", poly(28.5, 40, 31.5, 40, 31.5, 70, 28.5, 70)),
                    ("body", ellipse(30, 51, 10, 11)),
                    ("body", poly(20, 43, 12, 70, 15.5, 71, 23, 47)), ("body", poly(40, 43, 48, 36, 50.5, 39.5, 42, 48)),
                    ("steel", poly(48, 38, 51, 38, 52, 7, 50, 3, 48, 7)), ("steel", poly(44, 37, 56, 37, 56, 40, 44, 40)),
                    ("body", poly(25, 33, 35, 33, 34, 39, 26, 39)), ("body", ellipse(30, 26, 9, 9.5))),
        front=(*ribs, ("dark", ellipse(26, 26, 2.5, 3)), ("dark", ellipse(34, 26, 2.5, 3)),
               ("dark", poly(29, 31, 31, 31, 30, 29)), ("dark", poly(27, 35, 33, 35, 33, 36, 27, 36))),
        back=(*ribs, ("dark", poly(29.2, 36, 30.8, 36, 30.8, 68, 29.2, 68))),
        crown=(30, 16.5), banner_x=5)


def _dwarf() -> Figure:
    belt = ("dark", poly(14, 76, 46, 76, 45, 80, 15, 80))
    return Figure(
        silhouette=(("body", poly(19, 86, 28, 86, 28, 100, 18, 100)), ("body", poly(32, 86, 41, 86, 42, 100, 32, 100)),
                    ("body", ellipse(30, 74, 17, 16)),
                    ("body", poly(15, 63, 8, 84, 14, 86, 19, 68)), ("body", poly(45, 63, 50, 80, 45, 83, 41, 68)),
                    ("wood", poly(50, 92, 53, 92, 54, 40, 51, 40)), ("steel", poly(53, 41, 59, 37, 59, 57, 53, 53)),
                    ("body", ellipse(30, 51, 9, 9)),
                    ("steel", d("M", 20.5, 49, "A", 9.5, 9.5, 0, 0, 1, 39.5, 49, "Z")),
                    ("light", poly(22, 44, 14, 33, 20, 47)), ("light", poly(38, 44, 46, 33, 40, 47))),
        front=(belt, ("beard", poly(21, 53, 39, 53, 34, 70, 30, 76, 26, 70)),
               ("dark", ellipse(26.5, 50.5, 1.1)), ("dark", ellipse(33.5, 50.5, 1.1)),
               ("body", ellipse(30, 53.5, 2.2, 1.8))),
        back=(belt, ("dark", poly(29, 58, 31, 58, 31, 75, 29, 75))),
        crown=(30, 39.5), banner_x=5)


def _knight() -> Figure:
    belt = ("dark", poly(19, 62, 41, 62, 41, 65, 19, 65))
    shield = d("M", 7, 47, "L", 26, 47, "L", 26, 61, "Q", 26, 74, 16.5, 80, "Q", 7, 74, 7, 61, "Z")
    return Figure(
        silhouette=(("steel", poly(23, 74, 29, 74, 29, 100, 21, 100)), ("steel", poly(31, 74, 37, 74, 39, 100, 31, 100)),
                    ("body", poly(18, 42, 42, 42, 41, 78, 19, 78)),
                    ("steel", poly(42, 44, 49, 59, 45, 62, 38, 50)),
                    ("steel", poly(46, 58, 49, 58, 49, 16, 47.5, 11, 46, 16)), ("steel", poly(42, 58, 53, 58, 53, 61, 42, 61)),
                    ("body", shield),
                    ("plume", d("M", 30, 21, "Q", 41, 6, 50, 13, "Q", 41, 13, 34, 23, "Z")),
                    ("steel", d("M", 22.5, 41, "L", 22.5, 28, "A", 7.5, 7.5, 0, 0, 1, 37.5, 28, "L", 37.5, 41, "Z"))),
        front=(belt, ("light", poly(15, 50, 18, 50, 18, 57, 24, 57, 24, 60, 18, 60, 18, 72, 15, 72, 15, 60, 9, 60,
                                    9, 57, 15, 57)),
               ("dark", poly(24.5, 29, 35.5, 29, 35.5, 31.5, 24.5, 31.5)),
               ("dark", poly(29.2, 31.5, 30.8, 31.5, 30.8, 37, 29.2, 37))),
        back=(belt, ("dark", poly(10, 55, 23, 55, 23, 57, 10, 57)), ("dark", poly(10, 65, 22, 65, 21, 67, 11, 67))),
        crown=(30, 20.5), banner_x=55)


def _mouseketeer() -> Figure:
    cross = ("light", poly(28.5, 62, 31.5, 62, 31.5, 68, 36, 68, 36, 71, 31.5, 71, 31.5, 80, 28.5, 80, 28.5, 71,
                           24, 71, 24, 68, 28.5, 68))
    return Figure(
        silhouette=(("fur", d("M", 21, 86, "Q", 6, 94, 7, 78, "Q", 8, 71, 13, 73, "Q", 10, 77, 11, 81,
                              "Q", 13, 88, 21, 82, "Z")),
                    ("fur", poly(24, 84, 28, 84, 29, 100, 23, 100)), ("fur", poly(32, 84, 36, 84, 37, 100, 31, 100)),
                    ("body", ellipse(30, 72, 12, 16)),
                    ("wood", poly(45, 70, 50, 70, 52, 88, 46, 86)), ("steel", poly(46.5, 16, 49, 16, 49, 71, 46.5, 71)),
                    ("body", poly(40, 60, 48, 66, 46, 69, 38, 64)),
                    ("fur", ellipse(17, 39, 6.5)), ("fur", ellipse(43, 39, 6.5)),
                    ("fur", ellipse(30, 45, 9, 8)), ("fur", ellipse(30, 51, 4, 3.2)),
                    ("light", d("M", 24, 27, "Q", 11, 12, 6, 19, "Q", 15, 19, 25, 31, "Z")),
                    ("body", d("M", 22.5, 34, "Q", 23, 22, 30, 22, "Q", 37, 22, 37.5, 34, "Z")),
                    ("body", ellipse(30, 34, 15, 3))),
        front=(cross, ("plume", ellipse(17, 40, 3.5)), ("plume", ellipse(43, 40, 3.5)),
               ("dark", ellipse(26.5, 44, 1.2)), ("dark", ellipse(33.5, 44, 1.2)), ("dark", ellipse(30, 52.5, 1.3))),
        back=(cross,),
        crown=(30, 21.5), banner_x=55)


FIGURES = {"orcs": _orc(), "skeletons": _skeleton(), "dwarves": _dwarf(), "knights": _knight(),
           "mouseketeers": _mouseketeer()}


def figure(race_id: str) -> Figure:
    """The race's figure; a race the content adds without art is a renderer's gap, said plainly."""
    if race_id not in FIGURES:
        raise LookupError(f"no standee art for race {race_id!r}; drawn: {', '.join(FIGURES)}")
    return FIGURES[race_id]


def commander_parts(fig: Figure) -> tuple[Part, ...]:
    """A crown on the head and a banner on a pole: the commander's own outline."""
    cx, top = fig.crown
    crown = ("gold", poly(cx - 5.5, top + 1, cx - 6, top - 5, cx - 2.8, top - 2, cx, top - 7, cx + 2.8, top - 2,
                          cx + 6, top - 5, cx + 5.5, top + 1))
    x = fig.banner_x
    flag_dir = 1 if x < FRAME_W / 2 else -1
    pole = ("wood", poly(x - 1, 3, x + 1, 3, x + 1, 100, x - 1, 100))
    flag = ("gold", poly(x, 4, x + flag_dir * 13, 8, x, 13))
    return pole, flag, crown


class Colours:
    """The fill of every role for one race, in the chosen palette."""

    def __init__(self, race_colour: str, ink_saver: bool) -> None:
        self.ink = style.colour("ink", ink_saver)
        self._fills = {role: style.colour(key, ink_saver) for role, key in ROLES.items()}
        self._fills["body"] = style.tint(race_colour, 0.28) if ink_saver else race_colour

    def __getitem__(self, role: str) -> str:
        return self._fills[role]


def _shapes(parts: Iterable[Part], colours: Colours, **attrs) -> str:
    return "".join(svg.path(path, fill=colours[role], **attrs) for role, path in parts)


def draw(fig: Figure, colours: Colours, *, back: bool, commander: bool) -> str:
    """The figure in its FRAME_W x FRAME_H frame: one face, the back mirrored left to right."""
    silhouette = (commander_parts(fig) if commander else ()) + fig.silhouette
    outline = "".join(svg.path(path, fill=colours.ink, stroke=colours.ink, stroke_width=2 * OUTLINE,
                               stroke_linejoin="round") for _, path in silhouette)
    fills = _shapes(silhouette, colours)
    details = _shapes(fig.back if back else fig.front, colours, stroke=colours.ink, stroke_width=DETAIL,
                      stroke_linejoin="round")
    inner = outline + fills + details
    return svg.wrap(inner, transform=f"{svg.translate(FRAME_W, 0)} scale(-1 1)") if back else svg.wrap(inner)
