"""What a process keeps from one build to the next, when it builds the same kit again and again.

`pnp serve`'s render workers live as long as the server (pnp.core.warm_workers) and build the kit
after each save, a few words changed each time. Work whose result is a pure function of a key
(a card face's drawing of its SVG text, a stream's rewrite of its bytes, the rulebook's worked
week of the rules) is kept under that key and not done again. A one-off `pnp build` keeps
nothing: the switch (`keep_between_builds`) is off unless the process turns it on, and a `Kept`
then just does the work.

Each `Kept` is bounded, least recently used out first, in entries and in a size its owner
measures (the characters of an SVG, the bytes of a stream).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_SWITCH = {"on": False}


def keep_between_builds() -> None:
    """From now on, this process keeps what its `Kept`s make (see the module)."""
    _SWITCH["on"] = True


def keeping() -> bool:
    """Whether this process keeps results between builds."""
    return _SWITCH["on"]


class Kept(Generic[K, V]):
    """Results by key, while the process keeps them: at most `most` entries and `most_size` of
    their measured size (`size(key, value)`; 0 each when not measured)."""

    def __init__(self, most: int, most_size: int = 0, size: Callable[[K, V], int] | None = None) -> None:
        self.most, self.most_size, self._size = most, most_size, size
        self._entries: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self.held = 0  # the measured size of what is kept

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value kept under `key`, else `make()` (kept, when the process keeps)."""
        if not _SWITCH["on"]:
            return make()
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
            return found[0]
        value = make()
        measured = self._size(key, value) if self._size is not None else 0
        self._entries[key] = (value, measured)
        self.held += measured
        while len(self._entries) > self.most or (self.most_size and self.held > self.most_size
                                                  and len(self._entries) > 1):
            _, (_, gone) = self._entries.popitem(last=False)
            self.held -= gone
        return value

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: K) -> bool:
        return key in self._entries

    def clear(self) -> None:
        self._entries.clear()
        self.held = 0
