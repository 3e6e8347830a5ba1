"""The icon set: ids, rendering, silhouettes, ink-saver, and the style tokens behind it."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from itertools import combinations

import cairosvg
import pytest
from PIL import Image

from pnp.typeset import fonts
from pnp.art import icons, style

REQUIRED = {
    "wood", "stone", "grain", "gold", "any", "point", "card", "unit", "strength", "die",
    "castle", "citadel", "mine", "desert", "forest", "field", "mountain", "entrance",
    "player-a", "player-b", "battle", "building", "upgrade", "heal", "trade", "hand",
    "army", "move", "hire", "train", "wounded", "first-player",
}
PX = 96  # pixels per icon side in the raster tests
SVG_NS = "{http://www.w3.org/2000/svg}"


def render(name: str, ink_saver: bool = False, px: int = PX) -> Image.Image:
    """The icon alone on a transparent 10 mm canvas, rasterised to px × px RGBA."""
    fonts.use_bundled_fonts()
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">'
        f"{icons.icon_defs([name], ink_saver)}{icons.use_icon(name, 0, 0, 10)}</svg>"
    )
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=px, output_height=px)
    return Image.open(io.BytesIO(png)).convert("RGBA")


def grey_alpha(img: Image.Image) -> list[tuple[int, int]]:
    """(luminance, alpha) of every pixel, row by row."""
    raw = img.convert("LA").tobytes()
    return list(zip(raw[0::2], raw[1::2]))


def silhouette(img: Image.Image) -> set[tuple[int, int]]:
    return {divmod(i, img.width)[::-1] for i, (_, a) in enumerate(grey_alpha(img)) if a > 128}


def ink(img: Image.Image) -> float:
    """Ink laid down: sum over pixels of darkness × coverage, in pixel units."""
    return sum((255 - lum) * a for lum, a in grey_alpha(img)) / 255 / 255


def test_every_required_icon_exists():
    assert REQUIRED <= set(icons.icon_names())
    assert list(icons.icon_names()) == sorted(icons.icon_names())


@pytest.mark.parametrize("ink_saver", [False, True])
def test_each_id_defined_once_and_defs_are_xml(ink_saver):
    defs = icons.icon_defs(ink_saver=ink_saver)
    root = ET.fromstring(defs.replace("<defs>", f'<defs xmlns="{SVG_NS[1:-1]}">', 1))
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert sorted(ids) == sorted(f"icon-{n}" for n in icons.icon_names())
    assert len(ids) == len(set(ids))
    for sym in root.iter(f"{SVG_NS}symbol"):
        assert sym.get("viewBox") == "0 0 100 100"
    assert "{" not in defs and "}" not in defs  # every palette placeholder was filled


def test_subset_and_use():
    defs = icons.icon_defs(["gold", "wood", "gold"])
    assert re.findall(r'id="(icon-[^"]+)"', defs) == ["icon-gold", "icon-wood"]
    use = icons.use_icon("wood", 1, 2, 4)
    assert ET.fromstring(use).attrib == {"href": "#icon-wood", "x": "1", "y": "2", "width": "4", "height": "4"}


def test_unknown_icon_names_the_icon():
    with pytest.raises(ValueError, match="'sheep'"):
        icons.use_icon("sheep", 0, 0, 4)
    with pytest.raises(ValueError, match="'sheep'"):
        icons.icon_defs(["wood", "sheep"])


@pytest.mark.parametrize("name", icons.icon_names())
def test_icon_renders_inside_its_box(name):
    for ink_saver in (False, True):
        img = render(name, ink_saver)
        inside = silhouette(img)
        # substantial: at least 15 % of the box is covered, so it reads at 4 mm
        assert len(inside) > 0.15 * PX * PX, (name, ink_saver, len(inside))
        # nothing touches the edge of the viewBox, i.e. no outline is clipped
        edge = {(x, y) for (x, y) in inside if min(x, y) == 0 or max(x, y) == PX - 1}
        assert not edge, (name, ink_saver, sorted(edge)[:5])


def dark_lines(img: Image.Image) -> set[tuple[int, int]]:
    """The ink drawing (outlines and details): what a greyscale reader goes by."""
    return {divmod(i, img.width)[::-1] for i, (lum, a) in enumerate(grey_alpha(img)) if a > 128 and lum < 90}


def iou(a: set, b: set) -> float:
    return len(a & b) / len(a | b)


def test_drawings_are_distinct():
    """No two icons look alike in ink: outline and details differ for every pair."""
    lines = {n: dark_lines(render(n, ink_saver=True, px=48)) for n in icons.icon_names()}
    for a, b in combinations(lines, 2):
        assert iou(lines[a], lines[b]) < 0.5, (a, b, round(iou(lines[a], lines[b]), 2))


def test_resources_and_players_differ_by_silhouette():
    """Colour-blind safe: the filled outlines alone tell resources and players apart."""
    names = ["wood", "stone", "grain", "gold", "any", "player-a", "player-b"]
    shapes = {n: silhouette(render(n, px=48)) for n in names}
    for a, b in combinations(names[:5], 2):
        assert iou(shapes[a], shapes[b]) < 0.75, (a, b, round(iou(shapes[a], shapes[b]), 2))
    assert iou(shapes["player-a"], shapes["player-b"]) < 0.75


@pytest.mark.parametrize("name", icons.icon_names())
def test_ink_saver_uses_less_ink_but_keeps_outline(name):
    normal, saver = render(name), render(name, ink_saver=True)
    assert ink(saver) < ink(normal)
    dark = sum(1 for lum, a in grey_alpha(saver) if a > 200 and lum < 80)
    assert dark > 0.04 * PX * PX, name  # the ink outline survives


def test_ink_saver_differs_in_every_fill():
    # the letters on the player icons turn dark so they survive on a pale fill
    assert "#fbf8f1" in icons.symbol("player-a") and style.palette()["ink"] in icons.symbol("player-a", True)
    assert icons.symbol("wood") != icons.symbol("wood", ink_saver=True)


def _lum(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_palettes_and_tokens():
    normal, saver = style.palette(), style.palette(ink_saver=True)
    assert set(normal) == set(saver) == set(style.palette(colour_in=True))
    for key in ("wood", "stone", "grain", "gold", "battle", "building", "upgrade", "aid",
                "player-a", "player-b", "forest", "field", "mountain", "desert", "heading", "badge", *style.ZONE_COLOURS):
        assert _lum(saver[key]) > _lum(normal[key]) + 20, key
        assert _lum(saver[key]) > 170, key  # pale: cheap to print
    for role, ts in style.TYPE.items():
        assert ts.face in fonts.FACES and ts.min_size <= ts.size
    assert style.TYPE["body"].min_size >= 7.0
    sizes = [style.TYPE[r].size for r in ("small", "caption", "body", "heading", "title")]
    assert sizes == sorted(sizes)  # one hierarchy: each level bigger than the one below
    with pytest.raises(KeyError, match="nosuch"):
        style.colour("nosuch")
