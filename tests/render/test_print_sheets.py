"""Every printed sheet of the home kit, on A4 and Letter (and the A3 large pages): the 50 mm
scale bar with its caption, inside the printable area; the rulebook asks for 100 % printing."""

import io

import pytest
from pypdf import PdfReader

from pdfprobe import drawing, text
from pnp.build import build
from pnp.components.base import BuildOptions
from pnp.core.geometry import NO_PRINT_MARGIN, pt_to_mm

HOME_KINDS = ("cards", "tokens", "board", "mats", "aids", "alignment", "rulebook")


@pytest.fixture(scope="module", params=["a4", "letter"])
def kit(request, game, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"kit-{request.param}")
    result = build(game, BuildOptions(paper=request.param), out_root=out, only=HOME_KINDS)
    return result.out_dir, [f for f in result.files if f.path.endswith(".pdf")]


def _bars(data: bytes, page: int) -> list[tuple[float, float, float, float]]:
    """Bounding boxes (mm) of the scale bars' outlines: the only 0.15 mm strokes 50 mm long."""
    found = []
    for path in drawing(data, page).paths:
        x0, y0, x1, y1 = path.bbox
        if path.stroked and abs(path.width - 0.15) < 0.01 and abs(max(x1 - x0, y1 - y0) - 50.0) < 0.05:
            found.append(path.bbox)
    return found


def test_every_sheet_carries_the_50_mm_scale_bar_and_its_caption(kit, game):
    out_dir, files = kit
    caption = " ".join(game.ui("print_scale", "uk").split())
    sheets = [f for f in files if f.kind != "rulebook"]
    assert {f.kind for f in sheets} == {"cards", "tokens", "board", "mats", "aids", "alignment"}
    for f in sheets:
        data = (out_dir / f.path).read_bytes()
        reader = PdfReader(io.BytesIO(data))
        for page in range(len(reader.pages)):
            width = pt_to_mm(float(reader.pages[page].mediabox.width))
            height = pt_to_mm(float(reader.pages[page].mediabox.height))
            bars = _bars(data, page)
            assert len(bars) == 1, (f.path, page + 1, bars)
            x0, y0, x1, y1 = bars[0]
            margin = NO_PRINT_MARGIN - 0.1  # the outline's half stroke
            assert margin <= x0 and x1 <= width - margin and margin <= y0 and y1 <= height - margin, (f.path, page)
            assert caption in " ".join(text(data, page + 1).split()), (f.path, page + 1)


def test_the_large_pages_are_a3(kit):
    out_dir, files = kit
    for f in files:
        if f.kind in ("board", "mats") and "tiles" not in f.path:
            for page in PdfReader(out_dir / f.path).pages:
                size = sorted(round(pt_to_mm(float(v))) for v in (page.mediabox.width, page.mediabox.height))
                assert size == [297, 420], f.path


def test_the_rulebook_asks_viewers_not_to_scale(kit):
    out_dir, files = kit
    rulebook = next(f for f in files if f.kind == "rulebook")
    prefs = PdfReader(out_dir / rulebook.path).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
