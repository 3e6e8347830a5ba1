"""The designer's pictures (PNG with alpha, JPEG, SVG beside the content) on ВУЛИК's cards, measured
on the real outputs: where and how large each prints in the PDF, its dpi warning and error, the
DriveThruCards file's CMYK and ink, the print-shop PNGs and TTS sheets, ink saver; and hostile
files, each a content problem at its line (never a traceback).

The test pack's flower family is switched to its `flower-art` layout (a full-bleed meadow JPEG,
`cover`; each flower's own `art:` field, `contain`; an SVG bee, `stretch`), and the content is
copied with the art into a temporary folder, as a designer's game folder would be.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.art import designer_art
from pnp.core.geometry import Box, pt_to_mm
from pnp.print import cmyk, pdf

ROOT = Path(__file__).resolve().parents[2]
PACKS = ROOT / "tests" / "packs"
PACK = PACKS / "pnp_vulyk"
ART = {"sunflower": "art/sunflower.png", "poppy": "art/poppy.jpg", "cornflower": "art/cornflower.svg"}
LIMIT = 240.0  # DriveThruCards' total ink, per cent


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(PACKS)])}
    return subprocess.run([sys.executable, "-m", "pnp.cli", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def _game_folder(folder: Path, art: dict[str, str] = ART) -> Path:
    """ВУЛИК's content in `folder`, its flowers on the `flower-art` layout with their pictures."""
    shutil.copytree(PACK / "art", folder / "art")
    text = (PACK / "vulyk.yaml").read_text(encoding="utf-8").replace("layout: flower,", "layout: flower-art,")
    for flower, file in art.items():
        text = re.sub(rf"(\{{id: {flower}, .*?)\}}\n", rf"\1, art: {file}}}\n", text)
    (folder / "vulyk.yaml").write_text(text, encoding="utf-8")
    return folder / "vulyk.yaml"


def _line(content: Path, flower: str) -> int:
    lines = content.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if f"id: {flower}," in line)


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> tuple[Path, Path, subprocess.CompletedProcess]:
    folder = tmp_path_factory.mktemp("art")
    content = _game_folder(folder)
    done = _run("build", "--content", str(content), "--all", "--shop", "dtc", "--out", str(folder / "out"), cwd=folder)
    assert done.returncode == 0, done.stderr
    return content, folder / "out" / "uk", done


# --- where the pictures print ---------------------------------------------------------------


