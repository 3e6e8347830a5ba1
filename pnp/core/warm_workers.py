"""Worker processes that outlive one build: what `pnp serve` renders with, save after save.

A build forks its render workers and they end with it, so each build starts cold: every card
face drawn again by cairosvg, every template compiled again. `pnp serve` builds the same kit
again and again, a few words changed each time; its workers stay, and what a worker keeps for
itself (pnp.print.pdf's drawings of card faces, the rulebook's compiled templates) serves the
next save. Each worker is a pool of one process, and a group of renderers goes to the worker
that drew most of them last time, so what it keeps is what it is asked for again.

The workers follow `pnp.core.interrupts`: Ctrl-C is the parent's, a worker that dies fails the
build, and `close` ends them all. A task and its arguments go to a worker pickled (a forked
worker inherits only what existed when it started, and the model changes with every save).
"""

from __future__ import annotations

import copyreg
import itertools
import os
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from pnp.core.interrupts import Workers


def _view(mapping: dict) -> MappingProxyType:
    return MappingProxyType(mapping)


# The models' mappings are read-only views, which pickle cannot take by itself: each goes as
# the dict it shows, and comes back as a view of it.
copyreg.pickle(MappingProxyType, lambda view: (_view, (dict(view),)))


class WarmWorkers:
    """`count` forked processes that live until `close` (see the module's doc)."""

    def __init__(self, count: int = 2, setup: Callable[[], None] | None = None) -> None:
        self._pools = [Workers(1, "fork", setup) for _ in range(count)]
        self._home: dict[str, int] = {}  # a renderer -> the worker that drew it last
        # Forked now, not at the first task: a process forked while a build holds the output
        # folder's lock would hold it too (a lock belongs to the open file, which a fork shares),
        # and every later build would wait for it.
        try:
            for answer in [pool.submit(os.getpid) for pool in self._pools]:
                answer.result()
        except BaseException:
            self.close()
            raise

    def __len__(self) -> int:
        return len(self._pools)

    def map(self, fn: Callable[[Any, tuple[str, ...]], Any], job: Any,
            groups: Sequence[tuple[str, ...]]) -> list[Any]:
        """[fn(job, group) for group in groups], the groups in the workers at once (at most one a
        worker), each in the worker that drew most of its names last time."""
        if len(groups) > len(self._pools):
            raise ValueError(f"{len(groups)} groups for {len(self._pools)} workers")
        places = placement(self._home, groups, len(self._pools))
        answers = [self._pools[place].submit(fn, job, group) for group, place in zip(groups, places)]
        results = [answer.result() for answer in answers]
        for group, place in zip(groups, places):
            self._home.update((name, place) for name in group)
        return results

    def close(self) -> None:
        for pool in self._pools:
            pool.close()

    def __enter__(self) -> "WarmWorkers":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def placement(home: Mapping[str, int], groups: Sequence[tuple[str, ...]], workers: int) -> list[int]:
    """A distinct worker for each group, so that the most renderers go back to the worker that drew
    them last (`home`); the first such choice, in worker order, on a tie."""
    def known(choice: tuple[int, ...]) -> int:
        return sum(home.get(name) == worker for group, worker in zip(groups, choice) for name in group)

    return list(max(itertools.permutations(range(workers), len(groups)), key=known))
