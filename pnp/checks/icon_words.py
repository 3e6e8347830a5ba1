"""What icons say in the text layer (content `icon_words:`): known icons, and forms that
only take the number before the icon ({n|one|few|many})."""

from __future__ import annotations

from typing import Iterator

from pnp.checks._util import did_you_mean
from pnp.core import templating as tpl
from pnp.games import Model
from pnp.core.errors import Problem, error
from pnp.art.icons import icon_names

ID = "icon-words"

CODES = {
    "icon-words": "An icon_words entry names an unknown icon, or its forms are not {n|one|few|many}.",
}


def check(game: Model, lang: str | None = None) -> Iterator[Problem]:
    known = icon_names()
    for name, word in sorted(game.icon_words.items()):
        text = word.forms
        if name not in known:
            yield error("icon-words", f"icon_words.{name}: no such icon", text.mark, did_you_mean(name, known))
        for code in (lang,) if lang else game.languages:
            if not text.has(code):
                continue
            try:
                tpl.fill(text.get(code), {"n": 2}, code)
            except tpl.TemplateError as exc:
                yield error("icon-words", f"icon_words.{name}.forms.{code}: {exc}; expected {{n|one|few|many}}", text.mark)
