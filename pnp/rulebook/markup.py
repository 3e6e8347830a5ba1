"""Rulebook text -> reportlab paragraph markup: inline icons and the language's spacing rules.

Input is the text the templates produce: reportlab's own inline XML (<b>, <i>, <br/>)
with content strings already XML-escaped, plus ``[icon]`` markup. Output is what a
Paragraph accepts. Typographic ties (no-break spaces) keep together what must not be
split across lines:

- a one-letter word of the language's table and the word after it (pnp.core.typography:
  uk в, у, з, і, й, а, о; ru в, к, с, у, о, и, а, я; en a, I);
- a number and what follows it (3 загони, 2 [grain]);
- a dash and the word before it;
- a number that ends a phrase and the word before it (силою 1.);
- the last two words of a paragraph when the last is short (at most RUNT_MAX letters), so
  no short word stands alone on the last line. A longer last word may: tying it would
  carry the word before it down too and end the line above early where that word fits
  («а зайві після втрати / землі лишаються»). That word is never hyphenated (`para`), so
  no broken tail stands alone on the last line either.
"""

from __future__ import annotations

import copy
import html
import re
from functools import lru_cache

from reportlab.platypus.paragraph import _hy_pfx_pat, _hy_sfx_pat

from pnp.core import typography
from pnp.rulebook.paragraph import Paragraph
from pnp.core.typography import Typography
from pnp.typeset.iconwords import TOKEN, annotate
from pnp.rulebook.hyphenation import sparing
from pnp.rulebook.vector_icons import icon_tag

NBSP = "\u00a0"
_TAG = re.compile(r"(<[^>]+>)")
_NUMBER = re.compile(r"(?<![\w])([+−-]?\d+[+]?) (?=\S)")
_DASH = re.compile(r" (—|–)")
_NUMBER_END = re.compile(r" ([+−-]?\d+[+]?)(?=[.,;:!?)»]|$)")
_LAST_PAIR = re.compile(r"(\S+) (\S+)\s*$")
#: the two last words are tied only if they are short enough to share a line comfortably
LAST_PAIR_MAX = 22
#: in narrow table cells only short pairs are tied
CELL_PAIR_MAX = 14
#: the longest last word (letters and digits, punctuation aside) tied to the word before it
RUNT_MAX = 6


@lru_cache(maxsize=None)
def _one_letter(t: Typography) -> re.Pattern:
    """A one-letter word of `t` and the space after it (not a letter ending a longer word)."""
    return re.compile(rf"(?<![\w\u02bc'’-])([{''.join(sorted(t.one_letter_words))}]) ")


def _tie_piece(text: str) -> str:
    text = _one_letter(typography.active()).sub(lambda m: m.group(1) + NBSP, text)
    text = _NUMBER.sub(lambda m: m.group(1) + NBSP, text)
    text = _NUMBER_END.sub(lambda m: NBSP + m.group(1), text)
    return _DASH.sub(lambda m: NBSP + m.group(1), text)


def ties(text: str, last_pair: int = LAST_PAIR_MAX) -> str:
    """Insert no-break spaces outside XML tags (see the module docstring).

    `last_pair` is the longest pair of last words (in characters) that is tied; 0 ties none.
    """
    pieces = _TAG.split(text)
    for i in range(0, len(pieces), 2):  # even indices are text, odd are tags
        pieces[i] = _tie_piece(pieces[i])
    if last_pair:
        for i in range(len(pieces) - 1, -1, -2):
            if pieces[i].strip():
                pieces[i] = _tie_last(pieces[i], last_pair)
                break
    return "".join(pieces)


def _letters(word: str) -> int:
    """A word's length as a reader sees it: an icon counts as one letter, punctuation as none."""
    return sum(ch.isalnum() for ch in _TOKEN.sub("x", word))


def _tie_last(piece: str, longest: int) -> str:
    match = _LAST_PAIR.search(piece)
    if not match:
        return piece
    head, tail = match.groups()
    visible = len(_TOKEN.sub("x", head)) + len(_TOKEN.sub("x", tail))
    if visible > longest or _letters(tail) > RUNT_MAX:
        return piece
    return piece[: match.start()] + head + NBSP + tail + piece[match.end():]


_TOKEN = re.compile(rf"\[({TOKEN})\]")
_ICON_RUN = re.compile(rf"(?:\[{TOKEN}\])+")


def icons(text: str, face_key: str, font_size: float, scale: float, decorative: bool = False) -> str:
    """Replace ``[name]`` (or a run like ``[wood][wood]``) with inline icon tags sized for the text;
    each icon says the words its place needs (iconwords.py)."""
    text = text if decorative else annotate(text)
    return _ICON_RUN.sub(lambda m: icon_tag(tuple(_TOKEN.findall(m.group(0))), face_key, font_size, scale,
                                            decorative), text)


def icon_scale(style) -> float:
    return getattr(style, "iconScale", 1.4)


def prepare(text: str, style, last_pair: int = LAST_PAIR_MAX, decorative: bool = False) -> str:
    """Rulebook text -> Paragraph markup for `style`: ties, then icons sized to its font."""
    return icons(ties(text.strip(), last_pair), style.fontName, style.fontSize, icon_scale(style), decorative)


def para(text: str, style, last_pair: int = LAST_PAIR_MAX, bullet: str | None = None,
         decorative: bool = False) -> Paragraph:
    """A Paragraph from rulebook text in `style` (icons sized to the style's font); with
    `last_pair`, a last word left untied is never hyphenated."""
    markup = prepare(text, style, last_pair, decorative)
    last = _last_word(text) if last_pair and style.hyphenationLang else ""
    if last:  # a tied pair reaches the hyphenator as one word, so this spares untied words only
        style = copy.copy(style)
        style.hyphenationLang = sparing(last)
    return Paragraph(markup, style, bulletText=bullet)


def _last_word(text: str) -> str:
    """The paragraph's last word as reportlab's hyphenation sees it ("" for an icon or a tag)."""
    words = re.split(r"[ \t\n]+", _TAG.sub(" ", text).strip())
    if "[" in words[-1]:
        return ""
    return _hy_sfx_pat.sub("", _hy_pfx_pat.sub("", html.unescape(words[-1])))


def plain(text: str) -> str:
    """Text without tags and icons: what a reader would extract (for headers, bookmarks).

    Entities are decoded too ("&lt;" is "<" to a reader): the text is XML, the result is not.
    """
    return html.unescape(re.sub(r"\s+", " ", _TOKEN.sub("", _TAG.sub("", text))).replace(NBSP, " ").strip())
