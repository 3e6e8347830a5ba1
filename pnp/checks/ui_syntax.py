"""Every `ui:` string is a template that can be read: no stray or unclosed brace, no bad field.

A renderer fills a ui string with its fields, so a string that is no template stops the
build halfway. This part needs nothing but the strings, so it holds for every game (the
ui-strings check, pnp/checks/ui.py, also holds a game with a ui contract to its keys and
fields).
"""

from __future__ import annotations

from typing import Iterator, Mapping, Protocol

from pnp.checks._util import Marked, lang_mark
from pnp.core import templating as tpl
from pnp.core.errors import Problem, error
from pnp.core.texts import Text

ID = "ui-syntax"

CODES = {"ui-syntax": "A ui string that cannot be read as a template (an unclosed '{', a stray '}', a bad field)."}


class UiStrings(Marked, Protocol):
    ui_strings: Mapping[str, Text]


def check(game: UiStrings, lang: str | None = None) -> Iterator[Problem]:
    for key, text in sorted(game.ui_strings.items()):
        for code in (lang,) if lang else game.languages:
            if not text.has(code):
                continue  # the strings check reports a missing language
            try:
                bad = sorted(n for n in tpl.placeholders(text.get(code)) if not tpl.PLACEHOLDER_NAME.fullmatch(n))
                if bad:
                    raise tpl.TemplateError(f"{{{bad[0]}}} is not a placeholder; expected {{name}} or "
                                            "{name|one|few|many}")
            except tpl.TemplateError as exc:
                yield error("ui-syntax", f"ui.{key}.{code}: {exc}", lang_mark(game, text, ("ui", key), code),
                            "a literal brace cannot be printed; a field is {name} or {name|one|few|many}")
