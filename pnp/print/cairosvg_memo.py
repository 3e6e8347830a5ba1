"""cairosvg's parsers of attribute text kept per text instead of run again for every node.

Why: cairosvg's `Surface.draw` asks `parse_url` for every node's `mask`, `filter` and
`clip-path` (and the path, text and use drawers for markers and hrefs), almost always of
nothing, each answer a fresh `urllib.parse.urlparse`; and `normalize` (three regular
expressions) for every node's dash array and every text's x and y. Together about a tenth
of the CPU cairosvg spent drawing a kit. Both are pure functions of their text (a
`parse_url` without a base URL), and their answers (a `ParseResult` tuple, a str) cannot be
changed by whoever receives them, so a kept answer is the answer cairosvg would compute.

Only texts up to `KEEP_MAX_CHARS` long are kept (a designer's picture comes inline as a data
URL of megabytes, a path's data can be long and is read once), and a table is emptied when
it holds `KEEP_MAX_ENTRIES`. `install` puts the kept versions under the names the cairosvg
modules call (they import both by name); pnp's PDF and raster drawers install them.
"""

from __future__ import annotations

import sys

from cairosvg import helpers as cairosvg_helpers, url as cairosvg_url

_parse_url = cairosvg_url.parse_url  # cairosvg's own
_normalize = cairosvg_helpers.normalize
_KEPT_URLS: dict = {}
_KEPT_NORMAL: dict = {}
KEEP_MAX_CHARS = 256
KEEP_MAX_ENTRIES = 4096


def parse_url(url, base=None):
    """cairosvg's `parse_url(url, base)`, its answer kept for a short text without a base."""
    if base is not None or not (url is None or type(url) is str) or (url is not None and len(url) > KEEP_MAX_CHARS):
        return _parse_url(url, base)
    return _kept(_KEPT_URLS, url, _parse_url)


def normalize(string):
    """cairosvg's `normalize(string)`, its answer kept for a short text."""
    if type(string) is not str or len(string) > KEEP_MAX_CHARS:
        return _normalize(string)
    return _kept(_KEPT_NORMAL, string, _normalize)


def _kept(table: dict, text, compute):
    kept = table.get(text)
    if kept is None:
        if len(table) >= KEEP_MAX_ENTRIES:
            table.clear()
        kept = table[text] = compute(text)
    return kept


def install() -> None:
    """Point every loaded cairosvg module that calls them at the kept versions. Idempotent."""
    for name, module in list(sys.modules.items()):
        if name == "cairosvg" or name.startswith("cairosvg."):
            if getattr(module, "parse_url", None) is _parse_url:
                module.parse_url = parse_url
            if getattr(module, "normalize", None) is _normalize:
                module.normalize = normalize
