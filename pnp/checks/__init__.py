"""The checks: one module per concern, each with a kebab-case `ID` and
``check(game, lang) -> Iterator[Problem]`` (yamllint's shape).

Modules are found by name: a game's pack names the packages that hold its checks (this
one, the general checks, and its own), and every module in them whose name does not start
with an underscore is a check; a pack may also name single check modules. `run_all` runs a game's checks and returns every problem,
sorted by position. A check that crashes is a bug in pnp, not a problem of the content:
the other checks still run (so one crash cannot hide another's bug behind it), then
`run_all` raises CheckCrashed, which the command reports as an internal error (exit 70,
one line and the file with the details), never as a content problem at a made-up position.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from types import ModuleType

from pnp import games
from pnp.checks import _memo
from pnp.core.errors import Problem, sorted_problems
from pnp.games import Model
from pnp.typeset import fit_memo, fonts

CODES: dict[str, str] = {}


class CheckCrashed(RuntimeError):
    """A check failed on the content instead of reporting it: a bug in pnp (exit 70)."""


@lru_cache(maxsize=None)
def modules(packages: tuple[str, ...]) -> tuple[ModuleType, ...]:
    """Every check module of `packages`, sorted by its full module name."""
    names = sorted(name for entry in packages for name in _check_names(entry))
    found = []
    for name in names:
        module = importlib.import_module(name)
        if not isinstance(getattr(module, "ID", None), str) or not callable(getattr(module, "check", None)):
            raise TypeError(f"{module.__name__} is in pnp.checks but has no ID and check()")
        found.append(module)
    return tuple(found)


def _check_names(entry: str) -> list[str]:
    """A package's public modules, or the entry itself when it names one check module
    (a pack takes the general checks that fit its model one by one)."""
    module = importlib.import_module(entry)
    if not hasattr(module, "__path__"):
        return [entry]
    return [f"{entry}.{info.name}" for info in pkgutil.iter_modules(module.__path__) if not info.name.startswith("_")]


def ids(packages: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(m.ID for m in modules(packages))


def codes(packages: tuple[str, ...]) -> dict[str, str]:
    """Every problem code the checks of `packages` can report, with what it means (docs/content.md)."""
    out = dict(CODES)
    for module in modules(packages):
        out.update(getattr(module, "CODES", {}))
    return out


def run_all(game: Model, lang: str | None = None, only: tuple[str, ...] | None = None) -> list[Problem]:
    """Run every check of the game's pack (or the ones in `only`, by ID). `lang` None: every
    language of the game."""
    problems: list[Problem] = []
    crashed: list[tuple[str, Exception]] = []
    # text is measured in the fonts the kit prints in (the content's `fonts:` in their roles), and
    # `[name]` in the content's text may be an icon the content brings
    # what several checks read of the model (its texts, the families' layouts) is worked out once a run
    # and the texts set by the checks before, unchanged since, are not set again (pnp.typeset.fit_memo)
    with fonts.designer_fonts(getattr(game, "fonts", ())), games.own_icons(game), _memo.shared(), \
            fit_memo.kept(games.pack_of(game).id):
        for module in modules(games.pack_of(game).checks):
            if only is not None and module.ID not in only:
                continue
            try:
                problems.extend(module.check(game, lang))
            except Exception as exc:  # noqa: BLE001 - one broken check must not hide the others
                crashed.append((module.ID, exc))
    if crashed:
        name, first = crashed[0]
        more = f" (and {len(crashed) - 1} more check{'s' if len(crashed) > 2 else ''})" if len(crashed) > 1 else ""
        raise CheckCrashed(f"the {name!r} check failed on this content{more}: "
                           f"{type(first).__name__}: {first}") from first
    return sorted_problems(problems)
