"""Effect and action texts are templates filled from their parameters; check they fit.

A number is written once, in `params`; the printed text says where it goes. So every
`{placeholder}` must be a parameter, every parameter must appear in the text (in every
language), a plural field `{n|one|few|many}` needs the language's own number of forms
(pnp.core.plural: three in uk and ru, two in en) and a whole number, and
filling the template must succeed. Prose (round steps, clarifications) is filled with
named facts or by the renderers, so only its syntax is checked here (the ui strings': by
the ui-syntax check, pnp/checks/ui_syntax.py).
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from pnp.checks._util import did_you_mean, lang_mark, where
from pnp.core import templating as tpl
from pnp.games.tverdzha.model import Game, Text
from pnp.core.errors import Problem, error

ID = "templates"

CODES = {
    "template-syntax": "A text template that cannot be read (an unclosed '{', a stray '}', a bad field).",
    "unknown-placeholder": "A `{placeholder}` that is not a parameter of its effect or action.",
    "unused-param": "A parameter that its text never shows: the printed card would hide a number.",
    "bad-plural": "A plural field without one form per plural category of its language (uk, ru: one|few|many; "
                  "en: one|other), or for a value that is not a whole number.",
    "template-error": "Filling the template from its parameters failed.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    languages = (lang,) if lang else game.languages
    for text, params, path in game.filled_texts():
        for code in languages:
            if text.has(code):
                yield from _one(game, text.source(code), params, lang_mark(game, text, path, code),
                                f"{where(path)}.{code}", code, path)
    for text, path in _prose(game):
        for code in languages:
            if text.has(code):
                try:
                    tpl.placeholders(text.source(code))
                except tpl.TemplateError as exc:
                    yield error("template-syntax", f"{where(path)}.{code}: {exc}", lang_mark(game, text, path, code),
                                "a literal brace cannot be printed; a field is {name} or {name|one|few|many}")


def _prose(game: Game) -> Iterator[tuple[Text, tuple]]:
    """Texts filled with named facts or by the renderers: round steps, clarifications (the ui
    strings' syntax is the ui-syntax check's, pnp/checks/ui_syntax.py, as for every game)."""
    yield from game.prose()


#: a plural field written right, for the hint
EXAMPLES = {"uk": "e.g. {n|ресурс|ресурси|ресурсів}", "ru": "e.g. {n|ресурс|ресурса|ресурсов}",
            "en": "e.g. {n|resource|resources}"}


def _plural_forms(name: str, forms: list[str], lang: str) -> str:
    """What is wrong with the number of a plural field's forms ("" when nothing is)."""
    if not forms:
        return ""
    try:
        tpl.check_forms(name, forms, lang)
    except tpl.TemplateError as exc:
        return str(exc)
    return ""


def _one(game: Game, template: str, params: Mapping[str, Any], mark, what: str, lang: str, path: tuple) -> Iterator[Problem]:
    try:
        names = tpl.placeholders(template)
        fields = tpl.fields(template)
    except tpl.TemplateError as exc:
        yield error("template-syntax", f"{what}: {exc}", mark, "write a parameter as {name}, a plural as {name|one|few|many}")
        return
    found = False
    for name in sorted(names):
        if not tpl.PLACEHOLDER_NAME.fullmatch(name):
            found = True
            yield error("template-syntax", f"{what}: {{{name}}} is not a placeholder", mark, "a placeholder is {name}: lowercase letters, digits, '_'")
        elif name not in params:
            found = True
            yield error("unknown-placeholder", f"{what}: {{{name}}} is not a parameter ({', '.join(params) or 'none'})", mark,
                        did_you_mean(name, params) or "add it to params, or remove it from the text")
    for name, forms in fields:
        wrong = _plural_forms(name, forms, lang)
        if wrong:
            found = True
            yield error("bad-plural", f"{what}: {wrong}", mark, EXAMPLES.get(lang, ""))
        elif forms and name in params and (isinstance(params[name], bool) or not isinstance(params[name], int)):
            found = True
            yield error("bad-plural", f"{what}: plural forms need a number, but {name} is {params[name]!r}", mark)
    for name in params:
        if name not in names:
            found = True
            yield error("unused-param", f"{what}: parameter {name!r} does not appear in the text", mark,
                        f"show it with {{{name}}} (line {game.mark(*path[:-1], 'params', name).line}), or drop the parameter")
    if not found:
        try:
            tpl.fill(template, params, lang, game.resource_icons)
        except tpl.TemplateError as exc:
            yield error("template-error", f"{what}: {exc}", mark)
