"""Content: YAML (with marks) -> schema validation -> frozen Game model."""

from __future__ import annotations

import os
from pathlib import Path

from pnp.games.tverdzha.modelbuild import build_game
from pnp.games.tverdzha.model import Game
from pnp.content.schema import validate
from pnp.content.yamlload import load_yaml, parse_yaml
from pnp.core.errors import Problem, has_errors
from pnp.core.resources import bundled

DEFAULT_CONTENT = bundled("content", "tverdzha.yaml")


def display_path(path: Path) -> str:
    """The path as a user would type it: relative to the working directory when inside it."""
    try:
        return os.path.relpath(path) if not os.path.relpath(path).startswith("..") else str(path)
    except ValueError:
        return str(path)


def load_game(path: str | Path | None = None) -> tuple[Game | None, list[Problem]]:
    """Load and validate a content file. Returns (model or None, problems); never raises for bad input.

    The model is built whenever the data has the content format, even if the loader
    found errors (the checks then run on it too); callers stop on any error.
    """
    path = Path(path) if path else DEFAULT_CONTENT
    shown = display_path(path)
    return _build(*load_yaml(path, shown), shown)


def load_text(text: str, shown: str) -> tuple[Game | None, list[Problem]]:
    """`load_game` for content already read: `text` as the file `shown` held it (a
    simulator worker builds its own model from the text the command read)."""
    return _build(*parse_yaml(text, shown), shown)


def _build(loaded, problems: list[Problem], shown: str) -> tuple[Game | None, list[Problem]]:
    if loaded is None:
        return None, problems
    # A loader problem (a duplicate key, a tag) is one among the others: the schema and
    # the checks still run, so the designer sees everything at once.
    format_problems = [p for p in validate(loaded) if p.mark not in {q.mark for q in problems}]
    problems = problems + format_problems
    if has_errors(format_problems):
        return None, problems
    return build_game(loaded, shown), problems


__all__ = ["Game", "load_game", "load_text", "DEFAULT_CONTENT"]
