"""Hyphenation in reportlab paragraphs, with the kit's one set of rules.

The break points come from pnp.core.hyphen (pyphen's patterns filtered by the rules of
the language being set, pnp.core.typography), the same rules the cards use. reportlab accepts a callable as
a style's `hyphenationLang`: it gets a word and yields (head, tail) pairs, best first.
Our heads already end with the hyphen to print, which reportlab then adds no second
time.

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
    """Let reportlab hyphenate every Cyrillic word (idempotent)."""
    letters = rl_paragraph._hy_letters
    if _EXTRA_LETTERS not in letters:
        letters += _EXTRA_LETTERS
    rl_paragraph._hy_letters_pat = re.compile(f"^[{letters}]+$")
    rl_paragraph._hy_shy_letters_pat = re.compile(f"^[{rl_paragraph._hy_shy}{letters}]+$")


def hyphenate(word: str) -> Iterator[tuple[str, str]]:
    """The callable reportlab calls for a word that does not fit the line.

    Words tied by no-break spaces ("покращують будівлю") may still break inside any
    but the last of them, so the last word never ends up alone with a broken piece.
    The longest head comes first, as reportlab takes the first that fits.
    """
    t = typography.active()
    parts = word.split(NBSP)
    if len(parts) == 1:
        yield from splits(word, t)
        return
    for i in range(len(parts) - 2, -1, -1):
        before, after = NBSP.join(parts[:i]), NBSP.join(parts[i + 1:])
        for head, tail in splits(parts[i], t):
            yield (before + NBSP if before else "") + head, tail + (NBSP + after if after else "")


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
