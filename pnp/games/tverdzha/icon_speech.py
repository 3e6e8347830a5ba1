"""What ТВЕРДЖА's inline icons say in a PDF's text layer (the pack's `icon_words`)."""

from __future__ import annotations

from pnp.typeset.iconwords import IconWords


def icon_words(game, lang: str) -> IconWords:
    """The content's `icon_words:` (plural forms, genitive), else each resource's name."""
    return IconWords(lang, {name: w for name, w in game.icon_words.items() if w.forms.has(lang)},
                     {r.icon: r.name.get(lang) for r in game.resources})
