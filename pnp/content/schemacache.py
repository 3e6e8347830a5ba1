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
come from the validator itself, and an edited file, whose data differs, is validated in full.
An entry is an empty file; PNP_NO_CACHE=1 skips the cache, like the parsed-YAML cache
(pnp.content.parsecache) it sits beside.
"""

from __future__ import annotations

import hashlib
import marshal
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any, Sequence

from pnp.core import private

KIND = "schema-1"
#: verdicts kept: one per content and schema, each edit adds one
KEEP = 200
#: marshal's version 2 writes no references between equal objects, so equal data gives equal bytes
_MARSHAL_VERSION = 2
#: the libraries whose code decides what a schema accepts
_VALIDATOR_LIBRARIES = ("jsonschema", "referencing")


@lru_cache(maxsize=1)
def _code_digest() -> bytes:
    """What a verdict depends on beside the data and the schemas: pnp's side and the libraries'."""
    ours = Path(__file__).with_name("schema.py").read_bytes()
    versions = "\0".join(f"{name}={metadata.version(name)}" for name in _VALIDATOR_LIBRARIES)
    return hashlib.sha256(ours + f"\0{versions}\0{__file__}".encode()).digest()


def _name(data: Any, schemas: Sequence[Path]) -> str | None:
    try:
        raw = marshal.dumps(data, _MARSHAL_VERSION)
    except ValueError:
        return None  # a value marshal cannot write: validated every time
    digest = hashlib.sha256(_code_digest())
    for path in schemas:
        schema_bytes = path.read_bytes()
        digest.update(f"{len(schema_bytes)}\0".encode() + schema_bytes)
    digest.update(raw)
    return digest.hexdigest()


def passed_before(data: Any, schemas: Sequence[Path]) -> bool:
    """Whether the schemas (the first one validates, the others it refers to) passed `data` before."""
    if not private.cache_enabled():
        return False
    name = _name(data, schemas)
    return name is not None and private.cache_get(KIND, name) is not None


def remember_passed(data: Any, schemas: Sequence[Path]) -> None:
    """Keep that the schemas passed `data`; skipped if the cache cannot be written."""
    if not private.cache_enabled():
        return
    name = _name(data, schemas)
    if name is not None:
        private.cache_put(KIND, name, b"")
        private.cache_trim(KIND, KEEP)
