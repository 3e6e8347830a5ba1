"""A finished RGB PDF of the kit as PDF/X-1a:2003: CMYK only, no transparency, an output intent.

Why our own pass rather than Ghostscript's pdfwrite: the kit's PDFs are flat vector art
in which colour appears only as `rg`/`RG` operators (cairo, opaque, no shadings or
patterns; anything else is refused here, so a future change cannot slip through), so
rewriting each operator as `k`/`K` through `cmyk.Press` is exact, keeps the PDF
byte-deterministic, and lets the total-ink cap and K-only text be applied per colour
with a guarantee rather than by a profile's curves. The designer's pictures are the one
kind of image: 8-bit DeviceRGB image XObjects, converted pixel by pixel through the same
profile and ink cap; a picture's transparency (an /SMask, which PDF/X-1a forbids) becomes
a stencil /Mask, opaque where the picture is at least half opaque (PDF 1.3 explicit
masking, allowed), so a cut-out still shows what lies behind it. What PDF/X-1a:2003 further asks:

- PDF 1.4 at most; DeviceCMYK or DeviceGray only (the pages' transparency-group
  dictionaries, which name DeviceRGB and are unused when everything is opaque, go);
- an /OutputIntents entry /GTS_PDFX with the CMYK profile embedded and the printing
  condition named;
- /Info with /Title, dates, /Trapped and /GTS_PDFXVersion; a /TrimBox on every page
  (the print-shop pages have it); every font embedded (preflight checks that).
"""

from __future__ import annotations

import hashlib
import io

from pypdf import PdfReader, PdfWriter
from PIL import Image
from pypdf.filters import FlateDecode
from pypdf.generic import ArrayObject, BooleanObject, ByteStringObject, ContentStream, DictionaryObject, EncodedStreamObject, FloatObject, NameObject, NumberObject, StreamObject, TextStringObject

from pnp.print.cmyk import CONDITION, CONDITION_INFO, Press, cap_ink
from pnp.print.pdf import _quiet_pypdf

PDFX_VERSION = "PDF/X-1a:2003"
PDF_HEADER = "%PDF-1.4"
TEXT_SHOW = {b"Tj", b"TJ", b"'", b'"'}
#: colour operators the kit never writes: a PDF with them is refused, not half-converted
UNSUPPORTED = {b"cs", b"CS", b"sc", b"scn", b"SC", b"SCN", b"sh", b"BI", b"ID", b"EI", b"d0", b"d1"}


class NotConvertible(ValueError):
    """The PDF uses something PDF/X-1a forbids and this pass does not turn into CMYK."""


def _numbers(values) -> list:
    return [FloatObject(f"{v:.4f}") for v in values]


class _Recolour:
    """Rewrites one content stream's operations; fill colour tracked through q/Q and text."""

    def __init__(self, press: Press):
        self.press = press
        self.fill = None  # the sRGB fill in force (None: inherited from the caller)
        self.written = None  # the CMYK fill last written, when it differs from fill's own
        self.stack: list[tuple] = []

    def run(self, operations: list) -> list:
        out = []
        for operands, op in operations:
            if op in UNSUPPORTED:
                raise NotConvertible(f"operator {op.decode()} (colour spaces, shadings or images)")
            if op in (b"rg", b"RG", b"g", b"G"):
                rgb = tuple(float(v) for v in operands) * (3 if op in (b"g", b"G") else 1)
                cmyk = self.press.cmyk(rgb)
                if op in (b"rg", b"g"):
                    self.fill, self.written = rgb, None
                out.append((_numbers(cmyk), b"k" if op in (b"rg", b"g") else b"K"))
                continue
            if op in (b"k", b"K"):
                out.append((_numbers(cap_ink(tuple(float(v) for v in operands))), op))
                continue
            if op in TEXT_SHOW and self.fill is not None:
                text = self.press.text_cmyk(self.fill)
                if text != self.press.cmyk(self.fill) and self.written != text:
                    out.append((_numbers(text), b"k"))
                    self.written = text
            elif op == b"ET" and self.written is not None:
                out.append((operands, op))
                out.append((_numbers(self.press.cmyk(self.fill)), b"k"))  # paths after the text
                self.written = None
                continue
            elif op == b"q":
                self.stack.append((self.fill, self.written))
            elif op == b"Q" and self.stack:
                self.fill, self.written = self.stack.pop()
            out.append((operands, op))
        return out


def _check_state(resources) -> None:
    """Every graphics state fully opaque and normal-blended (PDF/X-1a has no transparency)."""
    states = resources.get("/ExtGState") if resources is not None else None
    for name, state in (states.get_object() if states is not None else {}).items():
        state = state.get_object()
        if float(state.get("/ca", 1)) != 1 or float(state.get("/CA", 1)) != 1:
            raise NotConvertible(f"graphics state {name} is transparent")
        if state.get("/SMask", "/None") != "/None" or state.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
            raise NotConvertible(f"graphics state {name} uses a soft mask or a blend mode")


