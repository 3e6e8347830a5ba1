"""Card layouts as data: a YAML file of named elements with boxes in millimetres.

A layout file (``templates/<game>/cards/<name>.yaml``) has an optional ``extends:`` (the
layout it builds on; its elements and styles are inherited, an element named again is
replaced key by key), the jinja2 ``template:`` that draws the face, named ``styles:`` (face,
size and minimum size in pt, leading, alignment) and ``elements:``. An element has a
``kind`` (KINDS), a ``box`` and, by kind, what it shows (a field of the card, or a ui
string filled with fields) and how.

A box is measured inside a frame: the safe zone, or ``inside:`` another element (with an
optional ``inset:``). Per axis it gives at most two of start, end, size and centre
(``left``/``right``/``width``/``centre``, ``top``/``bottom``/``height``/``middle``);
a number is millimetres inward from the frame's edge (or from its centre), a string such
as ``badge.right + 1.5`` an edge of another element; an axis given nothing spans the frame.
So one layout serves every card size: it is anchored to the safe zone, not to a size.

Loading collects every problem with its ``file:line:col``: an unknown key, element kind,
style, reference or edge, too many constraints on an axis, a cycle in ``extends:`` or
between boxes. What needs the card and the family (a box outside the card, an unknown
field) is `check_family`'s.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from pnp.components.card_family import CardFamily, CardSpec
from pnp.content.yamlload import Loaded, load_yaml
from pnp.core.errors import Mark, Problem, error
from pnp.print.geometry import Box
from pnp.typeset import fonts

KINDS = MappingProxyType({
    "text": "fitted text: a field or a ui string, wrapped and shrunk to fit (or one line with `anchor:`)",
    "icons": "a row of icons, one per unit of a field's ((icon, count), ...)",
    "badge": "a number (a field) in a ring, with an `icon:` on top",
    "image": "one icon: a field naming it, or `icon:`",
    "track": "numbered steps, one of them marked (a field of one flag per step), right-aligned",
    "shape": "a box the template draws (panel, band, ring)",
})
TOP_KEYS = ("extends", "template", "styles", "elements", "note")
STYLE_KEYS = ("face", "size", "min", "leading", "align")
ELEMENT_KEYS = MappingProxyType({
    "text": ("style", "shows", "lines", "valign", "colour", "anchor"),
    "icons": ("shows", "size", "align"),
    "badge": ("shows", "size", "icon"),
    "image": ("shows", "icon"),
    "track": ("shows", "cell", "gap", "style"),
    "shape": (),
})
COMMON_KEYS = ("kind", "box", "note")
AXES = (("left", "right", "width", "centre"), ("top", "bottom", "height", "middle"))
BOX_KEYS = ("inside", "inset") + AXES[0] + AXES[1]
EDGES = ("left", "right", "top", "bottom", "centre", "middle")
FRAMES = ("safe", "trim", "bleed")
ALIGNS, VALIGNS, ANCHORS = ("left", "center", "right"), ("top", "middle", "bottom"), ("start", "end")
_REF = re.compile(r"^\s*([a-z][a-z0-9_]*)\.([a-z]+)\s*(?:([+-])\s*(\d+(?:\.\d+)?)\s*)?$")

CODES = {
    "layout-missing": "A card family names a layout file that is not in the game's `templates/<id>/cards/`.",
    "layout-key": "A layout file has a key it does not know (the message lists the accepted ones) or a bad value.",
    "layout-kind": "A layout element has an unknown `kind`.",
    "layout-ref": "A box refers to an element, edge or style the layout does not have.",
    "layout-cycle": "Layouts extend each other in a circle, or boxes are measured from each other in a circle.",
    "layout-box": "A box gives too many (or too few) of start, end, size and centre on one axis.",
    "layout-outside": "An element's box leaves the card (a text element: the safe zone) at the content's card size.",
    "layout-field": "An element shows a field the card family's cards do not have.",
}


@dataclass(frozen=True)
class Style:
    face: str
    size: float
    min: float | None  # None: the content's print.card.min_text_pt
    leading: float
    align: str


@dataclass(frozen=True)
class Element:
    name: str
    kind: str
    box: Mapping[str, Any]
    props: Mapping[str, Any]
    mark: Mark
    marks: Mapping[str, Mark]  # "box.left", "shows", ... -> where that key was set

    def get(self, key: str, default: Any = None) -> Any:
        return self.props.get(key, default)


@dataclass(frozen=True)
class Layout:
    name: str
    template: str
    styles: Mapping[str, Style]
    elements: tuple[Element, ...]
    mark: Mark

    def element(self, name: str) -> Element:
        return next(e for e in self.elements if e.name == name)

    def of_kind(self, kind: str) -> tuple[Element, ...]:
        return tuple(e for e in self.elements if e.kind == kind)


def _display(path: Path) -> str:
    rel = os.path.relpath(path)
    return path.as_posix() if rel.startswith("..") else Path(rel).as_posix()


@dataclass(frozen=True)
class _Entry:
    """A style or element as written: its value, where, and (merged through `extends:`)
    which layout file wrote each of its keys."""

    value: Any
    path: tuple
    loaded: Loaded
    sources: Mapping[str, "_Entry"] | None = None

    @property
    def mark(self) -> Mark:
        return self.loaded.mark(self.path)

    def key_mark(self, key: str, *sub: str) -> Mark:
        source = (self.sources or {}).get(key, self)
        return source.loaded.mark(source.path + (key,) + sub)


@lru_cache(maxsize=64)
def load(folder: Path, name: str) -> tuple[Layout | None, tuple[Problem, ...]]:
    """Layout `name` of `folder`, its `extends:` chain merged; None when it has errors."""
    raw, problems = _read_chain(folder, name, (), None)
    if raw is None:
        return None, tuple(problems)
    layout = _build(raw, problems)
    if problems:
        return None, tuple(problems)
    return layout, ()


def _read_chain(folder: Path, name: str, seen: tuple[str, ...], mark: Mark | None) -> tuple[dict | None, list[Problem]]:
    path = folder / f"{name}.yaml"
    if name in seen:
        chain = " -> ".join(seen + (name,))
        return None, [error("layout-cycle", f"layouts extend each other in a circle: {chain}", mark or Mark(_display(path)))]
    if not path.is_file():
        where = mark or Mark(_display(path))
        return None, [error("layout-missing", f"expected a layout file {_display(path)}, found none", where,
                            f"layouts here: {', '.join(sorted(p.stem for p in folder.glob('*.yaml'))) or 'none'}")]
    loaded, problems = load_yaml(path, _display(path))
    if loaded is None:
        return None, problems
    data = loaded.data
    if not isinstance(data, dict):
        return None, problems + [error("layout-key", f"expected a mapping, found {type(data).__name__}", loaded.mark(()))]
    problems += _unknown(data, TOP_KEYS, loaded.marks, (), "layout")
    own = {"name": name, "template": data.get("template"), "mark": loaded.mark(()), "styles": {}, "elements": {}}
    for part in ("styles", "elements"):
        for key, value in _mapping(data, part, loaded, problems).items():
            own[part][key] = _Entry(value, (part, key), loaded)
    parent_name = data.get("extends")
    if parent_name is None:
        return own, problems
    if not isinstance(parent_name, str):
        return None, problems + [error("layout-key", f"expected a layout name for extends, found {parent_name!r}",
                                       loaded.mark(("extends",)))]
    parent, more = _read_chain(folder, parent_name, seen + (name,), loaded.mark(("extends",)))
    problems += more
    if parent is None:
        return None, problems
    merged = {"name": name, "template": own["template"] or parent["template"], "mark": own["mark"],
              "styles": {**parent["styles"], **own["styles"]}, "elements": dict(parent["elements"])}
    for key, entry in own["elements"].items():
        merged["elements"][key] = _override(parent["elements"].get(key), entry)
    return merged, problems


def _override(parent: _Entry | None, child: _Entry) -> _Entry:
    """An element named again: the child's keys replace the parent's (its box as a whole)."""
    if parent is None or not isinstance(parent.value, dict) or not isinstance(child.value, dict):
        return child
    inherited = parent.sources or {k: parent for k in parent.value}
    return _Entry({**parent.value, **child.value}, child.path, child.loaded,
                  {**inherited, **{k: child for k in child.value}})


def _mapping(data: dict, key: str, loaded, problems: list[Problem]) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        problems.append(error("layout-key", f"expected a mapping for {key}, found {type(value).__name__}",
                              loaded.mark((key,))))
        return {}
    return value


def _unknown(data: dict, accepted, marks, path: tuple, what: str) -> list[Problem]:
    return [error("layout-key", f"{what}: unknown key {key!r}", marks.get(path + (key,), Mark("?")),
                  f"accepted: {', '.join(accepted)}") for key in data if key not in accepted]


def _build(raw: dict, problems: list[Problem]) -> Layout:
    styles = {name: _style(name, entry, problems) for name, entry in raw["styles"].items()}
    elements = []
    for name, entry in raw["elements"].items():
        element = _element(name, entry, styles, problems)
        if element is not None:
            elements.append(element)
    names = {e.name for e in elements}
    for element in elements:
        problems += _box_problems(element, names)
    problems += _box_cycles(elements)
    return Layout(raw["name"], raw["template"] or "", MappingProxyType(styles), tuple(elements), raw["mark"])


def _style(name: str, entry: _Entry, problems: list[Problem]) -> Style:
    value, mark, path, loaded = entry.value, entry.mark, entry.path, entry.loaded
    if not isinstance(value, dict):
        problems.append(error("layout-key", f"style {name!r}: expected a mapping, found {value!r}", mark))
        return Style("sans", 8.0, None, 1.1, "left")
    problems += _unknown(value, STYLE_KEYS, loaded.marks, path, f"style {name!r}")
    face = value.get("face", "sans")
    if face not in fonts.FACES:
        problems.append(error("layout-ref", f"style {name!r}: expected a font face ({', '.join(sorted(fonts.FACES))}), "
                              f"found {face!r}", loaded.mark(path + ("face",))))
    numbers = {k: value.get(k) for k in ("size", "min", "leading")}
    for key, number in numbers.items():
        if number is not None and (not isinstance(number, (int, float)) or isinstance(number, bool) or number <= 0):
            problems.append(error("layout-key", f"style {name!r}: expected a positive number for {key}, found {number!r}",
                                  loaded.mark(path + (key,))))
            numbers[key] = None
    align = value.get("align", "left")
    if align not in ALIGNS:
        problems.append(error("layout-key", f"style {name!r}: expected align {', '.join(ALIGNS)}, found {align!r}",
                              loaded.mark(path + ("align",))))
    return Style(face, float(numbers["size"] or 8.0), numbers["min"], float(numbers["leading"] or 1.1), align)


def _element(name: str, entry: _Entry, styles: Mapping[str, Style], problems: list[Problem]) -> Element | None:
    value, mark = entry.value, entry.mark
    if not isinstance(value, dict):
        problems.append(error("layout-key", f"element {name!r}: expected a mapping, found {value!r}", mark))
        return None
    kind = value.get("kind")
    if kind not in KINDS:
        problems.append(error("layout-kind", f"element {name!r}: expected a kind ({', '.join(KINDS)}), found {kind!r}",
                              entry.key_mark("kind") if "kind" in value else mark))
        return None
    accepted = COMMON_KEYS + ELEMENT_KEYS[kind]
    for key in value:
        if key not in accepted:
            problems.append(error("layout-key", f"element {name!r} ({kind}): unknown key {key!r}", entry.key_mark(key),
                                  f"accepted: {', '.join(accepted)}"))
    box = value.get("box", {})
    if not isinstance(box, dict):
        problems.append(error("layout-key", f"element {name!r}: expected a mapping for box, found {box!r}",
                              entry.key_mark("box")))
        box = {}
    marks = {k: entry.key_mark(k) for k in value}
    marks.update({f"box.{k}": entry.key_mark("box", k) for k in box})
    style = value.get("style")
    if style is not None and style not in styles:
        problems.append(error("layout-ref", f"element {name!r}: expected a style of the layout "
                              f"({', '.join(styles) or 'none'}), found {style!r}", marks["style"]))
    if kind == "text" and style is None:
        problems.append(error("layout-key", f"element {name!r}: a text element needs a `style:`", mark))
    for key, allowed in (("valign", VALIGNS), ("anchor", ANCHORS), ("align", ("center", "left"))):
        if key in value and value[key] not in allowed:
            problems.append(error("layout-key", f"element {name!r}: expected {key} {', '.join(allowed)}, "
                                  f"found {value[key]!r}", marks[key]))
    props = {k: v for k, v in value.items() if k not in COMMON_KEYS}
    return Element(name, kind, MappingProxyType(dict(box)), MappingProxyType(props), mark, MappingProxyType(marks))


def _ref(value: Any) -> tuple[str, str, float] | None:
    """'badge.right + 1.5' -> ('badge', 'right', 1.5); None if `value` is no reference."""
    if not isinstance(value, str):
        return None
    found = _REF.match(value)
    if found is None:
        return None
    offset = float(found.group(4) or 0)
    return found.group(1), found.group(2), -offset if found.group(3) == "-" else offset


def _depends(element: Element) -> set[str]:
    out = {_ref(v)[0] for v in element.box.values() if _ref(v) is not None}
    inside = element.box.get("inside")
    if isinstance(inside, str):
        out.add(inside)
    return out - set(FRAMES)


def _box_problems(element: Element, names: set[str]) -> list[Problem]:
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
        elif _ref(value) is None:
            out.append(error("layout-key", f"element {element.name!r}: expected millimetres or an edge such as "
                             f"'title.bottom + 1.5' for {key}, found {value!r}", mark))
        elif key in ("width", "height", "inset"):
            out.append(error("layout-key", f"element {element.name!r}: expected millimetres for {key}, found {value!r}", mark))
        else:
            target, edge, _ = _ref(value)
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


def _box_cycles(elements: list[Element]) -> list[Problem]:
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


# --- boxes --------------------------------------------------------------------------------


def frames(spec: CardSpec) -> dict[str, Box]:
    w, h, b = spec.width, spec.height, spec.bleed
    return {"bleed": Box(-b, -b, w + 2 * b, h + 2 * b), "trim": Box(0, 0, w, h), "safe": Box(0, 0, w, h).inset(spec.safe)}


def boxes(layout: Layout, spec: CardSpec, steps: Mapping[str, int] | None = None) -> dict[str, Box]:
    """Every element's box in trim coordinates (mm) for card `spec`; `steps`: each track's step count."""
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
    box = element.box
    frame = resolve(box.get("inside", "safe"))
    if "inset" in box:
        frame = frame.inset(box["inset"])

    def edge(key: str, start: float, end: float, middle: float) -> float | None:
        value = box.get(key)
        if value is None:
            return None
        ref = _ref(value)
        if ref is not None:
            target = resolve(ref[0])
            at = {"left": target.x, "right": target.right, "top": target.y, "bottom": target.bottom,
                  "centre": target.cx, "middle": target.cy}[ref[1]]
            return at + ref[2] if ref[2] else at
        if key in ("right", "bottom"):
            return end - value
        return (middle if key in ("centre", "middle") else start) + value

    x, w = _axis(edge("left", frame.x, frame.right, frame.cx), edge("right", frame.x, frame.right, frame.cx),
                 box.get("width"), edge("centre", frame.x, frame.right, frame.cx), frame.x, frame.w, frame.right)
    if element.kind == "track":  # right-aligned steps: as wide as they are
        cell, gap = element.get("cell", 3.6), element.get("gap", 0.9)
        end = edge("right", frame.x, frame.right, frame.cx)
        x = (frame.right if end is None else end) - steps * cell - (steps - 1) * gap
        w = steps * cell + (steps - 1) * gap
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


# --- what needs the card and the family ----------------------------------------------------


def shown_fields(element: Element) -> list[str]:
    """The row fields an element reads: `shows: name`, or those a ui string's values name."""
    shows = element.get("shows")
    if isinstance(shows, str):
        return [shows]
    if isinstance(shows, dict):
        return [f for k, v in shows.items() if k != "ui" for f in re.findall(r"\{([a-z][a-z0-9_.]*)\}", str(v))]
    return []


