"""Every word the kit asks for by key is there, in each of the game's languages, and printable.

The game's code asks its model for each fixed word by key (`game.ui("plot_cost", lang, n=…)`):
the content's `ui:` answers, else pnp's catalogue (print labels, the preview page). A key
neither has in a language would stop `pnp build` halfway, so this check finds the keys the
code names and holds the content to them before a build. It reads them from the source of
this pack's modules (every `.ui("literal", …)` call, and every module-level tuple of keys
named `…_UI`, for the keys a loop asks), so a renderer added to the pack is covered without a
list to keep; beside them, `EXPORTER_KEYS`, what pnp's general exporters
ask of any game's `ui:`. The strings check (pnp.checks.strings) already sets every content
string, plural forms included (a template carries all its forms), against the bundled fonts;
here the catalogue's strings the kit takes are set against them too. Every bundled face has
the same character set (tests/games/empire/test_kit_words.py holds that), so one face speaks
for all.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from pnp.core import catalogue, private
from pnp.core.errors import Problem, error
from pnp.games.empire.model import Game
from pnp.typeset.fonts import FACES, missing_glyphs

ID = "kit-words"

CODES = {
    "missing-ui-word": "A word the kit prints by key is neither in the content's `ui:` nor in pnp's catalogue "
                       "in one of the game's languages.",
    "catalogue-glyph": "A string of pnp's catalogue that the kit prints has a character the bundled fonts lack.",
}

#: what pnp's exporters ask of a game's `ui:` beyond the catalogue: the preview's copy count
#: and the label of the capital sheet's manifest kind (pnp/exports/preview.py, KIND_UI)
EXPORTER_KEYS = ("copies", "comp_mats")

PACKAGE = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=1)
def code_keys() -> dict[str, str]:
    """Every literal key of a `.ui(…)` call and of a `…_UI` tuple in the pack's modules (its checks aside)
    -> where it is first named.

    Parsing the pack's hundred modules is a third of an empire `pnp check`, so the answer is kept in
    the user's cache under a SHA-256 of the sources read (pnp.core.private): unchanged code is not
    parsed again. PNP_NO_CACHE=1 skips the cache."""
    sources = [(path, path.read_bytes()) for path in sorted(PACKAGE.rglob("*.py")) if path.parent.name != "checks"]
    digest = hashlib.sha256(b"code-keys-1")
    for path, text in sources:
        digest.update(f"\0{path.relative_to(PACKAGE).as_posix()}\0{len(text)}\0".encode() + text)
    name = digest.hexdigest()
    use_cache = not os.environ.get("PNP_NO_CACHE")
    kept = private.cache_get("code-keys", name) if use_cache else None
    if kept is not None:
        try:
            found = json.loads(kept)
            if isinstance(found, dict) and all(isinstance(v, str) for v in found.values()):
                return found
        except ValueError:
            pass  # a damaged entry: scan again
    found = _scan(sources)
    if use_cache:
        private.cache_put("code-keys", name, json.dumps(found, ensure_ascii=False).encode("utf-8"))
    return found


def _scan(sources: list[tuple[Path, bytes]]) -> dict[str, str]:
    found: dict[str, str] = {}
    for path, text in sources:
        tree = ast.parse(text.decode("utf-8"), str(path))
        where = path.relative_to(PACKAGE.parent.parent.parent)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Call, ast.Assign)):
                for key in _keys(node):
                    found.setdefault(key, f"{where}:{node.lineno}")
    return dict(sorted(found.items()))


def _keys(node: ast.Call | ast.Assign) -> list[str]:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "ui" and node.args:
        first = node.args[0]
        return [first.value] if isinstance(first, ast.Constant) and isinstance(first.value, str) else []
    if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple)
            and any(isinstance(t, ast.Name) and t.id.endswith("_UI") for t in node.targets)):
        return [e.value for e in node.value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    keys = {**code_keys(), **{k: "pnp/exports/preview.py" for k in EXPORTER_KEYS}}
    for code in (lang,) if lang else game.languages:
        for key, where in keys.items():
            if key in game.ui_strings:
                continue  # the content's: the strings check finds a missing language and sets it against the fonts
            if not catalogue.has(key, code):
                yield error("missing-ui-word", f"ui: no {code!r} string {key!r}; the kit prints it ({where})",
                            game.mark("ui"), f"add `{key}: {{{code}: ...}}` under ui:")
                continue
            for char in missing_glyphs(catalogue.text(key, code), "sans"):
                yield error("catalogue-glyph", f"pnp's catalogue string {key!r} ({code}) has {char!r} "
                            f"(U+{ord(char):04X} {unicodedata.name(char, 'unnamed')}), which {FACES['sans'].family} "
                            "cannot print", game.mark("ui"), f"give the game its own `{key}:` under ui:")
