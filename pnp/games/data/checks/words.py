"""Every word the kit prints exists in every language the game ships: pnp's own strings (sheet
labels, the alignment sheet, the preview) come from its catalogue in the languages it ships, and
from the game's `ui:` in any other; the rulebook's prose names only values of `values:`. (A
text the content declares without a language of the game is pnp's strings check's.)"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import yaml

from pnp.core import catalogue
from pnp.core.errors import Problem, error
from pnp.core.texts import Text
from pnp.games.data.prose import fill_prose

ID = "data-words"

CODES = {
    "ui-missing": "A string the kit prints, in a language the game ships, that neither the game's `ui:` nor pnp has.",
    "prose-value": "Prose (the rulebook's, an aid's, a mat area's) naming a value `values:` lacks, or a brace that is no {name} or {name|one|few|many}.",
}

#: the strings this pack gives every data game in pnp's languages (the content may override them)
DEFAULTS = Path(__file__).resolve().parent.parent / "strings.yaml"


#: the strings only a game with these parts prints (a game without mats needs no word for them)
PART_KEYS = {"comp_mats": "mats", "comp_sheets": "sheets", "preview_kind_sheets": "sheets", "comp_aids": "aids"}


def printed_keys() -> tuple[str, ...]:
    """Every string pnp's renderers and exporters may print for a data game."""
    own = yaml.safe_load(DEFAULTS.read_text(encoding="utf-8"))
    return tuple(sorted(set(catalogue.strings()) | set(own)))


def _prose(game) -> Iterator[tuple[tuple, Text]]:
    """(path in the content, text) of every text the named values are filled into."""
    for i, section in enumerate(game.sections):
        yield ("rulebook", "sections", i, "text"), section.text
    for i, aid in enumerate(game.aids):
        for k, section in enumerate(aid.sections):
            yield ("aids", i, "sections", k, "text"), section.text
    for i, mat in enumerate(game.mats):
        for k, area in enumerate(mat.areas):
            if area.text is not None:
                yield ("mats", i, "areas", k, "text"), area.text


def check(game, lang: str | None = None) -> Iterator[Problem]:
    languages = (lang,) if lang else game.languages
    for where, text in _prose(game):
        for code in languages:
            if code not in text.values:
                continue
            _, wrong = fill_prose(text.source(code), game.values, code)
            if wrong:
                yield error("prose-value", f"{'.'.join(map(str, where))}.{code}: {wrong}; the named values: "
                            f"{', '.join(sorted(game.values)) or 'none'}", game.mark(*where, code),
                            "name a value of `values:` as {name}, its plural as {name|one|few|many}")
    absent = {key for key, part in PART_KEYS.items() if not getattr(game, part)}
    keys = tuple(k for k in printed_keys() if k not in absent)
    keys += tuple(sorted(k for k in game.ui_strings if k.startswith(("card_", "cards_", "token_"))))
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
