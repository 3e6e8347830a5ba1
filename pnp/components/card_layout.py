"""Card layouts as data: a YAML file of named elements with boxes in millimetres.

A layout file (``templates/<game>/cards/<name>.yaml``) has an optional ``extends:`` (the
layout it builds on; its elements and styles are inherited, an element named again is
replaced key by key), the jinja2 ``template:`` that draws the face, named ``styles:`` (face,
size and minimum size in pt, leading, alignment) and ``elements:``. An element has a
``kind`` (KINDS), a ``box`` and, by kind, what it shows (a field of the card, or a ui
string filled with fields) and how.

Boxes (`card_boxes`) are anchored to the safe zone, not to a card size, so one layout
serves every card size.

Loading collects every problem with its ``file:line:col``: an unknown key, element kind,
style, reference or edge, too many constraints on an axis, a cycle in ``extends:`` or
between boxes. What needs the card and the family (a box outside the card, an unknown
field) is `check_family`'s.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from pnp.art import designer_art
from pnp.components import card_boxes
from pnp.components.card_family import CardFamily, CardSpec
from pnp.content.yamlload import Loaded, load_yaml
from pnp.core.errors import Mark, Problem, error
from pnp.typeset import fonts

KINDS = MappingProxyType({
    "text": "fitted text: a field or a ui string, wrapped and shrunk to fit (or one line with `anchor:`)",
    "icons": "a row of icons, one per unit of a field's ((icon, count), ...)",
    "badge": "a number (a field) in a ring, with an `icon:` on top",
    "image": "one icon (a field naming it, or `icon:`) or one of the designer's pictures (PNG, JPEG, SVG): "
             "`file:` beside the content, or a field whose value names a file; `fit:` contain (default), cover or "
             "stretch; `bleed: true` fills the whole card with its bleed instead of a box",
    "track": "numbered steps, one of them marked (a field of one flag per step), right-aligned",
    "shape": "a box the template draws (panel, band, ring)",
    "scale": "a row of equal cells across its box, each a value of a field (one per cell; None: left empty "
             "to write in) under its number (1, 2, ...)",
})
TOP_KEYS = ("extends", "template", "styles", "elements", "note")
STYLE_KEYS = ("face", "size", "min", "leading", "align")
ELEMENT_KEYS = MappingProxyType({
    "text": ("style", "shows", "lines", "valign", "colour", "anchor"),
    "icons": ("shows", "size", "align"),
    "badge": ("shows", "size", "icon"),
    "image": ("shows", "icon", "file", "fit", "bleed"),
    "track": ("shows", "cell", "gap", "style"),
    "shape": (),
    "scale": ("shows", "style", "caption"),
})
COMMON_KEYS = ("kind", "box", "note")
ALIGNS, VALIGNS, ANCHORS = ("left", "center", "right"), ("top", "middle", "bottom"), ("start", "end")
CODES = {
    "layout-missing": "A card family names a layout file that is not in the game's `templates/<id>/cards/`.",
    "layout-key": "A layout file has a key it does not know (the message lists the accepted ones) or a bad value.",
    "layout-kind": "A layout element has an unknown `kind`.",
    "layout-ref": "A box refers to an element, edge or style the layout does not have.",
    "layout-cycle": "Layouts extend each other in a circle, or boxes are measured from each other in a circle.",
    "layout-box": "A box gives too many (or too few) of start, end, size and centre on one axis.",
    "layout-outside": "An element's box leaves the card (a text element: the safe zone) at the content's card size.",
    "layout-field": "An element shows a field the card family's cards do not have.",
    "layout-icon": "An image element shows a value that is neither an icon nor a picture file (a name with its "
                   "suffix: .png, .jpg, .jpeg, .svg).",
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


#: (folder, name) -> (the stamps of the files its chain read, what `load` gave); bounded
_LOADED: dict[tuple[Path, str], tuple[tuple, tuple[Layout | None, tuple[Problem, ...]]]] = {}
_LOADED_MAX = 256


def load(folder: Path, name: str) -> tuple[Layout | None, tuple[Problem, ...]]:
    """Layout `name` of `folder`, its `extends:` chain merged; None when it has errors.

    Kept per process (a check and a build ask for a layout hundreds of times) until a file of
    its chain changes: `pnp serve` lives for hours while the designer edits the layouts, and its
    render workers are forked from it."""
    kept = _LOADED.get((folder, name))
    if kept is not None and kept[0] == _stamps(path for path, _ in kept[0]):
        return kept[1]
    read: list[Path] = []
    raw, problems = _read_chain(folder, name, (), None, read)
    if raw is None:
        answer: tuple[Layout | None, tuple[Problem, ...]] = (None, tuple(problems))
    else:
        layout = _build(raw, problems)
        answer = (None, tuple(problems)) if problems else (layout, ())
    if len(_LOADED) >= _LOADED_MAX:
        _LOADED.clear()
    _LOADED[(folder, name)] = (_stamps(read), answer)
    return answer


def _stamps(paths) -> tuple[tuple[Path, tuple[int, int] | None], ...]:
    """Each file as it is now: (its path, its (mtime, size), or None when there is none)."""
    stamped = []
    for path in paths:
        try:
            st = os.stat(path)
            stamped.append((path, (st.st_mtime_ns, st.st_size)))
        except OSError:
            stamped.append((path, None))
    return tuple(stamped)


def _read_chain(folder: Path, name: str, seen: tuple[str, ...], mark: Mark | None,
                read: list[Path]) -> tuple[dict | None, list[Problem]]:
    path = folder / f"{name}.yaml"
    read.append(path)
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
    parent, more = _read_chain(folder, parent_name, seen + (name,), loaded.mark(("extends",)), read)
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
        problems += card_boxes.box_problems(element, names)
    problems += card_boxes.box_cycles(elements)
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
    if kind == "scale":  # its values in `style:`, its numbers in `caption:` (an unknown `style:` is said above)
        for key in ("style", "caption"):
            if key not in value or (key == "caption" and value[key] not in styles):
                problems.append(error("layout-ref", f"element {name!r}: a scale needs a style of the layout for "
                                      f"`{key}:` ({', '.join(styles) or 'none'}), found {value.get(key)!r}",
                                      marks.get(key, mark)))
    for key, allowed in (("valign", VALIGNS), ("anchor", ANCHORS), ("align", ("center", "left"))):
        if key in value and value[key] not in allowed:
            problems.append(error("layout-key", f"element {name!r}: expected {key} {', '.join(allowed)}, "
                                  f"found {value[key]!r}", marks[key]))
    if kind == "image":
        problems += _image_problems(name, value, marks, mark)
    props = {k: v for k, v in value.items() if k not in COMMON_KEYS}
    return Element(name, kind, MappingProxyType(dict(box)), MappingProxyType(props), mark, MappingProxyType(marks))


def _image_problems(name: str, value: dict, marks: Mapping[str, Mark], mark: Mark) -> list[Problem]:
    """An image shows one thing (`shows:`, `icon:` or `file:`); `fit:` and `bleed:` place a picture."""
    out = []
    given = [k for k in ("shows", "icon", "file") if k in value]
    if len(given) > 1:
        out.append(error("layout-key", f"element {name!r}: expected one of shows, icon, file, found "
                         f"{', '.join(given)}", mark))
    if "file" in value and not designer_art.is_file_name(value["file"]):
        out.append(error("layout-key", f"element {name!r}: expected a file name such as art/bee.png for file, "
                         f"found {value['file']!r}", marks["file"]))
    if "fit" in value and value["fit"] not in designer_art.FITS:
        out.append(error("layout-key", f"element {name!r}: expected fit {', '.join(designer_art.FITS)}, "
                         f"found {value['fit']!r}", marks["fit"]))
    if "bleed" in value and not isinstance(value["bleed"], bool):
        out.append(error("layout-key", f"element {name!r}: expected true or false for bleed, found {value['bleed']!r}",
                         marks["bleed"]))
    if value.get("bleed") is True and value.get("box"):
        out.append(error("layout-box", f"element {name!r}: `bleed: true` fills the card with its bleed, expected "
                         "no box", marks["box"]))
    if "icon" in value and ("fit" in value or "bleed" in value):
        out.append(error("layout-key", f"element {name!r}: fit and bleed place a picture, expected `file:` or "
                         "`shows:` with them, found `icon:`", marks["icon"]))
    return out


# --- what needs the card and the family ----------------------------------------------------


def shown_fields(element: Element) -> list[str]:
    """The row fields an element reads: `shows: name`, or those a ui string's values name."""
    shows = element.get("shows")
    if isinstance(shows, str):
        return [shows]
    if isinstance(shows, dict):
        return [f for k, v in shows.items() if k != "ui" for f in re.findall(r"\{([a-z][a-z0-9_.]*)\}", str(v))]
    return []


