"""The bundled faces registered with reportlab, for the PDFs reportlab draws (the rulebook,
the simulator's PDF report, their vector figures).

Apart from pnp.typeset.fonts, which measures text and is read by `pnp check`: reportlab
(and the imaging library it loads) is imported only by what draws with it.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont as RLTTFont

from pnp.typeset import fonts

#: key -> the file reportlab has registered under it in this process
_REGISTERED: dict[str, str] = {}


def register_reportlab_fonts() -> None:
    """Register the faces each role prints in now with reportlab under their keys (e.g. 'sans-bold'):
    the bundled faces, or the designer's where `fonts.designer_fonts` is active. A key registered
    with another file before (another game's build in this process) is registered again."""
    for key, f in fonts.faces().items():
        if _REGISTERED.get(key) != str(f.path):
            pdfmetrics.registerFont(RLTTFont(key, str(f.path)))
            _REGISTERED[key] = str(f.path)
    for family, normal, bold, italic, bold_italic in (
        ("sans", "sans", "sans-bold", "sans-italic", "sans-bold-italic"),
        ("serif", "serif", "serif-bold", "serif-italic", "serif-bold"),
        ("narrow", "narrow", "narrow-bold", "narrow", "narrow-bold"),
    ):
        pdfmetrics.registerFontFamily(family, normal=normal, bold=bold, italic=italic, boldItalic=bold_italic)
