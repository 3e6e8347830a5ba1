"""Round steps and clarifications name game facts ({victory_points}, {wall_bonus}, ...)
instead of repeating numbers; check that every name they use is a fact.

The facts are the game pack's (`GamePack.facts`), filled in when the model is built, so a
field still present in the filled text names something the game does not have.
"""

from __future__ import annotations

from typing import Iterator, Protocol

from pnp.checks._util import did_you_mean, where
from pnp.core import templating as tpl
from pnp.core.errors import Problem, error
from pnp.core.texts import Text
from pnp.games import Model, pack_of

ID = "prose-facts"


class WithProse(Model, Protocol):
    """What a model whose pack runs this check gives it: the texts that name game facts."""

    def prose(self) -> Iterator[tuple[Text, tuple]]:
        """(text, its content path) for every text filled with the game's facts while loading."""
        ...


CODES = {
    "unknown-fact": "A `{name}` in a round step or clarification that is not a fact of the game (see docs/content.md).",
}


def check(game: WithProse, lang: str | None = None) -> Iterator[Problem]:
    facts = pack_of(game).facts
    known = sorted(facts(game)) if facts else []
    for text, path in game.prose():
        what = where(path)
        for code in (lang,) if lang else game.languages:
            if not text.has(code):
                continue
            try:
                left = tpl.placeholders(text.get(code))
            except tpl.TemplateError as exc:
                yield error("unknown-fact", f"{what}.{code}: {exc}", text.mark)
                continue
            for name in sorted(left):
                yield error("unknown-fact", f"{what}.{code}: {{{name}}} is not a fact of the game",
                            text.mark, did_you_mean(name, known))
