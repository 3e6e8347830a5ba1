"""The build cache's tracked model: a renderer may `dataclasses.replace` it (the print shop lays
the cards out again at the shop's size) and read the copy."""

from __future__ import annotations

import dataclasses

from pnp.cache.reads import tracked


@dataclasses.dataclass(frozen=True)
class Model:
    size: int
    cards: tuple[str, ...]


def test_a_copy_made_by_replace_reads_and_its_original_notes_every_field():
    clone, reads = tracked(Model(1, ("a", "b")))
    copy = dataclasses.replace(clone, size=2)
    assert copy.cards == ("a", "b") and copy.size == 2
    # replace read every field it kept from the clone, so the key covers what the copy holds of the model
    assert reads == {"cards"}
