"""The tool strings the kit prints are printable: pnp's catalogue strings the empire's renderers
declare (`Renderer.ui`, the contract in pnp/games/empire/ui_keys.py) and the content does not
override are set against the bundled fonts.

That every string the kit prints is there, in the content's `ui:` or pnp's catalogue, in each of
the game's languages, is the general ui-strings check's (pnp/checks/ui.py, `missing-ui`), which
holds the content to the renderers' declarations. The strings check (pnp.checks.strings) already
sets every content string, plural forms included (a template carries all its forms), against the
bundled fonts; here the catalogue's strings the kit takes are set against them too. Every bundled
face has the same character set (tests/games/empire/test_kit_words.py holds that), so one face
speaks for all.
"""

from __future__ import annotations

import unicodedata
from typing import Iterator

from pnp.core import catalogue
from pnp.core.errors import Problem, error
from pnp.games.empire.model import Game
from pnp.typeset.fonts import FACES, missing_glyphs

ID = "kit-words"

CODES = {
    "catalogue-glyph": "A string of pnp's catalogue that the kit prints has a character the bundled fonts lack.",
}


def tool_keys(game: Game) -> tuple[str, ...]:
    """The catalogue strings the game's renderers declare they print, in the contract's order."""
    found = {key: None for _, part in game.ui_keys.parts for key in (*part.required, *part.optional)
             if key in catalogue.FIELDS}
    return tuple(found)


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    for code in (lang,) if lang else game.languages:
        for key in tool_keys(game):
            if key in game.ui_strings or not catalogue.has(key, code):
                continue  # the content's (the strings check sets it), or missing (the ui-strings check says so)
            for char in missing_glyphs(catalogue.text(key, code), "sans"):
                yield error("catalogue-glyph", f"pnp's catalogue string {key!r} ({code}) has {char!r} "
                            f"(U+{ord(char):04X} {unicodedata.name(char, 'unnamed')}), which {FACES['sans'].family} "
                            "cannot print", game.mark("ui"), f"give the game its own `{key}:` under ui:")
