"""The ui-string contract (pnp/games/tverdzha/ui_keys.py, the union of what ТВЕРДЖА's renderers
declare, and pnp's catalogue, pnp/core/catalogue) covers every key a renderer asks for by name.

A renderer that asks for an undeclared key fails at build time (Game.ui refuses it), so a
key added to a renderer without its declaration would pass `pnp check` and break the build.
"""

from __future__ import annotations

import re
from pathlib import Path

from pnp.core import catalogue
from pnp.games.tverdzha import ui_keys as ui

PACKAGE = Path(__file__).resolve().parents[2] / "pnp"
#: game.ui("key", ...) and game.ui('key', ...) with a literal key
LITERAL_KEY = re.compile(r"""\.ui\(\s*["']([a-z0-9_]+)["']""")


def literal_keys() -> dict[str, str]:
    """Keys named in pnp's general code and ТВЕРДЖА's (another game's renderers answer to its own contract)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        game = path.relative_to(PACKAGE).parts[1] if path.relative_to(PACKAGE).parts[0] == "games" else None
        if game not in (None, "__init__.py", "tverdzha"):
            continue
        for key in LITERAL_KEY.findall(path.read_text(encoding="utf-8")):
            found.setdefault(key, str(path.relative_to(PACKAGE.parent)))
    return found


def test_every_key_a_renderer_names_is_declared():
    keys = literal_keys()
    assert len(keys) > 40  # it did read the renderers
    declared = {*ui.KEYS.known, *catalogue.FIELDS}
    undeclared = {k: where for k, where in keys.items() if k not in declared}
    assert undeclared == {}, f"declare these in pnp/games/tverdzha/ui_keys.py or pnp/core/catalogue: {undeclared}"


def test_a_tool_string_a_renderer_declares_has_the_catalogue_s_fields():
    tool = [key for key in ui.KEYS.known if key in catalogue.FIELDS]
    assert len(tool) > 10
    assert all(ui.KEYS.known[key] == catalogue.FIELDS[key] for key in tool)
