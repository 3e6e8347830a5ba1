"""One form of address: the kit speaks to the player as «ти», in every printed string.

Ukrainian game rules say «ти» («Візьми будівлю», «твій замок»); a plural «ви» form
(«Покладіть», «перетасуйте», «ваш») in the same kit reads as two voices.
"""

from __future__ import annotations

import re
from typing import Iterator

from pnp.checks._printed import printed
from pnp.games import Model
from pnp.core.errors import Problem, error

ID = "form-of-address"

CODES = {
    "form-of-address": "A printed string addresses the player as «ви»; the kit says «ти» everywhere.",
}

_W = r"\w\u02bc'’-"
#: per language: the «ви» forms (pronouns, plural imperatives and present-tense verbs)
VY = {
    "uk": re.compile(rf"(?<![{_W}])(?:[Вв]и|[Вв]ас|[Вв]ам|[Вв]ами|[Вв]аш\w*|\w{{2,}}(?:іть|йте|ьте|іться|йтеся|ьтеся"
                     rf"|жте|єте|ете|ите|їте))(?![{_W}])"),
}
#: words with those endings that address nobody
NOT_ADDRESS = {"uk": frozenset({"навіть"})}


def check(game: Model, lang: str | None = None) -> Iterator[Problem]:
    for code in (lang,) if lang else game.languages:
        rx = VY.get(code)
        if rx is None:
            continue
        fine = NOT_ADDRESS.get(code, frozenset())
        for item in printed(game, code):
            found = next((m for m in rx.finditer(item.text) if m.group().lower() not in fine), None)
            if found:
                yield error("form-of-address", f"{item.what}: «{found.group()}» addresses the player as «ви»",
                            item.mark, "say «ти», as the rest of the kit does («поклади», «твій»)")
