"""`--shop dtc`: DriveThruCards' PDF/X-1a:2003 decks, checked with tools independent of the
code that made them: Ghostscript renders the separations (ink per pixel), qpdf reads the
file structure, pypdf the page boxes, pdftotext the page order."""

import json
import re
import subprocess

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

from pdfprobe import text
from pnp.build import build
from pnp.print import cmyk, pdf, pdfx
from pnp.exports import printshop
from pnp.components.base import BuildOptions, RenderContext
from pnp.core.geometry import pt_to_mm
from pnp.exports.shop_presets import preset

LIMIT = 240.0  # DriveThruCards' total ink, per cent
FAMILY_BACK = {"battle": "Бойова карта", "building": "Будівля", "upgrade": "Покращення"}


@pytest.fixture(scope="module")
def dtc(game, tmp_path_factory):
    out = tmp_path_factory.mktemp("dtc")
    result = build(game, BuildOptions(shop="dtc"), out_root=out, only=["print-shop"])
    folder = result.out_dir / "print-shop" / "dtc"
    return {family: folder / f"tverdzha-uk-{family}.pdf" for family in FAMILY_BACK}, result


def _ink(path, dpi: int = 72, *extra: str) -> np.ndarray:
    """C, M, Y, K (0..255) of every pixel of every page, as Ghostscript separates them."""
    pattern = path.parent / f"{path.stem}-ink-%03d.tif"
    subprocess.run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc", f"-r{dpi}", *extra,
                    f"-sOutputFile={pattern}", str(path)], check=True, capture_output=True)
    pages = sorted(path.parent.glob(f"{path.stem}-ink-*.tif"))
    pixels = np.concatenate([np.asarray(Image.open(p)).reshape(-1, 4) for p in pages])
    for p in pages:
        p.unlink()
    return pixels.astype(int)


def _objects(path) -> dict:
    """qpdf's own reading of every object: "N 0 R" -> dictionary (a stream's: its dictionary)."""
    done = subprocess.run(["qpdf", "--json=2", "--json-key=qpdf", str(path)], capture_output=True, text=True,
                          check=True)
    found = json.loads(done.stdout)["qpdf"][1]
    return {key.removeprefix("obj:"): obj["stream"]["dict"] if "stream" in obj else obj["value"]
            for key, obj in found.items()}


def _uncompressed(path) -> bytes:
    done = subprocess.run(["qpdf", "--qdf", "--object-streams=disable", str(path), "-"], capture_output=True,
                          check=True)
    return done.stdout


