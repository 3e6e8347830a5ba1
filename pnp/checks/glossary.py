"""One term per thing: no printed string uses a word the glossary lists under `avoid`.

The glossary (content `glossary:`) names each thing once ("Резерв": the tokens off the
board) and the words that must not stand for it ("запас загонів"). An entry may end a
word with * (any ending: `доріж*`); an entry with a capital letter matches only with
that capital ("Поле" is the board's old name, "Турнірне поле" is a building).
"""

from __future__ import annotations

import re
from typing import Iterator

from pnp.checks._printed import printed
from pnp.games import Model
from pnp.core.errors import Problem, error

ID = "glossary"

CODES = {
    "glossary-term": "A printed string uses a word the glossary reserves for another term (glossary[].avoid).",
}

_EDGE = r"\w\u02bc'’-"  # letters, apostrophes and hyphens continue a Ukrainian word


def pattern(entry: str) -> re.Pattern:
    """An avoid entry as a regex: whole words, * for any ending, case-blind unless capitalised."""
    return re.compile(_source(entry))


def _source(entry: str) -> str:
    body = r"\w*".join(re.escape(part) for part in entry.split("*"))
    tail = "" if entry.endswith("*") else rf"(?![{_EDGE}])"
    scoped = body if any(c.isupper() for c in entry) else f"(?i:{body})"
    return rf"(?<![{_EDGE}]){scoped}{tail}"


def check(game: Model, lang: str | None = None) -> Iterator[Problem]:
    for code in (lang,) if lang else game.languages:
        terms = [term for term in game.glossary for _ in term.avoid.get(code, ())]
        entries = [word for term in game.glossary for word in term.avoid.get(code, ())]
        if not entries:
            continue
        # one pass over each string: every entry is a numbered alternative
        rx = re.compile("|".join(f"(?P<e{i}>{_source(word)})" for i, word in enumerate(entries)))
        stems = {word.split("*")[0].lower() for word in entries}
        for item in printed(game, code):
            low = item.text.lower()
            if not any(stem in low for stem in stems):  # most strings: no regex at all
                continue
            for found in rx.finditer(item.text):
                term = terms[int(found.lastgroup[1:])]
                name = term.term.get(code)
                yield error("glossary-term", f"{item.what}: «{found.group()}» — the glossary's term is «{name}» "
                            f"({term.meaning.get(code)})", item.mark, f"write «{name}» (or its form) instead")
