"""Every string the kit prints, with where it was written: the content's texts and the
rulebook's templates (their prose is printed as written). The glossary and the
form-of-address checks read the kit through this."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator, NamedTuple

from pnp.checks._util import lang_mark, texts, where
from pnp.core.errors import Mark
from pnp.core.resources import shown
from pnp.games import Model, pack_of

_COMMENT = re.compile(r"\{#.*?#\}", re.DOTALL)


def rulebook_templates(game: Model) -> Path:
    """The rulebook templates of the game's pack (the rulebook renderer's prose.folder; importing
    that would load reportlab into every `pnp check`, a test keeps the two the same)."""
    return pack_of(game).templates / "rulebook"


class Printed(NamedTuple):
    text: str
    mark: Mark
    what: str  # the content path or the template's name


def printed(game: Model, lang: str) -> Iterator[Printed]:
    for text, path in texts(game):
        if text.has(lang):
            yield Printed(text.get(lang), lang_mark(game, text, path, lang), f"{where(path)}.{lang}")
    yield from _template_lines(rulebook_templates(game), lang)


def _template_lines(folder: Path, lang: str) -> Iterator[Printed]:
    """The templates' lines: the folder's own, and its `lang/` folder's (a game that keeps one
    folder of templates per language)."""
    for path in sorted(folder.glob("*.j2")) + sorted((folder / lang).glob("*.j2")):
        # comments are not printed; keep their newlines so line numbers stay true
        source = _COMMENT.sub(lambda m: "\n" * m.group().count("\n"), path.read_text(encoding="utf-8"))
        name = shown(path)
        for number, line in enumerate(source.splitlines(), start=1):
            if line.strip() and not line.lstrip().startswith("//"):  # labels.j2 comment lines
                yield Printed(line, Mark(name, number, 1), name)
