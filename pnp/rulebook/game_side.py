"""What a game gives the general rulebook (its pack's `rulebook` module names a RULEBOOK).

The general side lays out pages, fills the game's templates (templates/<game>/rulebook/),
turns block text into flowables, and sets type for the book's language. The game's side
is this small record: the object its templates call `f` (names and numbers from its
model), extra names for the templates (worked examples, component counts), the cover,
the `@figures` only it draws, the checks its templates must pass, and what its inline
icons say.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from reportlab.platypus import Flowable

from pnp.games import pack_of
from pnp.rulebook.build_error import RulebookError

#: (game, lang) -> what the templates call `f`; it offers `ui(key)` for the running header
Facts = Callable[[Any, str], Any]
#: (game, lang) -> (extra names for the templates, notes for the build log)
Context = Callable[[Any, str], tuple[Mapping[str, Any], list[str]]]


def _no_check(game: Any, lang: str) -> None:
    """A game whose templates need no check beyond the general ones."""


@dataclass(frozen=True)
class RulebookSide:
    facts: Facts
    context: Context
    #: Book -> the title page's flowables
    cover: Callable[[Any], list[Flowable]]
    #: Book -> figure name -> maker of flowables, for the templates' ``@name`` lines
    figures: Callable[[Any], Mapping[str, Callable[..., list[Flowable]]]]
    #: boxed notes: (palette colour of the fill, how much of it to keep, colour of the rule)
    note_colours: tuple[str, float, str]
    #: (game, lang) -> None; raises RulebookError when a template breaks a rule of the game
    check: Callable[[Any, str], None] = _no_check
    #: its figures that do not pull the sentence before them along (long tables that split)
    loose_figures: frozenset[str] = frozenset()


def side_of(game: Any) -> RulebookSide:
    """The rulebook side of `game`'s pack; RulebookError if the game has no rulebook."""
    pack = pack_of(game)
    if pack.rulebook is None:
        raise RulebookError(f"{pack.name} has no rulebook")
    return importlib.import_module(pack.rulebook).RULEBOOK
