"""What every command does first: load the content and report problems like a linter."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.content import Game, load_game
from pnp.errors import Level, Problem, has_errors, sorted_problems


def print_problems(problems: list[Problem], stream=None) -> None:
    stream = stream or sys.stderr
    for problem in sorted_problems(problems):
        click.echo(problem.format(), file=stream)


def summary_line(problems: list[Problem]) -> str:
    errors = sum(p.level is Level.ERROR for p in problems)
    warnings = sum(p.level is Level.WARNING for p in problems)
    return f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}"


def load_checked(content: Path | None, lang: str | None = None) -> tuple[Game | None, list[Problem]]:
    """Load the content and run every check; print the problems to stderr when any is an error.

    Returns (game, problems); game is None when there are errors (the caller exits 1).
    """
    from pnp.checks import run_all

    game, problems = load_game(content)
    if game is not None and lang is not None and lang not in game.languages:
        raise click.BadParameter(f"the content has no language {lang!r}; it has: {', '.join(game.languages)}",
                                 param_hint="'--lang'")
    if game is not None:
        problems = problems + run_all(game, lang=lang)
    if has_errors(problems):
        print_problems(problems)
        click.echo(f"pnp: content has problems ({summary_line(problems)}); nothing was done", err=True)
        return None, problems
    return game, problems
