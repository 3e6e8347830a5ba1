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
from pnp.content.model import Game
from pnp.errors import Problem, error

ID = "glossary"

CODES = {
    "glossary-term": "A printed string uses a word the glossary reserves for another term (glossary[].avoid).",
}

_EDGE = r"\w\u02bc'’-"  # letters, apostrophes and hyphens continue a Ukrainian word


def pattern(entry: str) -> re.Pattern:
    """An avoid entry as a regex: whole words, * for any ending, case-blind unless capitalised."""
    body = r"\w*".join(re.escape(part) for part in entry.split("*"))
    tail = "" if entry.endswith("*") else rf"(?![{_EDGE}])"
    flags = 0 if any(c.isupper() for c in entry) else re.IGNORECASE
    return re.compile(rf"(?<![{_EDGE}]){body}{tail}", flags)


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    for code in (lang,) if lang else game.languages:
        rules = [(term, pattern(word)) for term in game.glossary for word in term.avoid.get(code, ())]
        if not rules:
            continue
        for item in printed(game, code):
            for term, rx in rules:
                found = rx.search(item.text)
                if found:
                    name = term.term.get(code)
                    yield error("glossary-term", f"{item.what}: «{found.group()}» — the glossary's term is «{name}» "
                                f"({term.meaning.get(code)})", item.mark, f"write «{name}» (or its form) instead")