def check_family(layout: Layout, family: CardFamily, spec: CardSpec, steps: Mapping[str, int] | None) -> list[Problem]:
    """Fields the family's cards lack, and boxes outside the card at this size (`steps`: each
    track's step count on the family's cards; None when the cards cannot be read, which other
    checks report: then the boxes are not measured)."""
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
        if element.kind in ("text", "icons", "badge", "image", "scale") and "shows" not in element.props \
                and not (element.kind in ("badge", "image") and "icon" in element.props) \
                and not (element.kind == "image" and "file" in element.props):
            out.append(error("layout-key", f"element {element.name!r} ({element.kind}) needs `shows:`", element.mark))
    if steps is None:
        return out
    found = card_boxes.boxes(layout, spec, steps)
    for element in layout.elements:
        if element.kind == "track" and not steps.get(element.name):
            continue  # no steps on these cards: nothing is drawn
        box, limit = found[element.name], {"text": "safe", "shape": "bleed"}.get(element.kind, "trim")
        if element.get("bleed") is True:
            limit = "bleed"
        if not found[limit].contains(box) or box.w <= 0 or box.h <= 0:
            out.append(error("layout-outside", f"element {element.name!r} of layout {layout.name!r}: "
                             f"{box.w:.1f}x{box.h:.1f} mm at ({box.x:.1f}, {box.y:.1f}) "
                             f"{'has no room' if box.w <= 0 or box.h <= 0 else 'leaves the ' + limit + ' zone'} "
                             f"on a {spec.width:g}x{spec.height:g} mm card (safe margin {spec.safe:g} mm)",
                             element.mark, "make the card larger, the margin smaller, or the box smaller"))
    return out
