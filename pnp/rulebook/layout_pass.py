"""multiBuild's first pass of a rulebook laid out without drawing: its canvas is thrown away.

reportlab's `multiBuild` lays the whole book out and draws it on every pass, but keeps only
the last pass's canvas. With the contents foreseen (`doc.foresee_contents`: every heading
listed before the first pass, at page 0) the first pass can never be the last: the headings
it meets carry their real pages (1 or more), so every table of contents ends the pass
different from how it began and asks for another. So what the first pass draws is never
written, and its flowables are only placed (`wrap` and `split`, which decide what goes on
which page) while `Flowable.drawOn` does nothing: about a seventh of a rulebook's CPU. A first
pass that might be the last (no contents, or contents not foreseen) draws as before.

A flowable's drawing changes nothing a later placement reads (pnp's own draw only paint), so
the pass after it lays the book out exactly as before and draws it whole. `undrawn` sets
reportlab's class for the whole process while the pass runs: a process runs its renderers one
after another, never two documents at once (pnp draws in processes, not threads).
"""

from __future__ import annotations

import contextlib
from typing import Iterator, Sequence

from reportlab.platypus.flowables import Flowable
from reportlab.platypus.tableofcontents import TableOfContents


def never_last(indexing: Sequence) -> bool:
    """Will the pass about to start certainly be followed by another? True when the document's
    indexing flowables are all tables of contents that begin it with foreseen entries (page 0)."""
    return bool(indexing) and all(
        isinstance(flowable, TableOfContents) and flowable._lastEntries
        and all(entry[2] == 0 for entry in flowable._lastEntries) for flowable in indexing)


@contextlib.contextmanager
def undrawn() -> Iterator[None]:
    """Within the block, flowables are placed but not drawn (`Flowable.drawOn` does nothing)."""
    drawn = Flowable.drawOn
    Flowable.drawOn = _placed_only
    try:
        yield
    finally:
        Flowable.drawOn = drawn


def _placed_only(self, canvas, x, y, _sW=0) -> None:
    return None
