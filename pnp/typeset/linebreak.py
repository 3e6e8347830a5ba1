"""Line breaking for rich text: atoms, glued groups, real widths, greedy lines.

Works on the runs `richtext.parse` produces (objects with kind/text/bold/words). Breaks
happen only at spaces, never inside a glued group: a number and the icon after it
("2 [wood]"), consecutive icons, a dash and the word before it, a one-letter word of the
language's table (pnp.core.typography: uk в, у, з, і, й, а, о) and the word after it, a
bare number and whatever follows it ("3 загони"). Hyphenation follows the same table.
Widths are the fonts' advance widths in mm (fonts.text_width_mm); an icon's is its ink's
width plus a side bearing (`icon_place_mm`). An icon atom carries the words it says in
the text layer (pnp.typeset.iconwords), which take no room.
"""

from __future__ import annotations

import math
import re
from collections import deque
from dataclasses import dataclass
from functools import lru_cache


from pnp.typeset import fonts
from pnp.core import hyphen, typography
from pnp.core.typography import Typography
from pnp.art import style
from pnp.art.icon_inline import ink_span
from pnp.core.geometry import pt_to_mm

_SPACES = re.compile(r"( +|\u00a0)")
_CLOSING = ":;,.!?)»"  # punctuation that follows what it closes without a space
_NUMBER = re.compile(r"[+−-]?\d+[×%]?")  # "3", "+1", "−1", "2×": glued to the next word


# --- atoms and words -------------------------------------------------------------------


@dataclass(frozen=True)
class _Atom:
    kind: str  # "text" | "icon" | "space" | "nbsp" | "thin" (narrow nbsp) | "break"
    text: str = ""
    bold: bool = False
    words: str = ""  # an icon's words in the text layer ("" says nothing)


def _atoms(runs, t: Typography) -> list[_Atom]:
    atoms: list[_Atom] = []
    for run in runs:
        if run.kind != "text":
            atoms.append(_Atom(run.kind, run.text, run.bold, run.words))
            continue
        for part in _SPACES.split(run.text):
            if part == "\u00a0":
                atoms.append(_Atom("nbsp"))
            elif part.startswith(" "):
                if atoms and atoms[-1].kind not in ("space", "nbsp", "thin", "break"):
                    atoms.append(_Atom("space"))
            elif part:
                atoms.append(_Atom("text", part, run.bold))
    return _glue(atoms, t)


def _glue(atoms: list[_Atom], t: Typography) -> list[_Atom]:
    """Turn the spaces a line must not break at into non-breaking ones, and drop a space
    typed between an icon and the punctuation after it («1 [stone] :» sets as «1 [stone]:»)."""
    out: list[_Atom | None] = list(atoms)
    for i in range(1, len(out) - 1):
        prev, cur, nxt = atoms[i - 1], atoms[i], atoms[i + 1]
        if cur.kind != "space":
            continue
        if prev.kind == "icon" and nxt.kind == "text" and nxt.text[0] in _CLOSING:
            out[i] = None
            continue
        number_icon = nxt.kind == "icon" and (
            prev.kind == "icon" or (prev.kind == "text" and prev.text[-1] in "0123456789×")
        )
        number_word = prev.kind == "text" and _NUMBER.fullmatch(prev.text) is not None
        dash = nxt.kind == "text" and nxt.text[0] in "—–"
        before = atoms[i - 2] if i >= 2 else None
        one_letter = (
            prev.kind == "text"
            and prev.text in t.one_letter_words
            and (before is None or before.kind in ("space", "nbsp", "thin", "break"))
        )
        if number_icon:
            out[i] = _Atom("thin")  # icons carry their own margin: half a space is enough
        elif number_word or dash or one_letter:
            out[i] = _Atom("nbsp")
    return [a for a in out if a is not None]


def _words(atoms: list[_Atom]) -> list[list[_Atom]]:
    """Split at breakable spaces; a forced break is a word of its own."""
    words: list[list[_Atom]] = [[]]
    for atom in atoms:
        if atom.kind == "space":
            words.append([])
        elif atom.kind == "break":
            words.extend([[atom], []])
        else:
            words[-1].append(atom)
    return [w for w in words if w]


# --- measuring ------------------------------------------------------------------------


def face_of(base: str, bold: bool) -> str:
    return style.BOLD_OF.get(base, base) if bold else base


def cap_height_mm(key: str, size: float) -> float:
    return pt_to_mm(fonts.cap_height_em(key) * size)


def icon_box_mm(key: str, size: float) -> float:
    """Side of an inline icon's square at this text size."""
    return cap_height_mm(key, size) * style.INLINE_ICON_SCALE


