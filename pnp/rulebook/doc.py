"""The rulebook's page templates: cover, body pages with running header and page number,
and a two-column page for the summary; contents entries and PDF bookmarks from headings.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.platypus import ActionFlowable, BaseDocTemplate, CondPageBreak, Frame, PageTemplate, Spacer, TableStyle
from reportlab.platypus.tableofcontents import TableOfContents

from pnp.core.geometry import mm_to_pt
from pnp.rulebook import layout_pass
from pnp.rulebook.blocks import Heading
from pnp.rulebook.styles import PageGeometry, colour


class RulebookDoc(BaseDocTemplate):
    def __init__(self, target, geometry: PageGeometry, header_title: str, styles: dict, *,
                 title: str, subject: str, lang: str, ink_saver: bool):
        self.geometry = geometry
        self.header_title = header_title
        self.text_styles = styles
        self.ink_saver = ink_saver
        self._section = ""
        self._top_section = ""
        self._page_new = ""
        super().__init__(
            target, pagesize=(mm_to_pt(geometry.width), mm_to_pt(geometry.height)),
            leftMargin=mm_to_pt(geometry.left), rightMargin=mm_to_pt(geometry.right),
            topMargin=mm_to_pt(geometry.top), bottomMargin=mm_to_pt(geometry.bottom),
            title=title, author="pnp", subject=subject, creator="pnp", producer="pnp",
            invariant=1, pageCompression=1, lang=lang, initialFontName="sans",
        )
        self.addPageTemplates(self._templates())

    # --- pages -------------------------------------------------------------------
    def _templates(self) -> list[PageTemplate]:
        g = self.geometry
        body = Frame(mm_to_pt(g.left), mm_to_pt(g.bottom), mm_to_pt(g.text_width), mm_to_pt(g.text_height),
                     id="body", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        cover = Frame(mm_to_pt(g.left), mm_to_pt(g.bottom), mm_to_pt(g.text_width),
                      mm_to_pt(g.height - g.bottom - g.bottom), id="cover",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        col = g.column_width
        columns = [
            Frame(mm_to_pt(g.left + i * (col + g.summary_gap)), mm_to_pt(g.bottom), mm_to_pt(col),
                  mm_to_pt(g.text_height), id=f"summary{i}",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
            for i in (0, 1)
        ]
        return [
            PageTemplate("cover", [cover]),
            PageTemplate("body", [body], onPageEnd=self._decorate),
            PageTemplate("summary", columns, onPageEnd=self._decorate_summary),
        ]

    def multiBuild(self, story, maxPasses=10, **build_options):
        self._multi_pass = 0
        try:
            return super().multiBuild(story, maxPasses, **build_options)
        finally:
            del self._multi_pass

    def build(self, flowables, *args, **kwargs):
        # multiBuild's first pass, when another must follow, is laid out without drawing (layout_pass)
        passes = getattr(self, "_multi_pass", None)
        if passes is not None:
            self._multi_pass = passes = passes + 1
        if passes == 1 and layout_pass.never_last(self._indexingFlowables):
            with layout_pass.undrawn():
                return super().build(flowables, *args, **kwargs)
        return super().build(flowables, *args, **kwargs)

    def beforeDocument(self):
        # multiBuild lays the book out more than once: start every pass afresh
        self._section = self._top_section = self._page_new = ""
        # printed at 100 % like every other sheet of the kit: the diagrams and icons are to scale
        self.canv.setViewerPreference("PrintScaling", "None")
        self._page_started = False

    def handle_pageBegin(self):
        # the running head names the section in force at the top of the page, or the
        # section that opens the page
        self._top_section, self._page_new, self._page_started = self._section, "", False
        super().handle_pageBegin()

    def _decorate(self, canvas, doc) -> None:
        g = self.geometry
        ink, muted, line = (colour(k, self.ink_saver) for k in ("ink", "muted", "line"))
        top = mm_to_pt(g.height - g.top + 9)
        canvas.saveState()
        canvas.setStrokeColor(line)
        canvas.setLineWidth(0.5)
        canvas.line(mm_to_pt(g.left), top - 4, mm_to_pt(g.width - g.right), top - 4)
        canvas.setFont("sans-bold", 8.5)
        canvas.setFillColor(ink)
        canvas.drawString(mm_to_pt(g.left), top, self.header_title)
        canvas.setFont("sans", 8.5)
        canvas.setFillColor(muted)
        canvas.drawRightString(mm_to_pt(g.width - g.right), top, self._page_new or self._top_section)
        canvas.setFont("sans", 9)
        canvas.setFillColor(ink)
        canvas.drawCentredString(mm_to_pt(g.width / 2), mm_to_pt(g.bottom - 10), str(canvas.getPageNumber()))
        canvas.restoreState()

    def _decorate_summary(self, canvas, doc) -> None:
        self._decorate(canvas, doc)
        g = self.geometry
        x = mm_to_pt(g.left + g.text_width / 2)
        canvas.saveState()
        canvas.setStrokeColor(colour("line", self.ink_saver))
        canvas.setLineWidth(0.5)
        canvas.line(x, mm_to_pt(g.bottom), x, mm_to_pt(g.height - g.top))
        canvas.restoreState()

    # --- contents and bookmarks --------------------------------------------------------
    def afterFlowable(self, flowable) -> None:
        if not isinstance(flowable, Heading):
            self._page_started = self._page_started or not isinstance(flowable, _INVISIBLE)
            return
        if flowable.level == 0:
            self._section = flowable.plain
            if not self._page_started and not self._page_new:
                self._page_new = flowable.plain
        self._page_started = True
        self.canv.bookmarkPage(flowable.key)
        self.canv.addOutlineEntry(flowable.plain, flowable.key, level=flowable.level, closed=True)
        self.notify("TOCEntry", (flowable.level, escape(flowable.plain), self.page, flowable.key))


#: flowables that put nothing on the page (a section after them still opens the page)
_INVISIBLE = (ActionFlowable, Spacer, CondPageBreak)


def contents(styles: dict) -> TableOfContents:
    toc = TableOfContents(dotsMinLevel=0)
    toc.levelStyles = [styles["toc1"], styles["toc2"]]
    # a table's plain-text cells default to Helvetica, which must never reach the PDF
    toc.tableStyle = TableStyle([("FONT", (0, 0), (-1, -1), "sans", 10),
                                 ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                 ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                 ("RIGHTPADDING", (0, 0), (-1, -1), 0)])
    return toc


def foresee_contents(story: list) -> None:
    """Give each table of contents of `story` its headings before the first pass, their pages not
    yet known (0). multiBuild lays the book out until the contents stop changing; begun empty, the
    contents grow on the second pass and move the pages after them, so a third pass was needed. A
    row's height does not depend on its page number, so begun full the book settles on the second
    pass, to the same bytes (a heading missed here costs the pass back, never a wrong page)."""
    headings = list(_headings(story))
    for flowable in story:
        if isinstance(flowable, TableOfContents):
            for heading in headings:
                flowable.addEntry(heading.level, escape(heading.plain), 0, heading.key)


def _headings(flowables):
    for flowable in flowables:
        if isinstance(flowable, Heading):
            yield flowable
        elif isinstance(flowable, (list, tuple)):
            yield from _headings(flowable)
        elif isinstance(getattr(flowable, "_content", None), (list, tuple)):  # KeepTogether and kin
            yield from _headings(flowable._content)
