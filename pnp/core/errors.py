"""Positions in source files and the problems reported against them.

Content problems are values, not exceptions: every stage collects them, the CLI
sorts and prints them once, linter style: ``file:line:col: level: message [code]``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


@dataclass(frozen=True, order=True)
class Mark:
    """A 1-based position in a source file."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line <= 0:
            return self.file
        return f"{self.file}:{self.line}:{self.col}"


class Level(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Problem:
    """One finding about the content, pointing at where it came from."""

    code: str
    level: Level
    message: str
    mark: Mark
    hint: str = ""

    def sort_key(self) -> tuple:
        return (self.mark.file, self.mark.line, self.mark.col, self.code, self.message)

    def format(self) -> str:
        text = f"{self.mark}: {self.level.value}: {self.message} [{self.code}]"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def as_dict(self) -> dict:
        return {
            "file": self.mark.file,
            "line": self.mark.line,
            "col": self.mark.col,
            "level": self.level.value,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
        }


def error(code: str, message: str, mark: Mark, hint: str = "") -> Problem:
    return Problem(code, Level.ERROR, message, mark, hint)


def warning(code: str, message: str, mark: Mark, hint: str = "") -> Problem:
    return Problem(code, Level.WARNING, message, mark, hint)


def sorted_problems(problems) -> list[Problem]:
    return sorted(problems, key=Problem.sort_key)


def has_errors(problems) -> bool:
    return any(p.level is Level.ERROR for p in problems)


@dataclass
class ContentError(Exception):
    """Raised when content cannot be loaded at all; carries every problem found."""

    problems: list[Problem] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(p.format() for p in sorted_problems(self.problems))


class UserError(Exception):
    """What stops a command that is neither a content problem nor a bug in pnp: the command line,
    an environment variable, the file system or a missing system library. The message is one
    line for the user; the command line exits 2 (README, "Exit codes")."""
