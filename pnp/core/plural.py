"""Plural forms by CLDR's rules, through Babel: which form a number takes in a language.

A plural field ``{n|...}`` lists one form per category that whole numbers take in the
language, in CLDR's order (zero, one, two, few, many, other): Ukrainian and Russian
``{n|one|few|many}`` (1 загін, 2 загони, 5 загонів), English ``{n|one|other}``.

CLDR gives Ukrainian and Russian a fourth category, `other`, that only fractions take
("1,5 загону"). The kit prints counts, and a plural field refuses a value that is not a
whole number (pnp.core.templating), so no field lists that form: a content writer never
writes a fourth form that nothing could print.
"""

from __future__ import annotations

from functools import lru_cache

from babel import Locale, UnknownLocaleError

#: CLDR's categories in their canonical order
CATEGORIES = ("zero", "one", "two", "few", "many", "other")
#: whole numbers that reach every category whole numbers can take: CLDR's integer rules
#: look at the last two or three digits, at exact small values and at exact powers of a
#: thousand (French "many": 1000000)
_SAMPLES = (*range(1000), *(10 ** k for k in range(3, 10)))


class PluralError(ValueError):
    """A language CLDR has no plural rules for."""


@lru_cache(maxsize=None)
def _rule(lang: str):
    try:
        return Locale.parse(lang).plural_form
    except (UnknownLocaleError, ValueError):
        raise PluralError(f"no plural rules for language {lang!r}") from None


@lru_cache(maxsize=None)
def forms(lang: str) -> tuple[str, ...]:
    """The categories a plural field lists in `lang`, in order: ("one", "few", "many") for uk."""
    rule = _rule(lang)
    reached = {rule(n) for n in _SAMPLES}
    return tuple(c for c in CATEGORIES if c in reached)


def category(lang: str, n: int) -> str:
    """The CLDR category of the whole number `n` in `lang`: "few" for uk 22."""
    return _rule(lang)(abs(n))


def index(lang: str, n: int) -> int:
    """Which of the forms (`forms(lang)`) the whole number `n` takes."""
    return forms(lang).index(category(lang, n))


def describe(lang: str) -> str:
    """The forms of a plural field in `lang` as a designer writes them: "one|few|many"."""
    return "|".join(forms(lang))
