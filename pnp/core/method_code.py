"""The methods `dataclasses` writes for each class, compiled once and kept in the user's cache.

Why: the `pnp` command makes about a hundred frozen dataclasses as it imports its modules (the
empire's model alone some fifty), and for each `dataclasses` writes the source of `__init__`,
`__repr__`, `__eq__`, `__hash__`, `__setattr__` and `__delattr__` and compiles it: a sixth of a
`pnp check`'s CPU, about 50 ms, spent compiling the same few hundred short texts in every process.
Python keeps a module's compiled code in `__pycache__`; this does the same for those texts.

How: `dataclasses` runs each text with the built-in `exec`, looked up in its module's globals first,
so `install()` gives that module an `exec` of its own: the text's code object is taken from a table
kept under the user's cache folder (pnp.core.private: a folder of this user's, no symbolic link), else
compiled exactly as the built-in would (no future flags inherited, the interpreter's optimisation
level) and added. The table is named by the interpreter's version, its bytecode's magic number and
the optimisation level, so code is only ever run by the interpreter that compiled it, and it is
written once, at exit, when it gained a text. The same text always compiles to the same code, so
what runs is what `dataclasses` itself would have run. A damaged table is ignored; with PNP_NO_CACHE
nothing is installed. Only the console script installs it (pnp.entry), before pnp's modules load.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import hashlib
import importlib.util
import sys
import types
from typing import Any

from pnp.core import private
from pnp.core.kept_table import KeptTable

KIND = "method-code-1"
#: the most texts the table keeps (pnp's classes need about 600): past it, those this process used
MOST = 5000


class _Table(KeptTable):
    def __init__(self) -> None:
        super().__init__(KIND, _name(), lambda text, code: type(text) is str and type(code) is types.CodeType,
                         most=MOST)

    def compiled(self, text: str) -> types.CodeType:
        code = self.get(text)
        if code is None:
            # what the built-in `exec` does with a text: compiled as "<string>", with none of the
            # caller's future flags (`dataclasses` has none) and the interpreter's optimisation level
            code = compile(text, "<string>", "exec", dont_inherit=True)
            self.put(text, code)
        return code


def _name() -> str:
    stamp = f"{sys.implementation.cache_tag}\0{sys.version}\0{importlib.util.MAGIC_NUMBER.hex()}\0{sys.flags.optimize}"
    return hashlib.sha256(stamp.encode()).hexdigest()


_TABLE: list[_Table] = []


def _exec(source: Any, globals: dict | None = None, locals: dict | None = None) -> None:
    """The built-in `exec`, with a text's code from the table."""
    if type(source) is str and _TABLE:
        source = _TABLE[0].compiled(source)
    return builtins.exec(source, globals, locals)


def install() -> None:
    """Let `dataclasses` take its methods' code from the table (see the module); once a process."""
    if _TABLE or not private.cache_enabled() or "exec" in vars(dataclasses):
        return
    table = _Table()
    _TABLE.append(table)
    dataclasses.exec = _exec  # read before the built-in by `dataclasses`' own functions
    atexit.register(table.keep)
