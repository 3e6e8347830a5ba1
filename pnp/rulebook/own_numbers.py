"""A game may hold its rulebook templates to printing only the model's numbers: `refuse` fails the
build on any digit a template writes itself (outside its jinja tags, figure lines and list markers),
and `check` (a check module: a pack that holds its book to the rule names `pnp.rulebook.own_numbers`
among its checks) refuses the same digit in `pnp check`, at its line and column, so what the check
accepts the build builds."""

from __future__ import annotations

import re
from pathlib import Path

from typing import Iterator

from pnp.checks._printed import rulebook_templates
from pnp.core.errors import Mark, Problem, error
from pnp.core.resources import shown
from pnp.rulebook.build_error import RulebookError

ID = "template-numbers"

CODES = {
    "template-number": "A rulebook template writes a number itself; every number the book prints comes from the "
                       "content, so a changed number changes the book.",
}

#: characters the check's message shows on each side of the digit
AROUND = 24

_TAGS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
#: figure lines (@space 4) and numbered-list markers (1. …) are layout, not rules
_LAYOUT = re.compile(r"^\s*(@\S+.*|\d+\.\s)")


def digits(folder: Path, lang: str | None = None) -> list[tuple[Path, int, int, str]]:
    """(template, line, column, the line as written) of every digit a template under `folder` writes itself,
    the first on each line; only the `lang/` folder's and the shared templates when `lang` is given. The tags
    are blanked to spaces of their length, so a column counts in the line as written."""
    found = []
    for path in sorted(folder.rglob("*.j2")):
        inner = path.relative_to(folder).parts
        if not path.is_file():  # a folder named like a template holds no text
            continue
        if lang is not None and len(inner) > 1 and inner[0] != lang:
            continue
        text = path.read_text(encoding="utf-8")
        source = _TAGS.sub(lambda m: "\n" * m.group().count("\n") + " " * len(m.group().rsplit("\n", 1)[-1])
                           if "\n" in m.group() else " " * len(m.group()), text)
        for number, (line, raw) in enumerate(zip(source.splitlines(), text.splitlines()), start=1):
            layout = _LAYOUT.match(line)
            start = layout.end() if layout else 0
            digit = re.search(r"\d", line[start:])
            if digit:
                found.append((path, number, start + digit.start() + 1, raw))
    return found


def written(folder: Path) -> list[str]:
    """`file:line: …` for every template line under `folder` that writes a digit of its own."""
    return [f"{shown(path)}:{number}: writes a number ({raw.strip()!r}); take it from the model"
            for path, number, _, raw in digits(folder)]


def refuse(folder: Path) -> None:
    problems = written(folder)
    if problems:
        raise RulebookError("rulebook templates must take numbers from the content:\n  " + "\n  ".join(problems))


def check(game, lang: str | None = None) -> Iterator[Problem]:
    folder = rulebook_templates(game)
    if not folder.is_dir():
        return
    for path, line, col, raw in digits(folder, lang):
        seen = raw[max(0, col - 1 - AROUND):col + AROUND].strip()
        yield error("template-number", f"the template writes a number itself: «…{seen}…»",
                    Mark(shown(path), line, col), "take it from the content ({{ … }}), so the book follows the content")