def icon_place_mm(name: str, key: str, size: float) -> tuple[float, float]:
    """(the width inline icon `name` takes in a line, where its square starts in it), mm.

    Its ink plus a side bearing either side (style.INLINE_ICON_BEARING_EM), never more
    than its square: the square then starts where the icon does, as it always did.
    """
    box = icon_box_mm(key, size)
    left, right = ink_span(name)
    bearing = pt_to_mm(style.INLINE_ICON_BEARING_EM * size)
    width = (right - left) * box + 2 * bearing
    return (box, 0.0) if width >= box else (width, bearing - left * box)


def _atom_width(atom: _Atom, base: str, size: float) -> float:
    if atom.kind == "text":
        return fonts.text_width_mm(atom.text, face_of(base, atom.bold), size)
    if atom.kind == "icon":
        return icon_place_mm(atom.text, base, size)[0]
    if atom.kind == "nbsp":
        return fonts.text_width_mm(" ", base, size)
    if atom.kind == "thin":
        return fonts.text_width_mm(" ", base, size) / 2
    return 0.0


# --- lines ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    kind: str  # "text" | "icon"
    text: str  # the text, or the icon name
    face: str  # face key the text is set in (the paragraph's face for icons)
    x: float  # mm from the start of the line
    width: float  # mm
    words: str = ""  # what an icon says in the text layer


@dataclass(frozen=True)
class Line:
    pieces: tuple[Piece, ...]
    width: float  # mm


@dataclass(frozen=True)
class Wrapped:
    lines: tuple[Line, ...]
    broken_words: int  # words cut without a hyphenation point because nothing else fit


def _line(atoms: list[_Atom], base: str, size: float) -> Line:
    """Lay atoms out left to right, merging neighbouring text of one face into a piece."""
    pieces: list[Piece] = []
    x = 0.0
    for atom in atoms:
        width = _atom_width(atom, base, size)
        kind = "icon" if atom.kind == "icon" else "text"
        text = " " if atom.kind in ("nbsp", "thin") else atom.text
        key = base if kind == "icon" else face_of(base, atom.bold)
        last = pieces[-1] if pieces else None
        if kind == "text" and last and last.kind == "text" and last.face == key:
            pieces[-1] = Piece("text", last.text + text, key, last.x, last.width + width)
        else:
            pieces.append(Piece(kind, text, key, x, width, atom.words))
        x += width
    return Line(tuple(pieces), x)


def _join(line: list[_Atom], word: list[_Atom]) -> list[_Atom]:
    return line + [_Atom("nbsp")] + word if line else list(word)


def _width(atoms: list[_Atom], base: str, size: float) -> float:
    return sum(_atom_width(a, base, size) for a in atoms)


# Cost stays near-linear in the text's length: nothing below measures more than about a
# line's worth of a long word (a 5,000-letter "word" is measured in pieces that fit, not
# whole on every line), and hyphenation looks only at the part of a word that can reach
# the line. Widths are compared exactly as a full measurement would: advance widths never
# decrease as text grows, so a prefix already too wide proves the whole is.

#: characters measured at first when probing a long text: more than a line usually holds
_PROBE = 32


def _too_wide(word: list[_Atom], start: float, width: float, base: str, size: float) -> bool:
    """Is `start` + the word's width more than `width`? Measures a long text only as far as needed."""
    total = 0.0
    for atom in word:
        if atom.kind == "text" and len(atom.text) > _PROBE:
            key, n = face_of(base, atom.bold), _PROBE
            while n < len(atom.text):
                if start + (total + fonts.text_width_mm(atom.text[:n], key, size)) > width:
                    return True
                n *= 2
        total += _atom_width(atom, base, size)
        if start + total > width:
            return True
    return False


def _chars_that_fit(text: str, key: str, size: float, used: float, width: float) -> int:
    """The largest n with used + width(text[:n]) <= width (0 if none): doubling, then bisection."""
    def fits(n: int) -> bool:
        return used + fonts.text_width_mm(text[:n], key, size) <= width

    if not fits(1):
        return 0
    lo, hi = 1, 2
    while hi <= len(text) and fits(hi):
        lo, hi = hi, hi * 2
    hi = min(hi, len(text) + 1)  # fits(lo) holds; fits(hi) does not (or hi is past the end)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo


def _splits(text: str, key: str, size: float, room: float, t: Typography) -> tuple[tuple[str, str], ...]:
    """hyphen.splits of `text`, looking only at the part that can reach `room`: the
    characters that fit and as many after them as the hyphenator looks ahead
    (hyphen.reach: its patterns and the checks on the tail)."""
    reach = _chars_that_fit(text, key, size, 0.0, room) + hyphen.reach(t)
    if len(text) <= reach:
        return hyphen.splits(text, t)
    window = text[:reach]
    return tuple((head, text[reach - len(tail):]) for head, tail in hyphen.splits(window, t))


