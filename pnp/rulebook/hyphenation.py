"""Hyphenation in reportlab paragraphs, with the kit's one set of rules.

The break points come from pnp.core.hyphen (pyphen's patterns filtered by the rules of
the language being set, pnp.core.typography), the same rules the cards use. reportlab accepts a callable as
a style's `hyphenationLang`: it gets a word and yields (head, tail) pairs, best first.
A head that breaks inside a word comes without its hyphen, which reportlab adds and
knows it added; a head that breaks after the word's own hyphen ("будь-" + "який")
keeps it, and reportlab adds none.

When a paragraph of several styles is split across pages, reportlab joins again the
words it broke in the part it carries over, and its join (`_rejoinSplitFragWords`)
strips the last hyphen of every head, its own or the word's: «будь-який» came back as
«будьякий» and broke anew as «будья-кий». `enable()` puts in a join that strips only
the hyphen reportlab added.

reportlab only tries words made of the letters it knows, and its list stops at the
Russian alphabet: every Ukrainian word with і, ї, є, ґ or an apostrophe would never be broken.
`enable()` widens that list to the whole Cyrillic block once per process.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterator

import reportlab.platypus.paragraph as rl_paragraph

from pnp.core import typography
from pnp.core.hyphen import splits

# Cyrillic, the apostrophes, and the no-break space that ties words (see markup.ties)
_EXTRA_LETTERS = "\u0400-\u04ff\u02bc\u2019\u00a0"
NBSP = "\u00a0"


@lru_cache(maxsize=1)
def enable() -> None:
    """Let reportlab hyphenate every Cyrillic word, and join broken words again keeping their
    own hyphens (idempotent)."""
    letters = rl_paragraph._hy_letters
    if _EXTRA_LETTERS not in letters:
        letters += _EXTRA_LETTERS
    rl_paragraph._hy_letters_pat = re.compile(f"^[{letters}]+$")
    rl_paragraph._hy_shy_letters_pat = re.compile(f"^[{rl_paragraph._hy_shy}{letters}]+$")
    rl_paragraph._rejoinSplitFragWords = _rejoin_split_frag_words


def _rejoin_split_frag_words(pieces):
    """reportlab's `_rejoinSplitFragWords` (5.1), but a piece joined to the one before keeps that
    one's last hyphen: the hyphen reportlab added to a head (`_SplitFragHY`) is taken off that
    head first, so a hyphen still there is the word's own."""
    out = [0]
    width = 0.0
    style = None
    for piece in pieces:
        width += piece[0]
        added = isinstance(piece, rl_paragraph._SplitFragHY)
        for part in piece[1:]:
            sty, text = part
            if added and part is piece[-1]:
                width -= rl_paragraph.stringWidth(text[-1], sty.fontName, sty.fontSize) + 1e-8
                text = rl_paragraph._shyUnsplit(text)  # the added hyphen off
            if style is sty:
                before = out[-1][1]
                joined = (rl_paragraph._shyUnsplit(before, text) if isinstance(before, rl_paragraph._SHYIndexedStr)
                          else before + text)
                out[-1] = (sty, joined)
            else:
                out.append((sty, text))
                style = sty
    out[0] = width
    return rl_paragraph._reconstructSplitFrags(pieces[-1])(out)


def hyphenate(word: str) -> Iterator[tuple[str, str]]:
    """The callable reportlab calls for a word that does not fit the line.

    Words tied by no-break spaces ("покращують будівлю") may still break inside any
    but the last of them, so the last word never ends up alone with a broken piece.
    The longest head comes first, as reportlab takes the first that fits.
    """
    t = typography.active()
    parts = word.split(NBSP)
    if len(parts) == 1:
        yield from _for_reportlab(word, splits(word, t))
        return
    for i in range(len(parts) - 2, -1, -1):
        before, after = NBSP.join(parts[:i]), NBSP.join(parts[i + 1:])
        for head, tail in _for_reportlab(parts[i], splits(parts[i], t)):
            yield (before + NBSP if before else "") + head, tail + (NBSP + after if after else "")


def _for_reportlab(word: str, pairs) -> Iterator[tuple[str, str]]:
    """The breaks as reportlab takes them: a head without the hyphen it is to add; one after the
    word's own hyphen as it is."""
    return ((head if word.startswith(head) else head[:-1], tail) for head, tail in pairs)


def sparing(last: str):
    """`hyphenate` that leaves the word `last` whole (reportlab passes words without the
    punctuation around them): a paragraph's last word, so its broken tail never stands
    alone on the last line."""
    def hyphenator(word: str) -> Iterator[tuple[str, str]]:
        return iter(()) if word == last else hyphenate(word)

    return hyphenator


def hyphenated(text: str, mark: str = "-") -> str:
    """Every allowed break of every word shown with `mark` (for tests and proofreading)."""
    t = typography.active()
    out = []
    for word in text.split(" "):
        # heads that end with an added hyphen (not a break after a hyphen the word has)
        cuts = sorted(len(head) - 1 for head, _ in splits(word, t) if not word.startswith(head))
        pieces, last = [], 0
        for cut in cuts:
            pieces.append(word[last:cut])
            last = cut
        pieces.append(word[last:])
        out.append(mark.join(pieces))
    return " ".join(out)
