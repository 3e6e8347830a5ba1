"""The boxes of a card layout: their grammar, their problems and their millimetres.

A box is measured inside a frame: the safe zone, or ``inside:`` another element (with an
optional ``inset:``). Per axis it gives at most two of start, end, size and centre
(``left``/``right``/``width``/``centre``, ``top``/``bottom``/``height``/``middle``);
a number is millimetres inward from the frame's edge (or from its centre), a string such
as ``badge.right + 1.5`` an edge of another element; an axis given nothing spans the frame.
So one layout serves every card size: it is anchored to the safe zone, not to a size.
The arithmetic keeps the order of the hand-written zones it replaced, so the shipped
faces are the same to the byte.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Protocol, Sequence

from pnp.components.card_family import CardSpec
from pnp.core.errors import Mark, Problem, error
from pnp.core.geometry import Box


class Element(Protocol):
    """What this module reads of a layout element (pnp.components.card_layout.Element, which
    imports this module: the types are structural, so no import flows back)."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def box(self) -> Mapping[str, Any]: ...
    @property
    def mark(self) -> Mark: ...
    @property
    def marks(self) -> Mapping[str, Mark]: ...
    def get(self, key: str, default: Any = None) -> Any: ...


class Layout(Protocol):
    """What this module reads of a card layout: its elements."""

    @property
    def elements(self) -> Sequence[Element]: ...


AXES = (("left", "right", "width", "centre"), ("top", "bottom", "height", "middle"))
BOX_KEYS = ("inside", "inset") + AXES[0] + AXES[1]
EDGES = ("left", "right", "top", "bottom", "centre", "middle")
FRAMES = ("safe", "trim", "bleed")
_REF = re.compile(r"^\s*([a-z][a-z0-9_]*)\.([a-z]+)\s*(?:([+-])\s*(\d+(?:\.\d+)?)\s*)?$")


def ref(value: Any) -> tuple[str, str, float] | None:
    """'badge.right + 1.5' -> ('badge', 'right', 1.5); None if `value` is no reference."""
    if not isinstance(value, str):
        return None
    found = _REF.match(value)
    if found is None:
        return None
    offset = float(found.group(4) or 0)
    return found.group(1), found.group(2), -offset if found.group(3) == "-" else offset


def _depends(element: Element) -> set[str]:
    out = {ref(v)[0] for v in element.box.values() if ref(v) is not None}
    inside = element.box.get("inside")
    if isinstance(inside, str):
        out.add(inside)
    return out - set(FRAMES)


def box_problems(element: Element, names: set[str]) -> list[Problem]:
    out = []
    where = element.marks
    for key, value in element.box.items():
        mark = where[f"box.{key}"]
        if key not in BOX_KEYS:
            out.append(error("layout-key", f"element {element.name!r}: unknown box key {key!r}", mark,
                             f"accepted: {', '.join(BOX_KEYS)}"))
        elif key == "inside":
            if value not in names and value not in FRAMES:
                out.append(error("layout-ref", f"element {element.name!r}: expected an element or "
                                 f"{', '.join(FRAMES)} for inside, found {value!r}", mark))
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            if key in ("width", "height") and value < 0:
                out.append(error("layout-key", f"element {element.name!r}: expected a size >= 0 for {key}, found {value}", mark))
        elif ref(value) is None:
            out.append(error("layout-key", f"element {element.name!r}: expected millimetres or an edge such as "
                             f"'title.bottom + 1.5' for {key}, found {value!r}", mark))
        elif key in ("width", "height", "inset"):
            out.append(error("layout-key", f"element {element.name!r}: expected millimetres for {key}, found {value!r}", mark))
        else:
            target, edge, _ = ref(value)
            if target not in names and target not in FRAMES:
                out.append(error("layout-ref", f"element {element.name!r}: {key} refers to {target!r}, "
                                 "which the layout does not have", mark))
            elif edge not in EDGES:
                out.append(error("layout-ref", f"element {element.name!r}: expected an edge ({', '.join(EDGES)}), "
                                 f"found {edge!r}", mark))
    for axis in AXES:
        given = [k for k in axis if k in element.box]
        if element.kind == "track" and axis is AXES[0] and "width" not in given:
            given.append("width")  # a track is as wide as its steps
        if len(given) > 2 or (axis[3] in given and set(given) != {axis[2], axis[3]}):
            out.append(error("layout-box", f"element {element.name!r}: expected at most two of "
                             f"{', '.join(axis)} (a centre only with a size), found {', '.join(given)}", element.mark))
    return out