def _recolour_forms(writer, resources, press: Press, seen: set) -> None:
    xobjects = resources.get("/XObject") if resources is not None else None
    for ref in (xobjects.get_object() if xobjects is not None else {}).values():
        form = ref.get_object()
        if ref.idnum in seen:
            continue
        seen.add(ref.idnum)
        if form.get("/Subtype") == "/Image":
            _recolour_image(writer, form, press)
            continue
        if form.get("/Subtype") != "/Form":
            raise NotConvertible(f"XObject {form.get('/Subtype')} (only vector forms and pictures are converted)")
        inner = form.get("/Resources")
        inner = inner.get_object() if inner is not None else None
        _check_state(inner)
        stream = ContentStream(form, writer)
        stream.operations = _Recolour(press).run(stream.operations)
        form.set_data(stream.get_data())
        form.pop(NameObject("/Group"), None)
        _recolour_forms(writer, inner, press, seen)


def _recolour_image(writer, image, press: Press) -> None:
    """A picture (8-bit DeviceRGB) in press CMYK, ink capped; its soft mask as a stencil mask."""
    if image.get("/ColorSpace") != "/DeviceRGB" or image.get("/BitsPerComponent") != 8 or "/Mask" in image:
        raise NotConvertible(f"image XObject in {image.get('/ColorSpace')} at {image.get('/BitsPerComponent')} bits "
                             "(only 8-bit DeviceRGB pictures are converted)")
    size = (int(image["/Width"]), int(image["/Height"]))
    rgb = Image.frombytes("RGB", size, image.get_data())
    image.pop(NameObject("/DecodeParms"), None)
    image[NameObject("/Filter")] = NameObject("/FlateDecode")
    image[NameObject("/ColorSpace")] = NameObject("/DeviceCMYK")
    _set_stream(image, press.image_cmyk(rgb).tobytes())
    soft = image.pop(NameObject("/SMask"), None)
    if soft is not None:
        image[NameObject("/Mask")] = writer._add_object(_stencil(soft.get_object(), size))


def _set_stream(stream, data: bytes) -> None:
    if isinstance(stream, EncodedStreamObject):
        stream.set_data(data)
    else:
        stream.set_data(FlateDecode.encode(data))


def _stencil(soft, size: tuple[int, int]) -> StreamObject:
    """A soft mask (DeviceGray, 1 or 8 bits) as a 1-bit stencil: 1 (not painted) where under half opaque."""
    bits = int(soft.get("/BitsPerComponent", 8))
    if bits not in (1, 8) or (int(soft["/Width"]), int(soft["/Height"])) != size:
        raise NotConvertible(f"soft mask of {bits} bits (only 1 and 8 bits at the picture's size are converted)")
    alpha = Image.frombytes("1" if bits == 1 else "L", size, soft.get_data()).convert("L")
    clear = alpha.point(lambda v: 255 if v < 128 else 0).convert("1")
    mask = StreamObject()
    mask.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Image"),
                 NameObject("/Width"): NumberObject(size[0]), NameObject("/Height"): NumberObject(size[1]),
                 NameObject("/ImageMask"): BooleanObject(True), NameObject("/BitsPerComponent"): NumberObject(1),
                 NameObject("/Filter"): NameObject("/FlateDecode")})
    mask.set_data(FlateDecode.encode(clear.tobytes()))
    return mask


def _output_intent(writer, press: Press):
    profile = StreamObject()
    profile.set_data(press.icc())
    profile[NameObject("/N")] = NumberObject(4)
    intent = DictionaryObject({
        NameObject("/Type"): NameObject("/OutputIntent"), NameObject("/S"): NameObject("/GTS_PDFX"),
        NameObject("/OutputConditionIdentifier"): TextStringObject(CONDITION),
        NameObject("/RegistryName"): TextStringObject("http://www.color.org"),
        NameObject("/Info"): TextStringObject(CONDITION_INFO),
        NameObject("/DestOutputProfile"): writer._add_object(profile),
    })
    return ArrayObject([writer._add_object(intent)])


def to_pdfx1a(data: bytes, press: Press) -> bytes:
    """The PDF `data` (the kit's own, see pdf.render) as PDF/X-1a:2003 in `press`'s CMYK."""
    with _quiet_pypdf():
        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    seen: set[int] = set()
    for page in writer.pages:
        if "/TrimBox" not in page and "/ArtBox" not in page:
            raise NotConvertible("a PDF/X page needs a TrimBox")
        resources = page.get("/Resources")
        resources = resources.get_object() if resources is not None else None
        _check_state(resources)
        stream = ContentStream(page.get_contents(), writer)
        stream.operations = _Recolour(press).run(stream.operations)
        page.replace_contents(stream)
        page.pop(NameObject("/Group"), None)
        _recolour_forms(writer, resources, press, seen)
    root = writer._root_object
    root.pop(NameObject("/ViewerPreferences"), None)  # /PrintScaling and /Duplex are PDF 1.6+
    root[NameObject("/OutputIntents")] = _output_intent(writer, press)
    writer.add_metadata({"/GTS_PDFXVersion": PDFX_VERSION})
    writer._info.get_object()[NameObject("/Trapped")] = NameObject("/False")  # a name, not a string
    ident = ByteStringObject(hashlib.md5(data + PDFX_VERSION.encode()).digest())
    writer._ID = ArrayObject([ident, ident])
    writer.pdf_header = PDF_HEADER
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
