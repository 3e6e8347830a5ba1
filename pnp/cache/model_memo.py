"""A result that a rules engine makes of the model, kept between builds (pnp.core.kept).

The empire's rulebook plays a week of the game through its engine at each build (its worked
example). A new wording of a card changes what the book prints, not what the engine plays: the
week is a pure function of the model's values but its player-facing texts. `pnp serve`'s render
workers keep it under that digest (the fields that say where the content came from left out too)
and play it again only when a rule, a number or a card's make-up changed.

The build cache keys a renderer's output on the model's fields it read (pnp.cache.reads). A kept
result is made on a clone of its own, which notes what it reads; each later use notes the same
fields on the renderer's clone, so the renderer's cache key is the one a fresh run gives.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, TypeVar

from pnp.cache.fingerprint import digest
from pnp.cache.reads import note, tracked, untracked
from pnp.content.gamemodel import PROVENANCE
from pnp.core.kept import Kept, keeping

V = TypeVar("V")


def kept_for_model(memo: Kept, game: Any, also: tuple, make: Callable[[Any], V]) -> V:
    """`make(game)`, which must not depend on the model's player-facing texts, nor hold any of the
    model's objects in what it returns (only ids, numbers and plain records), kept in `memo`
    under the model's text-free digest and `also` (its other arguments)."""
    if not keeping():
        return make(game)
    model = untracked(game)

    def made() -> tuple[V, frozenset]:
        clone, reads = tracked(model)
        value = make(clone)
        return value, frozenset(reads)

    value, reads = memo.get((_rules_digest(model), also), made)
    note(game, reads)
    return value


def _rules_digest(model: Any) -> str:
    """The digest of what the model says but its texts: every field it compares by, but where its
    content came from."""
    fields = {f.name: getattr(model, f.name) for f in dataclasses.fields(model)
              if f.compare and f.name not in PROVENANCE}
    return digest((type(model).__qualname__, fields), texts=False)
