"""Per-language typography: hyphenation dictionary, letters, syllable rules, ties.

One table per language pnp prints (uk, ru, en). The line breaker of the cards, mats and
aids (pnp.typeset.linebreak, pnp.core.hyphen) and the rulebook's (pnp.rulebook) read
the table of the language being set, so no language's rule is written into them.

The language being set is chosen with `using(lang)` around the work for one language
(the build around each renderer, the checks around each language's text fitting);
`active()` answers inside it. Setting text with no language chosen is a bug, not a
default: it raises LookupError.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterator


NBSP = "\u00a0"


def _cases(letters: str) -> frozenset[str]:
    return frozenset(letters + letters.upper())


@dataclass(frozen=True)
class Typography:
    lang: str
    #: pyphen's dictionary for the language's break proposals
    dictionary: str
    vowels: frozenset[str]
    #: signs that close the syllable before them (ь, ъ): never the first letter of a line
    signs: frozenset[str]
    apostrophes: frozenset[str]
    #: East Slavic syllable rules (pnp.core.hyphen): no line starts with a sign, an
    #: apostrophe or a sonorant before a consonant (that closes the syllable before it)
    syllables: bool
    #: the kit's Ukrainian cluster rules: no line starts with three consonants, a cluster
    #: breaks after its first consonant or before an obstruent + liquid onset
    clusters: bool
    sonorants: frozenset[str]
    liquids: frozenset[str]
    #: letters on each side of a break, at least
    min_head: int
    min_tail: int
    #: one-letter words (prepositions, conjunctions) that must not end a line
    one_letter_words: frozenset[str]
    #: between a number and its % sign (pnp.core.i18n.percent)
    percent_space: str
    #: the one apostrophe the kit prints inside this language's words, "" for none enforced
    #: (pnp.checks.apostrophe refuses the others of `apostrophes` between two letters)
    apostrophe: str = ""


TABLES = {
    # Ukrainian: a break leaves 2 letters and carries 3 (a 2-letter tail reads as a typo in
    # a narrow card column); в is a sonorant (вовк, «в» before a consonant is [ў]); a
    # space before % as the kit's strings write it ("100 %"; CLDR's uk pattern has none);
    # the apostrophe is U+02BC, MODIFIER LETTER APOSTROPHE, the one Unicode gives Ukrainian
    # (a letter of the word: search, hyphenation and screen readers keep «сімʼя» whole)
    "uk": Typography(
        lang="uk", dictionary="uk_UA", vowels=_cases("аеєиіїоуюя"), signs=_cases("ь"),
        apostrophes=frozenset("'’ʼ"), syllables=True, clusters=True, sonorants=_cases("йрлмнв"), liquids=_cases("рл"),
        min_head=2, min_tail=3, one_letter_words=_cases("вузійао"), percent_space=NBSP,
        apostrophe="\u02bc",
    ),
    # Russian: the same syllable rules, with ъ as a sign and no apostrophe; clusters split
    # as the dictionary says (госу-дар-ство, май-ский, ма-стер and мас-тер are all right);
    # two letters may be carried (Мильчин, «Справочник издателя и автора»)
    "ru": Typography(
        lang="ru", dictionary="ru_RU", vowels=_cases("аеёиоуыэюя"), signs=_cases("ьъ"),
        apostrophes=frozenset(), syllables=True, clusters=False, sonorants=_cases("йрлмн"), liquids=_cases("рл"),
        min_head=2, min_tail=2, one_letter_words=_cases("вксуоиая"), percent_space=NBSP,
    ),
    # English: the dictionary's breaks (TeX's patterns) with TeX's own minimums, 2 and 3;
    # "58%"
    "en": Typography(
        lang="en", dictionary="en_US", vowels=_cases("aeiouy"), signs=frozenset(),
        apostrophes=frozenset("'’"), syllables=False, clusters=False, sonorants=frozenset(), liquids=frozenset(),
        min_head=2, min_tail=3, one_letter_words=frozenset("aAI"), percent_space="",
    ),
}

_ACTIVE: ContextVar[Typography | None] = ContextVar("pnp_typography", default=None)


def table(lang: str) -> Typography:
    """The table of `lang`; LookupError for a language pnp has none for."""
    try:
        return TABLES[lang]
    except KeyError:
        raise LookupError(f"no typography table for language {lang!r} (pnp has {', '.join(TABLES)})") from None


@contextmanager
def using(lang: str) -> Iterator[Typography]:
    """Set text in `lang` inside the block."""
    token = _ACTIVE.set(table(lang))
    try:
        yield _ACTIVE.get()  # type: ignore[misc]
    finally:
        _ACTIVE.reset(token)


def active() -> Typography:
    """The table of the language being set."""
    current = _ACTIVE.get()
    if current is None:
        raise LookupError("no language is being set: wrap the work in pnp.core.typography.using(lang)")
    return current
