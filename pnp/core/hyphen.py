"""Ukrainian hyphenation points for line breaking (pyphen's uk_UA patterns, filtered).

pyphen proposes breaks that Ukrainian typography rejects ("бу-дь-який", "Ска-рбниця",
"найси-льніші", "найсла-бший", "відк-рийте"), so each proposal is checked: both parts
keep a vowel, the first part has at least 2 letters and the second at least 3; the
second part never starts with ь, an apostrophe, a sonorant before a consonant, a
consonant + ь before a consonant, or three consonants. Inside a cluster of consonants
the break goes after its first consonant ("жод-ного", "майс-терня"); only an
obstruent + р or л, which begins syllables, moves to the next line whole
("від-крийте", "най-слабший"), and it is never split after a cluster ("відк-рийте").
"""

from __future__ import annotations

from functools import lru_cache

VOWELS = set("аеєиіїоуюяАЕЄИІЇОУЮЯ")
APOSTROPHES = set("'’ʼ")
SONORANTS = set("йрлмнвЙРЛМНВ")
LIQUIDS = set("рлРЛ")
HYPHENS = "-‐"
MIN_HEAD, MIN_TAIL = 2, 3  # letters on each side of a break


def _is_consonant(ch: str) -> bool:
    return ch.isalpha() and ch not in VOWELS and ch not in "ьЬ"


def _acceptable(head: str, tail: str) -> bool:
    head_part = head.rsplit("-", 1)[-1]
    tail_part = tail.split("-", 1)[0]
    if not any(c in VOWELS for c in head_part) or not any(c in VOWELS for c in tail_part):
        return False
    if len(head_part) < MIN_HEAD or len(tail_part) < MIN_TAIL:
        return False
    first = tail[0]
    if first in "ьЬ" or first in APOSTROPHES or head[-1] in APOSTROPHES:
        return False
    if first in SONORANTS and _is_consonant(tail[1]):
        return False
    if tail[1:2] in ("ь", "Ь") and _is_consonant(tail[2:3] or "а"):
        return False  # a soft sign before a consonant closes the previous syllable
    if all(_is_consonant(c) for c in tail[:3]):
        return False
    return _cluster_ok(head, tail)


def _obstruent(ch: str) -> bool:
    return _is_consonant(ch) and ch not in SONORANTS


def _cluster_ok(head: str, tail: str) -> bool:
    """A break inside a consonant cluster: after its first consonant, or before an
    obstruent + liquid onset ("від-крийте"), never between the two ("відк-рийте")."""
    lead = len(tail) - len(tail.lstrip("".join(c for c in set(tail) if _is_consonant(c))))
    if lead >= 2:
        return lead == 2 and _obstruent(tail[0]) and tail[1] in LIQUIDS
    ends = len(head) - len(head.rstrip("".join(c for c in set(head) if _is_consonant(c) or c in "ьЬ")))
    return not (lead == 1 and ends >= 2 and _obstruent(head[-1]) and tail[0] in LIQUIDS)


@lru_cache(maxsize=1)
def _dictionary():
    import pyphen

    return pyphen.Pyphen(lang="uk_UA", left=2, right=2)


@lru_cache(maxsize=4096)
def splits(word: str) -> tuple[tuple[str, str], ...]:
    """Ways to break `word`, longest head first: (head as printed, tail).

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
    for head, _ in _dictionary().iterate(core):
        cut = start + len(head)
        if head[-1] in HYPHENS or cut in found:
            continue
        if _acceptable(word[start:cut], word[cut:end]):
            found[cut] = (word[:cut] + "-", word[cut:])
    return tuple(found[cut] for cut in sorted(found, reverse=True))
