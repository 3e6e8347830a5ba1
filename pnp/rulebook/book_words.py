"""What every game's rulebook facts (`RulebookSide.facts`, the templates' `f`) say the same way: the
model's printed words in the book's language, plural forms, signed numbers. A game's Facts class
extends this with its own names and numbers."""

from __future__ import annotations

from typing import Any

from pnp.core.templating import fill
from pnp.rulebook.build_error import RulebookError

MINUS = "\u2212"


class BookWords:
    def __init__(self, game: Any, lang: str):
        self.game = game
        self.lang = lang

    def ui(self, key: str, **values) -> str:
        """A printed word of the game (its `ui:` or pnp's catalogue); one it lacks stops the build."""
        try:
            return self.game.ui(key, self.lang, **values)
        except LookupError as exc:
            raise RulebookError(exc.args[0] if exc.args else str(exc)) from None

    def name(self, obj) -> str:
        return obj.name.get(self.lang)

    def plural(self, n: int, one: str, few: str, many: str) -> str:
        """The form of the word for n in the book's language (CLDR's one/few/many)."""
        return fill("{n|" + "|".join((one, few, many)) + "}", {"n": n}, self.lang)

    def signed(self, n: int) -> str:
        return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"
