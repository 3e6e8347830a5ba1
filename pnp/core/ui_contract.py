"""What a renderer prints of the ui strings (`Words`, declared on its class as `Renderer.ui`) and a
game's contract, the union of its renderers' (`UiKeys`, the model's `ui_keys`).

A renderer asks the model for every printed word by key (`game.ui("copies", lang, count=3)`) and
fills in the {fields} only known while drawing. Declaring those keys and fields on the renderer
lets `pnp check` hold any game's `ui:` to what its kit prints (pnp/checks/ui.py: a missing key,
a field no renderer fills, a plural form on a field that is not a number), and lets `Game.ui`
refuse a key no renderer declared, a renderer's bug the check could not have caught. Tool
strings (pnp's catalogue) are declared by name too: their fields are the catalogue's.

Light on purpose (it imports only the catalogue): a game's contract is read by `pnp check`,
which loads no drawing code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, Callable, Mapping

from pnp.core.catalogue import FIELDS, table

Table = Mapping[str, Mapping[str, str]]  # key -> {field: NUMBER | TEXT}
EMPTY: Table = MappingProxyType({})


def _empty() -> Table:
    return EMPTY


@dataclass(frozen=True)
class Words:
    """The ui strings one renderer prints, with the {fields} each is given (as `catalogue.table` writes them)."""

    required: Table = field(default_factory=_empty)  #: the strings it prints
    optional: Table = field(default_factory=_empty)  #: the strings it prints only where the content has them
    #: keys the model names (a card family's name, an action's aid line): game -> table; asked only
    #: for a key that starts with one of `prefixes` (any key without them), so that looking up
    #: another string reads nothing of the model
    derived: Callable[[Any], Table] | None = None
    prefixes: tuple[str, ...] = ()
    derived_optional: bool = False  #: the derived keys are printed only where the content has them
    #: for a renderer that draws only what some contents have (`Renderer.applies`): whether it
    #: prints for `game`; where it does not, its strings are accepted but not required
    when: Callable[[Any], bool] | None = None

    def prints_for(self, game: Any) -> bool:
        return self.when is None or self.when(game)

    def keys(self, game: Any) -> Table:
        """The strings it always prints for `game` (none where it does not print for it)."""
        if not self.prints_for(game):
            return EMPTY
        derived = self.derived(game) if self.derived is not None and not self.derived_optional else {}
        return _merge([self.required, derived])

    def fields(self, key: str, game: Any) -> Mapping[str, str] | None:
        """The fields of `key` if this renderer prints it, else None."""
        for known in (self.required, self.optional):
            if key in known:
                return known[key]
        if self.derived is not None and (not self.prefixes or key.startswith(self.prefixes)):
            return self.derived(game).get(key)
        return None


def words(required: dict[str, str] | None = None, optional: dict[str, str] | None = None, *,
          tool: tuple[str, ...] = (), derived: Callable[[Any], Table] | None = None, prefixes: tuple[str, ...] = (),
          derived_optional: bool = False, when: Callable[[Any], bool] | None = None) -> Words:
    """A renderer's `Words`: its own strings as `catalogue.table` writes them ({"plot_cost": "n#"}) and
    the `tool` strings of pnp's catalogue it prints (their fields are the catalogue's)."""
    unknown = [key for key in tool if key not in FIELDS]
    if unknown:
        raise ValueError(f"not pnp's catalogue strings: {', '.join(unknown)}")
    own = dict(table(required or {}))
    own.update({key: FIELDS[key] for key in tool})
    return Words(MappingProxyType(own), table(optional or {}), derived, prefixes, derived_optional, when)


@dataclass(frozen=True)
class UiKeys:
    """A game's ui contract: the union of what its renderers print, each renderer's `Words` under its
    name in the pack's order (a general renderer may appear twice: with its own `Words`, and with
    what it prints of the game's words through the game's plug-ins, its card rows, its rulebook's
    templates, its kit list), and the strings kept in the content that nothing prints yet."""

    parts: tuple[tuple[str, Words], ...]  #: (renderer name, what it prints)
    source: str  #: where the game's part is written, for the check's hints
    reserved: Table = field(default_factory=_empty)  #: in the content for later use; printed by nothing

    def __post_init__(self) -> None:
        self.known  # a field declared a number by one renderer and a text by another fails at import

    @cached_property
    def known(self) -> Table:
        """Every string a renderer may print (the derived ones aside) or the content keeps, with its fields."""
        return _merge([t for _, w in self.parts for t in (w.required, w.optional)] + [self.reserved])

    def required_of(self, game: Any) -> Table:
        """The strings `game`'s content must give: what its renderers always print, pnp's catalogue's aside."""
        printed = _merge([part.keys(game) for _, part in self.parts])
        return MappingProxyType({key: fields for key, fields in printed.items() if key not in FIELDS})

    def fields(self, key: str, game: Any) -> Mapping[str, str] | None:
        """The fields ui string `key` is given, or None when nothing prints it."""
        if key in FIELDS:
            return FIELDS[key]
        if key in self.known:
            return self.known[key]
        for _, part in self.parts:
            if part.derived is not None:
                found = part.fields(key, game)
                if found is not None:
                    return found
        return None

    def renderers(self, key: str, game: Any) -> tuple[str, ...]:
        """The names of the renderers that print `key`, in the pack's order."""
        return tuple(dict.fromkeys(name for name, part in self.parts if part.fields(key, game) is not None))

    def of_renderer(self, name: str, game: Any) -> Table:
        """What renderer `name` always prints for `game`, with fields."""
        return _merge([part.keys(game) for n, part in self.parts if n == name])

    def names(self) -> tuple[str, ...]:
        """The renderers the contract covers, in order."""
        return tuple(dict.fromkeys(name for name, _ in self.parts))


def _merge(tables: list[Table]) -> Table:
    """One table of several: a key two renderers print is given the fields of both; a field is a
    number for both or for neither."""
    merged: dict[str, dict[str, str]] = {}
    for tab in tables:
        for key, fields in tab.items():
            into = merged.setdefault(key, {})
            for name, kind in fields.items():
                if into.setdefault(name, kind) != kind:
                    raise ValueError(f"ui string {key!r}: field {{{name}}} is declared both a number and a text")
    return MappingProxyType({key: MappingProxyType(fields) for key, fields in merged.items()})
