"""Inline icons of the SVG-drawn parts (aids, cards, mats) say their words in the PDF's text
layer, in the content's case and plural forms, invisibly and without transparency; a narrow
icon takes its ink's width, so no hole is left before the punctuation that follows it.

Measured on the real kit PDFs: pdftotext and pypdf read the words, pdftoppm shows that the
words change no pixel, and the gap after the wheat ear is measured on a 600 dpi raster.
"""

from __future__ import annotations

import io
import re

import pytest
import numpy as np
from PIL import Image
from pypdf import PdfReader

from pdfprobe import raster, text, words
from pnp.build import build
from pnp.components.base import BuildOptions
from pnp.core.templating import fill
from pnp.games.tverdzha.render.aids import aid_masters
from pnp.print import hidden_text, pdf
from pnp.typeset import iconwords, richtext

KINDS = ("aids", "cards", "mats")
LANG = "uk"
DPI = 600
#: the gap left between the wheat ear and the colon after it: the side bearing (0.08 em)
#: plus the colon's own, about 0.3 mm at the aid's 7.5 pt; the square box left ~0.8 mm
MAX_GAP_MM = 0.45
MAX_AA_NOISE = 24  # colour levels (of 255) of anti-aliasing noise, see _seen_difference


@pytest.fixture(scope="module")
def kit(game, tmp_path_factory):
    result = build(game, BuildOptions(), out_root=tmp_path_factory.mktemp("icon-words"), only=list(KINDS))
    return {kind: (result.out_dir / f"tverdzha-{LANG}-{kind}.pdf").read_bytes() for kind in KINDS}


def _form(game, icon: str, n: int) -> str:
    return fill(game.icon_words[icon].forms.get(LANG), {"n": n}, LANG)


def _cost(game, action: str) -> tuple[str, int]:
    (resource, n), = game.action(action).params["cost"].items()
    return game.resource(resource).icon, n


@pytest.mark.parametrize("action", ["hire", "train"])
def test_an_action_cost_reads_as_number_and_word_on_the_aid(kit, game, action):
    icon, n = _cost(game, action)
    line = f"{game.action(action).name.get(LANG)}. {n} {_form(game, icon, n)}:"
    assert line in text(kit["aids"])  # «Найняти. 2 зерна:», not «Найняти. 2 :»
    assert f"{n} {_form(game, icon, n)}" in PdfReader(io.BytesIO(kit["aids"])).pages[0].extract_text()


def test_every_counted_icon_word_takes_the_form_of_its_number(kit, game):
    """«1 золото», «2 золота», «+1 очко»: each number followed by any form of an icon's words."""
    seen = 0
    for icon in game.icon_words:
        forms = {_form(game, icon, n) for n in range(0, 30)}
        alternatives = "|".join(sorted((re.escape(f) for f in forms), key=len, reverse=True))
        for kind in KINDS:
            for number, word in re.findall(rf"(?<![\w.])(\d+) ({alternatives})(?!\w)", text(kit[kind])):
                assert word == _form(game, icon, int(number)), (kind, number, word)
                seen += 1
    assert seen >= 20  # the kit really prints counted icons (costs, incomes, points)


@pytest.mark.parametrize("kind", KINDS)
def test_no_space_before_punctuation(kit, kind):
    assert re.findall(r"\S [:.,;!?]", text(kit[kind])) == []


def test_the_words_change_no_pixel_and_use_no_transparency(game):
    with iconwords.speaking(iconwords.words_of(game, LANG)):  # as a build sets it
        fronts, _, _ = aid_masters(game, LANG)
    master = next(svg for svg in fronts if hidden_text.CLASS in svg)
    silent = re.sub(rf'<text class="{hidden_text.CLASS}"[^>]*>[^<]*</text>', "", master)
    shown = master.replace(f'class="{hidden_text.CLASS}" fill-opacity="0"', 'fill="#000000"')
    assert silent != master != shown
    speaking, mute, loud = (pdf.svg_to_pdf(svg, pdf.DocInfo("aid")) for svg in (master, silent, shown))
    icon, n = _cost(game, "hire")
    assert _form(game, icon, n) in text(speaking) and _form(game, icon, n) not in text(mute)
    assert _seen_difference(speaking, mute) <= MAX_AA_NOISE
    assert _seen_difference(loud, mute) > 3 * MAX_AA_NOISE  # the measure sees words that show
    for state in _ext_gstates(speaking):
        assert float(state.get("/ca", 1)) == 1 and float(state.get("/CA", 1)) == 1
        assert state.get("/SMask", "/None") == "/None"


def _seen_difference(a: bytes, b: bytes) -> int:
    """The largest colour difference between two pages as the eye sees them: rendered at
    300 dpi and averaged over 4 x 4 pixels. The hidden words split a line's text into more
    text objects, and poppler then places a glyph a sub-pixel step apart (measured: up to
    54 levels in single pixels, 14 averaged); a word that showed makes 100 or more."""
    small = [np.asarray(im.resize((im.width // 4, im.height // 4), Image.BOX), dtype=int)
             for im in (raster(a, 1, 300), raster(b, 1, 300))]
    return int(abs(small[0] - small[1]).max())


def _ext_gstates(data: bytes):
    """Every graphics state dictionary of the pages and of the forms they paint."""
    todo = [page.get("/Resources") for page in PdfReader(io.BytesIO(data)).pages]
    while todo:
        resources = todo.pop()
        if resources is None:
            continue
        resources = resources.get_object()
        yield from (s.get_object() for s in resources.get("/ExtGState", {}).values())
        todo += [x.get_object().get("/Resources") for x in resources.get("/XObject", {}).values()]


def test_a_narrow_icon_leaves_no_hole_before_the_colon(kit, game):
    icon, n = _cost(game, "hire")
    word = next(w for w in words(kit["aids"], 1) if w.text == f"{_form(game, icon, n)}:")
    image = raster(kit["aids"], 1, DPI)
    px = DPI / 25.4
    box = (round(word.x0 * px), round(word.y0 * px), round(word.x1 * px), round(word.y1 * px))
    crop = image.crop(box).convert("L")
    inked = [any(crop.getpixel((x, y)) < 128 for y in range(crop.height)) for x in range(crop.width)]
    runs, start = [], None  # (first, last) inked column of each run of inked columns
    for x, ink in enumerate(inked + [False]):
        if ink and start is None:
            start = x
        elif not ink and start is not None:
            runs.append((start, x - 1))
            start = None
    assert len(runs) >= 2, runs  # the ear, then the colon
    gap_mm = (runs[-1][0] - runs[-2][1] - 1) / px
    assert 0 < gap_mm <= MAX_GAP_MM, gap_mm


def test_a_template_may_ask_for_a_form_and_the_line_breaker_accepts_it(game):
    with iconwords.speaking(iconwords.words_of(game, LANG)):
        runs = richtext.parse("немає [gold~gen]; 5 [point]")
    assert [r.words for r in runs if r.kind == "icon"] == [game.icon_words["gold"].genitive.get(LANG),
                                                          _form(game, "point", 5)]
    assert all(r.words == "" for r in richtext.parse("5 [point]") if r.kind == "icon")  # outside a build: silent
