"""One builder from validated content to a game's frozen model, directed by the model's types.

A game declares its model as frozen dataclasses and gets it built from the schema-valid data
with `build(Game, loaded, **given)`; nothing is written by hand per field. Each field is read
from the key of its name, or from `key("a.b")`, a dotted path below the object's own data
(`field(metadata={"key": "a.b"})` is the same), and built by its type:

- `Text`: from a language map, with the mark of its path; `Text | None` and any `X | None`
  are None where the key is absent (or null);
- a frozen dataclass: built the same way from the mapping at its path (recursively);
- `tuple[X, ...]`: from a list, item i built as X at path + (i,) (from a mapping: its values in
  the content's order, each at path + (key,)); `tuple[X, Y]` item by item;
- `Mapping[str, X]`: a frozen map (MappingProxyType), each value built as X at path + (key,);
- `float` from any number; `int`, `str`, `bool` and anything else as the data holds it;
- a class with a `from_content(at)` classmethod builds itself from its place (`At`): a value
  that is not a mapping of fields in the content, such as a cost written `{wood: 2}`;
- `mark: Mark`: the mark of the object's own path (a field of another name typed `Mark`:
  the mark of its key's path);
- a key that is absent: the field's default (a Mapping default is frozen), else None for an
  optional type; a required field without data is a schema's gap, a `ModelBuildError`.

A dotted path may index a list: `key("weeks.0")` is the first item of `weeks`.

The few fields a game computes say so: `field(metadata={"build": fn})` calls `fn(at)` with
the object's place (`At`: its data, path, marks, the places above it and the whole content;
`place_key()` is the key or index the object stands under), `metadata={"skip":
True}` (or `init=False`) leaves the field to its default, and the top object's fields may be
`given` as keywords (`file_fields` gives the ones every game keeps of its file).

    @dataclass(frozen=True)
    class Side:
        id: str
        name: Text                                  # sides[i].name: {uk: …, ru: …}
        moves: int = key("moves.value")             # sides[i].moves.value
        mark: Mark = field(default=NO_MARK, compare=False)

    @dataclass(frozen=True)
    class Game:
        sides: tuple[Side, ...]
        title: Text = key("game.title")
        balance: Balance | None = None
        source: str = ""

    game = build(Game, loaded, **file_fields(loaded, source))
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping as AbcMapping
from dataclasses import dataclass
from typing import Any, Callable, Mapping, TypeVar, Union

from pnp.content.notes import collect_notes
from pnp.content.yamlload import Loaded
from pnp.core.errors import Mark
from pnp.core.texts import Text, frozen_map

T = TypeVar("T")
_ABSENT = object()


class ModelBuildError(Exception):
    """The model asks for data that the schema let through absent: a gap between the two."""


def key(path: str, **field_options) -> Any:
    """A field read from the dotted `path` below its object's data: `key("moves.value")`;
    `field_options` are dataclasses.field's (default, compare, …)."""
    return dataclasses.field(metadata={"key": path}, **field_options)


def place_key(**field_options) -> Any:
    """A field holding the key (or index) its object stands under in its mapping (or list): a
    building under `buildings: {forge: …}` gets "forge"."""
    return dataclasses.field(metadata={"build": lambda at: at.path[-1]}, **field_options)


@dataclass(frozen=True)
class At:
    """Where an object is built: its data, its path in the content, and the whole content.
    A `build` function of a field gets the At of the object that holds the field."""

    data: Any
    path: tuple
    loaded: Loaded

    def mark(self, *sub) -> Mark:
        """The mark of `sub` below this object (of the object itself with no argument)."""
        return self.loaded.mark(self.path + sub)

    def get(self, dotted: str, default: Any = _ABSENT) -> Any:
        """The data at a dotted path below this object."""
        value = _dig(self.data, _keys(dotted))
        if value is _ABSENT:
            if default is _ABSENT:
                raise ModelBuildError(f"no {dotted!r} at {self.mark()}")
            return default
        return value

    def build(self, tp: Any, dotted: str) -> Any:
        """The value at a dotted path below this object, built as type `tp`."""
        sub = _keys(dotted)
        data = self.get(dotted)
        return _value(tp, data, At(data, self.path + _indexed(self.data, sub), self.loaded))

    def up(self, steps: int = 1) -> "At":
        """The place `steps` levels up the path (a spell's level, its school), for a value its
        object takes from what holds it."""
        if not 0 < steps <= len(self.path):
            raise ValueError(f"no place {steps} up from {self.path}")
        path = self.path[:-steps]
        data = self.loaded.data
        for k in path:
            data = data[k]
        return At(data, path, self.loaded)


def build(cls: type[T], loaded: Loaded, path: tuple = (), **given) -> T:
    """The frozen `cls` from the validated content at `path` (the whole content by default),
    with the `given` fields set as they are."""
    data = loaded.data
    for k in path:
        data = data[k]
    return _object(cls, At(data, tuple(path), loaded), given)


def file_fields(loaded: Loaded, source: str) -> dict[str, Any]:
    """What every game's model keeps of its content file, to pass to `build` as given fields:
    the shown path, the text's SHA-256, the designer's fonts, every path's mark and the `note:` fields."""
    return {"source": source, "sha256": loaded.sha256, "fonts": loaded.fonts,
            "marks": frozen_map(loaded.marks), "notes": frozen_map(collect_notes(loaded.data))}


@dataclass(frozen=True)
class _Field:
    """How `build` fills one field of a class, worked out once per class."""

    field: dataclasses.Field
    type: Any
    keys: tuple[str, ...]  # the dotted key's parts
    digits: bool  # whether a part may index a list (then the content's path is worked out per object)
    build: Callable[[At], Any] | None
    own_mark: bool  # `mark: Mark` without a key: the object's own mark


