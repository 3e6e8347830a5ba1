"""Hyphenation points for line breaking: pyphen's patterns, filtered by the language's rules.

The language's table (pnp.core.typography) names the dictionary and the letters. pyphen
proposes breaks that Ukrainian and Russian typography reject ("бу-дь-який", "Ска-рбниця",
"найси-льніші", "найсла-бший", "відк-рийте"), so each proposal is checked: both parts
keep a vowel and the table's minimum of letters (uk: 2 before, 3 after). With the East
Slavic syllable rules on (uk, ru), the second part never starts with a sign (ь, ъ), an
apostrophe, a sonorant before a consonant or a consonant + sign before a consonant.
With the cluster rules on (uk), it never starts with three consonants, and inside a
cluster of consonants the break goes after its first consonant ("жод-ного",
"майс-терня"); only an obstruent + р or л, which begins syllables, moves to the next
line whole ("від-крийте", "най-слабший"), and it is never split after a cluster
("відк-рийте"). English keeps the dictionary's (TeX's) breaks.
"""

from __future__ import annotations

from functools import lru_cache

import pyphen

from pnp.core import hyphen_patterns
from pnp.core.typography import Typography

HYPHENS = "-‐"
#: letters after a break the rules below look at (three consonants, a sign before a consonant)
_RULES_REACH = 4


def _is_consonant(ch: str, t: Typography) -> bool:
    return ch.isalpha() and ch not in t.vowels and ch not in t.signs


def _acceptable(head: str, tail: str, t: Typography) -> bool:
    head_part = head.rsplit("-", 1)[-1]
    tail_part = tail.split("-", 1)[0]
    if not any(c in t.vowels for c in head_part) or not any(c in t.vowels for c in tail_part):
        return False
    if len(head_part) < t.min_head or len(tail_part) < t.min_tail:
        return False
    return not t.syllables or _syllables_ok(head, tail, t)


def _syllables_ok(head: str, tail: str, t: Typography) -> bool:
    first = tail[0]
    if first in t.signs or first in t.apostrophes or head[-1] in t.apostrophes:
        return False
    if first in t.sonorants and _is_consonant(tail[1], t):
        return False
    if len(tail) > 2 and tail[1] in t.signs and _is_consonant(tail[2], t):
        return False  # a sign before a consonant closes the previous syllable
    if not t.clusters:
        return True
    if all(_is_consonant(c, t) for c in tail[:3]):
        return False
    return _cluster_ok(head, tail, t)


def _obstruent(ch: str, t: Typography) -> bool:
    return _is_consonant(ch, t) and ch not in t.sonorants


def _cluster_ok(head: str, tail: str, t: Typography) -> bool:
    """A break inside a consonant cluster: after its first consonant, or before an
    obstruent + liquid onset ("від-крийте"), never between the two ("відк-рийте")."""
    lead = len(tail) - len(tail.lstrip("".join(c for c in set(tail) if _is_consonant(c, t))))
    if lead >= 2:
        return lead == 2 and _obstruent(tail[0], t) and tail[1] in t.liquids
    ends = len(head) - len(head.rstrip("".join(c for c in set(head) if _is_consonant(c, t) or c in t.signs)))
    return not (lead == 1 and ends >= 2 and _obstruent(head[-1], t) and tail[0] in t.liquids)


@lru_cache(maxsize=None)
def _dictionary(name: str) -> pyphen.Pyphen:
    return hyphen_patterns.dictionary(name, left=2, right=2)


def reach(t: Typography) -> int:
    """Letters after a break that decide it: the dictionary's longest pattern, or the rules' reach."""
    return max(_dictionary(t.dictionary).hd.maxlen, _RULES_REACH) + _RULES_REACH


@lru_cache(maxsize=4096)
def splits(word: str, t: Typography) -> tuple[tuple[str, str], ...]:
    """Ways to break `word` by the rules of `t`, longest head first: (head as printed, tail).

    A head ends with the hyphen that goes on the line; a break after an existing
    hyphen ("будь-" + "який") adds none. Punctuation around the word stays attached.
    """
    start = 0
    while start < len(word) and not word[start].isalpha():
        start += 1
    end = len(word)
    while end > start and not word[end - 1].isalpha():
        end -= 1
    core = word[start:end]
    if len(core) < 4:
        return ()
    found: dict[int, tuple[str, str]] = {}
    for i, ch in enumerate(core[:-1]):
        if ch in HYPHENS and i >= 1:
            found[start + i + 1] = (word[: start + i + 1], word[start + i + 1 :])
    for head, _ in _dictionary(t.dictionary).iterate(core):
        cut = start + len(head)
        if head[-1] in HYPHENS or cut in found:
            continue
        if _acceptable(word[start:cut], word[cut:end], t):
            found[cut] = (word[:cut] + "-", word[cut:])
    return tuple(found[cut] for cut in sorted(found, reverse=True))
