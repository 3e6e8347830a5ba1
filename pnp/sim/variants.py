"""Variants of a content file for `pnp sweep`: the same text with values replaced at YAML paths.

`--set PATH=V1,V2,...` names one scalar of the content (keys joined by dots; a list item by
its index or by its `id`, e.g. `buildings.market.cost.wood`) and the values to try; several
`--set`s give every combination, the first varying slowest. A variant is the content text
with only those scalars rewritten in place (as JSON, a subset of YAML), so every other byte,
comment and line number stays what the designer wrote, and the variant is loaded and
checked exactly as `pnp check` would check such a file. Each new value must have the type
of the one it replaces (a whole number for a whole number, true/false for a flag; any text
for a text): a wrong type, a path that names nothing or names a mapping, is a `BadSetting`
(a usage error) before anything is played.
"""

from __future__ import annotations

import difflib
import itertools
import json
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from pnp.core.errors import Mark

_INT, _FLOAT, _BOOL, _STR, _NULL = (f"tag:yaml.org,2002:{t}" for t in ("int", "float", "bool", "str", "null"))
#: what a value of each YAML type must be, for the message that refuses another
_KIND = {_INT: "a whole number", _FLOAT: "a number", _BOOL: "true or false", _STR: "text", _NULL: "a value"}


#: The most variants one sweep plays (every combination of its --set values): each is checked
#: and played, and its result kept for the report, so a sweep past this is refused before
#: anything is made (split it, or sweep fewer values).
MAX_VARIANTS = 1000


class BadSetting(ValueError):
    """A --set the content cannot take (a usage error)."""


@dataclass(frozen=True)
class Setting:
    path: str  # as the user wrote it: rules.fight.hit
    values: tuple  # the values to try, typed like the content's value


@dataclass(frozen=True)
class Variant:
    assignments: tuple[tuple[str, object], ...]  # (path, value) for every --set, in --set order
    text: str  # the content with those values in place

    @property
    def label(self) -> str:
        return ", ".join(f"{path}={_shown(value)}" for path, value in self.assignments)


def parse(option: str) -> tuple[str, list[str]]:
    """'rules.fight.hit=5,6' -> ('rules.fight.hit', ['5', '6'])."""
    path, sep, values = option.partition("=")
    parts = [v.strip() for v in values.split(",")]
    if not sep or not path.strip() or not values.strip() or any(not v for v in parts):
        raise BadSetting(f"--set {option!r}: expected PATH=V1,V2,... (e.g. rules.fight.hit=5,6)")
    if len(set(parts)) != len(parts):
        raise BadSetting(f"--set {option!r}: a value is given twice")
    return path.strip(), parts


def settings(text: str, file: str, options: list[str]) -> tuple[list[Setting], list[Node]]:
    """The --set options read against the content: each path's scalar node and typed values."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)  # the text has passed the content loader
    found: list[Setting] = []
    nodes: list[Node] = []
    for option in options:
        path, raw = parse(option)
        if path in (s.path for s in found):
            raise BadSetting(f"--set {path}: given twice; list every value in one --set {path}=V1,V2,...")
        node = locate(root, path, file)
        found.append(Setting(path, tuple(typed(node, v, path, file) for v in raw)))
        nodes.append(node)
    return found, nodes


class Variants(Sequence):
    """Every combination of the settings' values as a Variant, made only when asked for (a
    variant is a whole copy of the content's text), the first --set varying slowest."""

    def __init__(self, text: str, found: list[Setting], nodes: list[Node]):
        self._text, self._found = text, found
        # the scalars to rewrite, from the end of the text, so earlier positions stay valid
        self._order = sorted(range(len(nodes)), key=lambda i: nodes[i].start_mark.index, reverse=True)
        self._spans = [(n.start_mark.index, n.end_mark.index) for n in nodes]
        self._count = math.prod(len(s.values) for s in found)

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if not -self._count <= index < self._count:
            raise IndexError(index)
        index %= self._count
        combination = []
        for s in reversed(self._found):  # the last --set varies fastest
            index, k = divmod(index, len(s.values))
            combination.append(s.values[k])
        return self._make(tuple(reversed(combination)))

    def __iter__(self) -> Iterator[Variant]:
        for combination in itertools.product(*(s.values for s in self._found)):
            yield self._make(combination)

    def _make(self, combination: tuple) -> Variant:
        new = self._text
        for i in self._order:
            start, end = self._spans[i]
            old = new[start:end]
            new = new[:start] + json.dumps(combination[i], ensure_ascii=False) + old[len(old.rstrip()):] + new[end:]
        return Variant(tuple((s.path, v) for s, v in zip(self._found, combination)), new)


