"""The bundled faces registered with reportlab, for the PDFs reportlab draws (the rulebook,
the simulator's PDF report, their vector figures).

Apart from pnp.typeset.fonts, which measures text and is read by `pnp check`: reportlab
(and the imaging library it loads) is imported only by what draws with it.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont as RLTTFont

from pnp.typeset.fonts import FACES


def register_reportlab_fonts() -> None:
    """Register the bundled faces with reportlab under their keys (e.g. 'sans-bold')."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for key, f in FACES.items():
        if key not in registered:
            pdfmetrics.registerFont(RLTTFont(key, str(f.path)))
    for family, normal, bold, italic, bold_italic in (
        ("sans", "sans", "sans-bold", "sans-italic", "sans-bold-italic"),
        ("serif", "serif", "serif-bold", "serif-italic", "serif-bold"),
        ("narrow", "narrow", "narrow-bold", "narrow", "narrow-bold"),
    ):
        pdfmetrics.registerFontFamily(family, normal=normal, bold=bold, italic=italic, boldItalic=bold_italic)
