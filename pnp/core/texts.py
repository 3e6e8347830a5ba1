"""Player-facing text in the frozen models of every game: a string per language, with
the Mark of the YAML it came from, so checks can point at the line."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from pnp.core.errors import Mark

NO_MARK = Mark("?")


def frozen_map(d: Mapping | None) -> Mapping:
    return MappingProxyType(dict(d or {}))


@dataclass(frozen=True)
class Text:
    """A player-facing string in several languages."""

    values: Mapping[str, str]
    mark: Mark = field(default=NO_MARK, compare=False)
    #: the text as written in the content, before named facts were filled in (None: same)
    template: Mapping[str, str] | None = field(default=None, compare=False)

    def source(self, lang: str) -> str:
        """The text as written in the content file."""
        return (self.template or self.values)[lang]

    def get(self, lang: str) -> str:
        try:
            return self.values[lang]
        except KeyError:
            raise KeyError(f"no {lang!r} text at {self.mark}") from None

    def has(self, lang: str) -> bool:
        return bool(self.values.get(lang))