def _split_word(word, room, base, size, t: Typography | None):
    """Cut `word` so its head fits in `room` (hyphenated by `t`; None: never): (head, tail) or None."""
    if len(word) == 1 and word[0].kind == "text" and t is not None:
        atom = word[0]
        key = face_of(base, atom.bold)
        for head, tail in _splits(atom.text, key, size, room, t):
            if not _too_wide([_Atom("text", head, atom.bold)], 0.0, room, base, size):
                return [_Atom("text", head, atom.bold)], [_Atom("text", tail, atom.bold)]
    return None


def _force_split(word, width, base, size):
    """Last resort for a word wider than the whole line: undo a glue, else cut the text."""
    prefix = [0.0]  # prefix[i]: width of word[:i] (summed as _width does) while it fits
    for atom in word:
        if _too_wide([atom], prefix[-1], width, base, size):
            break
        prefix.append(prefix[-1] + _atom_width(atom, base, size))
    for i in range(len(prefix) - 1, 0, -1):
        if i < len(word) and word[i].kind in ("nbsp", "thin"):
            return word[:i], word[i + 1 :]
    head: list[_Atom] = []
    for i, atom in enumerate(word):
        if i + 1 < len(prefix):
            head.append(atom)
            continue
        if atom.kind == "text":
            n = _chars_that_fit(atom.text, face_of(base, atom.bold), size, prefix[i], width)
            n = n or (0 if head else 1)  # at least one character on an empty line
            if n:
                # no empty text in the tail: the tail must be shorter than the word, or a line
                # narrower than nothing (a negative width) would cut "" from "" for ever
                rest = ([_Atom("text", atom.text[n:], atom.bold)] if atom.text[n:] else []) + word[i + 1 :]
                return head + [_Atom("text", atom.text[:n], atom.bold)], rest
        if not head:  # an icon wider than the line: it goes alone
            return [atom], word[i + 1 :]
        return head, word[i:]
    return head, []


def min_lines(runs, width: float, face: str, size: float) -> int:
    """A lower bound on the lines `wrap_runs` needs when no word is cut (`broken_words` 0).

    Such lines are never wider than `width` and together hold every atom but the
    breakable spaces, so the atoms' total width over `width` is a bound. Every width
    grows in proportion to the size, so the total is measured once, at 1 pt: a size the
    text cannot fit at is then skipped for the price of a multiplication.
    """
    total = _unit_width(tuple(runs), face, typography.active(), fonts.face(face).file) * size
    if total == 0:
        return 0
    return max(1, math.ceil(total / width - 1e-9)) if width > 0 else 1


@lru_cache(maxsize=256)
def _unit_width(runs: tuple, face: str, t: Typography, _file: str) -> float:
    # `_file`, the font the role prints in now, keys the cache: a designer's font measures otherwise
    return _width([a for a in _atoms(runs, t) if a.kind not in ("space", "break")], face, 1.0)


def wrap_runs(runs: tuple, width: float, face: str, size: float, hyphenate: bool = False) -> Wrapped:
    """Greedy line breaking of parsed runs (a tuple) into lines no wider than `width` mm,
    by the typography of the language being set (pnp.core.typography.active())."""
    return _wrap(runs, width, face, size, hyphenate, typography.active(), fonts.face(face).file)


@lru_cache(maxsize=256)
def _wrap(runs: tuple, width: float, face: str, size: float, hyphenate: bool, t: Typography,
          _file: str) -> Wrapped:
    """`wrap_runs` in the language of `t`.

    Cached: fitting sets one text at the same size more than once (a title tried on
    one line, then two; the check, then the renderer), and the result is immutable. `_file`, the
    font the role prints in now (a designer's or the bundled one), is part of the cache's key.
    """
    words = deque(_words(_atoms(runs, t)))
    space = fonts.text_width_mm(" ", face, size)
    lines: list[list[_Atom]] = []
    line: list[_Atom] = []
    broken = 0
    while words:
        word = words.popleft()
        if word[0].kind == "break":
            lines.append(line)
            line = []
            continue
        used = _width(line, face, size) + (space if line else 0.0)
        if not _too_wide(word, used, width, face, size):
            line = _join(line, word)
            continue
        cut = _split_word(word, width - used, face, size, t if hyphenate else None)
        if cut:
            lines.append(_join(line, cut[0]))
            line = []
            words.appendleft(cut[1])
        elif line:
            lines.append(line)
            line = []
            words.appendleft(word)
        else:
            head, tail = _force_split(word, width, face, size)
            broken += 1
            lines.append(head)
            if tail:
                words.appendleft(tail)
    if line or not lines:
        lines.append(line)
    if lines == [[]]:
        lines = []
    return Wrapped(tuple(_line(a, face, size) for a in lines), broken)