def variants(text: str, file: str, options: list[str]) -> tuple[list[Setting], Variants]:
    """The settings, and every combination of their values (made as they are asked for), the
    first --set varying slowest; BadSetting past MAX_VARIANTS combinations."""
    found, nodes = settings(text, file, options)
    count = math.prod(len(s.values) for s in found)
    if count > MAX_VARIANTS:
        sizes = " × ".join(str(len(s.values)) for s in found)
        raise BadSetting(f"the --set values make {count:,} variants ({sizes}); a sweep plays at most "
                         f"{MAX_VARIANTS:,}: sweep fewer values, or split the sweep")
    return found, Variants(text, found, nodes)


def locate(root: Node, path: str, file: str) -> ScalarNode:
    """The scalar node at a dotted path; BadSetting, with what is there instead, otherwise."""
    node: Node = root
    walked: list[str] = []
    for part in path.split("."):
        where = ".".join(walked) or "the document"
        if isinstance(node, MappingNode):
            keys = {k.value: v for k, v in node.value if isinstance(k, ScalarNode)}
            if part not in keys:
                raise BadSetting(f"--set {path}: {where} has no key {part!r}{_did_you_mean(part, keys)}")
            node = keys[part]
        elif isinstance(node, SequenceNode):
            node = _item(node, part, path, where)
        else:
            raise BadSetting(f"--set {path}: {where} is a value ({node.value}), it has no {part!r}")
        walked.append(part)
    if isinstance(node, MappingNode):
        names = [k.value for k, _ in node.value if isinstance(k, ScalarNode)]
        hint = f"; did you mean {path}.value?" if "value" in names else f"; its keys: {', '.join(names)}"
        raise BadSetting(f"--set {path}: {_at(file, node)} is a mapping, not one value{hint}")
    if isinstance(node, SequenceNode):
        raise BadSetting(f"--set {path}: {_at(file, node)} is a list, not one value; name an item "
                         f"({path}.0 or {path}.<id>)")
    return node


def _item(node: SequenceNode, part: str, path: str, where: str) -> Node:
    """A list item by its index or by its `id`."""
    if part.isdigit():
        if int(part) >= len(node.value):
            raise BadSetting(f"--set {path}: {where} has {len(node.value)} items (0 to {len(node.value) - 1}), "
                             f"found {part}")
        return node.value[int(part)]
    ids = {}
    for item in node.value:
        if isinstance(item, MappingNode):
            ids.update({v.value: item for k, v in item.value if k.value == "id" and isinstance(v, ScalarNode)})
    if part not in ids:
        listed = f"{_did_you_mean(part, ids)}" if ids else "; its items have no ids, name one by its index"
        raise BadSetting(f"--set {path}: {where} has no item with id {part!r}{listed}")
    return ids[part]


def typed(node: ScalarNode, raw: str, path: str, file: str):
    """The value `raw` as the type of the content's value at `node`."""
    if node.tag == _STR:
        return raw
    try:
        value = yaml.safe_load(raw)
    except yaml.YAMLError:
        value = raw  # not a YAML scalar: text, which only a text value takes
    ok = {_INT: isinstance(value, int) and not isinstance(value, bool),
          _FLOAT: isinstance(value, (int, float)) and not isinstance(value, bool),
          _BOOL: isinstance(value, bool), _NULL: not isinstance(value, (dict, list))}.get(node.tag, False)
    if not ok:
        raise BadSetting(f"--set {path}={raw}: expected {_KIND.get(node.tag, 'a value')} "
                         f"like the content's {node.value!r} at {_at(file, node)}, found {raw!r}")
    return float(value) if node.tag == _FLOAT else value


def _at(file: str, node: Node) -> Mark:
    return Mark(file, node.start_mark.line + 1, node.start_mark.column + 1)


def _did_you_mean(part: str, names) -> str:
    close = difflib.get_close_matches(part, list(names), n=1)
    return f" (did you mean {close[0]!r}?)" if close else f"; it has: {', '.join(names)}"


def _shown(value) -> str:
    return json.dumps(value, ensure_ascii=False) if isinstance(value, (bool, type(None))) else str(value)
