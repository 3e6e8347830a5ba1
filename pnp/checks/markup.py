"""Every player-facing text is valid markup: `[icon]` brackets closed, `**bold**` balanced.

The renderers set text with pnp.typeset.richtext, which refuses broken markup; without
this check an effect text with `[wood.` or `**word` would pass `pnp check` and stop
`pnp build`. Texts filled from parameters (the model's `filled_texts`) are read as
printed; unknown icon names are the references check's to report.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Mapping, Protocol

from pnp.art.icons import icon_names
from pnp.checks._util import Marked, lang_mark, texts, where
from pnp.core import templating as tpl
from pnp.core.errors import Problem, error
from pnp.core.texts import Text
from pnp.typeset import richtext

ID = "markup"


class Templated(Marked, Protocol):
    """What a model whose pack runs this check gives it: the texts printed filled from their
    parameters, and the icon each resource parameter prints as."""

    resource_icons: Mapping[str, str]

    def filled_texts(self) -> Iterator[tuple[Text, Mapping[str, Any], tuple]]:
        """(text, its parameters, its path) for every text printed filled from parameters."""
        ...


CODES = {
    "bad-markup": "A text whose markup cannot be set: an unclosed '[' or '**', a stray ']', an icon name written oddly.",
}


HINT = "an icon is [name] (lowercase), bold is **text**; a literal '[', ']' or '**' cannot be printed"


def check(game: Templated, lang: str | None = None) -> Iterator[Problem]:
    params = _params(game)
    for text, path in texts(game):
        for code in (lang,) if lang else game.languages:
            if not text.has(code):
                continue
            reason = markup_error(_as_printed(game, text.get(code), params.get(id(text)), code))
            if reason:
                yield error("bad-markup", f"{where(path)}.{code}: {reason}", lang_mark(game, text, path, code), HINT)


def markup_error(value: str) -> str | None:
    """Why `value` cannot be set with richtext (None: it can); unknown [names] are the references
    check's to report, so they are looked past."""
    known = set(icon_names())
    value = tpl.ICON.sub(lambda m: m.group(0) if m.group(1) in known else "", value)
    try:
        richtext.parse(value)
    except ValueError as exc:
        return _reason(exc)
    return None


def _params(game: Templated) -> dict[int, Mapping]:
    """Parameters of each text printed filled from parameters, by the Text's identity."""
    return {id(text): params for text, params, _ in game.filled_texts()}


def _as_printed(game: Templated, value: str, params: Mapping | None, lang: str) -> str:
    if params is None:
        return value
    try:
        return tpl.fill(value, params, lang, game.resource_icons)
    except tpl.TemplateError:
        return value  # the templates check reports it


def _reason(exc: ValueError) -> str:
    """richtext's message without the whole text it quotes (the mark points at it)."""
    return re.sub(r" in text '.*'(;|$)", r"\1", str(exc), flags=re.S)
