"""Schema verdicts kept between runs: a document a schema passed before is not validated again.

Validating the shipped content against its JSON Schema takes 0.03 s (ТВЕРДЖА) to 0.07 s (the
empire), and importing jsonschema as much again, in every `pnp check` and every build. The
verdict depends only on the data, the schema files and the validator's code, so a clean one is
kept under a SHA-256 of all three:

- the data as `marshal` writes it in version 2 (plain values only, no back-references: equal
  data gives equal bytes; the loader's data is dicts, lists, text, numbers, booleans and null, and
  marshal tells 4 from 4.0 and true from 1, as the schema does);
- the bytes of each schema file the validator reads (the pack's and pnp's general part);
- the code that turns errors into problems (schema.py) and the versions of jsonschema and
  referencing.

Only "no problem" is kept: a document with problems is validated again, so its messages always
come from the validator itself. An entry is an empty file; PNP_NO_CACHE=1 skips the cache, like
the parsed-YAML cache (pnp.content.parsecache) it sits beside.

A clean document's top-level sections are kept one by one too (`PART_KIND`), each under its key
and its own data: after an edit of one card, the schema checks that card's section and the
document's own rules (its required and allowed keys) again, and takes the other sections'
verdicts as they were (pnp.content.schema.content_problems decides when a schema allows this).
"""

from __future__ import annotations

import hashlib
import marshal
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

from pnp.core import installed, private

KIND = "schema-1"
PART_KIND = "schema-part-1"
#: verdicts kept: one per content and schema, each edit adds one (and a section's one)
KEEP = 200
#: marshal's version 2 writes no references between equal objects, so equal data gives equal bytes
_MARSHAL_VERSION = 2
#: the libraries whose code decides what a schema accepts
_VALIDATOR_LIBRARIES = ("jsonschema", "referencing")


@lru_cache(maxsize=1)
def _code_digest() -> bytes:
    """What a verdict depends on beside the data and the schemas: pnp's side and the libraries'."""
    ours = Path(__file__).with_name("schema.py").read_bytes()
    versions = "\0".join(f"{name}={installed.version(name)}" for name in _VALIDATOR_LIBRARIES)
    return hashlib.sha256(ours + f"\0{versions}\0{__file__}".encode()).digest()


def _schemas(schemas: Sequence[Path]):
    """The digest begun with the code and the schema files' bytes, read once for all of a document's
    names (`_name` continues a copy of it)."""
    digest = hashlib.sha256(_code_digest())
    for path in schemas:
        schema_bytes = path.read_bytes()
        digest.update(f"{len(schema_bytes)}\0".encode() + schema_bytes)
    return digest


def _name(data: Any, begun, part: str | None = None) -> str | None:
    try:
        raw = marshal.dumps(data, _MARSHAL_VERSION)
    except ValueError:
        return None  # a value marshal cannot write: validated every time
    digest = begun.copy()
    if part is not None:
        digest.update(f"part\0{len(part)}\0{part}\0".encode("utf-8", "surrogatepass"))
    digest.update(raw)
    return digest.hexdigest()


class Names:
    """The names of one document's verdicts (the whole one and each top-level section's), worked out
    once for a validation: reading the schema files and writing the data as marshal does are most of
    what looking a verdict up costs."""

    def __init__(self, data: Any, schemas: Sequence[Path]) -> None:
        self.data, self._schemas, self._begun = data, schemas, None
        self._whole: str | None | bool = False
        self._parts: dict[str, str | None] = {}

    def begun(self):
        if self._begun is None:
            self._begun = _schemas(self._schemas)
        return self._begun

    def whole(self) -> str | None:
        if self._whole is False:
            self._whole = _name(self.data, self.begun())
        return self._whole

    def part(self, key: str) -> str | None:
        if key not in self._parts:
            self._parts[key] = _name(self.data[key], self.begun(), key)
        return self._parts[key]


def passed_before(names: Names) -> bool:
    """Whether the schemas (the first one validates, the others it refers to) passed the data before."""
    if not private.cache_enabled():
        return False
    name = names.whole()
    return name is not None and private.cache_get(KIND, name) is not None


def parts_passed_before(names: Names) -> set[str]:
    """The top-level keys of the data (a mapping) whose values the schemas passed before, each
    under its key (see the module)."""
    if not private.cache_enabled() or not isinstance(names.data, dict):
        return set()
    passed = set()
    for key in names.data:
        name = names.part(key) if isinstance(key, str) else None
        if name is not None and private.cache_get(PART_KIND, name) is not None:
            passed.add(key)
    return passed


def remember_passed(names: Names, known_parts: set[str] = frozenset()) -> None:
    """Keep that the schemas passed the data, and each of its top-level sections but those kept
    already (`known_parts`); skipped if the cache cannot be written."""
    if not private.cache_enabled():
        return
    name = names.whole()
    if name is not None:
        private.cache_put(KIND, name, b"")
        private.cache_trim(KIND, KEEP, name)
    if isinstance(names.data, dict):
        written = None
        for key in names.data:
            part = names.part(key) if isinstance(key, str) and key not in known_parts else None
            if part is not None:
                private.cache_put(PART_KIND, part, b"")
                written = part
        if written is not None:
            private.cache_trim(PART_KIND, KEEP * 4, written)
