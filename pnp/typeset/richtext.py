"""Player-facing text with inline icons: parse the markup, wrap it, fit it, draw it as SVG.

Markup: ``[wood]`` (any icon name) is an inline icon, ``**bold**`` a bold span,
a newline (or the two characters ``\\n``) a forced line break. Inside a
`iconwords.speaking` block (a build sets one per renderer) each icon also says its words
in the PDF's text layer, in the form its place needs (``2 [gold]`` reads «2 золота»);
a template may ask for a form itself (``[gold~gen]``). Widths come from the
real font metrics (fonts.text_width_mm), so a line never runs past its box.

Breaks happen only at spaces, never inside a glued group (see linebreak): a number and
the icon that follows it ("2 [wood]") always stay on one line. When a paragraph does not
fit, `fit` first tries hyphenation at the same size, then shrinks in 0.25 pt steps down
to the minimum. Ties and hyphenation follow the language being set (pnp.core.typography).

All positions are millimetres; `to_svg` assumes an SVG whose user unit is 1 mm.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.typeset import fit_memo, fonts, iconwords
from pnp.art import style, svg
from pnp.core.geometry import pt_to_mm
from pnp.art.icons import icon_label, icon_names, use_icon
from pnp.typeset.linebreak import (Line, Piece, Wrapped, cap_height_mm, icon_box_mm, icon_place_mm, min_lines,
                                   wrap_runs)

_ICON_TOKEN = re.compile(iconwords.TOKEN)
_TOKEN = re.compile(r"\*\*|\[([^\[\]\n]*)\]|\n|\\n|[\[\]]|[^*\[\]\n\\]+|[*\\]")
STEP = 0.25  # points


@dataclass(frozen=True)
class Run:
    kind: str  # "text" | "icon" | "break"
    text: str = ""  # the text, or the icon name
    bold: bool = False
    words: str = ""  # what an icon says in the text layer ("" nothing)


def parse(markup: str) -> tuple[Run, ...]:
    """Markup -> runs. Raises ValueError naming any unknown icon or unbalanced markup."""
    known, runs, bold = set(icon_names()), [], False
    speaker = iconwords.current()
    for m in _TOKEN.finditer(speaker.annotate(markup) if speaker is not None else markup):
        token = m.group(0)
        if token == "**":
            bold = not bold
        elif m.group(1) is not None:
            icon = m.group(1).strip()
            name = icon.partition("~")[0]
            if name not in known:
                raise ValueError(
                    f"unknown icon [{name}] in text {markup!r}; known icons: {', '.join(sorted(known))}"
                )
            if not _ICON_TOKEN.fullmatch(icon):
                raise ValueError(f"[{icon}] in text {markup!r}: an icon's form is ~N (a number), ~cN or ~gen")
            runs.append(Run("icon", name, bold, _says(speaker, icon)))
        elif token in ("\n", "\\n"):
            runs.append(Run("break"))
        elif token in ("[", "]"):
            raise ValueError(f"unmatched {token!r} in text {markup!r}; icons are written [name]")
        else:
            runs.append(Run("text", token, bold))
    if bold:
        raise ValueError(f"unclosed ** (bold) in text {markup!r}")
    return tuple(runs)


#: the language of the icon set's labels (icons.icon_label)
LABEL_LANG = "uk"


def _says(speaker: iconwords.IconWords | None, token: str) -> str:
    """What an icon token says: its icon words, else (in the labels' language, as the
    rulebook does) the icon set's label; nothing when no words are known."""
    if speaker is None:
        return ""
    words = speaker.get(token)
    if words is None:
        return icon_label(token.partition("~")[0]) if speaker.lang == LABEL_LANG else ""
    return words


def icon_refs(markup: str) -> tuple[str, ...]:
    """Names inside [brackets], in order, without validating them (for content checks)."""
    return tuple(m.group(1).strip() for m in _TOKEN.finditer(markup) if m.group(1) is not None)


def plain_text(markup: str) -> str:
    """The words of `markup` as a reader sees them: icons dropped, bold and breaks undone."""
    parts = [r.text if r.kind == "text" else " " for r in parse(markup) if r.kind != "icon"]
    return " ".join("".join(parts).replace("\u00a0", " ").split())