def _mul(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _images(reader: PdfReader, index: int) -> list[tuple[tuple[int, int], Box]]:
    """Every image painted on a page: (its pixels, where it lands in mm, top-left origin),
    followed through q/Q/cm and into forms (their /Matrix)."""
    page = reader.pages[index]
    height = float(page.mediabox.top)
    out = []

    def walk(ops, resources, ctm):
        stack = []
        xobjects = resources.get("/XObject", {}) if resources is not None else {}
        for operands, op in ops:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                ctm = _mul(tuple(float(v) for v in operands), ctm)
            elif op == b"Do":
                obj = xobjects[operands[0]].get_object()
                if obj["/Subtype"] == "/Image":
                    a, b, c, d, e, f = ctm  # the image's unit square
                    x0, x1 = sorted((e, e + a + c))
                    y0, y1 = sorted((f, f + b + d))
                    out.append(((int(obj["/Width"]), int(obj["/Height"])),
                                Box(pt_to_mm(x0), pt_to_mm(height - y1), pt_to_mm(x1 - x0), pt_to_mm(y1 - y0))))
                else:
                    inner = _mul(tuple(float(v) for v in obj.get("/Matrix", (1, 0, 0, 1, 0, 0))), ctm)
                    walk(ContentStream(obj, reader).operations, obj.get("/Resources"), inner)

    walk(ContentStream(page.get_contents(), reader).operations, page.get("/Resources"), (1, 0, 0, 1, 0, 0))
    return out


def test_each_picture_prints_in_its_box_at_its_size(kit):
    _, out, _ = kit
    placed = _images(PdfReader(out / "vulyk-uk-cards.pdf"), 0)
    meadows = [box for px, box in placed if px[0] == 600]
    suns = [box for px, box in placed if px == (400, 400)]
    poppies = [box for px, box in placed if px == (200, 300)]
    assert len(meadows) == 13 and len(suns) == 5 and len(poppies) == 4  # all 13 cards on the first sheet
    for box in meadows:  # cover, full bleed: the 44 x 68 mm card with 3 mm round it
        assert (box.w, box.h) == (pytest.approx(50, abs=0.05), pytest.approx(74, abs=0.05))
    for box in suns:  # contain, square in a 30 mm square, centred on its card
        assert (box.w, box.h) == (pytest.approx(30, abs=0.05), pytest.approx(30, abs=0.05))
        card = next(m for m in meadows if m.x < box.cx < m.right and m.y < box.cy < m.bottom)
        assert (box.cx, box.cy) == (pytest.approx(card.cx, abs=0.05), pytest.approx(card.cy, abs=0.05))
    for box in poppies:  # contain, 2:3 letterboxed in its 30 mm square
        assert (box.w, box.h) == (pytest.approx(20, abs=0.05), pytest.approx(30, abs=0.05))


def test_a_picture_on_many_faces_is_stored_once(kit):
    """The meadow behind all three faces (and the sunflower's mask) is one object in the PDF."""
    _, out, _ = kit
    images = [obj for obj in _xobjects(PdfReader(out / "vulyk-uk-cards.pdf")) if obj.get("/Subtype") == "/Image"]
    assert sorted((int(i["/Width"]), int(i["/Height"])) for i in images) == [(200, 300), (400, 400), (600, 888)]


def test_the_svg_picture_stays_vector_and_the_png_keeps_its_alpha(kit):
    _, out, _ = kit
    reader = PdfReader(out / "vulyk-uk-cards.pdf")
    pixel_sizes = {px for page in range(len(reader.pages)) for px, _ in _images(reader, page)}
    assert pixel_sizes == {(600, 888), (400, 400), (200, 300)}  # no raster of the cornflower, the bee
    sun = next(obj for obj in _xobjects(reader) if obj.get("/Width") == 400)
    assert "/SMask" in sun
    # the cornflower's blue and the bee's yellow are vector fills of the faces
    text = b"".join(obj.get_data() for obj in _xobjects(reader) if obj.get("/Subtype") == "/Form")
    assert b"0.231373 0.435294 0.847059 rg" in text and b"0.94902 0.760784 0.105882 rg" in text


def _xobjects(reader: PdfReader) -> list:
    """Every XObject the pages use, forms followed into, each once."""
    seen, out = set(), []

    def walk(resources):
        for ref in (resources.get_object().get("/XObject", {}) if resources is not None else {}).values():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            obj = ref.get_object()
            out.append(obj)
            walk(obj.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return out


# --- resolution --------------------------------------------------------------------------


def test_a_picture_below_300_dpi_is_a_warning_at_its_card_in_check_and_build(kit):
    content, _, built = kit
    line = _line(content, "poppy")
    want = (rf"vulyk\.yaml:{line}:\d+: warning: element 'flower' of flower card 'poppy': 'art/poppy\.jpg' "
            rf"\(200 x 300 px\) prints at 254 dpi in 30\.0 x 30\.0 mm \(contain\); expected at least 300 dpi "
            rf"\[art-resolution-low\]")
    assert re.search(want, built.stderr), built.stderr
    checked = _run("check", "--content", str(content), cwd=content.parent)
    assert checked.returncode == 0 and re.search(want, checked.stdout + checked.stderr), checked.stdout
    assert "sunflower" not in checked.stdout + checked.stderr  # 339 dpi: nothing to say


def test_a_picture_below_150_dpi_is_an_error_and_nothing_is_built(tmp_path):
    content = _game_folder(tmp_path)
    Image.new("RGB", (60, 90), (200, 30, 30)).save(tmp_path / "art" / "poppy.jpg")  # 76 dpi: 90 px in 30 mm
    for command in ("check", "build"):
        done = _run(command, "--content", str(content), "--out", str(tmp_path / "out"), cwd=tmp_path) \
            if command == "build" else _run(command, "--content", str(content), cwd=tmp_path)
        assert done.returncode == 1, done.stderr
        assert re.search(rf"vulyk\.yaml:{_line(content, 'poppy')}:\d+: error: .* prints at 76 dpi .* expected at "
                         r"least 150 dpi \[art-resolution\]", done.stdout + done.stderr)
    assert not (tmp_path / "out" / "uk").exists()


def test_the_shop_size_measures_the_pictures_again(kit):
    """DriveThruCards' poker cards are larger than ВУЛИК's: the meadow, 305 dpi on the card, is
    218 dpi across the shop's 69.8 x 95.2 mm with bleed, and the build says so."""
    _, _, built = kit
    assert re.search(r"note: print-shop \(dtc layout\): .*flower-art\.yaml:\d+:\d+: element 'meadow' of flower card "
                     r"'sunflower': 'art/meadow\.jpg' \(600 x 900 px\) prints at 218 dpi in 69\.8 x 95\.2 mm \(cover\)",
                     built.stderr), built.stderr


def test_dpi_by_fit():
    picture = designer_art.Picture("p.png", (600.0, 300.0))
    box = Box(0, 0, 25.4, 25.4)  # one inch square
    assert designer_art.dpi(picture, box, "contain") == pytest.approx(600)  # the width fills the inch
    assert designer_art.dpi(picture, box, "cover") == pytest.approx(300)  # the height fills it, cropped
    assert designer_art.dpi(picture, box, "stretch") == pytest.approx(300)  # the coarser axis


# --- the exports -------------------------------------------------------------------------


def test_the_dtc_file_carries_the_pictures_in_cmyk_within_the_ink_limit(kit):
    _, out, _ = kit
    path = out / "print-shop" / "dtc" / "vulyk-uk-flower.pdf"
    reader = PdfReader(path)
    images = [obj for obj in _xobjects(reader) if obj.get("/Subtype") == "/Image"]
    assert {(int(i["/Width"]), int(i["/Height"])) for i in images} >= {(400, 400), (200, 300)}
    for image in images:
        assert image["/ColorSpace"] == "/DeviceCMYK" and "/SMask" not in image
        ink = np.frombuffer(image.get_data(), dtype=np.uint8).reshape(-1, 4).astype(int).sum(axis=1) / 255 * 100
        assert ink.max() <= LIMIT
    sun = next(i for i in images if i["/Width"] == 400)
    mask = sun["/Mask"].get_object()  # its transparency as a stencil: the meadow shows round the petals
    assert mask["/ImageMask"] and int(mask["/BitsPerComponent"]) == 1
    assert b"/SMask" not in path.read_bytes()
    # Ghostscript's separations of the whole page agree: no spot over the limit
    pattern = path.parent / "ink-%03d.tif"
    subprocess.run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc", "-r72",
                    f"-sOutputFile={pattern}", str(path)], check=True, capture_output=True)
    for page in sorted(path.parent.glob("ink-*.tif")):
        assert (np.asarray(Image.open(page)).reshape(-1, 4).astype(int).sum(axis=1) / 255 * 100).max() <= LIMIT + 0.5
        page.unlink()


