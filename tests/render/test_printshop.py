"""Print-shop singles measured on the written files: page boxes, deck order, fonts, PNG sizes."""

from __future__ import annotations

import io
import re
import struct
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from pdfprobe import pdffonts, qpdf_check, text, words
from pnp.games.tverdzha import kit_counts as kit
from pnp.components import card_boxes, card_text
from pnp.print import pdf, raster
from pnp.components.base import BuildOptions, RenderContext
from pnp.core.geometry import Box, pt_to_mm, px_to_mm
from pnp.print.preflight import preflight
from pnp.exports.printshop import PrintShopRenderer, family_pdfs, shop_masters
from pnp.exports.shop_presets import PRESETS, preset

TOL = 0.05  # mm

FAMILIES = ("battle", "building", "upgrade")  # the content's card families (test_cards checks the order)


@pytest.fixture(scope="module")
def generic(game, tmp_path_factory):
    out = tmp_path_factory.mktemp("shop")
    ctx = RenderContext(BuildOptions(), out)
    files = PrintShopRenderer().render(game, ctx)
    return out, files, ctx


def _boxes(path: Path):
    """Per page: (media, trim, bleed) as Boxes in mm measured from the media box's top-left corner."""
    out = []
    for page in PdfReader(str(path)).pages:
        media = page.mediabox
        height = float(media.top) - float(media.bottom)

        def box(rect):
            x0, y0, x1, y1 = (float(v) for v in rect)
            return Box(pt_to_mm(x0 - float(media.left)), pt_to_mm(float(media.top) - y1),
                       pt_to_mm(x1 - x0), pt_to_mm(y1 - y0))

        assert "/TrimBox" in page and "/BleedBox" in page
        out.append((Box(0, 0, pt_to_mm(float(media.right) - float(media.left)), pt_to_mm(height)),
                    box(page["/TrimBox"]), box(page["/BleedBox"])))
    return out


def _deck_sizes(game) -> dict[str, int]:
    c = kit.counts(game)
    return {"battle": c.battle_cards, "building": c.building_cards, "upgrade": c.upgrade_cards}


# --- presets ----------------------------------------------------------------------------------


def test_preset_pixel_sizes(game):
    spec = game.print.card
    assert (spec.width, spec.height, spec.bleed) == (63, 88, 3)
    assert preset("generic").png_size(spec) == (815, 1110)
    tgc = preset("tgc")
    tgc_spec = tgc.card_spec(spec)
    assert tgc.png_size(tgc_spec) == (825, 1125)
    assert (tgc_spec.width, tgc_spec.height) == pytest.approx((63.5, 88.9))
    safe = tgc.safe_box(tgc_spec)
    assert (safe.w, safe.h) == pytest.approx((px_to_mm(675, 300), px_to_mm(975, 300)))
    mpc = preset("mpc")
    mpc_spec = mpc.card_spec(spec)
    assert mpc.png_size(mpc_spec) == (822, 1122)
    assert mpc_spec.bleed == pytest.approx(px_to_mm(36, 300))
    for p in PRESETS.values():  # the image size is the trim + bleed at 300 dpi, to the pixel
        s = p.card_spec(spec)
        w, h = p.png_size(s)
        assert abs(w - (s.width + 2 * s.bleed) * 300 / 25.4) < 0.6
        assert abs(h - (s.height + 2 * s.bleed) * 300 / 25.4) < 0.6
    with pytest.raises(ValueError, match="known: generic"):
        preset("moo")


def test_tgc_layout_keeps_every_text_zone_in_the_shop_safe_zone(game):
    tgc = preset("tgc")
    spec = tgc.card_spec(game.print.card)
    safe = tgc.safe_box(spec)
    for family in game.card_families:
        layout = card_text.family_layout(game, family)
        boxes = card_boxes.boxes(layout, spec, card_text.steps(layout, family.cards(game, "uk")[0]))
        for element in layout.of_kind("text"):
            box = boxes[element.name]
            assert box.w > 0 and box.h > 0 and safe.contains(box, tol=1e-6), (family.id, element.name, box, safe)


