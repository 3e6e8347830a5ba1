"""The reportlab canvas every pnp PDF made with reportlab is drawn on: it never reads the time.

The determinism contract: no output depends on the clock or on SOURCE_DATE_EPOCH. Every
date a file carries is 2000-01-01 00:00:00 UTC (cairo's PDFs get it in pnp.print.pdf;
PNG, SVG, HTML and JSON carry none). reportlab in invariant mode uses that date too, but
takes SOURCE_DATE_EPOCH instead whenever it is set (reportlab.lib.utils.TimeStamp, read
once, when the canvas starts its document), so the canvas starts with the variable hidden.
"""

from __future__ import annotations

import os

from reportlab.pdfgen.canvas import Canvas


class TimelessCanvas(Canvas):
    """A canvas in invariant mode whose document date is fixed whatever the environment says."""

    def __init__(self, *args, **kwargs):
        kwargs["invariant"] = 1
        hidden = os.environ.pop("SOURCE_DATE_EPOCH", None)
        try:
            super().__init__(*args, **kwargs)
        finally:
            if hidden is not None:
                os.environ["SOURCE_DATE_EPOCH"] = hidden