def check_family(layout: Layout, family: CardFamily, spec: CardSpec, steps: Mapping[str, int]) -> list[Problem]:
    """Fields the family's cards lack, and boxes outside the card at this size."""
    out = []
    if not layout.template:
        out.append(error("layout-key", f"layout {layout.name!r}: expected a `template:` (the jinja2 file that draws "
                         f"{family.id} faces), found none", layout.mark))
    known = family.known_fields()
    for element in layout.elements:
        for name in shown_fields(element):
            if name not in known:
                out.append(error("layout-field", f"element {element.name!r} shows {name!r}, a field {family.id} cards "
                                 f"do not have", element.marks.get("shows", element.mark),
                                 f"fields of {family.id} cards: {', '.join(known)}"))
        if element.kind in ("text", "icons", "badge", "image") and "shows" not in element.props \
                and not (element.kind in ("badge", "image") and "icon" in element.props):
            out.append(error("layout-key", f"element {element.name!r} ({element.kind}) needs `shows:`", element.mark))
    found = boxes(layout, spec, steps)
    for element in layout.elements:
        box, limit = found[element.name], {"text": "safe", "shape": "bleed"}.get(element.kind, "trim")
        if not found[limit].contains(box) or box.w <= 0 or box.h <= 0:
            out.append(error("layout-outside", f"element {element.name!r} of layout {layout.name!r}: "
                             f"{box.w:.1f}x{box.h:.1f} mm at ({box.x:.1f}, {box.y:.1f}) "
                             f"{'has no room' if box.w <= 0 or box.h <= 0 else 'leaves the ' + limit + ' zone'} "
                             f"on a {spec.width:g}x{spec.height:g} mm card (safe margin {spec.safe:g} mm)",
                             element.mark, "make the card larger, the margin smaller, or the box smaller"))
    return out