# --- the generic files ------------------------------------------------------------------------


def test_files_and_kinds(game, generic):
    out, files, _ = generic
    pdfs = [f for f in files if f.kind == "print-shop"]
    pngs = [f for f in files if f.kind == "png"]
    assert {Path(f.path).name for f in pdfs} == {
        f"tverdzha-uk-{family}-{side}.pdf" for family in FAMILIES for side in ("fronts", "backs")}
    assert all(f.path.startswith("print-shop/generic/") for f in files)
    assert all((out / f.path).is_file() for f in files)
    assert len(pngs) == sum(len(set(d)) + 1 for d in generic[2].masters(game, "cards").decks.values())


def test_every_page_has_trim_and_bleed_boxes(game, generic):
    out, files, _ = generic
    spec = game.print.card
    sizes = _deck_sizes(game)
    for f in (f for f in files if f.kind == "print-shop"):
        family = Path(f.path).name.split("-")[2]
        boxes = _boxes(out / f.path)
        assert len(boxes) == f.pages == sizes[family]
        for media, trim, bleed in boxes:
            assert trim.close_to(Box(3, 3, spec.width, spec.height), TOL), trim
            assert bleed.close_to(Box(0, 0, spec.width + 6, spec.height + 6), TOL), bleed
            assert media.close_to(bleed, TOL)  # MediaBox = BleedBox
        assert preflight(out / f.path, pages=f.pages, page_size=(69, 94), trim=Box(3, 3, 63, 88),
                         bleed=Box(0, 0, 69, 94)) == []


def test_fonts_embedded_and_qpdf_clean(generic):
    out, files, _ = generic
    for f in (f for f in files if f.path.endswith("-fronts.pdf")):
        data = (out / f.path).read_bytes()
        rows = pdffonts(data)
        assert rows and all(row[-5] == "yes" for row in rows), rows  # emb column
        assert qpdf_check(data).returncode == 0


def test_fronts_follow_deck_order(game, generic):
    out, _, ctx = generic
    masters = ctx.masters(game, "cards")
    for family in FAMILIES:
        names = {card_id: name for card_id, name, _ in masters.faces[family]}
        pages = text((out / f"print-shop/generic/tverdzha-uk-{family}-fronts.pdf").read_bytes()).split("\f")
        for k, card_id in enumerate(masters.decks[family]):
            assert names[card_id] in " ".join(pages[k].split()), (family, k, card_id)
        backs = text((out / f"print-shop/generic/tverdzha-uk-{family}-backs.pdf").read_bytes()).split("\f")
        assert len({" ".join(p.split()) for p in backs if p.strip()}) == 1  # the same back on every page


def test_alternate_order_pairs_each_front_with_its_back(game, generic):
    masters = generic[2].masters(game, "cards")
    ((suffix, pages),) = family_pdfs(masters, "battle", game.print.card, "alternate")
    assert suffix == "" and len(pages) == 2 * len(masters.decks["battle"])
    assert [p.placements[0].svg for p in pages[1::2]] == [masters.backs["battle"]] * len(masters.decks["battle"])
    assert [p.placements[0].svg for p in pages[0::2]] == masters.deck_svgs("battle")


def _png_chunks(data: bytes) -> list[str]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, pos = [], 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunks.append(kind.decode("ascii"))
        pos += 12 + length
    return chunks


