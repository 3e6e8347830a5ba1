"""cairosvg's URL parsing done once per distinct value instead of several times per node.

Why: cairosvg's `Surface.draw` asks `parse_url` for every node's `mask`, `filter` and
`clip-path` (and the path, text and use drawers for markers and hrefs), almost always of
nothing, and each answer is a fresh `urllib.parse.urlparse`: about a tenth of the CPU
cairosvg spent drawing a kit. Without a base URL, `parse_url` is a pure function of its
text and its answer (a `ParseResult`) a tuple nobody can change, so one kept answer per
text is the answer cairosvg would compute again.

Only calls without a base are kept, and only texts up to `KEEP_MAX_CHARS` long (a
designer's picture comes inline as a data URL of megabytes); the table is emptied when it
holds `KEEP_MAX_ENTRIES`. `install` puts the kept version under the name each cairosvg
module calls (they import `parse_url` by name); pnp's PDF and raster drawers install it.
"""

from __future__ import annotations

import sys

from cairosvg import url as cairosvg_url

_parse_url = cairosvg_url.parse_url  # cairosvg's own
_KEPT: dict = {}
KEEP_MAX_CHARS = 256
KEEP_MAX_ENTRIES = 4096


def parse_url(url, base=None):
    """cairosvg's `parse_url(url, base)`, its answer kept for a short text without a base."""
    if base is not None or not (url is None or type(url) is str) or (url is not None and len(url) > KEEP_MAX_CHARS):
        return _parse_url(url, base)
    kept = _KEPT.get(url)
    if kept is None:
        if len(_KEPT) >= KEEP_MAX_ENTRIES:
            _KEPT.clear()
        kept = _KEPT[url] = _parse_url(url)
    return kept


def install() -> None:
    """Point every loaded cairosvg module that calls `parse_url` at the kept version. Idempotent."""
    for name, module in list(sys.modules.items()):
        if (name == "cairosvg" or name.startswith("cairosvg.")) and getattr(module, "parse_url", None) is _parse_url:
            module.parse_url = parse_url
