"""The `ui:` strings match what the renderers print (the game's contract, the model's
`ui_keys`: the union of what each of its renderers declares it prints, `Renderer.ui`; and
pnp/core/catalogue for the tool's own strings): every string the kit needs is there, in
the content or in pnp's catalogue, each uses only the fields its renderer fills in, and
plural forms only on fields that are numbers, one per plural category of the language
(that every string is a template that can be read is the ui-syntax check's, for every game).

Without this a missing or misspelt key, or a `{cuont}`, would pass `pnp check` and stop
`pnp build` halfway. Game facts ({victory_points}) are filled in while loading, so a
field left in the text is one the renderer must fill, or a typo.
"""

from __future__ import annotations

from typing import Iterator, Mapping, Protocol

from pnp.checks._util import Marked, did_you_mean, key_mark, lang_mark
from pnp.core import catalogue
from pnp.core import templating as tpl
from pnp.core.errors import Problem, error, warning
from pnp.core.texts import Text
from pnp.games import pack_of

ID = "ui-strings"


class UiModel(Marked, Protocol):
    """What a model whose pack runs this check gives it: its `ui:` strings, its contract, and
    the fields of any key it prints (the contract's, the catalogue's, or keys it derives)."""

    ui_strings: Mapping[str, Text]
    ui_keys: UiKeys

    def ui_fields(self, key: str) -> Mapping[str, str] | None:
        """The fields ui string `key` is given (name -> NUMBER or TEXT); None if the kit prints no such string."""
        ...

CODES = {
    "missing-ui": "A ui string the kit prints is missing from `ui:` (the game's ui contract lists them), "
                  "or a tool string is in neither `ui:` nor pnp's catalogue in one of the game's languages.",
    "unknown-ui": "A `ui:` key that the kit never prints (often a misspelt key).",
    "unknown-ui-field": "A `{field}` in a ui string that is neither a game fact nor a value its renderer fills in.",
    "ui-plural": "Plural forms `{n|one|few|many}` on a ui field that is not a number, or not one form per plural "
                 "category of the language (uk, ru: one|few|many; en: one|other).",
}


def check(game: UiModel, lang: str | None = None) -> Iterator[Problem]:
    present, contract = set(game.ui_strings), game.ui_keys
    unknown = sorted(k for k in present if game.ui_fields(k) is None)
    for key in contract.required_of(game):
        if key not in present:
            printers = ", ".join(contract.renderers(key, game))
            yield error("missing-ui", f"ui: no string {key!r}; the kit prints it (renderer {printers})", game.mark("ui"),
                        did_you_mean(key, unknown) or f"add `{key}: {{uk: ...}}` under ui:")
    yield from _tool_strings(game, (lang,) if lang else game.languages)
    known = [*contract.known, *catalogue.FIELDS]
    for key in unknown:
        yield warning("unknown-ui", f"ui.{key}: the kit prints no such string", key_mark(game, "ui", key),
                      did_you_mean(key, known) or f"remove it, or check the key against {contract.source}")
    for key in sorted(present - set(unknown)):
        yield from _fields(game, key, (lang,) if lang else game.languages)


def _tool_strings(game: UiModel, languages) -> Iterator[Problem]:
    """A language pnp's catalogue is not written in needs the tool's strings in the content."""
    for code in languages:
        missing = [key for key in catalogue.FIELDS
                   if not catalogue.has(key, code) and not (key in game.ui_strings and game.ui_strings[key].has(code))]
        if missing:
            yield error("missing-ui", f"ui: pnp's catalogue has no {code!r} strings ({', '.join(catalogue.languages())} "
                        f"only), and the content does not give {len(missing)} of them: {', '.join(missing)}",
                        game.mark("ui"), f"add `{missing[0]}: {{{code}: ...}}` under ui:")


def _fields(game: UiModel, key: str, languages) -> Iterator[Problem]:
    text, fields = game.ui_strings[key], game.ui_fields(key)
    for code in languages:
        if not text.has(code):
            continue  # the strings check reports a missing language
        mark = lang_mark(game, text, ("ui", key), code)
        try:
            names, used = tpl.placeholders(text.get(code)), tpl.fields(text.get(code))
        except tpl.TemplateError:
            continue  # the ui-syntax check reports it
        for name in sorted(names - set(fields)):
            offered = ", ".join(f"{{{f}}}" for f in fields) or "none"
            yield error("unknown-ui-field", f"ui.{key}.{code}: {{{name}}} is not a game fact nor filled in by the kit "
                        f"(this string gets: {offered})", mark, did_you_mean(name, [*fields, *_facts(game)]))
        for name, forms in used:
            if name not in fields or not forms:
                continue
            if fields[name] != catalogue.NUMBER:
                yield error("ui-plural", f"ui.{key}.{code}: plural forms on {{{name}}}: it is not a number", mark,
                            f"write {{{name}}} without plural forms")
                continue
            try:
                tpl.check_forms(name, forms, code)
            except tpl.TemplateError as exc:
                yield error("ui-plural", f"ui.{key}.{code}: {exc}", mark)


def _facts(game: UiModel) -> list[str]:
    """The names of the game's facts (its pack's), for a did-you-mean."""
    facts = pack_of(game).facts
    return list(facts(game)) if facts else []
