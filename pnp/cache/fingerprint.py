"""A digest of a value's meaning: equal values give equal digests in every process.

`pickle` would do for one process, but not across two: a set of strings iterates in an order
that changes with each process's hash seed, and a pickle names classes the way it found them.
So the value is walked and fed to SHA-256 in a canonical form: a mapping's items and a set's
members in the order of their own digests, a dataclass by its class and its fields. Marks (a
value's file:line:col) are left out: they place a value in the content, they are never printed,
and a line added above a card must not make every later card look new.

A value of a kind this does not know raises `Unknown`: the caller then does not cache, which is
always safe.

`digest(value, texts=False)` leaves out the player-facing texts too (pnp.core.texts.Text): the
key of what a rules engine makes of the model, which a new wording of a card does not change.
"""

from __future__ import annotations

import dataclasses
import decimal
import enum
import fractions
import hashlib
import types
from pathlib import PurePath
from typing import Any, Callable, Mapping

from pnp.core.errors import Mark
from pnp.core.texts import Text


class Unknown(TypeError):
    """A value whose meaning cannot be digested (an open file, a cairo surface ...)."""


def digest(value: Any, *, texts: bool = True) -> str:
    """The hex SHA-256 of `value`'s canonical form (without its player-facing texts: `texts=False`)."""
    return _Walk(texts).digest(value).hex()


class _Walk:
    def __init__(self, texts: bool = True) -> None:
        self.texts = texts
        self.done: dict[int, bytes] = {}  # id -> digest, of the containers met (a model shares many)
        self.held: list[Any] = []  # keeps them alive, so that an id is not reused while walking
        self.open: set[int] = set()

    def digest(self, value: Any) -> bytes:
        simple = _simple(value)
        if simple is not None:
            return hashlib.sha256(simple).digest()
        key = id(value)
        if key in self.done:
            return self.done[key]
        if key in self.open:
            raise Unknown(f"a {type(value).__qualname__} that contains itself")
        self.open.add(key)
        try:
            h = hashlib.sha256()
            self._feed(h, value)
            result = h.digest()
        finally:
            self.open.discard(key)
        self.done[key] = result
        self.held.append(value)
        return result

    def _feed(self, h, value: Any) -> None:
        if isinstance(value, Mark):
            h.update(b"mark")
        elif not self.texts and isinstance(value, Text):
            h.update(b"text")
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            h.update(b"dataclass:" + _name(type(value)))
            for f in dataclasses.fields(value):
                h.update(f.name.encode() + b"=" + self.digest(getattr(value, f.name)))
        elif isinstance(value, (tuple, list)):
            h.update(b"seq" if isinstance(value, tuple) else b"list")
            for item in value:
                h.update(self.digest(item))
        elif isinstance(value, (Mapping, types.MappingProxyType)):
            h.update(b"map")
            for pair in sorted(self.digest(k) + self.digest(v) for k, v in value.items()):
                h.update(pair)
        elif isinstance(value, (set, frozenset)):
            h.update(b"set")
            for item in sorted(self.digest(v) for v in value):
                h.update(item)
        elif isinstance(value, (types.FunctionType, types.BuiltinFunctionType, type)):
            h.update(b"code:" + _name(value))
        elif isinstance(value, types.MethodType):
            h.update(b"method:" + _name(value.__func__) + self.digest(value.__self__))
        elif isinstance(value, Callable) and hasattr(value, "__dict__") and hasattr(type(value), "__call__"):
            h.update(b"callable:" + _name(type(value)) + self.digest(vars(value)))
        elif hasattr(value, "__dict__") and type(value).__module__.startswith("pnp"):
            h.update(b"object:" + _name(type(value)) + self.digest(vars(value)))
        else:
            raise Unknown(f"cannot digest a {type(value).__module__}.{type(value).__qualname__}")


def _simple(value: Any) -> bytes | None:
    """The canonical bytes of a value with no parts, or None."""
    if value is None or isinstance(value, (bool, int, float, complex, fractions.Fraction, decimal.Decimal)):
        return f"{type(value).__name__}:{value!r}".encode()
    if isinstance(value, str):
        return b"str:" + value.encode("utf-8", "surrogatepass")
    if isinstance(value, (bytes, bytearray)):
        return b"bytes:" + bytes(value)
    if isinstance(value, enum.Enum):
        return b"enum:" + _name(type(value)) + b"." + value.name.encode()
    if isinstance(value, PurePath):
        return b"path:" + str(value).encode("utf-8", "surrogatepass")
    return None


def _name(obj: Any) -> bytes:
    return f"{getattr(obj, '__module__', '')}.{getattr(obj, '__qualname__', type(obj).__qualname__)}".encode()
