"""One apostrophe in a language's words: the one its typography table names (`apostrophe`).

A Ukrainian kit printed with two apostrophes (ʼ U+02BC in one document, ’ U+2019 or ' in
another) looks careless and searches badly: «сімʼя» and «сім’я» are different strings to
a PDF reader. Every printed string of the language is read (the content's texts and the
rulebook's templates, pnp.checks._printed) and every other apostrophe between two letters
is refused at its line, with the character to write instead.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Iterator

from pnp.checks._printed import printed
from pnp.core import typography
from pnp.core.errors import Mark, Problem, error
from pnp.games import Model

ID = "apostrophe"

CODES = {
    "wrong-apostrophe": "A word of a language with one printed apostrophe (Ukrainian: ʼ U+02BC) is written with "
                        "another (’ U+2019 or ' U+0027): the kit would print two apostrophes.",
}


def _name(char: str) -> str:
    return f"{char} U+{ord(char):04X} {unicodedata.name(char, '').lower()}".rstrip()


def check(game: Model, lang: str | None = None) -> Iterator[Problem]:
    for code in (lang,) if lang else game.languages:
        if code not in typography.TABLES:
            continue  # pnp.checks.strings reports a language pnp cannot set
        table = typography.table(code)
        others = "".join(sorted(table.apostrophes - {table.apostrophe}))
        if not table.apostrophe or not others:
            continue
        marks = re.escape(others + table.apostrophe)
        wrong = re.compile(rf"(?<=\w)[{re.escape(others)}](?=\w)")
        for item in printed(game, code):
            for found in wrong.finditer(item.text):
                head = re.search(rf"[\w{marks}]*$", item.text[:found.start()]).group()
                tail = re.match(rf"[\w{marks}]*", item.text[found.end():]).group()
                word = head + found.group() + tail
                # a template's line is the text itself: point at the character; a content
                # string is marked where its value starts
                template = item.what == item.mark.file
                mark = Mark(item.mark.file, item.mark.line, found.start() + 1) if template else item.mark
                yield error("wrong-apostrophe",
                            f"{item.what}: «{word}» has the apostrophe {_name(found.group())}; "
                            f"the kit's {code} apostrophe is {_name(table.apostrophe)}", mark,
                            f"write «{word.replace(found.group(), table.apostrophe)}» "
                            f"(in YAML \\u{ord(table.apostrophe):04x} inside double quotes types it too)")
