"""What every command does first: load the content and report problems like a linter."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from pnp.checks import run_all
from pnp.content import default_content, display_path, load_game
from pnp.core.errors import Level, Problem, UserError, has_errors, sorted_problems
from pnp.games import Model


def print_problems(problems: list[Problem], stream=None) -> None:
    stream = stream or sys.stderr
    for problem in sorted_problems(problems):
        click.echo(problem.format(), file=stream)


def summary_line(problems: list[Problem]) -> str:
    errors = sum(p.level is Level.ERROR for p in problems)
    warnings = sum(p.level is Level.WARNING for p in problems)
    return f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}"


def content_path(content: Path | None) -> Path:
    """The content file to read (by default the one bundled game's); a missing one is a
    usage error in every command."""
    path = Path(content) if content else default_content()
    if not path.exists():
        raise UserError(f"no content file at {display_path(path)}")
    if not path.is_file():  # a pipe or a device would be read without end
        raise UserError(f"{display_path(path)}: not a regular file; pnp reads the content only from a file")
    return path


def require_language(game: Model, lang: str | None) -> None:
    """`--lang` names a language the content has (a usage error otherwise, in every command)."""
    if lang is not None and lang not in game.languages:
        raise UserError(f"--lang {lang}: the content has no language {lang!r}; it has: {', '.join(game.languages)}")


def kit_language(game: Model, lang: str | None) -> str:
    """The language a kit is built in: `--lang`, else the game's own first language (the first
    of the content's `game.languages`), never a language the content may not have."""
    return lang if lang is not None else game.languages[0]


def output_file(path: Path | None, option: str) -> None:
    """A file a command will write at the end: its folder must exist now, before the work."""
    if path is None:
        return
    folder = path.parent
    if path.is_dir():
        raise UserError(f"{option} {path}: is a folder, expected a file name")
    if not folder.is_dir():
        raise UserError(f"{option} {path}: no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise UserError(f"{option} {path}: cannot write into {folder}")


def load_checked(content: Path | None, lang: str | None = None, *, kit: bool = False) -> tuple[Model | None, list[Problem]]:
    """Load the content and run every check; print the problems to stderr when any is an error.

    `lang` None checks every language, or with `kit` the one a kit is built in (`kit_language`).
    Returns (game, problems); game is None when there are errors (the caller exits 1).
    """
    game, problems = load_game(content_path(content))
    if game is not None:
        require_language(game, lang)
        lang = kit_language(game, lang) if kit else lang
        problems = problems + run_all(game, lang=lang)
    if has_errors(problems):
        print_problems(problems)
        click.echo(f"pnp: content has problems ({summary_line(problems)}); nothing was done", err=True)
        return None, problems
    return game, problems
