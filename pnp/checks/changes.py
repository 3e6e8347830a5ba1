"""Every departure from the original rules (content `changes:`) says why.

The rulebook prints each change with what the original says, the rule as played and
the reason; a change without a reason is a change nobody can judge.
"""

from __future__ import annotations

from typing import Iterator

from pnp.checks._util import where
from pnp.games import Model
from pnp.core.errors import Problem, error

ID = "changes"

CODES = {
    "change-without-reason": "A change to the original rules (changes[]) has no reason, or none in one language.",
}


def check(game: Model, lang: str | None = None) -> Iterator[Problem]:
    for i, change in enumerate(game.changes):
        for code in (lang,) if lang else game.languages:
            if change.reason is None or not change.reason.has(code) or not change.reason.get(code).strip():
                topic = change.topic.get(code) if change.topic.has(code) else f"changes[{i}]"
                yield error("change-without-reason", f"{where(('changes', i))}: the change «{topic}» has no {code!r} reason",
                            change.mark, "add `reason:` — why the edition departs from the original, with the "
                            "simulator's figures where balance is involved")
