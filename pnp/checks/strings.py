"""Every player-facing string exists in every language, and every character can be printed.

All Texts of the model are checked: names, effect and action texts, round steps,
threshold labels, ui strings and clarifications. The kit prints only with the
bundled fonts (fonts/, PT Sans), so a character they lack would print as a box.
"""

from __future__ import annotations

import unicodedata
from typing import Iterator

from pnp.checks._util import lang_mark, texts, where
from pnp.content.model import Game
from pnp.errors import Problem, error
from pnp.render.fonts import FACES, missing_glyphs

ID = "strings"

#: The faces every string may be set in: body text and the bold of names and titles.
GLYPH_FACES = ("sans", "sans-bold")

CODES = {
    "unknown-language": "`--lang` asks for a language that `game.languages` does not list.",
    "missing-text": "A player-facing string has no text in one of the game's languages.",
    "missing-glyph": "A character that the bundled fonts cannot print.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    if lang is not None and lang not in game.languages:
        yield error("unknown-language", f"no {lang!r} text: the content's languages are {', '.join(game.languages)}",
                    game.mark("game", "languages"), f"add {lang!r} to game.languages and write every string in {lang!r} too")
        return
    languages = (lang,) if lang else game.languages
    for text, path in texts(game):
        for code in languages:
            if not text.has(code):
                present = ", ".join(sorted(text.values)) or "none"
                yield error("missing-text", f"{where(path)}: no {code!r} text (has: {present})", text.mark)
                continue
            yield from _glyphs(game, text.values[code], lang_mark(game, text, path, code), f"{where(path)}.{code}")


def _glyphs(game: Game, value: str, mark, what: str) -> Iterator[Problem]:
    missing: list[str] = []
    for face in GLYPH_FACES:
        missing += [c for c in missing_glyphs(value, face) if c not in missing]
    for char in missing:
        name = unicodedata.name(char, "unnamed character")
        yield error("missing-glyph", f"{what}: {char!r} (U+{ord(char):04X} {name}) has no glyph in {FACES['sans'].family}",
                    mark, "the kit prints only with the bundled fonts (fonts/); write the text without this character")
