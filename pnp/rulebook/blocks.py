"""Block text (what the templates write) -> reportlab flowables.

One block per line start, blank lines end paragraphs:

    #* Title             a big heading that is not listed in the contents
    # Heading            section (contents level 1, running header)
    ## Heading           subsection (contents level 2)
    ### Heading          minor heading (not in the contents)
    - item               bullet; following lines without a marker continue it
    1. item              numbered item
    > text               a boxed note; consecutive > lines form one box
    @name arg ...        a generated figure or table from the `figures` registry
    @pagebreak           start a new page
    anything else        a paragraph

Inline text is reportlab XML plus ``[icon]`` markup (see markup.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from reportlab.platypus import CondPageBreak, Flowable, PageBreak, Spacer, Table, TableStyle

from pnp.core.geometry import mm_to_pt
from pnp.rulebook.markup import para, plain, prepare as markup
from pnp.rulebook.paragraph import Paragraph
from pnp.rulebook.build_error import RulebookError

_NUMBERED = re.compile(r"^(\d+)\.\s+(.*)$")
FigureMaker = Callable[..., list[Flowable]]


class Heading(Paragraph):
    """A heading that the document template lists in the contents and the header."""

    def __init__(self, text: str, style, level: int, key: str):
        super().__init__(markup(text, style, 0, decorative=True), style)
        self.level = level
        self.key = key
        self.plain = plain(text)


@dataclass
class Block:
    kind: str  # h1 h2 h3 p bullet number note figure pagebreak
    text: str = ""
    args: list[str] = field(default_factory=list)
    label: str = ""


def parse(text: str) -> list[Block]:
    blocks: list[Block] = []
    current: Block | None = None

    def close():
        nonlocal current
        if current is not None:
            blocks.append(current)
        current = None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            close()
            continue
        if line.startswith("#*"):
            close()
            blocks.append(Block("title", line[2:].strip()))
        elif line.startswith("#"):
            close()
            level = len(line) - len(line.lstrip("#"))
            blocks.append(Block(f"h{min(level, 3)}", line[level:].strip()))
        elif line.startswith("@"):
            close()
            name, *args = line[1:].split()
            blocks.append(Block("pagebreak" if name == "pagebreak" else "figure", name, args))
        elif line.startswith(">"):
            body = line[1:].strip()
            if current is not None and current.kind == "note":
                current.text += ("<br/>" if not body else " " + body)
            else:
                close()
                current = Block("note", body)
        elif line.startswith("- "):
            close()
            current = Block("bullet", line[2:])
        elif _NUMBERED.match(line):
            close()
            number, body = _NUMBERED.match(line).groups()
            current = Block("number", body, label=f"{number}.")
        elif current is not None:
            current.text += " " + line
        else:
            current = Block("p", line)
    close()
    return blocks


#: block kind -> paragraph style, for the body and for the compact summary page
STYLE_SETS = {
    "body": {"p": "body", "bullet": "bullet", "number": "number", "h3": "h3", "note": "note"},
    "summary": {"p": "summary", "bullet": "summary-bullet", "number": "summary-number", "h3": "summary-h",
                "note": "summary"},
}


def flowables(blocks: list[Block], styles: dict, figures: dict[str, FigureMaker], note_colours,
              loose: frozenset[str] = frozenset()) -> list[Flowable]:
    """`loose`: the game's figures that, like the page-level ones, do not pull the paragraph
    before them along (long tables that split anyway)."""
    unkept = _NOT_KEPT | loose
    out: list[Flowable] = []
    counter = {"h1": 0, "h2": 0}
    use = STYLE_SETS["body"]
    previous = ""
    for block in blocks:
        if previous in _LISTS and block.kind not in _LISTS and block.kind != "figure":
            out.append(Spacer(1, LIST_GAP))  # a list ends: let the text after it breathe
        previous = block.kind
        if block.kind == "figure":
            if block.text == "summary":
                use = STYLE_SETS["summary"]  # the summary page sets everything smaller
            made = _figure(block, figures)
            if made and out and isinstance(out[-1], Paragraph) and block.text not in unkept:
                out[-1].keepWithNext = 1  # the sentence that introduces a figure stays with it
            out.extend(made)
            continue
        if block.kind in counter:
            counter[block.kind] += 1
        out.extend(_text_block(block, styles, use, note_colours, f"{block.kind}-{counter['h1']}-{counter['h2']}"))
        if block.kind in ("p", "bullet", "number") and block.text.rstrip().endswith(":"):
            out[-1].keepWithNext = 1  # it introduces what follows
    return out


def _text_block(block: Block, styles: dict, use: dict, note_colours, key: str) -> list[Flowable]:
    kind = block.kind
    if kind == "h1":
        return [CondPageBreak(mm_to_pt(SECTION_ROOM)), Heading(block.text, styles["h1"], 0, key)]
    if kind == "h2":
        return [Heading(block.text, styles["h2"], 1, key)]
    if kind == "title":
        return [para(block.text, styles["h1"], last_pair=0)]
    if kind == "h3":
        return [para(block.text, styles[use["h3"]], last_pair=0)]
    if kind == "bullet":
        return [para(block.text, styles[use["bullet"]], bullet="•")]
    if kind == "number":
        return [para(block.text, styles[use["number"]], bullet=block.label)]
    if kind == "note":
        return [note(block.text, styles[use["note"]], note_colours)]
    if kind == "pagebreak":
        return [PageBreak()]
    return [para(block.text, styles[use["p"]])]


_LISTS = frozenset({"bullet", "number"})
SECTION_ROOM = 55  # mm: a section starts on a new page unless this much room is left
LIST_GAP = 4.0  # points after the last item of a list

#: figures that do not pull the paragraph before them along (they shape the page)
_NOT_KEPT = frozenset({"summary", "pagebreak", "contents", "space", "need"})


def note(text: str, style, colours: tuple, width: float | None = None) -> Table:
    """A tinted box with a coloured rule on the left: rules worth remembering."""
    fill, rule = colours
    table = Table([[para(text, style)]], colWidths=[width] if width else None)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), style.fontName, style.fontSize),
        ("BACKGROUND", (0, 0), (-1, -1), fill),
        ("LINEBEFORE", (0, 0), (0, -1), 2.2, rule),
        ("LEFTPADDING", (0, 0), (-1, -1), 9),
        ("RIGHTPADDING", (0, 0), (-1, -1), 8),
        ("TOPPADDING", (0, 0), (-1, -1), 5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
    ]))
    table.spaceBefore, table.spaceAfter = 3, 8
    return table


def _figure(block: Block, figures: dict[str, FigureMaker]) -> list[Flowable]:
    maker = figures.get(block.text)
    if maker is None:
        known = ", ".join(sorted(figures))
        raise RulebookError(f"templates ask for figure @{block.text}, which does not exist; known: {known}")
    return maker(*block.args)
