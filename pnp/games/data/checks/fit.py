"""pnp's text-fit check (every card text measured as the renderer sets it), for the languages
the rows give whole: a card with a hole (`data-rows`) or a language pnp cannot set
(`data-words`) is reported there once, not measured here, so one mistake is one problem."""

from __future__ import annotations

from typing import Iterator

from pnp.checks import textfit
from pnp.core import typography
from pnp.core.errors import Problem
from pnp.games.data.checks import rows

ID = textfit.ID
CODES = textfit.CODES


def check(game, lang: str | None = None) -> Iterator[Problem]:
    for code in (lang,) if lang else game.languages:
        if code in typography.TABLES and not any(rows.check(game, code)):
            yield from textfit.check(game, code)
