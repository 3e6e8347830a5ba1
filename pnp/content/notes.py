"""The designer's `note:` fields of a content file, by where they stand.

A note sits in the mapping of the value it explains (`limits.storage.note` beside
`limits.storage.cap`); checks read what it says to tell a recorded decision from a slip.
"""

from __future__ import annotations

from typing import Any


def collect_notes(data: Any, path: tuple = ()) -> dict[tuple, str]:
    """Every `note:` text by the path of the mapping that holds it."""
    found: dict[tuple, str] = {}
    if isinstance(data, dict):
        if isinstance(data.get("note"), str):
            found[path] = data["note"]
        for key, value in data.items():
            found.update(collect_notes(value, path + (key,)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found.update(collect_notes(value, path + (i,)))
    return found
