"""pyphen's dictionaries kept parsed between runs.

pyphen reads a language's hyphenation patterns from its `hyph_*.dic` file, text parsed pattern
by pattern: about 10 ms for Ukrainian and 13 ms for Russian, in every `pnp check` that breaks a
word. What it makes of a file (each pattern's offset and values, the longest pattern) depends only
on the file's bytes and pyphen's version, so it is kept in the user's cache as `marshal` data
(plain values only) under a SHA-256 of both, and handed to pyphen through its own cache of parsed
dictionaries (`pyphen.hdcache`, by the file's path). A dictionary whose patterns are not plain
numbers (a nonstandard hyphenation, which pyphen keeps as an object) is parsed every time, as is
any entry that cannot be read as what it should be. PNP_NO_CACHE=1 skips the cache.
"""

from __future__ import annotations

import hashlib
import marshal
from pathlib import Path

import pyphen

from pnp.core import private

KIND = "hyphen-1"


def dictionary(lang: str, left: int, right: int) -> pyphen.Pyphen:
    """pyphen's dictionary of `lang` (its language fallback, as pyphen picks it)."""
    path = Path(pyphen.LANGUAGES[pyphen.language_fallback(lang)])
    if path not in pyphen.hdcache and private.cache_enabled():
        name = hashlib.sha256(f"{pyphen.__version__}\0".encode() + path.read_bytes()).hexdigest()
        kept = _kept(name)
        if kept is not None:
            pyphen.hdcache[path] = kept
        else:
            made = pyphen.Pyphen(lang=lang, left=left, right=right)
            _keep(name, made.hd)
            return made
    return pyphen.Pyphen(lang=lang, left=left, right=right)


def _kept(name: str) -> pyphen.HyphDict | None:
    raw = private.cache_get(KIND, name)
    if raw is None:
        return None
    try:
        patterns, maxlen = marshal.loads(raw)
        if not (isinstance(patterns, dict) and isinstance(maxlen, int) and patterns):
            return None
        for key, (start, values) in patterns.items():
            if not (isinstance(key, str) and isinstance(start, int) and isinstance(values, tuple)):
                return None
    except (EOFError, ValueError, TypeError):
        return None
    parsed = pyphen.HyphDict.__new__(pyphen.HyphDict)  # what HyphDict.__init__ makes of the file
    parsed.patterns, parsed.cache, parsed.maxlen = patterns, {}, maxlen
    return parsed


def _keep(name: str, parsed: pyphen.HyphDict) -> None:
    try:
        raw = marshal.dumps((parsed.patterns, parsed.maxlen))
    except ValueError:
        return  # a nonstandard hyphenation's object: parsed every time
    private.cache_put(KIND, name, raw)