def box_cycles(elements: Sequence[Element]) -> list[Problem]:
    deps = {e.name: _depends(e) for e in elements}
    state: dict[str, int] = {}
    out = []

    def visit(name: str, path: tuple[str, ...]) -> None:
        if state.get(name) == 2 or name not in deps:
            return
        if state.get(name) == 1:
            cycle = path[path.index(name):] + (name,)
            out.append(error("layout-cycle", f"boxes measured from each other in a circle: {' -> '.join(cycle)}",
                             next(e.mark for e in elements if e.name == name)))
            return
        state[name] = 1
        for dep in sorted(deps[name]):
            visit(dep, path + (name,))
        state[name] = 2

    for element in elements:
        visit(element.name, ())
    return out[:1]


def frames(spec: CardSpec) -> dict[str, Box]:
    w, h, b = spec.width, spec.height, spec.bleed
    return {"bleed": Box(-b, -b, w + 2 * b, h + 2 * b), "trim": Box(0, 0, w, h), "safe": Box(0, 0, w, h).inset(spec.safe)}


#: (id of a layout, spec, steps) -> (the layout, its boxes): a check and a build ask for the boxes of
#: one layout for every card of a family (hundreds of times), the answer the same for all but the
#: cards whose tracks have another step count. The layout is kept beside its boxes, so an id is never
#: that of a newer layout; a layout is frozen, and `card_layout.load` makes a new one when its file changes.
_BOXES: dict[tuple, tuple[Any, dict[str, Box]]] = {}
_BOXES_MAX = 512


def boxes(layout: Layout, spec: CardSpec, steps: Mapping[str, int] | None = None) -> dict[str, Box]:
    """Every element's box in trim coordinates (mm) for card `spec`; `steps`: each track's step count."""
    key = (id(layout), spec, tuple(sorted((steps or {}).items())))
    kept = _BOXES.get(key)
    if kept is None or kept[0] is not layout:
        if len(_BOXES) >= _BOXES_MAX:
            _BOXES.clear()
        kept = _BOXES[key] = (layout, _boxes(layout, spec, steps))
    return dict(kept[1])  # the caller's own dict: the kept one is never changed


def _boxes(layout: Layout, spec: CardSpec, steps: Mapping[str, int] | None) -> dict[str, Box]:
    out = frames(spec)
    by_name = {e.name: e for e in layout.elements}

    def resolve(name: str) -> Box:
        if name not in out:
            out[name] = _resolve(by_name[name], resolve, (steps or {}).get(name, 0))
        return out[name]

    for element in layout.elements:
        resolve(element.name)
    return out


def _resolve(element: Element, resolve, steps: int) -> Box:
    if element.kind == "image" and element.get("bleed") is True:
        return resolve("bleed")  # a full-bleed picture: the whole card with its bleed
    box = element.box
    frame = resolve(box.get("inside", "safe"))
    if "inset" in box:
        frame = frame.inset(box["inset"])

    def edge(key: str, start: float, end: float, middle: float) -> float | None:
        value = box.get(key)
        if value is None:
            return None
        found = ref(value)
        if found is not None:
            target = resolve(found[0])
            at = {"left": target.x, "right": target.right, "top": target.y, "bottom": target.bottom,
                  "centre": target.cx, "middle": target.cy}[found[1]]
            return at + found[2] if found[2] else at
        if key in ("right", "bottom"):
            return end - value
        return (middle if key in ("centre", "middle") else start) + value

    x, w = _axis(edge("left", frame.x, frame.right, frame.cx), edge("right", frame.x, frame.right, frame.cx),
                 box.get("width"), edge("centre", frame.x, frame.right, frame.cx), frame.x, frame.w, frame.right)
    if element.kind == "track":  # right-aligned steps: as wide as they are
        cell, gap = element.get("cell", 3.6), element.get("gap", 0.9)
        end = edge("right", frame.x, frame.right, frame.cx)
        gaps = max(steps - 1, 0)
        x = (frame.right if end is None else end) - steps * cell - gaps * gap
        w = steps * cell + gaps * gap
    y, h = _axis(edge("top", frame.y, frame.bottom, frame.cy), edge("bottom", frame.y, frame.bottom, frame.cy),
                 box.get("height"), edge("middle", frame.y, frame.bottom, frame.cy), frame.y, frame.h, frame.bottom)
    return Box(x, y, w, h)


def _axis(start: float | None, end: float | None, size: float | None, centre: float | None,
          f_start: float, f_size: float, f_end: float) -> tuple[float, float]:
    """(start, size) on one axis from what the box gives (validated: at most two, centre with a size)."""
    if centre is not None:
        return centre - size / 2, size
    if start is not None and end is not None:
        return start, end - start
    if start is not None:
        return start, size if size is not None else f_end - start
    if end is not None:
        return (end - size, size) if size is not None else (f_start, end - f_start)
    return f_start, size if size is not None else f_size