def test_one_file_per_deck_each_back_before_its_front(dtc, game):
    files, result = dtc
    shop = preset("dtc")
    ctx = RenderContext(BuildOptions(shop="dtc"), result.out_dir)
    masters, _ = printshop.shop_masters(game, ctx, shop)
    for family, path in files.items():
        names = {card_id: name for card_id, name, _ in masters.faces[family]}
        deck = masters.decks[family]
        assert len(PdfReader(path).pages) == 2 * len(deck)
        for k in (0, len(deck) // 2, len(deck) - 1):
            back = " ".join(text(path.read_bytes(), 2 * k + 1).split())
            front = " ".join(text(path.read_bytes(), 2 * k + 2).split())
            assert FAMILY_BACK[family] in back and names[deck[k]] not in back, (family, k)
            assert names[deck[k]] in front, (family, k)


def test_page_boxes_are_poker_cards_with_an_eighth_inch_bleed(dtc):
    files, _ = dtc
    for path in files.values():
        for page in PdfReader(path).pages:
            media = [pt_to_mm(float(v)) for v in page.mediabox]
            trim = [pt_to_mm(float(v)) for v in page.trimbox]
            assert [pt_to_mm(float(v)) for v in page.bleedbox] == pytest.approx(media, abs=0.01)
            assert media == pytest.approx([0, 0, 69.85, 95.25], abs=0.01)  # 2.75 x 3.75 in
            assert trim == pytest.approx([3.175, 3.175, 66.675, 92.075], abs=0.01)  # 2.5 x 3.5 in


def test_files_are_pdf_x1a_with_a_cmyk_output_intent(dtc):
    files, _ = dtc
    for path in files.values():
        assert path.read_bytes().startswith(b"%PDF-1.4")
        check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert check.returncode == 0 and "WARNING" not in check.stdout + check.stderr, check.stdout
        objects = _objects(path)
        dicts = [v for v in objects.values() if isinstance(v, dict)]
        catalog = next(v for v in dicts if v.get("/Type") == "/Catalog")
        (intent_ref,) = catalog["/OutputIntents"]
        intent = objects[intent_ref]
        assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "u:CGATS TR 001"
        assert objects[intent["/DestOutputProfile"]]["/N"] == 4
        info = next(v for v in dicts if "/GTS_PDFXVersion" in v)
        assert info["/GTS_PDFXVersion"] == "u:PDF/X-1a:2003" and info["/Trapped"] == "/False"
        assert "/ViewerPreferences" not in catalog
        raw = _uncompressed(path)
        for forbidden in (b"/DeviceRGB", b"/Transparency", b"/SMask", b"/ca 0", b" rg\n", b" RG\n"):
            assert forbidden not in raw, (path.name, forbidden)
        rows = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        assert all(row.split()[-5:-3] == ["yes", "yes"] for row in rows.splitlines()[2:])


def test_no_pixel_carries_more_than_240_percent_ink(dtc):
    files, _ = dtc
    for family, path in files.items():
        tac = _ink(path).sum(axis=1) / 255 * 100
        assert tac.max() <= LIMIT, (family, tac.max())


def test_the_ink_check_sees_the_rgb_art(dtc, game, tmp_path):
    """The control: the same deck straight from sRGB (Ghostscript's default conversion) exceeds 240 %."""
    files, result = dtc
    ctx = RenderContext(BuildOptions(shop="dtc"), result.out_dir)
    masters, spec = printshop.shop_masters(game, ctx, preset("dtc"))
    ((_, pages),) = printshop.family_pdfs(masters, "building", spec, "back-first")
    rgb = tmp_path / "rgb.pdf"
    rgb.write_bytes(pdf.render(pages[:4], pdf.DocInfo("rgb")))
    assert (_ink(rgb).sum(axis=1) / 255 * 100).max() > 260


def test_dark_text_is_k_only(dtc):
    files, _ = dtc
    for family, path in files.items():
        ink = _ink(path, 150, "-dFILTERVECTOR")  # the text alone
        dark = ink[ink[:, 3] >= 128]
        assert len(dark) > 1000, family
        assert (dark[:, :3] == 0).all(), (family, dark[dark[:, :3].sum(axis=1) > 0][:5])


def test_icon_words_survive_the_cmyk_pass_as_invisible_text(dtc, game):
    """The words of inline icons (render mode 3, pnp.print.hidden_text) stay readable and unseen."""
    files, _ = dtc
    assert game.icon_words["die"].genitive.get("uk") in text(files["battle"].read_bytes())  # «кидка кубика»
    assert re.search(rb"(?m)^3 Tr$", _uncompressed(files["battle"]))


def test_ink_cap_replaces_grey_by_k_and_never_exceeds_the_limit():
    rng = np.random.default_rng(7)
    for c, m, y, k in rng.random((2000, 4)):
        out = cmyk.cap_ink((c, m, y, k))
        assert sum(out) <= cmyk.MAX_INK + 1e-9 and all(0 <= v <= 1 for v in out)
        if c + m + y + k > cmyk.MAX_INK:
            assert out[3] >= k - 1e-4  # darkness moves to K, it is not thrown away
        else:
            assert out == (c, m, y, k)
    assert cmyk.cap_ink((0.655, 0.686, 0.690, 0.855)) == (0.4441, 0.4711, 0.4746, 1.0)


def test_transparency_is_refused_not_flattened_wrongly():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm" viewBox="0 0 20 20">'
           '<rect width="20" height="20" fill="#a8322d" fill-opacity="0.5"/></svg>')
    data = pdf.render([pdf.Page(20, 20, (pdf.Placement(svg),), trim=pdf.Box(1, 1, 18, 18))], pdf.DocInfo("t"))
    with pytest.raises(pdfx.NotConvertible, match="transparent"):
        pdfx.to_pdfx1a(data, cmyk.Press(cmyk.profile_path()))
