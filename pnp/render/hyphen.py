"""Ukrainian hyphenation points for line breaking (pyphen's uk_UA patterns, filtered).

pyphen proposes breaks that Ukrainian typography rejects ("бу-дь-який", "Ска-рбниця",
"найси-льніші"), so each proposal is checked: both parts keep a vowel, the second part
never starts with ь, an apostrophe, a sonorant before a consonant, a consonant + ь
before a consonant, or three consonants.
"""

from __future__ import annotations

from functools import lru_cache

VOWELS = set("аеєиіїоуюяАЕЄИІЇОУЮЯ")
APOSTROPHES = set("'’ʼ")
SONORANTS = set("йрлмнвЙРЛМНВ")
HYPHENS = "-‐"


def _is_consonant(ch: str) -> bool:
    return ch.isalpha() and ch not in VOWELS and ch not in "ьЬ"


def _acceptable(head: str, tail: str) -> bool:
    head_part = head.rsplit("-", 1)[-1]
    tail_part = tail.split("-", 1)[0]
    if not any(c in VOWELS for c in head_part) or not any(c in VOWELS for c in tail_part):
        return False
    if len(head_part) < 2 or len(tail_part) < 2:
        return False
    first = tail[0]
    if first in "ьЬ" or first in APOSTROPHES or head[-1] in APOSTROPHES:
        return False
    if first in SONORANTS and _is_consonant(tail[1]):
        return False
    if tail[1:2] in ("ь", "Ь") and _is_consonant(tail[2:3] or "а"):
        return False  # a soft sign before a consonant closes the previous syllable
    return not all(_is_consonant(c) for c in tail[:3])


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
