"""Words a PDF page carries for search, copy and screen readers but never shows (the words
of inline icons, pnp.typeset.iconwords), written in PDF text render mode 3.

Why this way: cairo cannot write render mode 3; text with fill-opacity 0 it drops as a
paint that changes nothing, and any other opacity makes a transparency group, which
PDF/X-1a (the DTC preset) refuses; text in the paper colour under an icon would show on
a coloured panel; /ActualText around an icon's paths is read neither by pdftotext
(poppler gives it only to glyphs inside the span) nor by pypdf. So:

1. an SVG master carries the words as ``<text class="pnp-hidden">`` with fill-opacity 0:
   invisible in a browser and in cairosvg's PNGs (cairo skips a fully transparent paint);
2. for a PDF, the drawer paints those nodes in an opaque marker colour (`reveal`), so
   cairo writes them as ordinary text, fonts subset and mapped to Unicode like the rest;
3. `hide` rewrites every content stream that uses the marker colour: text shown in it
   gets render mode 3 (neither filled nor stroked), any other text the stream's own mode.
   A render mode is text state, not transparency: the DTC pass and its preflight see
   opaque text that paints nothing.
"""

from __future__ import annotations

from pypdf.generic import ContentStream, NumberObject

from pnp.art.svg import HIDDEN_CLASS as CLASS
from pnp.core.kept import Kept
from pnp.print import content_stream

MARK = "#ff01ff"  # the marker colour, reserved: no art would pick a magenta one step off pure
_MARK_RG = tuple(int(MARK[i:i + 2], 16) / 255 for i in (1, 3, 5))
_MARK_BYTES = b"0.00392"  # its green as cairo writes it: a stream without these bytes is left alone
_TOLERANCE = 1e-4
INVISIBLE = 3  # PDF text render mode: neither fill nor stroke
TEXT_SHOW = {b"Tj", b"TJ", b"'", b'"'}
FILL_COLOUR = {b"rg", b"g", b"k", b"sc", b"scn", b"cs"}


def reveal(node) -> None:
    """Paint every node of class CLASS in a cairosvg tree in the marker colour, opaque."""
    if CLASS in str(node.get("class", "")).split():
        _paint(node)
        return
    for child in node.children:
        reveal(child)


def _paint(node) -> None:
    node["fill"] = MARK
    node["fill-opacity"] = "1"
    for child in node.children:
        _paint(child)


#: streams rewritten before, in a process that keeps results between builds (pnp.core.kept:
#: a deck drawn again after a save has one card face that changed): their bytes -> the bytes
#: `_rewritten` made of them (a pure function of the bytes), bounded in bytes held
KEEP_MAX_BYTES = 64_000_000
_KEPT: Kept[bytes, bytes] = Kept(100_000, KEEP_MAX_BYTES, size=lambda data, out: len(data) + len(out))


def hide(writer) -> None:
    """Make the marker-coloured text of every page and form XObject of `writer` invisible."""
    seen: set[int] = set()
    for page in writer.pages:
        contents = page.get_contents()
        if contents is not None:
            data = contents.get_data()
            if _MARK_BYTES in data:
                rewritten = ContentStream(None, writer)
                rewritten.set_data(_rewritten_data(data, lambda: contents, writer))
                page.replace_contents(rewritten)
        _forms(page.get("/Resources"), writer, seen)


def _rewritten_data(data: bytes, stream_of_data, writer) -> bytes:
    return _KEPT.get(data, lambda: _rewrite(data, stream_of_data, writer))


def _rewrite(data: bytes, stream_of_data, writer) -> bytes:
    out = _rewritten_fast(data)
    if out is None:  # a stream content_stream leaves to pypdf
        out = _rewritten(stream_of_data(), writer).get_data()
    return out


def _forms(resources, writer, seen: set[int]) -> None:
    if resources is None:
        return
    xobjects = resources.get_object().get("/XObject")
    for ref in (xobjects.get_object().values() if xobjects is not None else ()):
        key = getattr(ref, "idnum", None)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        form = ref.get_object()
        if form.get("/Subtype") != "/Form":
            continue
        data = form.get_data()
        if _MARK_BYTES in data:
            form.set_data(_rewritten_data(data, lambda: ContentStream(form, writer), writer))
        _forms(form.get("/Resources"), writer, seen)


def _rewritten(stream: ContentStream, writer) -> ContentStream:
    """`stream` rewritten by pypdf's objects (what `_rewritten_fast` cannot read)."""
    result = ContentStream(None, writer)
    result.operations = _with_modes(stream.operations, lambda operand: operand, NumberObject)
    return result


def _rewritten_fast(data: bytes) -> bytes | None:
    """`data` rewritten to the bytes `_rewritten` gives, read and written by `content_stream`;
    None where that reader leaves the stream to pypdf, or a colour or mode is not a number."""
    operations = content_stream.read(data)
    if operations is None:
        return None

    def value(operand):
        if not content_stream.is_number(operand):
            raise _NotANumber
        return content_stream.number(operand)

    try:
        return content_stream.write(_with_modes(operations, value, NumberObject))
    except _NotANumber:
        return None


class _NotANumber(Exception):
    pass


def _with_modes(operations, value, make_number) -> list:
    """The operations with a render mode set before each text show whose mode must change
    (`value` gives the pypdf number an operand reads as, `make_number` makes the mode's operand).

    Fill colour and render mode are graphics state: both are tracked through q/Q. Before
    a form is painted (Do) the stream's own mode is put back, as the form expects it.
    """
    marked, own, mode = False, 0, 0
    stack: list[tuple[bool, int, int]] = []
    out = []
    for operands, op in operations:
        if op == b"q":
            stack.append((marked, own, mode))
        elif op == b"Q" and stack:
            marked, own, mode = stack.pop()
        elif op in FILL_COLOUR:
            marked = op == b"rg" and all(abs(float(value(v)) - m) < _TOLERANCE for v, m in zip(operands, _MARK_RG))
        elif op == b"Tr":
            own = mode = int(value(operands[0]))
        elif op in TEXT_SHOW or op == b"Do":
            wanted = INVISIBLE if marked and op in TEXT_SHOW else own
            if wanted != mode:
                out.append(([make_number(wanted)], b"Tr"))
                mode = wanted
        out.append((operands, op))
    if mode != own:
        out.append(([make_number(own)], b"Tr"))
    return out
