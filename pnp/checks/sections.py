"""Every section of the content that a renderer of the game draws from is there.

Each game declares what its renderers draw from the model (`GameModel.renderer_reads`, the game's
`reads.py`: renderer -> fields, "x?" for one drawn only when the content gives it; a field is not
given when it is None or empty; a test holds each
declaration to what the renderer reads while it draws). A section a game's schema leaves out
(the empire's content may leave out `rulebook:`, a model built without it is used by the tests)
but a renderer needs would pass the other checks and stop `pnp build` halfway: it is an error
here, naming the component that needs it.
"""

from __future__ import annotations

import dataclasses
from typing import Iterator

from pnp.core.errors import Problem, error

ID = "sections"

CODES = {
    "missing-section": "A component of the kit is drawn from a section the content does not have.",
}


def check(game, lang: str | None = None) -> Iterator[Problem]:
    needed: dict[str, list[str]] = {}
    for renderer, fields in getattr(game, "renderer_reads", {}).items():
        for name in fields:
            if not name.endswith("?") and getattr(game, name, None) in (None, (), {}):
                needed.setdefault(name, []).append(renderer)
    keys = {f.name: f.metadata.get("key", f.name) for f in dataclasses.fields(game)}
    for name, renderers in needed.items():
        section = keys.get(name, name)
        drawn = renderers[0] if len(renderers) == 1 else f"{', '.join(renderers[:-1])} and {renderers[-1]}"
        yield error("missing-section", f"the content has no `{section}:`, which the kit's {drawn} "
                    f"{'is' if len(renderers) == 1 else 'are'} drawn from", game.mark(),
                    f"add `{section}:`, as the game's shipped content has it")
