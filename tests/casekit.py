"""Bad-input cases: apply a `.patch` to the shipped content, read a `.expect` sidecar.

The format is documented in tests/cases/README.md. Path edits find their node with
PyYAML's own composer (not with pnp's loader), so the expected lines computed here are
an independent check of the marks pnp reports.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

_STEP = re.compile(r"\.?([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[([a-z_]+)=([^\]]+)\]")


def parse_path(text: str) -> list:
    """`buildings[id=wall].upgrade.points` -> ['buildings', ('id', 'wall'), 'upgrade', 'points']."""
    steps, pos = [], 0
    while pos < len(text):
        m = _STEP.match(text, pos)
        if not m:
            raise ValueError(f"bad path {text!r} at {text[pos:]!r}")
        if m.group(1):
            steps.append(m.group(1))
        elif m.group(2):
            steps.append(int(m.group(2)))
        else:
            steps.append((m.group(3), m.group(4)))
        pos = m.end()
    return steps


def _child(node: Node, step) -> tuple[Node | None, Node, Node]:
    """(key node or None, value node, parent) for one step of a path."""
    if isinstance(step, str):
        assert isinstance(node, MappingNode), f"{step!r}: not a mapping"
        for key, value in node.value:
            if isinstance(key, ScalarNode) and key.value == step:
                return key, value, node
        raise KeyError(step)
    assert isinstance(node, SequenceNode), f"{step!r}: not a list"
    if isinstance(step, int):
        return None, node.value[step], node
    attr, want = step
    for item in node.value:
        if isinstance(item, MappingNode) and any(k.value == attr and getattr(v, "value", None) == want for k, v in item.value):
            return None, item, node
    raise KeyError(f"[{attr}={want}]")


def find(text: str, path: str) -> tuple[Node | None, Node, Node]:
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    key, parent = None, node
    for step in parse_path(path):
        key, node, parent = _child(node, step)
    return key, node, parent


def line_of(text: str, path: str) -> int:
    """1-based line of the value at `path`."""
    return find(text, path)[1].start_mark.line + 1


def _flow(value) -> str:
    """A value as one line of flow YAML (JSON is valid YAML)."""
    return json.dumps(value, ensure_ascii=False)


@dataclass
class Patched:
    text: str
    edit_lines: list[int] = field(default_factory=list)  # line where each edit landed
    edit_cols: list[int] = field(default_factory=list)  # 1-based column where each edit began


def _splice(doc: Patched, start: int, end: int, new: str) -> int:
    """Replace text[start:end] by `new`; shift earlier edits' lines; return the edit's line
    (its column goes to `doc.edit_cols`)."""
    old = doc.text[start:end]
    line = doc.text.count("\n", 0, start) + 1
    doc.edit_cols.append(start - doc.text.rfind("\n", 0, start))
    delta = new.count("\n") - old.count("\n")
    last_old_line = line + old.count("\n")
    doc.edit_lines = [ln + delta if ln > last_old_line else ln for ln in doc.edit_lines]
    doc.text = doc.text[:start] + new + doc.text[end:]
    return line


def _set(doc: Patched, path: str, value) -> int:
    _, node, _ = find(doc.text, path)
    start, end = node.start_mark.index, node.end_mark.index
    new = _flow(value)
    if doc.text[start:end].endswith("\n"):
        new += "\n"
    return _splice(doc, start, end, new)


def _rename(doc: Patched, path: str, to: str) -> int:
    key, _, _ = find(doc.text, path)
    assert key is not None, f"{path}: not a mapping key"
    return _splice(doc, key.start_mark.index, key.end_mark.index, to)


def _delete(doc: Patched, path: str) -> int:
    key, node, parent = find(doc.text, path)
    start = (key or node).start_mark.index
    end = node.end_mark.index
    text = doc.text
    if parent.flow_style:
        after = re.match(r"\s*,\s*", text[end:])
        if after:
            end += after.end()
        else:
            before = re.search(r",\s*$", text[:start])
            start = before.start() if before else start
    else:
        start = text.rfind("\n", 0, start) + 1
        if end > 0 and text[end - 1] != "\n":
            nl = text.find("\n", end)
            end = len(text) if nl < 0 else nl + 1
    return _splice(doc, start, end, "")


def _replace(doc: Patched, old: str, new: str) -> int:
    at = doc.text.find(old)
    if at < 0:
        raise ValueError(f"text not found in the content: {old!r}")
    return _splice(doc, at, at + len(old), new)


def apply(text: str, edits: list[dict]) -> Patched:
    doc = Patched(text)
    for edit in edits:
        if "set" in edit:
            line = _set(doc, edit["set"], edit["value"])
        elif "rename" in edit:
            line = _rename(doc, edit["rename"], edit["to"])
        elif "delete" in edit:
            line = _delete(doc, edit["delete"])
        elif "replace" in edit:
            line = _replace(doc, edit["replace"], edit["with"])
        elif "append" in edit:
            line = doc.text.count("\n") + 1
            doc.edit_cols.append(1)
            doc.text += edit["append"]
        else:
            raise ValueError(f"unknown edit {edit!r}")
        doc.edit_lines.append(line)
    return doc


@dataclass
class Expect:
    exit: int = 1
    args: list[str] = field(default_factory=list)
    problems: list[tuple[str, str, str | None]] = field(default_factory=list)  # (where, code, level)


def read_expect(path: Path) -> Expect:
    exp = Expect()
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, *rest = line.split()
        if word == "exit":
            exp.exit = int(rest[0])
        elif word == "args":
            exp.args = rest
        else:
            exp.problems.append((word, rest[0], rest[1] if len(rest) > 1 else None))
    return exp


def resolve(where: str, doc: Patched | None) -> tuple[int, int | None]:
    """`12:7`, `12`, `@2` (edit 2), `@2+1` (a line below it), `@battle_deck.size` -> (line, col or None);
    a `^` after `@2` or `@path` asks for the column too: where the edit began, where the value starts."""
    if not where.startswith("@"):
        line, _, col = where.partition(":")
        return int(line), int(col) if col else None
    assert doc is not None, f"{where}: @ needs a patch case"
    ref, _, offset = where[1:].partition("+")
    exact = ref.endswith("^")
    ref = ref.rstrip("^")
    if ref.isdigit():
        line, col = doc.edit_lines[int(ref) - 1], doc.edit_cols[int(ref) - 1]
    else:
        mark = find(doc.text, ref)[1].start_mark
        line, col = mark.line + 1, mark.column + 1
    return line + int(offset or 0), col if exact and not offset else None


def case_names(folder: Path) -> list[str]:
    """The cases in `folder`: the default game's by name; another game's as `GAME-ID/NAME` (its sub-folder)."""
    return sorted(p.relative_to(folder).with_suffix("").as_posix() for p in folder.glob("**/*.expect"))


def shipped(name: str) -> Path:
    """The shipped content a case patches: the sub-folder's game, or the default game."""
    from pnp import games
    from pnp.content import default_content

    folder = Path(name).parent.name
    return games.pack(folder).content if folder else default_content()
