"""Helpers the check modules share: did-you-mean, notes beside values, paths, walks."""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Iterator, Mapping, Protocol

from pnp.checks._memo import of_model
from pnp.content.schema import did_you_mean, path_text as where
from pnp.core.errors import Mark, Problem, error
from pnp.core.texts import Text
from pnp.games import Model

__all__ = ["did_you_mean", "note_for", "explained", "where", "texts", "lang_mark", "key_mark", "Marked", "interval_problems"]


class Marked(Model, Protocol):
    """A model as these helpers read it: the mark of every content path, and every `note:`
    by the path of the mapping that holds it."""

    marks: Mapping[tuple, Mark]
    notes: Mapping[tuple, str]


def note_for(game: Marked, *path) -> str:
    """The `note:` beside the value at `path`: in its mapping or the nearest enclosing one.

    `limits.storage.note` is beside `limits.storage.cap`, `victory.note` beside
    `victory.points`, `buildings[3].note` beside the building's cost, points and upgrade.
    """
    path = tuple(path)
    for depth in range(len(path) - 1, 0, -1):
        if path[:depth] in game.notes:
            return game.notes[path[:depth]]
    return ""


#: a note about a departure says so: it mentions the rules (English or Ukrainian)
_RULES_WORD = re.compile(r"\brules?\b|правил", re.IGNORECASE)


#: a quotation of the rules («5, 6 – противник повержен») names the rules' numbers, not a new value
_QUOTE = re.compile(r"«[^»]*»")


def _mentions(note: str, value: Any) -> bool:
    """Does the note name `value` in its own words? Not inside a quotation of the rules, and
    not as a modifier ("+1" names a bonus, not the value 1)."""
    own = _QUOTE.sub(" ", note)
    return re.search(rf"(?<![\w.+\-−]){re.escape(str(value))}(?![\w])", own) is not None


def explained(game: Marked, path: tuple, value: Any, rules: Any = None, cite_rules: bool = True) -> bool:
    """Does a note beside `path` explain why `value` departs from the rules' value?

    The note must say that it departs from the rules and name the new value ("The rules
    say 5; raised to 6 so ..."), so a note written for the rules' value (most values
    have one) does not silently excuse a later change. For a mapping, every amount that
    differs must be named; for a list, every item the rules do not have. With
    `cite_rules` False (a design choice the rules do not cover) naming the value is enough.
    """
    note = note_for(game, *path)
    if not note or (cite_rules and not _RULES_WORD.search(note)):
        return False
    if isinstance(value, Mapping):
        rules = rules if isinstance(rules, Mapping) else {}
        wanted = [v for k, v in value.items() if rules.get(k) != v]
    elif isinstance(value, (tuple, list)):
        rules = rules if isinstance(rules, (tuple, list)) else ()
        wanted = [v for v in value if v not in rules]
    else:
        wanted = [value]
    return all(_mentions(note, w) for w in wanted)


def _paths_by_mark(game: Marked) -> dict[Mark, list[tuple]]:
    index: dict[Mark, list[tuple]] = {}
    for path, mark in game.marks.items():
        if path and path[-1] != "__key__":
            index.setdefault(mark, []).append(path)
    return index


def texts(game: Marked) -> Iterator[tuple[Text, tuple]]:
    """Every player-facing Text of the model with its path in the YAML, in file order."""
    return iter(_texts(game))


@of_model
def _texts(game: Marked) -> tuple[tuple[Text, tuple], ...]:
    index = _paths_by_mark(game)
    found: list[tuple[Text, tuple]] = []
    for text in _walk(game):
        paths = sorted(index.get(text.mark, ()), key=len)
        langs = set(text.values)
        # the Text's own path is the one whose children are its languages
        path = next((p for p in paths if any(p + (lang,) in game.marks for lang in langs)), paths[0] if paths else ())
        found.append((text, path))
    found.sort(key=lambda tp: (tp[0].mark.line, tp[0].mark.col))
    return tuple(found)


def _walk(obj: Any, seen: set[int] | None = None) -> Iterator[Text]:
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, Text):
        yield obj
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            if f.name not in ("marks", "mark"):
                yield from _walk(getattr(obj, f.name), seen)
    elif isinstance(obj, Mapping):
        for value in obj.values():
            yield from _walk(value, seen)
    elif isinstance(obj, (tuple, list)):
        for value in obj:
            yield from _walk(value, seen)


def lang_mark(game: Marked, text: Text, path: tuple, lang: str) -> Mark:
    """The mark of one language's string of a Text (the Text's own mark if absent)."""
    return game.marks.get(path + (lang,), text.mark)


def key_mark(game: Marked, *path) -> Mark:
    """The mark of a mapping key (for a problem about the key itself, like a typo'd id)."""
    return game.marks.get(tuple(path) + ("__key__",), game.mark(*path))


def interval_problems(share: Any, path: str, mark: Mark) -> Iterator[Problem]:
    """`balance-interval` for a `pnp.content.gamemodel.Share` whose 95 % interval (content `<path>.ci95`)
    is written upper bound first or does not hold its rate."""
    low, high = share.ci95
    if low > high:
        yield error("balance-interval", f"{path}.ci95: the lower bound comes first, found [{low}, {high}]",
                    mark, f"write [{high}, {low}]")
    elif not low <= share.rate <= high:
        yield error("balance-interval", f"{path}.ci95: [{low}, {high}] does not hold the rate {share.rate}",
                    mark, "copy the rate and its interval from the same `pnp sim --json` result")
