"""The checks: one module per concern, each with a kebab-case `ID` and
``check(game, lang) -> Iterator[Problem]`` (yamllint's shape).

Modules are found by name: every module in this package, and in the `checks` package of
each game under `pnp.games`, whose name does not start with an underscore is a check. `run_all` runs them all and returns every problem,
sorted by position. A check that crashes on odd content is reported as a problem
(code ``check-crashed``) instead of taking the whole run down; that is a bug in pnp.
"""

from __future__ import annotations

import importlib
import pkgutil
import traceback
from functools import lru_cache
from types import ModuleType

import pnp.games as games

from pnp.games.tverdzha.model import Game
from pnp.core.errors import Problem, error, sorted_problems

CODES = {"check-crashed": "A check failed on this content: a bug in pnp, please report it with the content file."}


def _check_packages() -> list[tuple[str, list[str]]]:
    """(package name, its folders): the general checks, then each bundled game's."""
    found = [(__name__, list(__path__))]
    for game in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        package = f"{games.__name__}.{game.name}.checks"
        try:
            found.append((package, list(importlib.import_module(package).__path__)))
        except ModuleNotFoundError:
            continue
    return found


@lru_cache(maxsize=1)
def modules() -> tuple[ModuleType, ...]:
    """Every check module, sorted by its full module name."""
    names = sorted(f"{package}.{info.name}" for package, path in _check_packages()
                   for info in pkgutil.iter_modules(path) if not info.name.startswith("_"))
    found = []
    for name in names:
        module = importlib.import_module(name)
        if not isinstance(getattr(module, "ID", None), str) or not callable(getattr(module, "check", None)):
            raise TypeError(f"{module.__name__} is in pnp.checks but has no ID and check()")
        found.append(module)
    return tuple(found)


def ids() -> tuple[str, ...]:
    return tuple(m.ID for m in modules())


def codes() -> dict[str, str]:
    """Every problem code a check can report, with what it means (for docs/content.md)."""
    out = dict(CODES)
    for module in modules():
        out.update(getattr(module, "CODES", {}))
    return out


def run_all(game: Game, lang: str | None = None, only: tuple[str, ...] | None = None) -> list[Problem]:
    """Run every check (or the ones in `only`, by ID). `lang` None: every language of the game."""
    problems: list[Problem] = []
    for module in modules():
        if only is not None and module.ID not in only:
            continue
        try:
            problems.extend(module.check(game, lang))
        except Exception as exc:  # noqa: BLE001 - one broken check must not hide the others
            where = traceback.extract_tb(exc.__traceback__)[-1]
            problems.append(error("check-crashed", f"the {module.ID!r} check failed: {type(exc).__name__}: {exc} "
                                  f"({where.filename.rsplit('/', 1)[-1]}:{where.lineno})", game.mark()))
    return sorted_problems(problems)