def test_pngs_exact_size_rgb_300dpi_with_counts(game, generic):
    from PIL import Image

    out, files, ctx = generic
    masters = ctx.masters(game, "cards")
    for family in FAMILIES:
        folder = out / "print-shop/generic/png" / family
        names = sorted(p.name for p in folder.glob("*.png"))
        counts = Counter(masters.decks[family])
        assert "back.png" in names
        listed = {m.group(1): int(m.group(2)) for m in (re.fullmatch(r"\d\d-(.+)-x(\d+)\.png", n) for n in names) if m}
        assert listed == dict(counts)  # every design once, its copy count in the name
        for name in names:
            data = (folder / name).read_bytes()
            image = Image.open(io.BytesIO(data))
            assert image.size == (815, 1110) and image.mode == "RGB"
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
            assert not {"tIME", "tEXt", "iTXt", "zTXt"} & set(_png_chunks(data))  # nothing that varies
            # the art runs into the bleed: no white (or letterboxed) edge
            for corner in ((0, 0), (814, 1109), (407, 0), (0, 555)):
                assert image.getpixel(corner) != (255, 255, 255), (name, corner)


def test_png_bytes_do_not_depend_on_what_the_process_drew_before(game, generic):
    """In-process after PDF drawing (this module drew 200+ pages) vs a fresh interpreter."""
    masters = generic[2].masters(game, "cards")
    svg = masters.faces["building"][0][2]
    job = raster.RasterJob(svg, 815, 1110, dpi=300)
    pdf.render([pdf.Page(69, 94, (pdf.Placement(svg),))], pdf.DocInfo("warm-up"))
    here = raster.run_job(job)
    script = ("import sys, hashlib; from pnp.print import raster; svg = sys.stdin.read(); "
              "sys.stdout.write(hashlib.sha256(raster.run_job(raster.RasterJob(svg, 815, 1110, dpi=300))).hexdigest())")
    fresh = subprocess.run([sys.executable, "-c", script], input=svg, capture_output=True, text=True, check=True).stdout
    import hashlib

    assert hashlib.sha256(here).hexdigest() == fresh


def test_pool_gives_the_serial_bytes_in_order(game, generic):
    masters = generic[2].masters(game, "cards")
    jobs = [raster.RasterJob(svg, 230, 313) for _, _, svg in masters.faces["battle"][:5]]
    serial = [raster.run_job(job) for job in reversed(jobs)][::-1]  # another drawing order
    assert len(set(serial)) == 5
    assert raster.parallel_map(raster.run_job, jobs, max_workers=2) == serial
    memo = {}
    assert raster.render_many(jobs + jobs[:2], memo) == serial + serial[:2] and len(memo) == 5


def test_tgc_pdf_text_stays_in_safe_zone_and_png_size(game, tmp_path):
    tgc = preset("tgc")
    ctx = RenderContext(BuildOptions(shop="tgc"), tmp_path)
    masters, spec = shop_masters(game, ctx, tgc)
    assert spec.width == pytest.approx(63.5) and spec.bleed == pytest.approx(3.175)
    safe = tgc.safe_box(spec).moved(spec.bleed, spec.bleed)  # page coordinates
    for family in FAMILIES:
        pages = [pdf.Page(p.width, p.height, p.placements, trim=p.trim, bleed=p.bleed)
                 for p in family_pdfs(masters, family, spec, "separate")[0][1]]
        unique = list(dict.fromkeys(p.placements[0].svg for p in pages))
        data = pdf.render([next(p for p in pages if p.placements[0].svg == s) for s in unique], pdf.DocInfo("tgc"))
        assert preflight(data, page_size=(69.85, 95.25), trim=Box(3.175, 3.175, 63.5, 88.9),
                         bleed=Box(0, 0, 69.85, 95.25)) == []
        for number in range(1, len(unique) + 1):
            found = words(data, number)
            assert found
            for w in found:  # pdftotext boxes include the font's ascent: allow 0.3 mm
                assert safe.outset(0.3).contains(Box(w.x0, w.y0, w.x1 - w.x0, w.y1 - w.y0)), (family, w)
    image_job = raster.RasterJob(masters.faces["battle"][0][2], *tgc.png_size(spec), dpi=300)
    from PIL import Image

    assert Image.open(io.BytesIO(raster.run_job(image_job))).size == (825, 1125)
