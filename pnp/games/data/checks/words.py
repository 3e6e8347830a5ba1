"""Every word the kit prints exists in every language the game ships: pnp's own strings (sheet
labels, the alignment sheet, the preview) come from its catalogue in the languages it ships, and
from the game's `ui:` in any other; each text the content declares (title, names, sections,
token faces) gives every language."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import yaml

from pnp.core import catalogue, typography
from pnp.core.errors import Problem, error

ID = "data-words"

CODES = {
    "ui-missing": "A string the kit prints, in a language the game ships, that neither the game's `ui:` nor pnp has.",
    "text-language": "A text of the content without a language the game ships.",
    "language": "A language pnp cannot set (it has no hyphenation and typography table for it).",
}

#: the strings this pack gives every data game in pnp's languages (the content may override them)
DEFAULTS = Path(__file__).resolve().parent.parent / "strings.yaml"


def printed_keys() -> tuple[str, ...]:
    """Every string pnp's renderers and exporters may print for a data game."""
    own = yaml.safe_load(DEFAULTS.read_text(encoding="utf-8"))
    return tuple(sorted(set(catalogue.strings()) | set(own)))


def _texts(game):
    """(content path, Text) of every text the content declares."""
    yield ("game", "title"), game.title
    for i, token in enumerate(game.tokens):
        yield ("tokens", i, "name"), token.name
        for k, face in enumerate(token.faces):
            yield ("tokens", i, "faces", k, "text"), face.text
    for i, section in enumerate(game.sections):
        yield ("rulebook", "sections", i, "title"), section.title
        yield ("rulebook", "sections", i, "text"), section.text
    if game.board is not None and game.board.name is not None:
        yield ("board", "name"), game.board.name


def check(game, lang: str | None = None) -> Iterator[Problem]:
    languages = (lang,) if lang else game.languages
    for code in languages:
        if code not in typography.TABLES:
            yield error("language", f"game.languages: expected a language pnp can set "
                        f"({', '.join(typography.TABLES)}), found {code!r}", game.mark("game", "languages"))
    for path, text in _texts(game):
        for code in languages:
            if not text.values.get(code):
                yield error("text-language", f"{'.'.join(map(str, path))}: expected a text in {code!r} "
                            "(game.languages), found none", game.mark(*path), f"add `{code}: ...`")
    keys = printed_keys() + tuple(sorted(k for k in game.ui_strings if k.startswith(("card_", "token_"))))
    for code in languages:
        missing = []
        for key in keys:
            try:
                game.ui(key, code)
            except LookupError:
                missing.append(key)
        if missing:
            yield error("ui-missing", f"ui: expected the strings the kit prints in {code!r}, found none for "
                        f"{', '.join(missing)}", game.mark("game", "languages"),
                        f"pnp ships its own words in {', '.join(catalogue.languages())}; give these under `ui:`")
