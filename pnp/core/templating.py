"""Fill printed text templates from effect parameters.

Template language (documented in docs/content.md):
- ``{name}``: the parameter's value; a resource id becomes its icon (``[gold]``), a cost
  becomes ``2 [grain]`` (several resources joined with " + ").
- ``{name|one|few|many}``: the plural form for the parameter's number, by the
  language's CLDR rule (pnp.core.plural: uk and ru list one|few|many, 1 ресурс, 2 ресурси,
  5 ресурсів; en one|other); a form may contain ``{name}``.
- ``[icon]``: an inline icon, left for the renderer.
A number is written once (in params); the text only says where it goes.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Collection, Iterator, Mapping, Sequence

from pnp.core import plural

PLACEHOLDER_NAME = re.compile(r"[a-z][a-z0-9_]*")
ICON = re.compile(r"\[([a-z][a-z0-9_-]*)\]")


class TemplateError(ValueError):
    pass


def _scan(template: str) -> tuple[tuple[str, str], ...]:
    """The ('text', s) and ('field', inner) pieces of `template`; fields may nest braces. Kept per
    template: a check fills the same few hundred templates for thousands of cards and texts."""
    found = _scanned(template)
    if isinstance(found, TemplateError):
        raise TemplateError(*found.args)
    return found


@lru_cache(maxsize=8192)
def _scanned(template: str) -> tuple[tuple[str, str], ...] | TemplateError:
    try:
        return tuple(_pieces(template))
    except TemplateError as exc:
        return exc


def _pieces(template: str) -> Iterator[tuple[str, str]]:
    i, n = 0, len(template)
    start = 0
    while i < n:
        if template[i] == "{":
            if start < i:
                yield "text", template[start:i]
            depth, j = 1, i + 1
            while j < n and depth:
                depth += {"{": 1, "}": -1}.get(template[j], 0)
                j += 1
            if depth:
                raise TemplateError(f"unclosed '{{' at position {i + 1}")
            yield "field", template[i + 1 : j - 1]
            i = start = j
        elif template[i] == "}":
            raise TemplateError(f"unexpected '}}' at position {i + 1}")
        else:
            i += 1
    if start < n:
        yield "text", template[start:]


def _split_field(inner: str) -> tuple[str, list[str]]:
    name, forms = _split(inner)
    return name, list(forms)


@lru_cache(maxsize=8192)
def _split(inner: str) -> tuple[str, tuple[str, ...]]:
    parts: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in inner:
        if ch == "|" and depth == 0:
            parts.append("".join(cur))
            cur = []
            continue
        depth += {"{": 1, "}": -1}.get(ch, 0)
        cur.append(ch)
    parts.append("".join(cur))
    return parts[0].strip(), tuple(parts[1:])


def placeholders(template: str) -> set[str]:
    """Every parameter name the template refers to (including inside plural forms)."""
    names: set[str] = set()
    for kind, piece in _scan(template):
        if kind == "field":
            name, forms = _split_field(piece)
            names.add(name)
            for form in forms:
                names |= placeholders(form)
    return names


def fields(template: str) -> list[tuple[str, list[str]]]:
    """The top-level fields of a template as (name, plural forms); raises TemplateError."""
    return [_split_field(piece) for kind, piece in _scan(template) if kind == "field"]


def icons(template: str) -> set[str]:
    return set(ICON.findall(template))


def format_value(value: Any, resource_ids: Collection[str] | Mapping[str, str]) -> str:
    """A parameter as printed. `resource_ids` may map resource id -> icon name."""
    def icon(res: str) -> str:
        return resource_ids.get(res, res) if isinstance(resource_ids, Mapping) else res

    if isinstance(value, Mapping):
        return " + ".join(f"{amount} [{icon(res)}]" for res, amount in value.items())
    if isinstance(value, str) and value in resource_ids:
        return f"[{icon(value)}]"
    return str(value)


def check_forms(name: str, forms: Sequence[str], lang: str) -> None:
    """Raise TemplateError unless `forms` has one form per plural category of `lang`."""
    try:
        wanted = plural.forms(lang)
    except plural.PluralError as exc:
        raise TemplateError(str(exc)) from None
    if len(forms) != len(wanted):
        raise TemplateError(f"{{{name}|...}} in {lang!r} needs exactly {len(wanted)} plural forms "
                            f"({plural.describe(lang)}), found {len(forms)}")


def fill(template: str, params: Mapping[str, Any], lang: str,
         resource_ids: Collection[str] | Mapping[str, str] = frozenset(), partial: bool = False) -> str:
    """Fill `template` from `params`. Raises TemplateError for bad syntax or unknown names.

    With `partial`, fields naming something not in `params` are left as they are (to be
    filled later with values only known at run time, such as a page number).
    """
    out: list[str] = []
    for kind, piece in _scan(template):
        if kind == "text":
            out.append(piece)
            continue
        name, forms = _split(piece)
        if not PLACEHOLDER_NAME.fullmatch(name):
            raise TemplateError(f"{{{piece}}} is not a placeholder; expected {{name}} or {{name|one|few|many}}")
        if name not in params and partial:
            out.append("{" + piece + "}")
            continue
        if name not in params:
            raise TemplateError(f"placeholder {{{name}}} is not a parameter")
        value = params[name]
        if not forms:
            out.append(format_value(value, resource_ids))
            continue
        check_forms(name, forms, lang)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TemplateError(f"plural forms need a whole number, but {name} is {value!r}")
        out.append(fill(forms[plural.index(lang, value)], params, lang, resource_ids, partial))
    return "".join(out)


def plain(text: str, icon_words: Mapping[str, str] | None = None) -> str:
    """Text with icons replaced by words (or removed), for search and extraction tests."""
    words = icon_words or {}
    return re.sub(r"\s+", " ", ICON.sub(lambda m: words.get(m.group(1), ""), text)).strip()
