"""Every player-facing string exists in every language, and every character can be printed.

All Texts of the model are checked: names, effect and action texts, round steps,
threshold labels, ui strings and clarifications. The kit prints only with the
bundled fonts (fonts/, PT Sans) and the content's own (`fonts:`), so a character one of them
lacks would print as a box.
"""

from __future__ import annotations

import unicodedata
from typing import Iterator

from pnp.checks._util import lang_mark, texts, where
from pnp.core import typography
from pnp.games import Model
from pnp.core.errors import Problem, error
from pnp.typeset.fonts import FACES, missing_glyphs

ID = "strings"

def _blank(value: str) -> str:
    return "spaces" if value and set(value) == {" "} else f"blank characters {value!r}" if value else "an empty string"


#: The faces every string may be set in: body text and the bold of names and titles.
GLYPH_FACES = ("sans", "sans-bold")

CODES = {
    "unknown-language": "`--lang` asks for a language that `game.languages` does not list.",
    "unsupported-language": "`game.languages` lists a language pnp cannot set text in: it has no typography "
                            "table for it (pnp/core/typography.py: uk, ru, en).",
    "missing-text": "A player-facing string has no text in one of the game's languages.",
    "blank-text": "A player-facing string (a name, a title, a rule) made only of spaces: it would print nothing.",
    "missing-glyph": "A character that the kit's fonts (the bundled ones, the content's `fonts:`) cannot print.",
    "bad-character": "A control character, a lone surrogate or a noncharacter: no output format can hold it.",
}

#: besides the line break: C0/C1 controls (NUL would end an SVG's XML), lone surrogates
#: (they cannot be written as UTF-8), noncharacters (XML refuses U+FFFE and U+FFFF)
_BAD_CATEGORIES = ("Cc", "Cs")


def check(game: Model, lang: str | None = None) -> Iterator[Problem]:
    if lang is not None and lang not in game.languages:
        yield error("unknown-language", f"no {lang!r} text: the content's languages are {', '.join(game.languages)}",
                    game.mark("game", "languages"), f"add {lang!r} to game.languages and write every string in {lang!r} too")
        return
    languages = (lang,) if lang else game.languages
    for code in languages:
        if code not in typography.TABLES:
            yield error("unsupported-language", f"game.languages: pnp cannot set text in {code!r}: it has no "
                        f"typography table for it (it has {', '.join(typography.TABLES)})",
                        game.mark("game", "languages"), "add the language's table to pnp/core/typography.py")
    for text, path in texts(game):
        for code in languages:
            if not text.has(code):
                present = ", ".join(sorted(text.values)) or "none"
                yield error("missing-text", f"{where(path)}: no {code!r} text (has: {present})", text.mark)
                continue
            mark, what = lang_mark(game, text, path, code), f"{where(path)}.{code}"
            if not text.values[code].strip():
                yield error("blank-text", f"{what}: expected words, found only {_blank(text.values[code])}", mark)
                continue
            bad = list(_bad_characters(text.values[code], mark, what))
            yield from bad
            if not bad:
                yield from _glyphs(game, text.values[code], mark, what)
    for path, note in sorted(game.notes.items(), key=lambda item: game.mark(*item[0], "note")):
        yield from _bad_characters(note, game.mark(*path, "note"), f"{where(path + ('note',))}")


def _bad_characters(value: str, mark, what: str) -> Iterator[Problem]:
    if value.replace("\n", "").isprintable():
        return  # every character refused below is one Python calls unprintable (Cc, Cs, Cn)
    seen = set()
    for char in value:
        cp = ord(char)
        bad = (unicodedata.category(char) in _BAD_CATEGORIES and char != "\n") or 0xFDD0 <= cp <= 0xFDEF or cp & 0xFFFE == 0xFFFE
        if bad and char not in seen:
            seen.add(char)
            kind = {"Cc": "a control character", "Cs": "a lone surrogate"}.get(unicodedata.category(char), "a noncharacter")
            yield error("bad-character", f"{what}: character U+{cp:04X} ({unicodedata.name(char, kind)}) "
                        "cannot be printed or written into the kit's files", mark,
                        "remove it; invisible characters often come from copying text out of another program")


def _glyphs(game: Model, value: str, mark, what: str) -> Iterator[Problem]:
    # A string may be printed in any role (a name in a title, a rule in the body), so it is held
    # to every font the kit prints in: each designer font the content names (models outside pnp
    # may have no `fonts`), and the bundled faces while a role still prints in one.
    designer = list(getattr(game, "fonts", ()))
    bundled_left = {font.role for font in designer} != set(FACES)
    fonts = [(FACES[face].path, FACES[face].family, face) for face in GLYPH_FACES if bundled_left]
    fonts += [(font.path, font.family, font.role) for font in designer]
    missing: list[tuple[str, str]] = []
    for file, family, face in fonts:
        for c in missing_glyphs(value, face, file):
            if c not in [m for m, _ in missing]:
                missing.append((c, family))
    for char, family in missing:
        name = unicodedata.name(char, "unnamed character")
        yield error("missing-glyph", f"{what}: {char!r} (U+{ord(char):04X} {name}) has no glyph in {family}",
                    mark, "the kit prints only with its fonts (the bundled ones and the content's `fonts:`); "
                    "write the text without this character or choose a font that has it")