GLASS_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <defs><radialGradient id="g"><stop offset="0" stop-color="#ffe680"/><stop offset="1" stop-color="#3b6fd8"/>
  </radialGradient></defs>
  <circle cx="50" cy="50" r="45" fill="url(#g)"/>
  <rect x="10" y="40" width="80" height="20" fill="#800" style="opacity: 0.5"/>
</svg>
"""


def test_an_svg_with_a_gradient_and_transparency_prints_as_pixels_and_converts_for_dtc(tmp_path):
    """PDF/X-1a holds neither shadings nor transparency: such an SVG is drawn as 600 dpi pixels
    (30 mm: 709 px) in every PDF, and the DTC pass converts those as it converts a PNG."""
    content = _game_folder(tmp_path, {**ART, "poppy": "art/glass.svg"})
    (tmp_path / "art" / "glass.svg").write_text(GLASS_SVG, encoding="utf-8")
    done = _run("build", "--content", str(content), "--all", "--shop", "dtc", "--out", str(tmp_path / "o"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = tmp_path / "o" / "uk"
    placed = _images(PdfReader(out / "vulyk-uk-cards.pdf"), 0)
    glass = [box for px, box in placed if px == (709, 709)]
    assert len(glass) == 4 and all(box.w == pytest.approx(30, abs=0.05) for box in glass)
    dtc = PdfReader(out / "print-shop" / "dtc" / "vulyk-uk-flower.pdf")
    assert all(obj["/ColorSpace"] == "/DeviceCMYK" for obj in _xobjects(dtc)
               if obj.get("/Subtype") == "/Image" and "/ImageMask" not in obj)


def _near(rgb, want, tol=30) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(rgb, want))


SEED_BROWN = (45, 28, 12)  # the sunflower's centre: a dark brown of more than 240 % ink uncapped


def test_the_print_shop_pngs_and_the_tts_sheet_carry_the_pictures(kit):
    _, out, _ = kit
    png = Image.open(out / "print-shop" / "dtc" / "png" / "flower" / "01-sunflower-x5.png").convert("RGB")
    assert _near(png.getpixel((png.width // 2, png.height // 2)), SEED_BROWN)
    sheet = Image.open(next((out / "tts").glob("vulyk-uk-flower-sheet-*.png"))).convert("RGB")
    cell = (sheet.width // 2, sheet.height // 2)  # 2 x 2 cells: the sunflower in the first
    assert _near(sheet.getpixel((cell[0] // 2, cell[1] // 2)), SEED_BROWN)


def test_ink_saver_lightens_the_pictures(tmp_path):
    content = _game_folder(tmp_path)
    done = _run("build", "--content", str(content), "--only", "cards", "--ink-saver", "--out", str(tmp_path / "o"),
                cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    reader = PdfReader(tmp_path / "o" / "uk" / "vulyk-uk-cards.pdf")
    sun = next(obj for obj in _xobjects(reader) if obj.get("/Width") == 400)
    rgb = np.frombuffer(sun.get_data(), dtype=np.uint8).reshape(400, 400, 3)
    # the brown centre, mixed with white as the palette's colours are (style.INK_SAVER_KEEP)
    keep = 0.28
    assert tuple(rgb[200, 200]) == pytest.approx(tuple(round(255 - (255 - v) * keep) for v in SEED_BROWN), abs=1)
    # the SVG cornflower too: drawn as 600 dpi pixels (30 mm: 709 px) and lightened, its blue #3b6fd8 pale
    flower = next(obj for obj in _xobjects(reader) if obj.get("/Width") == 709)
    blue = np.frombuffer(flower.get_data(), dtype=np.uint8).reshape(709, 709, 3)[354, 354 - 150]
    assert tuple(blue) == pytest.approx(tuple(round(255 - (255 - v) * keep) for v in (0x3B, 0x6F, 0xD8)), abs=2)


# --- the PDF writer still refuses cairo's fallback images ---------------------------------


def test_an_image_the_master_does_not_declare_as_art_is_refused_as_cairos_fallback():
    png = io.BytesIO()
    Image.new("RGB", (7, 5), (10, 200, 10)).save(png, "PNG")
    tag = designer_art._image_tag(Box(1, 1, 7, 5), png.getvalue(), (7, 5))
    master = ('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">'
              + "{}</svg>")
    info = pdf.DocInfo("t")
    assert pdf.render([pdf.Page(10, 10, (pdf.Placement(master.format(tag)),))], info).startswith(b"%PDF")
    undeclared = tag.replace(f'{designer_art.PX_ATTR}="7x5" ', "")
    with pytest.raises(pdf.CairoFallback):
        pdf.render([pdf.Page(10, 10, (pdf.Placement(master.format(undeclared)),))], info)


def test_pixels_are_capped_as_colours_are():
    rng = np.random.default_rng(7)
    pixels = rng.integers(0, 256, size=(2000, 4), dtype=np.uint8)
    capped = cmyk.cap_ink_pixels(pixels).astype(int)
    assert (capped.sum(axis=1) <= cmyk.MAX_INK * 255).all()
    one = [cmyk.cap_ink(tuple(v / 255 for v in p)) for p in pixels[:200]]
    assert np.allclose(capped[:200] / 255, one, atol=1 / 255 + 1e-4)


# --- hostile and broken files --------------------------------------------------------------


def _png_claiming(width: int, height: int) -> bytes:
    """A PNG whose header claims `width` x `height` pixels, with one tiny (wrong) data chunk."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))