def wrap(markup: str | tuple[Run, ...], width: float, face: str, size: float,
         hyphenate: bool = False) -> Wrapped:
    """Break `markup` into lines no wider than `width` mm, set in `face` at `size` pt."""
    runs = parse(markup) if isinstance(markup, str) else tuple(markup)
    return wrap_runs(runs, width, face, size, hyphenate)


# --- fitting --------------------------------------------------------------------------

ALIGNS = ("left", "center", "right")
VALIGNS = ("top", "middle", "bottom")


def block_height_mm(n_lines: int, face: str, size: float, leading: float) -> float:
    """Height of n lines: the first line's ascent, n-1 line steps, the last one's descent."""
    if n_lines == 0:
        return 0.0
    step = pt_to_mm(size * leading)
    return fonts.ascent_mm(face, size) + fonts.descent_mm(face, size) + (n_lines - 1) * step


@dataclass(frozen=True)
class FitResult:
    size: float  # points the text is set in
    lines: tuple[Line, ...]
    shrunk: bool  # smaller than asked for
    overflow_mm: float  # height missing at the minimum size; 0 when it fits
    face: str
    box_w: float
    box_h: float
    align: str
    leading: float
    broken_words: int = 0  # words cut without a hyphenation point (only at min size)

    @property
    def height_mm(self) -> float:
        return block_height_mm(len(self.lines), self.face, self.size, self.leading)

    @property
    def line_height_mm(self) -> float:
        return pt_to_mm(self.size * self.leading)

    @property
    def fits(self) -> bool:
        return self.overflow_mm == 0 and self.broken_words == 0

    @property
    def icons(self) -> tuple[str, ...]:
        """Icon names used, sorted: what the document's icon_defs must include."""
        return tuple(sorted({p.text for line in self.lines for p in line.pieces if p.kind == "icon"}))


def _sizes(size: float, min_size: float) -> list[float]:
    steps = int((size - min_size) / STEP + 1e-9)
    sizes = [round(size - i * STEP, 4) for i in range(steps + 1)]
    return sizes if sizes[-1] <= min_size + 1e-9 else sizes + [min_size]


def fit(text: str, box_w: float, box_h: float, face: str = "sans", size: float = 8.5,
        min_size: float = 7.0, align: str = "left", leading: float = 1.2) -> FitResult:
    """Set `text` in the box at the largest size (in 0.25 pt steps) at which it fits.

    At each size it tries plain breaking, then hyphenation (a size that cannot hold the
    text's width in the box's lines is skipped unset). If it fits at no size down to
    `min_size`, the result is set at `min_size` and `overflow_mm` says how much height
    is missing.
    """
    if align not in ALIGNS:
        raise ValueError(f"align must be one of {', '.join(ALIGNS)}, not {align!r}")
    if min_size > size:
        raise ValueError(f"min_size {min_size} is larger than size {size}")
    return fit_memo.fitted((parse(text), box_w, box_h, face, size, min_size, align, leading), _fit)


def _fit(runs: tuple[Run, ...], box_w: float, box_h: float, face: str, size: float, min_size: float, align: str,
         leading: float) -> FitResult:

    def result(s: float, wrapped: Wrapped, overflow: float) -> FitResult:
        return FitResult(s, wrapped.lines, s < size, overflow, face, box_w, box_h, align,
                         leading, wrapped.broken_words)

    for s in _sizes(size, min_size):
        if block_height_mm(min_lines(runs, box_w, face, s), face, s, leading) > box_h + 1e-9:
            continue  # too much text for the box at this size, however it is broken
        for hyphenate in (False, True):
            wrapped = wrap_runs(runs, box_w, face, s, hyphenate)
            height = block_height_mm(len(wrapped.lines), face, s, leading)
            if wrapped.broken_words == 0 and height <= box_h + 1e-9:
                return result(s, wrapped, 0.0)
    wrapped = wrap_runs(runs, box_w, face, min_size, True)
    height = block_height_mm(len(wrapped.lines), face, min_size, leading)
    return result(min_size, wrapped, round(max(0.0, height - box_h), 4))


def fit_role(text: str, box_w: float, box_h: float, role: str = "body", align: str = "left") -> FitResult:
    """`fit` with the face, sizes and leading of a type role from style.TYPE."""
    ts = style.TYPE[role]
    return fit(text, box_w, box_h, ts.face, ts.size, ts.min_size, align, ts.leading)


