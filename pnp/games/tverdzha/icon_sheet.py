"""Contact sheet of the icon set: every icon at 20, 8 and 4 mm, in colour and ink-saver,
plus sample paragraphs with inline icons set by richtext. A proof for the eye.

    python -m pnp.games.tverdzha.icon_sheet docs/icons.png [--dpi 72] [--svg out.svg]
"""

from __future__ import annotations

import argparse
from pathlib import Path
import io

from PIL import Image
import cairosvg

from pnp.art import icons, style, svg
from pnp.core import typography
from pnp.core.geometry import pt_to_mm
from pnp.core.safeio import write_atomic
from pnp.typeset import fonts, richtext

SIZES = (20.0, 8.0, 4.0)
COLS = 5
CELL_W, CELL_H = 37.0, 31.0
MARGIN = 8.0
PANEL_GAP = 10.0
HEADER = 24.0

SAMPLE = (
    "**Ринок**: обміняй 2 однакові ресурси на 2 [any]. **Казарма** коштує "
    "[wood][wood][stone][grain] і дає 2 [point]. Найняти загін: заплати 2 [grain] — "
    "новий [unit] силою 1 стає у твою землю.\n"
    "Бій: кидай по [die] за кожен свій загін; Стіна дає +2 [wall] до захисту замку. "
    "Будь-яка будівля з Гільдією ремесел дешевша на 1 [any]."
)
SAMPLE_LANG = "uk"
# (box width, box height) in mm: roomy, then tight enough to shrink, then too small
SAMPLE_BOXES = ((110.0, 30.0), (56.0, 24.0), (46.0, 18.0))


def _reprefix(fragment: str, prefix: str) -> str:
    """Give a second copy of the icon symbols distinct ids within one document."""
    return fragment.replace('id="icon-', f'id="{prefix}icon-').replace('href="#icon-', f'href="#{prefix}icon-')


def _text(x: float, y: float, text: str, role: str = "small", anchor: str = "start", fill: str | None = None) -> str:
    ts = style.TYPE[role]
    return svg.text(x, y, text, places=2, font_size=svg.num(pt_to_mm(ts.size), 3), text_anchor=anchor,
                    fill=fill or style.colour("muted"), **fonts.face(ts.face).svg_attrs())


def _cell(name: str, x: float, y: float) -> str:
    out = [icons.use_icon(name, x + 1, y + 1, SIZES[0])]
    out.append(icons.use_icon(name, x + 24, y + 1, SIZES[1]))
    out.append(icons.use_icon(name, x + 26, y + 12, SIZES[2]))
    out.append(_text(x + 1, y + 26.5, f"{icons.icon_label(name)} · {name}", "caption", fill=style.colour("ink")))
    return "".join(out)


def _panel(x: float, y: float, ink_saver: bool) -> str:
    names = icons.icon_names()
    body = [icons.icon_defs(ink_saver=ink_saver)]
    title = "ощадливий друк (ink-saver)" if ink_saver else "кольоровий друк"
    body.append(_text(x, y - 3, title, "heading", fill=style.colour("ink")))
    for i, name in enumerate(names):
        row, col = divmod(i, COLS)
        body.append(_cell(name, x + col * CELL_W, y + row * CELL_H))
    fragment = "".join(body)
    return _reprefix(fragment, "ink-") if ink_saver else fragment


def _samples(x: float, y: float) -> tuple[str, float]:
    # the colour panel already defines every icon-<name> symbol these paragraphs use
    out, cx = [], x
    for box_w, box_h in SAMPLE_BOXES:
        with typography.using(SAMPLE_LANG):
            result = richtext.fit_role(SAMPLE, box_w, box_h, "body")
        out.append(svg.rect(cx, y, box_w, box_h, places=2, fill="none", stroke=style.colour("line"),
                            stroke_width=svg.num(style.STROKE["hair"])))
        out.append(richtext.to_svg(result, cx, y))
        note = f"{box_w:g}×{box_h:g} мм: {result.size:g} pt"
        note += f", зменшено з {style.TYPE['body'].size:g} pt" if result.shrunk else ""
        note += f", бракує {result.overflow_mm:.1f} мм" if result.overflow_mm else ""
        out.append(_text(cx, y + max(box_h, result.height_mm) + 4, note))
        cx += box_w + 8
    return "".join(out), max(h for _, h in SAMPLE_BOXES) + 14


def contact_sheet() -> str:
    """The whole sheet as one SVG document (user unit: 1 mm)."""
    rows = -(-len(icons.icon_names()) // COLS)
    panel_w, panel_h = COLS * CELL_W, rows * CELL_H
    width = 2 * MARGIN + 2 * panel_w + PANEL_GAP
    top = MARGIN + HEADER
    samples, samples_h = _samples(MARGIN, top + panel_h + 6)
    height = top + panel_h + 6 + samples_h + MARGIN
    parts = [
        svg.rect(0, 0, width, height, places=1, fill=style.colour("paper")),
        _text(MARGIN, MARGIN + 6, "ТВЕРДЖА — іконки", "title", fill=style.colour("ink")),
        _text(MARGIN, MARGIN + 11, "кожна іконка: 20 мм, 8 мм, 4 мм; id = icon-<назва>"),
        _panel(MARGIN, top, ink_saver=False),
        _panel(MARGIN + panel_w + PANEL_GAP, top, ink_saver=True),
        samples,
    ]
    return svg.document(width, height, "".join(parts), places=1)


def render_png(path: Path, dpi: float = 72) -> Path:
    """Write the sheet as a PNG at `dpi`.

    Rendered at 4× and scaled down: cairo hints glyph advances at low resolutions,
    which would squeeze the words of the sample paragraphs together.
    """
    fonts.use_bundled_fonts()
    path.parent.mkdir(parents=True, exist_ok=True)
    big = cairosvg.svg2png(bytestring=contact_sheet().encode("utf-8"), dpi=dpi * 4)
    image = Image.open(io.BytesIO(big)).convert("RGB")
    image = image.resize((round(image.width / 4), round(image.height / 4)), Image.LANCZOS)
    png = io.BytesIO()
    image.quantize(colors=256, dither=Image.Dither.NONE).save(png, format="PNG", optimize=True)
    write_atomic(path, png.getvalue())
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("png", type=Path)
    parser.add_argument("--dpi", type=float, default=72)
    parser.add_argument("--svg", type=Path, help="also write the SVG here")
    args = parser.parse_args(argv)
    if args.svg:
        write_atomic(args.svg, contact_sheet())
    render_png(args.png, args.dpi)


if __name__ == "__main__":
    main()