@functools.cache
def _plan(cls: type) -> tuple[_Field, ...]:
    """The fields `build` fills, each with its resolved type and its key."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__} is not a dataclass")
    hints = typing.get_type_hints(cls)
    plan = []
    for f in dataclasses.fields(cls):
        if not f.init or f.metadata.get("skip"):
            continue
        keys = _keys(f.metadata.get("key", f.name))
        plan.append(_Field(f, hints[f.name], keys, any(k.isdigit() for k in keys), f.metadata.get("build"),
                           f.name == "mark" and "key" not in f.metadata))
    return tuple(plan)


@functools.cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls))


def _keys(dotted: str) -> tuple[str, ...]:
    return tuple(dotted.split("."))


def _dig(data: Any, keys: tuple) -> Any:
    for k in keys:
        if isinstance(data, list) and (isinstance(k, int) or k.isdigit()) and int(k) < len(data):
            data = data[int(k)]
        elif isinstance(data, AbcMapping) and k in data:
            data = data[k]
        else:
            return _ABSENT
    return data


def _indexed(data: Any, keys: tuple) -> tuple:
    """A dotted path's keys as the content's path has them: a list's index as a number."""
    out = []
    for k in keys:
        if isinstance(data, list) and k.isdigit():
            out.append(int(k))
            data = data[int(k)] if int(k) < len(data) else None
        else:
            out.append(k)
            data = data.get(k) if isinstance(data, AbcMapping) else None
    return tuple(out)


def _object(cls: type, at: At, given: Mapping[str, Any]) -> Any:
    values = {}
    for planned in _plan(cls):
        name = planned.field.name
        if name in given:
            values[name] = given[name]
            continue
        if planned.build is not None:
            values[name] = planned.build(at)
            continue
        sub = _indexed(at.data, planned.keys) if planned.digits else planned.keys
        if planned.type is Mark:
            values[name] = at.mark() if planned.own_mark else at.mark(*sub)
            continue
        data = _dig(at.data, sub)
        if data is _ABSENT:
            values[name] = _absent(planned.field, planned.type, at.path + sub)
            if values[name] is _ABSENT:
                del values[name]  # the dataclass's own default (a factory's value as it is)
            continue
        values[name] = _value(planned.type, data, At(data, at.path + sub, at.loaded))
    if given:
        unknown = set(given) - _field_names(cls)
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    return cls(**values)


def _absent(f: dataclasses.Field, tp: Any, path: tuple) -> Any:
    """The value of a field whose key is absent: its default, None if optional."""
    if f.default_factory is not dataclasses.MISSING:
        made = f.default_factory()
        return frozen_map(made) if isinstance(made, dict) else made
    if f.default is not dataclasses.MISSING:
        return _ABSENT
    if _optional(tp) is not None:
        return None
    raise ModelBuildError(f"{'.'.join(map(str, path))}: the model needs it and the content has none "
                          f"(the schema should require it or the field give a default)")


def _optional(tp: Any) -> Any | None:
    """X for `X | None`, else None."""
    if typing.get_origin(tp) in (Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) < len(typing.get_args(tp)):
            return args[0] if len(args) == 1 else Union[tuple(args)]
    return None


@functools.lru_cache(maxsize=None)
def _kind(tp: Any) -> tuple:
    """How a value of type `tp` is built, worked out once per type: the model's few hundred fields
    build some thousands of values, and each asked typing the same questions."""
    inner = _optional(tp)
    if inner is not None:
        return ("optional", inner)
    if tp is Text:
        return ("text",)
    from_content = getattr(tp, "from_content", None)
    if from_content is not None:
        return ("from_content", from_content)
    if dataclasses.is_dataclass(tp):
        return ("object",)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return ("items", args[0])
        return ("fixed", args) if args else ("tuple",)
    if tp is tuple:
        return ("tuple",)
    if origin in (AbcMapping, dict) or tp is Mapping:
        return ("map", args[1] if len(args) == 2 else Any)
    if tp is float:
        return ("float",)
    return ("as is",)


def _value(tp: Any, data: Any, at: At) -> Any:
    """`data` (found at `at.path`) built as type `tp`."""
    try:
        kind = _kind(tp)
    except TypeError:  # a type that cannot be a key (unhashable): worked out each time
        kind = _kind.__wrapped__(tp)
    how = kind[0]
    if how == "optional":
        return None if data is None else _value(kind[1], data, at)
    if how == "text":
        return Text(frozen_map(data), at.mark())
    if how == "from_content":
        return kind[1](at)
    if how == "object":
        return _object(tp, At(data, at.path, at.loaded), {})
    if how == "items":
        item = kind[1]
        if isinstance(data, AbcMapping):  # a mapping's values, in the content's order
            return tuple(_value(item, value, At(value, at.path + (k,), at.loaded)) for k, value in data.items())
        return tuple(_value(item, value, At(value, at.path + (i,), at.loaded)) for i, value in enumerate(data))
    if how == "fixed":
        return tuple(_value(t, item, At(item, at.path + (i,), at.loaded))
                     for i, (t, item) in enumerate(zip(kind[1], data, strict=True)))
    if how == "tuple":
        return tuple(data)
    if how == "map":
        value_type = kind[1]
        return frozen_map({k: _value(value_type, v, At(v, at.path + (k,), at.loaded)) for k, v in data.items()})
    if how == "float":
        return float(data)
    return data
