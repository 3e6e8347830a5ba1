"""The content's named `values:` filled into its prose: the rulebook's sections, the aids' and the
mats' texts. A number is written once, in `values:`, and every text that names it prints it."""

from __future__ import annotations

from typing import Any, Mapping

from pnp.core.templating import TemplateError, fill
from pnp.core.texts import Text, frozen_map


def fill_prose(text: str, values: Mapping[str, Any], lang: str) -> tuple[str, str | None]:
    """(the prose with the named values filled in, None), or (the prose as written, what is
    wrong with it: an unknown name, a stray brace), which `pnp check` reports at its line."""
    named = {k: v.get(lang, "") if isinstance(v, Mapping) else v for k, v in values.items()}
    try:
        return fill(text, named, lang), None
    except (TemplateError, ValueError, TypeError) as exc:
        return text, str(exc)


def filled(text: Text, values: Mapping[str, Any]) -> Text:
    """`text` with the named values filled in, in each of its languages; what it was written as is
    kept (Text.source), for the check that reports a name the values lack."""
    if not values and not any("{" in v for v in text.values.values()):
        return text
    done = {lang: fill_prose(value, values, lang)[0] for lang, value in text.values.items()}
    return Text(frozen_map(done), text.mark, text.template or text.values)
