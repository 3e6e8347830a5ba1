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

import hashlib
import json
from functools import lru_cache

import babel
from babel import Locale, UnknownLocaleError
from babel.plural import PluralRule, RuleError

from pnp.core import private

#: CLDR's categories in their canonical order
CATEGORIES = ("zero", "one", "two", "few", "many", "other")
#: whole numbers that reach every category whole numbers can take: CLDR's integer rules
#: look at the last two or three digits, at exact small values and at exact powers of a
#: thousand (French "many": 1000000)
_SAMPLES = (*range(1000), *(10 ** k for k in range(3, 10)))


class PluralError(ValueError):
    """A language CLDR has no plural rules for."""


#: the user cache's folder of each language's rules and forms (see `_known`)
CACHE_KIND = "plural-1"


@lru_cache(maxsize=None)
def _rule(lang: str) -> PluralRule:
    return _known(lang)[0]


@lru_cache(maxsize=None)
def forms(lang: str) -> tuple[str, ...]:
    """The categories a plural field lists in `lang`, in order: ("one", "few", "many") for uk."""
    return _known(lang)[1]


@lru_cache(maxsize=None)
def _known(lang: str) -> tuple[PluralRule, tuple[str, ...]]:
    """The language's plural rule and the categories whole numbers reach.

    Babel keeps a language's rules inside the whole of its CLDR data, which takes about 20 ms a
    language to load, and finding the forms asks the rule a thousand numbers: every `pnp check`
    paid both for a few lines of rules. They depend only on Babel's version and the language, so
    the rules' text and the forms are kept in the user's cache (PNP_NO_CACHE=1 skips it) and the
    rule is made again from its text, as Babel makes it from CLDR's."""
    name = hashlib.sha256(f"{babel.__version__}\0{lang}\0{__file__}".encode("utf-8", "surrogatepass")).hexdigest()
    kept = _cached(name) if private.cache_enabled() else None
    if kept is not None:
        return kept
    try:
        rule = Locale.parse(lang).plural_form
    except (UnknownLocaleError, ValueError):
        raise PluralError(f"no plural rules for language {lang!r}") from None
    reached = {rule(n) for n in _SAMPLES}
    found = tuple(c for c in CATEGORIES if c in reached)
    if private.cache_enabled():
        entry = {"rules": rule.rules, "forms": list(found)}
        private.cache_put(CACHE_KIND, name, json.dumps(entry, sort_keys=True).encode())
    return rule, found


def _cached(name: str) -> tuple[PluralRule, tuple[str, ...]] | None:
    """A kept rule and its forms, or None (absent, damaged or not of this shape: found again)."""
    raw = private.cache_get(CACHE_KIND, name)
    if raw is None:
        return None
    try:
        entry = json.loads(raw)
        rules, found = entry["rules"], tuple(entry["forms"])
        if not (isinstance(rules, dict) and all(isinstance(v, str) for v in rules.values())
                and found and set(found) <= set(CATEGORIES)):
            return None
        return PluralRule(rules), found
    except (ValueError, TypeError, KeyError, RuleError):
        return None


def category(lang: str, n: int) -> str:
    """The CLDR category of the whole number `n` in `lang`: "few" for uk 22."""
    return _rule(lang)(abs(n))


def index(lang: str, n: int) -> int:
    """Which of the forms (`forms(lang)`) the whole number `n` takes."""
    return forms(lang).index(category(lang, n))


def describe(lang: str) -> str:
    """The forms of a plural field in `lang` as a designer writes them: "one|few|many"."""
    return "|".join(forms(lang))
