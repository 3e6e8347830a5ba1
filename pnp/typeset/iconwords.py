"""What an inline icon says in a PDF's text layer (search, copy, screen readers): the
rulebook's paragraphs and the rich text of the SVG-drawn parts (cards, aids, mats).

The words come from the game (its rulebook side hands them over: plural forms and a
genitive per icon, else a name per icon, else the icon set's label). Before a paragraph is set, every icon run
is given the form its place needs, as a token ``[name~form]``:

- after a number, the plural form for it (``~5``): "2 [grain]" reads «2 зерна», "+5 [point]" «+5 очок»;
- a run with an icon repeated reads as counts (``~c2``): "[wood][wood][stone]" «2 дерева 1 камінь»;
  the repeats say nothing (``~0``);
- an icon beside its own word says nothing: "[wood] дерево" reads «дерево», not «дерево дерево»;
- a template asks for the genitive itself: "немає [gold~gen]" reads «немає золота».
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import groupby
from typing import Any, Iterator, Mapping

from pnp.art.icons import icon_label, icon_names
from pnp.core.templating import fill
from pnp.games import pack_of

TOKEN = r"[a-z][a-z0-9_-]*(?:~(?:\d+|c\d+|gen))?"
_RUN = re.compile(rf"(?:\[{TOKEN}\])+")
_TOKEN = re.compile(rf"\[({TOKEN})\]")
# spaces and rich text's bold marks (**) stand between an icon and its neighbours
_NUMBER_BEFORE = re.compile(r"(?<![\w.,])[+−-]?(\d+)[ \u00a0*]*$")
_WORD_AFTER = re.compile(r"^[ \u00a0*]*([\w\u02bc'-]+)")
_WORD_BEFORE = re.compile(r"([\w\u02bc'-]+)[ \u00a0*]*$")
SILENT = "0"


class IconWords:
    """`words`: icon -> an object with `.forms` (a Text of "{n|one|few|many}" forms) and
    `.genitive` (a Text or None), in `lang`; `names`: icon -> its word when it has no forms."""

    def __init__(self, lang: str, words: Mapping[str, Any] | None = None, names: Mapping[str, str] | None = None):
        self.lang = lang
        self.words = dict(words or {})
        self.names = dict(names or {})

    def word(self, name: str, n: int | None = None) -> str | None:
        """The icon's words for the number `n` before it (None: no number); None if unknown."""
        w = self.words.get(name)
        if w is not None:
            return fill(w.forms.get(self.lang), {"n": 1 if n is None else n}, self.lang)
        return self.names.get(name)

    def get(self, token: str) -> str | None:
        """What a token says ("" for a silent one; None: not known here)."""
        name, _, form = token.partition("~")
        if form == SILENT:
            return ""
        if form == "gen":
            w = self.words.get(name)
            return w.genitive.get(self.lang) if w is not None and w.genitive is not None else self.word(name)
        if form.startswith("c"):
            return f"{form[1:]} {self.word(name, int(form[1:]))}"
        return self.word(name, int(form) if form else None)

    def annotate(self, text: str) -> str:
        """`text` with each icon run as the tokens its place needs (see the module docstring)."""
        out, last = [], 0
        for m in _RUN.finditer(text):
            names = _TOKEN.findall(m.group())
            tokens = names if any("~" in t for t in names) else self._tokens(names, text[:m.start()], text[m.end():])
            out += [text[last:m.start()], "".join(f"[{t}]" for t in tokens)]
            last = m.end()
        out.append(text[last:])
        return "".join(out)

    def _tokens(self, names: list[str], before: str, after: str) -> list[str]:
        groups = [(name, len(list(run))) for name, run in groupby(names)]
        if len(groups) == 1 and groups[0][1] == 1:
            name = groups[0][0]
            number = _NUMBER_BEFORE.search(before)
            if number:
                return [f"{name}~{int(number.group(1))}"]
            return [f"{name}~{SILENT}"] if self._beside_own_word(name, before, after) else [name]
        counted = any(count > 1 for _, count in groups)
        out: list[str] = []
        for name, count in groups:
            out.append(f"{name}~c{count}" if counted else name)
            out += [f"{name}~{SILENT}"] * (count - 1)
        return out

    def _beside_own_word(self, name: str, before: str, after: str) -> bool:
        """Is the word next to the icon its own word (in any case form: «золото», «золота»)?"""
        label = icon_label(name) if name in icon_names() else ""  # what an icon with no words says
        own = (self.word(name) or label).split(" ")[0].lower()
        near = [m.group(1).lower() for m in (_WORD_AFTER.search(after), _WORD_BEFORE.search(before)) if m]
        return bool(own) and any(_same_stem(own, word) for word in near)


def _same_stem(a: str, b: str) -> bool:
    common = 0
    for x, y in zip(a, b):
        if x != y:
            break
        common += 1
    return common >= 3 and common * 2 >= len(a)


_CURRENT: ContextVar[IconWords | None] = ContextVar("icon_words", default=None)


def words_of(game: Any, lang: str) -> IconWords:
    """What `game`'s inline icons say in `lang`: its pack's `icon_words`, else each icon its label."""
    hook = pack_of(game).icon_words
    return hook(game, lang) if hook is not None else IconWords(lang)


@contextmanager
def speaking(words: IconWords) -> Iterator[IconWords]:
    """Within the block, paragraphs (the rulebook's, and rich text) give their icons the words of `words`."""
    token = _CURRENT.set(words)
    try:
        yield words
    finally:
        _CURRENT.reset(token)


def annotate(text: str) -> str:
    words = _CURRENT.get()
    return words.annotate(text) if words is not None else text


def current() -> IconWords | None:
    """The words set by the innermost `speaking` block (None outside any)."""
    return _CURRENT.get()
