"""The rulebook's prose: jinja2 templates filled from the game model.

Templates live in the game's templates folder, rulebook/*.j2, and never hold a number, a name or a cost:
they reach the model through `game` and `f`, the facts object of the game's rulebook side
(game_side.py). StrictUndefined turns
any reference to something the content lacks into a build failure that names the
template line; `RulebookError` carries that message to `pnp build`.

The output is block text (see blocks.py): headings, paragraphs, lists, notes and
`@figure` lines, with reportlab inline XML and ``[icon]`` markup inside.
"""

from __future__ import annotations

import re
import traceback
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
import markupsafe

from pnp.core.templating import fill
from pnp.rulebook.build_error import RulebookError
from pnp.core.resources import shown
from pnp.games import pack_of
from pnp.rulebook.game_side import side_of

MASTER = "rulebook.j2"
LABELS = "labels.j2"
_LABEL_LINE = re.compile(r"^([a-z][a-z0-9_.-]*):\s?(.*)$")


def _lead(text: str):
    """'Дохід: кожна …' -> '<b>Дохід:</b> кожна …' (the step's name in bold)."""
    head, sep, tail = str(text).partition(": ")
    if not sep:
        return markupsafe.escape(text)
    return markupsafe.Markup("<b>{}:</b> {}").format(head, tail)


def folder(game) -> Path:
    """The rulebook templates of `game`'s pack (its templates folder's rulebook/)."""
    return pack_of(game).templates / "rulebook"


#: The labels template's own braces are fields the code fills ({side}, {n|...}); a brace in a
#: value it inserts (a race named «Ор{ки}») is text. Such braces travel as these private-use
#: stand-ins until the label is filled, so content is never read as a template.
_TEXT_BRACES = str.maketrans({"{": "\ue000", "}": "\ue001"})
_REAL_BRACES = str.maketrans({"\ue000": "{", "\ue001": "}"})


def _braces_as_text(value: Any) -> Any:
    if isinstance(value, markupsafe.Markup):
        return markupsafe.Markup(str(value).translate(_TEXT_BRACES))
    return value.translate(_TEXT_BRACES) if isinstance(value, str) else value


@lru_cache(maxsize=8)
def environment(templates: Path, values_as_text: bool = False) -> jinja2.Environment:
    """The rulebook's jinja2 environment; `values_as_text`: braces in inserted values stay text
    (for the labels, whose output is filled again). One a process: it keeps the templates it
    compiled, and compiles one again when its file changes (jinja2's auto_reload)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates)),
        undefined=jinja2.StrictUndefined,
        autoescape=True,  # content strings become XML-safe; template markup stays as written
        trim_blocks=False,  # a block tag at the end of a line keeps its newline (list items stay apart)
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_braces_as_text if values_as_text else None,
    )
    env.filters["lead"] = _lead
    env.filters["decap"] = lambda text: text[:1].lower() + text[1:]
    return env


def render(game, lang: str, extra: dict[str, Any] | None = None, template: str = MASTER) -> str:
    """Fill the rulebook templates; raise RulebookError pointing at the template line."""
    facts = side_of(game).facts(game, lang)
    context = {"game": game, "lang": lang, "f": facts, **(extra or {})}
    templates = folder(game)
    try:
        return environment(templates, values_as_text=template == LABELS).get_template(template).render(context)
    except RulebookError as exc:
        raise RulebookError(f"{_where(exc, templates)}{exc}") from None
    except jinja2.UndefinedError as exc:
        raise RulebookError(f"{_where(exc, templates)}template refers to something the content lacks: {exc}") from None
    except jinja2.TemplateError as exc:
        raise RulebookError(f"{_where(exc, templates)}template error: {exc}") from None


def _where(exc: BaseException, templates: Path) -> str:
    """'templates/<game>/rulebook/x.j2:12: ' for the innermost template frame of `exc`, if any."""
    lineno = getattr(exc, "lineno", None)
    name = getattr(exc, "filename", None) or getattr(exc, "name", None)
    if lineno and name:
        return f"{shown(templates / name)}:{lineno}: "
    for frame, line in reversed(list(traceback.walk_tb(exc.__traceback__))):
        filename = frame.f_code.co_filename
        if filename.endswith(".j2"):
            return f"{shown(_inside(templates, filename))}:{_template_line(frame, line)}: "
    return ""


def _inside(templates: Path, filename: str) -> Path:
    """A template's file as a path inside `templates` (a game may keep one folder per language)."""
    path = Path(filename)
    return path if path.is_relative_to(templates) else templates / path.name


def _template_line(frame, line: int) -> int:
    """Map a compiled-template line back to the .j2 source line."""
    template = frame.f_globals.get("__jinja_template__")
    if template is not None:
        try:
            return template.get_corresponding_lineno(line)
        except Exception:  # noqa: BLE001 - a best-effort location
            return line
    return line


class Labels:
    """Short texts for tables and figures (column heads, legends), from labels.j2.

    Each line of the rendered template is ``key: text``; a lookup of a missing key is a
    build failure, like any other hole in the rulebook.
    """

    def __init__(self, entries: dict[str, str], lang: str, source: str = LABELS):
        self.entries = entries
        self.lang = lang
        self.source = source  # the labels template, as the designer knows its path

    def __call__(self, key: str, **params) -> markupsafe.Markup:
        """The label `key`, with {name} and {name|one|few|many} filled from `params`: markup (the
        template's, escaped by it), the content's words filled in escaped."""
        try:
            text = self.entries[key]
        except KeyError:
            raise RulebookError(f"{self.source} has no label {key!r}") from None
        safe = {name: markupsafe.escape(value) if isinstance(value, str) else value for name, value in params.items()}
        try:
            filled = fill(text, safe, self.lang) if params or "{" in text else text
        except ValueError as exc:
            raise RulebookError(f"{LABELS}: label {key!r}: {exc}") from None
        return markupsafe.Markup(filled.translate(_REAL_BRACES))


def render_labels(game, lang: str, extra: dict[str, Any] | None = None) -> Labels:
    entries: dict[str, str] = {}
    for number, line in enumerate(render(game, lang, extra, LABELS).splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        match = _LABEL_LINE.match(line.strip())
        if not match:
            raise RulebookError(f"{LABELS} output line {number}: expected 'key: text', found {line!r}")
        key, text = match.groups()
        if key in entries:
            raise RulebookError(f"{LABELS}: label {key!r} defined twice")
        entries[key] = text
    return Labels(entries, lang, shown(folder(game) / LABELS))
