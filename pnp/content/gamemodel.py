"""What every game's frozen model does the same way: the marks of its content and its ui strings.

A game's `Game` dataclass inherits `GameModel` and keeps the fields it reads: `source` (the shown
path), `marks` (content path -> Mark) and `ui_strings` (key -> Text). A model that declares a ui
contract (its `ui_keys.py`: the union of what its renderers declare they print, a
`pnp.core.ui_contract.UiKeys`) sets it as `ui_keys` and names the file in `ui_contract_file`; `ui_fields`
answers from it, and `ui` refuses anything the contract does not list, a renderer's bug that
`pnp check` could not have caught.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Mapping

from pnp.core import catalogue
from pnp.core.errors import Mark
from pnp.core.templating import fill
from pnp.core.ui_contract import UiKeys


#: the fields every model has (its identity, its words, where its content came from): any renderer may
#: read them without declaring it (`GameModel.renderer_reads`)
EVERY_MODEL = ("id", "title", "languages", "ui_strings", "marks", "source", "sha256", "fonts", "notes")

#: the fields every model has that say where its content came from (the shown path, the file's
#: digest), not what it says: what the rules make of a model does not depend on them
PROVENANCE = ("source", "sha256")


@dataclass(frozen=True)
class Share:
    """A win rate the simulator measured, with its 95 % interval (fractions of the games): what a
    rulebook's balance section prints from the content."""
    rate: float
    ci95: tuple[float, float]


class GameModel:
    """Marks and ui strings, for a frozen dataclass with `source`, `marks` and `ui_strings`."""

    #: where the game declares its ui strings (a path for the message), or None: no contract
    ui_contract_file: ClassVar[str | None] = None
    #: the game's ui contract, or None
    ui_keys: ClassVar[UiKeys | None] = None
    #: what each of the game's renderers draws from the model, by renderer name: its fields beyond
    #: those every model has (`EVERY_MODEL`), "x?" for one it draws only when the content gives it
    #: (the game's `reads.py`; `pnp check` holds the content to it: pnp.checks.sections)
    renderer_reads: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    def mark(self, *path) -> Mark:
        """The mark of a content path (or of its nearest ancestor that has one)."""
        marks: Mapping[tuple, Mark] = self.marks  # type: ignore[attr-defined]
        path = tuple(path)
        while path not in marks and path:
            path = path[:-1]
        return marks.get(path, Mark(self.source, 1, 1))  # type: ignore[attr-defined]

    def ui_fields(self, key: str) -> Mapping[str, str] | None:
        """The fields ui string `key` is given (name -> NUMBER or TEXT); None if the kit prints no such
        string. Only a model with a contract (`ui_keys`) answers it."""
        if self.ui_keys is not None:
            return self.ui_keys.fields(key, self)
        raise NotImplementedError(f"{type(self).__name__} declares no ui contract")

    def ui(self, key: str, lang: str, **values) -> str:
        """A printed string by key, its {fields} filled from `values`: the content's `ui:` string, else
        pnp's own (pnp.core.catalogue)."""
        if self.ui_contract_file is not None:
            fields = self.ui_fields(key)
            if fields is None or not set(values) <= set(fields):
                raise LookupError(f"ui string {key!r} with fields {sorted(values)} is not declared in "
                                  f"{self.ui_contract_file} nor pnp/core/catalogue")
        own = self.ui_strings.get(key)  # type: ignore[attr-defined]
        if own is not None and own.has(lang):
            template = own.get(lang)
        elif catalogue.has(key, lang):
            template = catalogue.text(key, lang)
        else:
            # a KeyError (a LookupError): what the checks catch of a content without the string
            raise KeyError(f"{self.source} has no ui string {key!r} in {lang!r} "  # type: ignore[attr-defined]
                           "(content `ui:` nor pnp's catalogue)")
        return fill(template, values, lang) if values else template
