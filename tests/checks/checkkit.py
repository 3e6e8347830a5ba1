"""Shared helpers for the check tests: the shipped content, changed in memory.

`changed(edits)` rebuilds the model from the shipped YAML data with some values replaced
(path tuple -> value, or DELETE) and the original marks, so a problem about a changed
value points at that value's line in content/tverdzha.yaml. `from_text(text)` loads a
whole YAML text for exact line:col assertions.
"""

from __future__ import annotations

import copy
from functools import lru_cache

from pnp.content import default_content
from pnp.games.tverdzha.modelbuild import build_game
from pnp.content import format_problems
from pnp.content.yamlload import Loaded, load_yaml, parse_yaml

DELETE = object()
SOURCE = "content/tverdzha.yaml"


@lru_cache(maxsize=1)
def shipped_loaded() -> Loaded:
    loaded, problems = load_yaml(default_content(), SOURCE)
    assert loaded is not None and not problems
    return loaded


def shipped_text() -> str:
    return shipped_loaded().text


def changed(edits: dict, valid: bool = True):
    """The shipped game with `edits` ({path tuple: value or DELETE}) applied to its data.

    With `valid` the result must pass the schema (most tests change one value and want
    the checks, not the schema, to speak); False skips that (and its time).
    """
    loaded = shipped_loaded()
    data = copy.deepcopy(loaded.data)
    for path, value in edits.items():
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        if value is DELETE:
            del parent[path[-1]]
        elif isinstance(parent, list) and path[-1] == len(parent):
            parent.append(value)
        else:
            parent[path[-1]] = value
    new = Loaded(data, loaded.marks, loaded.text)
    if valid:
        problems = format_problems(new)[1]
        assert not problems, [p.format() for p in problems]
    return build_game(new, SOURCE)


def from_text(text: str, file: str = "t.yaml"):
    loaded, problems = parse_yaml(text, file)
    assert loaded is not None, [p.format() for p in problems]
    assert not format_problems(loaded)[1], [p.format() for p in format_problems(loaded)[1]]
    return build_game(loaded, file)


def line_of(fragment: str, start_line: int = 1) -> int:
    """1-based line of the first line at or after `start_line` in the shipped file holding `fragment`."""
    for n, line in enumerate(shipped_text().splitlines()[start_line - 1:], start=start_line):
        if fragment in line:
            return n
    raise AssertionError(f"{fragment!r} not in the shipped content")


def index_of(section: list, **match) -> int:
    for i, item in enumerate(section):
        if all(item.get(k) == v for k, v in match.items()):
            return i
    raise AssertionError(f"no item {match}")


def codes(problems) -> list[str]:
    return [p.code for p in problems]


def run(module, game, lang=None) -> list:
    return list(module.check(game, lang))
