"""A game may hold its rulebook templates to printing only the model's numbers: `refuse` fails the
build on any digit a template writes itself (outside its jinja tags, figure lines and list markers)."""

from __future__ import annotations

import re
from pathlib import Path

from pnp.core.resources import shown
from pnp.rulebook.build_error import RulebookError

_TAGS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
#: figure lines (@space 4) and numbered-list markers (1. …) are layout, not rules
_LAYOUT = re.compile(r"^\s*(@\S+.*|\d+\.\s)")


def written(folder: Path) -> list[str]:
    """`file:line: …` for every template line under `folder` that writes a digit of its own."""
    found = []
    for path in sorted(folder.rglob("*.j2")):
        source = _TAGS.sub(lambda m: "\n" * m.group().count("\n"), path.read_text(encoding="utf-8"))
        for number, line in enumerate(source.splitlines(), start=1):
            if re.search(r"\d", _LAYOUT.sub("", line)):
                found.append(f"{shown(path)}:{number}: writes a number ({line.strip()!r}); take it from the model")
    return found


def refuse(folder: Path) -> None:
    problems = written(folder)
    if problems:
        raise RulebookError("rulebook templates must take numbers from the content:\n  " + "\n  ".join(problems))
