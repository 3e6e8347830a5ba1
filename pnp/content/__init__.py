"""Content: YAML (with marks) -> the general schema -> the game's pack -> its schema -> its frozen model.

The content file names its game (`pack: <id>`, see pnp.games); everything after that key
is the pack's: its schema validates the rest of the file and its builder makes the model.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp import games
from pnp.content import fonts as designer_fonts, tables
from pnp.content.schema import content_problems
from pnp.content.yamlload import Loaded, load_yaml, parse_yaml
from pnp.core.errors import Problem, error, has_errors


def display_path(path: Path) -> str:
    """The path as a user would type it: relative to the working directory when inside it."""
    try:
        return os.path.relpath(path) if not os.path.relpath(path).startswith("..") else str(path)
    except ValueError:
        return str(path)


def default_content() -> Path:
    """The content file read without --content or --game: the one bundled game's."""
    return games.default().content


def load_game(path: str | Path | None = None) -> tuple[Any | None, list[Problem]]:
    """Load and validate a content file. Returns (model or None, problems); never raises for bad input.

    The model is built whenever the data has the content format, even if the loader
    found errors (the checks then run on it too); callers stop on any error.
    """
    path = Path(path) if path else default_content()
    shown = display_path(path)
    return _build(*load_yaml(path, shown), shown)


def load_text(text: str, shown: str) -> tuple[Any | None, list[Problem]]:
    """`load_game` for content already read: `text` as the file `shown` held it (a
    simulator worker builds its own model from the text the command read)."""
    return _build(*parse_yaml(text, shown), shown)


def pack_problems(loaded: Loaded) -> tuple[games.GamePack | None, list[Problem]]:
    """The pack the content names, or the problems that say why there is none."""
    problems = content_problems(loaded)
    known = games.packs()
    if isinstance(loaded.data, dict) and "pack" not in loaded.data:
        return None, [error("missing-key", "the document: required key 'pack' is missing (the game this content is for)",
                            loaded.mark(()), f"add `pack: ID` as the first key; the games: {', '.join(known)}")]
    if has_errors(problems):
        return None, problems
    name = loaded.data["pack"]
    if name not in known:
        return None, [error("unknown-game", f"pack: expected the id of a game pack ({', '.join(known)}), "
                            f"found {name!r}", loaded.mark(("pack",)), games.suggestion(name))]
    return known[name], []


def format_problems(loaded: Loaded) -> tuple[games.GamePack | None, list[Problem]]:
    """The content's pack and every disagreement with the content format: pnp's general
    schema, then (once the pack is known) the pack's own."""
    pack, problems = pack_problems(loaded)
    return pack, problems if pack is None else content_problems(loaded, pack.schema)


def _build(loaded: Loaded | None, problems: list[Problem], shown: str) -> tuple[Any | None, list[Problem]]:
    if loaded is None:
        return None, problems
    # rows from spreadsheets beside the content, before any schema reads the data
    loaded, read = tables.expand(loaded, Path(shown).parent)
    problems = problems + read
    # the designer's fonts beside the content: read and checked once, here
    named, found_fonts = designer_fonts.read(loaded, Path(shown).parent)
    if named:
        loaded = replace(loaded, fonts=named)
    problems = problems + found_fonts
    pack, found = format_problems(loaded)
    # A loader problem (a duplicate key, a tag) is one among the others: the schema and
    # the checks still run, so the designer sees everything at once.
    found = [p for p in found if p.mark not in {q.mark for q in problems}]
    problems = problems + found
    if pack is None or has_errors(found):
        return None, problems
    return pack.build_model(loaded, shown), problems


__all__ = ["load_game", "load_text", "default_content", "display_path", "format_problems", "pack_problems"]
