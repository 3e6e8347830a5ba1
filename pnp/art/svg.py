"""The one writer of procedural SVG: every element is built by svgwrite, numbers are written here.

svgwrite escapes text and attribute values and spells attribute names (``stroke_width`` ->
``stroke-width``, ``class_`` -> ``class``); this module adds what it lacks for pnp:

- numbers in millimetres written short and exact to a fixed number of places (`num`): svgwrite
  would write ``str(float)``, and a coordinate that changed in its 17th digit would move a
  point in the PDF that cairosvg draws;
- elements around markup made elsewhere (a jinja2 card face, a fitted paragraph, a part's
  drawing): `wrap` puts the raw markup inside an element svgwrite wrote;
- ``<use href=...>``: svgwrite's Use writes ``xlink:href``, which needs an ``xmlns:xlink``
  on the root that hand-made documents (the card templates) do not declare.

Every function returns SVG text, so fragments join as strings into one document.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable
from xml.etree import ElementTree

from pnp.core.geometry import fmt

#: the SVG class of words a page carries for search and screen readers but never shows (the
#: typesetter writes them, pnp.print.hidden_text makes them invisible in a PDF)
HIDDEN_CLASS = "pnp-hidden"

SVG_NS = "http://www.w3.org/2000/svg"


def num(value: float, places: int = 4) -> str:
    """A number for SVG text: `places` decimals at most, trailing zeros dropped, no '-0'."""
    if places == 4:
        return fmt(value)
    text = f"{value:.{places}f}".rstrip("0").rstrip(".") if places else f"{value:.0f}"
    return "0" if text in ("-0", "") else text


def points(coords: Iterable[tuple[float, float]], places: int = 4) -> str:
    """A polygon's or polyline's ``points``: ``x,y x,y ...``."""
    return " ".join(f"{num(x, places)},{num(y, places)}" for x, y in coords)


def translate(x: float, y: float) -> str:
    return f"translate({fmt(x)} {fmt(y)})"


def rotate(degrees: float, cx: float | None = None, cy: float | None = None) -> str:
    if cx is None or cy is None:
        return f"rotate({fmt(degrees)})"
    return f"rotate({fmt(degrees)} {fmt(cx)} {fmt(cy)})"


def scale(factor: float) -> str:
    return f"scale({fmt(factor)})"


def _attrs(attrs: dict, places: int) -> dict:
    """Attributes for svgwrite: numbers written by `num`, None left out."""
    out = {}
    for key, value in attrs.items():
        if value is None:
            continue
        out[key] = num(value, places) if isinstance(value, (int, float)) and not isinstance(value, bool) else value
    return out


@lru_cache(maxsize=1)
def _make() -> Any:
    """The factory of svgwrite's elements, made on first drawing.

    svgwrite is imported here, not at the top: `pnp check` names icons and sets text through
    modules that import this one, and svgwrite's import (its SVG grammar tables, parsed with
    pyparsing) costs about 60 ms of a check's CPU. Validation is off: it checks each attribute
    against the SVG grammar on every write, which costs more than the drawing itself."""
    import svgwrite

    return svgwrite.Drawing(debug=False)


def ready() -> None:
    """Make the element factory now: a build calls this before it forks its render workers,
    which then inherit it instead of each importing svgwrite (about 40 ms of CPU apiece)."""
    _make()


class _Tag:
    """An element named at run time, written as svgwrite writes its elements (attribute names
    spelled its way, sorted, the empty left out) without svgwrite: for wrappers, and where
    svgwrite's own class writes what we must not (Use writes ``xlink:href``; Polygon formats its
    points with ``str``)."""

    def __init__(self, name: str, **attrs) -> None:
        self.name = name
        self.attrs = {key.rstrip("_").replace("_", "-"): value for key, value in attrs.items()}
        self.title: str | None = None

    def get_xml(self) -> ElementTree.Element:
        xml = ElementTree.Element(self.name)
        for key, value in sorted(self.attrs.items()):
            if value is not None and str(value):
                xml.set(key, str(value))
        if self.title is not None:  # its first child, as svgwrite's set_desc puts it
            ElementTree.SubElement(xml, "title").text = str(self.title)
        return xml


def _markup(element) -> str:
    # svgwrite's tostring() encodes to UTF-8 and decodes again (for Python 2); straight to text
    return ElementTree.tostring(element.get_xml(), encoding="unicode")


def rect(x: float, y: float, w: float, h: float, *, places: int = 4, **attrs) -> str:
    return _markup(_make().rect((num(x, places), num(y, places)), (num(w, places), num(h, places)),
                              **_attrs(attrs, places)))


def circle(cx: float, cy: float, r: float, *, places: int = 4, **attrs) -> str:
    return _markup(_make().circle((num(cx, places), num(cy, places)), num(r, places), **_attrs(attrs, places)))


def line(x1: float, y1: float, x2: float, y2: float, *, places: int = 4, **attrs) -> str:
    return _markup(_make().line((num(x1, places), num(y1, places)), (num(x2, places), num(y2, places)),
                              **_attrs(attrs, places)))


def path(d: str, **attrs) -> str:
    return _markup(_make().path(d=d, **_attrs(attrs, 4)))


def polygon(coords: Iterable[tuple[float, float]], *, places: int = 4, **attrs) -> str:
    return _markup(_Tag("polygon", points=points(coords, places), **_attrs(attrs, places)))


def text(x: float, y: float, value: str, *, places: int = 4, **attrs) -> str:
    """One ``<text>`` at (x, y); `value` is plain text (svgwrite escapes it)."""
    return _markup(_make().text(value, insert=(num(x, places), num(y, places)), **_attrs(attrs, places)))


def text_spans(spans: Iterable[tuple[float, float, str, dict]], *, places: int = 4, **attrs) -> str:
    """One ``<text>`` of ``<tspan>``s, each (x, y, words, its own attributes)."""
    make = _make()
    el = make.text("", **_attrs(attrs, places))
    for x, y, words, own in spans:
        el.add(make.tspan(words, insert=(num(x, places), num(y, places)), **_attrs(own, places)))
    return _markup(el)


def use(ref: str, x: float, y: float, w: float, h: float, *, places: int = 4) -> str:
    """``<use href="#ref">`` with its box; SVG 2 ``href``, which cairosvg and browsers read."""
    return _markup(_Tag("use", href=f"#{ref}", x=num(x, places), y=num(y, places), width=num(w, places),
                        height=num(h, places)))


def wrap(inner: str, name: str = "g", *, places: int = 4, **attrs) -> str:
    """Element `name` with `attrs` around `inner`, markup written elsewhere."""
    return _around(_Tag(name, **_attrs(attrs, places)), inner)


def _around(el, inner: str) -> str:
    """`el` serialised with `inner` as its content (ElementTree cannot hold raw markup)."""
    empty = ElementTree.tostring(el.get_xml(), encoding="unicode", short_empty_elements=False)
    close = empty.rindex("</")
    return empty[:close] + inner + empty[close:]


def document(width: float, height: float, inner: str, *, unit: str = "mm", view_box: str | None = None,
             title: str | None = None, places: int = 4, **attrs) -> str:
    """A whole SVG document `width` x `height` `unit`s around `inner`, ending in a newline; the
    user unit is 1 `unit` unless `view_box` says otherwise; `title` names it for viewers."""
    box = view_box if view_box is not None else f"0 0 {num(width, places)} {num(height, places)}"
    root = _Tag("svg", xmlns=SVG_NS, width=f"{num(width, places)}{unit}", height=f"{num(height, places)}{unit}",
                viewBox=box, **_attrs(attrs, places))
    root.title = title
    return _around(root, inner) + "\n"
