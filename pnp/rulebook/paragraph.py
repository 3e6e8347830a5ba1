"""The rulebook's paragraph: reportlab's, laid out once for each width it is asked about.

multiBuild lays the whole book out on every pass, and a table asks each cell's paragraph for
its height several times while it sizes its rows: the empire's rulebook wrapped its
paragraphs 8,700 times for 1,100 paragraphs. A wrap depends only on the paragraph's text and
style, which never change, and on the width, so the lines broken for a width are kept and
given again for the same width (about a fifth of the rulebook's time; the same bytes).
"""

from __future__ import annotations

from reportlab.platypus import Paragraph as _Paragraph


class Paragraph(_Paragraph):
    def wrap(self, availWidth, availHeight):
        kept = self.__dict__.get("_wrapped")
        # blPara is the laid-out text the drawing uses; anything that replaced it is obeyed
        if kept is not None and kept[0] == availWidth and self.__dict__.get("blPara") is kept[2]:
            self.width, self.height = availWidth, kept[1]
            return availWidth, kept[1]
        answer = super().wrap(availWidth, availHeight)
        laid = self.__dict__.get("blPara")
        # kept only when the text was laid out (a width too narrow for anything is answered early)
        if laid is not None and answer == (availWidth, getattr(self, "height", None)):
            self._wrapped = (availWidth, self.height, laid)
        return answer