def _truncated_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (300, 300), (1, 2, 3)).save(out, "PNG")
    return out.getvalue()[:120]


SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
HOSTILE = {
    # case: (the file the poppy names, what is written there (None: nothing), what the problem says)
    "missing": ("art/nothing.png", None, r"no file 'art/nothing\.png' beside the content"),
    "outside": ("../poppy.png", None, r"leaves the content's folder"),
    "absolute": ("/etc/passwd.png", None, r"leaves the content's folder"),
    "gif": ("art/poppy.gif", b"GIF89a", r"expected a \.png, \.jpg, \.jpeg, \.svg file"),
    "png named jpg": ("art/fake.jpg", "png", r"is not a JPEG file"),
    "truncated": ("art/cut.png", "truncated", r"cannot be decoded"),
    "pixel bomb": ("art/bomb.png", "bomb", r"claims more than 60 million pixels"),  # Pillow's own guard, at open
    "too many pixels": ("art/big.png", "big", r"is 9000 x 9000 pixels, expected at most 60 million pixels"),
    "entity": ("art/xxe.svg", '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
               + SVG_HEAD + "<text>&x;</text></svg>", r"uses what an SVG picture may not"),
    "outside reference": ("art/ext.svg", SVG_HEAD + '<image xlink:href="file:///etc/hostname" width="5" height="5"/>'
                          "</svg>", r"refers to 'file:///etc/hostname': an SVG picture may refer only to its own parts"),
    "not xml": ("art/bad.svg", "<svg", r"is not well-formed XML"),
    "no size": ("art/nosize.svg", '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
                r"has no size"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_bad_picture_is_a_problem_at_its_card_never_a_traceback(tmp_path, case):
    name, data, said = HOSTILE[case]
    game = tmp_path / "game"
    game.mkdir()
    content = _game_folder(game, {**ART, "poppy": name})
    if case == "outside":  # a picture there is never read
        (tmp_path / "poppy.png").write_bytes((PACK / "art" / "sunflower.png").read_bytes())
    data = {"png": (PACK / "art" / "sunflower.png").read_bytes(), "truncated": _truncated_png(),
            "bomb": _png_claiming(100_000, 100_000),
            "big": _png_claiming(9000, 9000)}.get(data, data)
    if data is not None:
        (game / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    done = _run("check", "--content", str(content), cwd=game)
    said_all = done.stdout + done.stderr
    assert done.returncode == 1, said_all
    assert "Traceback" not in said_all
    assert re.search(rf"vulyk\.yaml:{_line(content, 'poppy')}:\d+: error: art: .*{said}.* \[art-file\]", said_all), said_all


def test_a_link_out_of_the_folder_is_refused(tmp_path):
    game = tmp_path / "game"
    game.mkdir()
    (tmp_path / "secret.png").write_bytes((PACK / "art" / "sunflower.png").read_bytes())
    content = _game_folder(game, {**ART, "poppy": "art/link.png"})
    (game / "art" / "link.png").symlink_to(tmp_path / "secret.png")
    done = _run("check", "--content", str(content), cwd=game)
    assert done.returncode == 1 and "is a link that leads out of the content's folder" in done.stdout + done.stderr


def test_layout_keys_of_a_picture_are_checked(tmp_path):
    from pnp.components import card_layout

    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "bad.yaml").write_text(
        "template: x.svg.j2\nelements:\n"
        "  a: {kind: image, file: art/a.png, fit: zoom}\n"
        "  b: {kind: image, file: art/b.png, bleed: true, box: {top: 1}}\n"
        "  c: {kind: image, icon: flower, fit: cover}\n"
        "  d: {kind: image, shows: art, file: art/d.png}\n", encoding="utf-8")
    layout, problems = card_layout.load(folder, "bad")
    said = sorted((p.mark.line, p.code, p.message) for p in problems)
    assert layout is None
    assert [(line, code) for line, code, _ in said] == [(3, "layout-key"), (4, "layout-box"), (5, "layout-key"),
                                                        (6, "layout-key")]
    assert "expected fit contain, cover, stretch, found 'zoom'" in said[0][2]


def test_a_picture_finer_than_600_dpi_is_embedded_at_600_dpi():
    picture = designer_art.Picture("big.png", (3000.0, 2000.0), given=Image.new("RGB", (3000, 2000), (9, 9, 9)))
    box = Box(0, 0, 25.4, 25.4)  # one inch: the picture would print at 3000 dpi contained
    tag = designer_art.markup(picture, box, "contain")
    assert f'{designer_art.PX_ATTR}="600x400"' in tag
    assert designer_art.resolution_problem(picture, box, "contain", None, "x") is None  # sharp: nothing to say


def test_a_field_that_is_neither_an_icon_nor_a_picture_file_is_a_problem_at_its_card(tmp_path):
    """Without `fit:` a value with no suffix is an icon's name: `poppy` is neither (the build
    stopped with an internal error on it). The pack is copied, its layout's `fit:` taken out."""
    packs = tmp_path / "packs"
    shutil.copytree(PACKS, packs, ignore=shutil.ignore_patterns("__pycache__"))
    layout = packs / "pnp_vulyk" / "templates" / "cards" / "flower-art.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace("shows: art, fit: contain,", "shows: art,"),
                      encoding="utf-8")
    game = tmp_path / "game"
    game.mkdir()
    content = _game_folder(game, {**ART, "poppy": "poppy"})
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(packs)])}
    done = subprocess.run([sys.executable, "-m", "pnp.cli", "check", "--content", str(content)], cwd=game, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    assert re.search(rf"vulyk\.yaml:{_line(content, 'poppy')}:\d+: error: element 'flower' of flower card 'poppy' "
                     r"shows 'poppy', which is neither an icon nor a picture file \[layout-icon\]", done.stdout), done.stdout


def test_the_preview_inlines_a_master_with_its_pictures_whole():
    """The preview pastes the masters into its page (ids prefixed): a picture's data URI and box stay."""
    from pnp.exports import preview_assets

    picture = designer_art.Picture("p.png", (4.0, 2.0), given=Image.new("RGBA", (4, 2), (200, 30, 30, 128)))
    tag = str(designer_art.markup(picture, Box(1, 1, 8, 4), "stretch"))
    master = ('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">'
              f'<defs><path id="p" d="M0 0h1v1z"/></defs><use href="#p"/>{tag}</svg>')
    inlined = str(preview_assets.inline_svg(master, "m1-"))
    assert tag in inlined and 'href="#m1-p"' in inlined


@pytest.mark.parametrize("inner, pixels", [
    ('<rect width="5" height="5" fill="#123456"/>', False),
    ('<rect width="5" height="5" opacity="1" style="fill-opacity: 1"/>', False),
    ('<rect width="5" height="5" style="fill:#123456; opacity: 0.5"/>', True),
    ('<rect width="5" height="5" fill-opacity="50%"/>', True),
    ('<linearGradient id="g"/><rect width="5" height="5" fill="url(#g)"/>', True),
    ('<style>rect { opacity: .5 }</style><rect width="5" height="5"/>', True),
])
def test_an_svg_with_what_pdf_x1a_cannot_hold_is_drawn_as_pixels(inner, pixels):
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{inner}</svg>'.encode()
    assert designer_art._read_svg(svg, "a.svg").needs_pixels is pixels