# --- drawing --------------------------------------------------------------------------


PLACES = 3  # decimals of a paragraph's positions: 1 µm


def _word_spans(piece: Piece, size: float, x0: float, baseline: float) -> list[tuple[float, float, str, dict]]:
    attrs = fonts.face(piece.face).svg_attrs()
    spans, start = [], 0
    for word in piece.text.split(" "):
        if word:
            dx = fonts.text_width_mm(piece.text[:start], piece.face, size)
            spans.append((x0 + piece.x + dx, baseline, word, attrs))
        start += len(word) + 1
    return spans


#: the least horizontal scale of an icon's words: below about 20 % extraction tools start
#: splitting the word (measured with pdftotext for the rulebook); past it, smaller type
MIN_SQUEEZE = 0.2


def _hidden_words(piece: Piece, size: float, x: float, baseline: float) -> str:
    """The icon's words on the line's baseline, scaled to span exactly the icon's place.

    Spanning the place, the words sit where a reader's eye does: text extraction puts a
    space where the line has one (after "2", before the icon) and none before a colon
    that follows the icon. Each word is squeezed, not the spaces between them, which
    keep their width so that extraction still sees them («будь-який ресурс»). Invisible
    everywhere (pnp.print.hidden_text).
    """
    words = piece.words.split()
    space = fonts.text_width_mm(" ", piece.face, size)
    natural = [fonts.text_width_mm(w, piece.face, size) for w in words]
    room = max(piece.width - space * (len(words) - 1), piece.width / 2)
    squeeze, font_size = room / sum(natural), pt_to_mm(size)
    if squeeze < MIN_SQUEEZE:
        font_size *= squeeze / MIN_SQUEEZE
        space *= squeeze / MIN_SQUEEZE
        squeeze = MIN_SQUEEZE
    step = (font_size / pt_to_mm(size)) * squeeze
    out, at = [], x
    for word, width in zip(words, natural):
        out.append(svg.text(0, 0, word, class_=svg.HIDDEN_CLASS, fill_opacity=0, font_size=font_size,
                            transform=f"{svg.translate(at, baseline)} scale({svg.num(squeeze)} 1)",
                            places=PLACES, **fonts.face(piece.face).svg_attrs()))
        at += width * step + space
    return "".join(out)


def to_svg(result: FitResult, x: float, y: float, *, valign: str = "top",
           fill: str | None = None) -> str:
    """SVG for a fitted paragraph whose box's top-left corner is at (x, y) mm.

    Text stays real <text> (extractable); icons are <use> of the icon symbols, so the
    document must also include `icons.icon_defs(result.icons)`; an icon's words follow it
    as hidden text (`_hidden_words`). Every word gets its
    own x: cairo hints glyph advances on PNG output, and the drift must not add up
    along a line into the icons that follow.
    """
    if valign not in VALIGNS:
        raise ValueError(f"valign must be one of {', '.join(VALIGNS)}, not {valign!r}")
    free = result.box_h - result.height_mm
    top = y + {"top": 0.0, "middle": free / 2, "bottom": free}[valign]
    baseline = top + fonts.ascent_mm(result.face, result.size)
    font_size = pt_to_mm(result.size)
    colour = fill or style.colour("ink")
    cap = cap_height_mm(result.face, result.size)
    box = icon_box_mm(result.face, result.size)
    out = []
    for line in result.lines:
        free_w = result.box_w - line.width
        x0 = x + {"left": 0.0, "center": free_w / 2, "right": free_w}[result.align]
        spans: list = []

        def flush() -> None:
            if spans:
                out.append(svg.text_spans(spans, places=PLACES, font_size=font_size, fill=colour))
                spans.clear()

        for p in line.pieces:
            if p.kind == "icon":
                start = icon_place_mm(p.text, p.face, result.size)[1]
                out.append(use_icon(p.text, x0 + p.x + start, baseline - cap / 2 - box / 2, box))
                if p.words:
                    flush()  # the text layer then reads in line order, also for readers that follow the stream
                    out.append(_hidden_words(p, result.size, x0 + p.x, baseline))
                continue
            spans.extend(_word_spans(p, result.size, x0, baseline))
        flush()
        baseline += result.line_height_mm
    return svg.wrap("".join(out), class_="richtext")
