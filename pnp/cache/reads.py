"""What a renderer reads of the game: the model's fields it touches, recorded as it runs.

A renderer is handed a clone of the frozen model whose class is a subclass that notes each of
the model's fields read (directly, or through a method or a helper that takes the game). The
build cache keys the renderer's output on the digests of exactly those fields, so a save that
changes one card redraws what reads the cards and reuses the rest, with no list of inputs to
keep in step with the code by hand.

The clone behaves as the model does (`isinstance`, `dataclasses.replace`, pickling give the
model's class); it is equal only to itself, so a memo keyed by the game computes again under
the clone, and what it reads is noted too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Iterable, Iterator

_CLASSES: dict[type, type] = {}
_READS = "_pnp_reads"


#: what a renderer read: a field's name, or (field, key) for one key of a mapping field (a ui string)
Read = str | tuple[str, str]


def tracked(game: Any) -> tuple[Any, set[Read]]:
    """(a clone of `game` that notes the fields read, the set it notes them in). A field that is a
    mapping (the ui strings) notes the keys looked up, so that a new wording of one string redraws
    only what prints it; going through all of it notes the whole field."""
    cls = _tracked_class(type(game))
    clone = object.__new__(cls)
    clone.__dict__.update(vars(game))
    reads: set[str] = set()
    object.__setattr__(clone, _READS, reads)
    return clone, reads


def untracked(game: Any) -> Any:
    """The model a tracked clone was made of, as a model that notes nothing (else `game` itself)."""
    model = model_class(type(game))
    if model is type(game):
        return game
    return _rebuild(model, {k: v for k, v in vars(game).items() if k != _READS})


def note(game: Any, reads: Iterable[Read]) -> None:
    """Note `reads` on `game` (a tracked clone; nothing for a model), as if it had read them itself:
    what a kept result read when it was made (pnp.cache.model_memo)."""
    noted = vars(game).get(_READS)
    if noted is not None:
        noted.update(reads)


def model_class(cls: type) -> type:
    """The model's own class, for a tracked clone's class (else `cls` itself)."""
    return getattr(cls, "_pnp_model", cls)


def _tracked_class(model: type) -> type:
    if model not in _CLASSES:
        fields = frozenset(f.name for f in dataclasses.fields(model))
        get = model.__getattribute__

        def __getattribute__(self, name):
            if name not in fields:
                return get(self, name)
            try:
                reads = object.__getattribute__(self, _READS)
            except AttributeError:  # a copy made by dataclasses.replace, which read every field already
                return get(self, name)
            value = get(self, name)
            if isinstance(value, Mapping):
                return _KeyReads(value, name, reads)
            reads.add(name)
            return value

        def __reduce__(self):
            state = {k: v for k, v in vars(self).items() if k != _READS}
            return _rebuild, (model, state)

        _CLASSES[model] = type(model.__name__, (model,), {
            "__getattribute__": __getattribute__, "__reduce__": __reduce__,
            "__eq__": lambda self, other: self is other, "__hash__": object.__hash__,
            "__module__": model.__module__, "__qualname__": model.__qualname__, "_pnp_model": model,
        })
    return _CLASSES[model]


def _rebuild(model: type, state: dict) -> Any:
    game = object.__new__(model)
    game.__dict__.update(state)
    return game


class _KeyReads(Mapping):
    """A mapping field that notes each key looked up, and the whole field when gone through."""

    def __init__(self, values: Mapping, field: str, reads: set) -> None:
        self._values, self._field, self._reads = values, field, reads

    def _key(self, key) -> None:
        self._reads.add((self._field, key) if isinstance(key, str) else self._field)

    def __getitem__(self, key):
        self._key(key)
        return self._values[key]

    def get(self, key, default=None):
        self._key(key)
        return self._values.get(key, default)

    def __contains__(self, key) -> bool:
        self._key(key)
        return key in self._values

    def __iter__(self) -> Iterator:
        self._reads.add(self._field)
        return iter(self._values)

    def __len__(self) -> int:
        self._reads.add(self._field)
        return len(self._values)

    def __reduce__(self):
        return dict, (dict(self._values),)
