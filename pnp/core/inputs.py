"""The kinds of file a kit reads besides pnp itself: the content and its layouts, tables, art,
fonts and templates. `pnp serve` watches files of these kinds, and the build cache keys on them.
Anything else beside the content (a log the designer keeps there, an editor's swap file) is not
an input."""

from __future__ import annotations

INPUTS = frozenset({".yaml", ".yml", ".json", ".csv", ".xlsx", ".xlsm", ".xls", ".ods", ".png", ".jpg", ".jpeg",
                    ".svg", ".ttf", ".otf", ".j2", ".html", ".css"})
#: folders never read for inputs: version control, caches, virtual environments
SKIPPED = frozenset({".git", ".hg", ".svn", "__pycache__", ".venv", "venv", "node_modules", ".pytest_cache"})
