"""Read a YAML file into plain data plus a table of where every value came from.

Safe by construction: only PyYAML's safe scalar types are built, a node with any
other tag (``!!python/object`` ...) is a problem, duplicate keys are refused (PyYAML
would silently keep the last one), and limits on file size and on alias expansion make
a "billion laughs" file fail fast instead of eating memory. Problems inside the document
do not stop the reading: they come back with the data, so a duplicate key is one problem
among the others. Text saved in NFD is read as NFC (see `_decomposed`).
"""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from pnp.content import parsecache, readfile, yamlsplit
from pnp.core.errors import Mark, Problem, error, warning

# The file size limit (readfile.MAX_FILE_BYTES) is 16x the shipped game: PyYAML's
# pure-Python parser reads a hostile file of that size in a few seconds at worst; the C
# parser is faster (about 10x on the shipped game) but not used: it crashes the interpreter
# (C stack) on deeply nested input and hangs on deep flow brackets; and on damaged copies of
# the shipped game it accepted files this one refuses ('?' inside a flow key, a tab after a
# flow value) and marked empty flow values a column apart, so a file's problems would
# depend on which parser the install has.

#: values built in all, counting each alias expansion again; the shipped game is ~3,000
MAX_NODES = 200_000
#: aliases are legal YAML but a content file has no need for many of them
MAX_ALIASES = 200
#: nesting deeper than this is no content file (the shipped game nests 7 deep); it
#: also keeps the schema validator, which recurses, far from Python's stack limit
MAX_DEPTH = 40

#: Every problem code the loader reports, with what it means (listed in docs/content.md).
CODES = {
    **readfile.CODES,
    "file-binary": "The content file is binary (contains NUL bytes), not YAML text.",
    "file-encoding": "The content file is not UTF-8 text.",
    "file-empty": "The content file is empty.",
    "yaml-syntax": "The file is not valid YAML; the hint says what to look for.",
    "yaml-tab": "A tab character in the indentation; YAML indents with spaces.",
    "yaml-tag": "A YAML tag (`!!python/object`, `!!binary`, a date ...): only plain values are allowed.",
    "yaml-merge": "A merge key (`<<`); write the values out.",
    "yaml-key": "A key that is not plain text (a list or mapping as a key).",
    "yaml-aliases": "Too many alias expansions (`*name`): a content file needs almost none.",
    "yaml-too-big": "The document expands to too many values (an alias bomb).",
    "yaml-too-deep": "The document nests too deep.",
    "yaml-node": "A YAML node of an unexpected kind.",
    "yaml-character": "A control character (or another character YAML forbids) in the text.",
    "duplicate-key": "A key appears twice in one mapping (YAML would silently keep the last).",
    "bad-number": "A number that is not finite (.nan, .inf) or has too many digits to read.",
    "bad-escape": "An escape in a quoted string that names no character (beyond U+10FFFF).",
    "text-nfd": "Text saved in decomposed Unicode (NFD): read as composed (NFC); save the file as NFC.",
}

Path_ = tuple  # a JSON path: keys and list indices from the document root

_SAFE_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


@dataclass(frozen=True)
class Loaded:
    """Plain data (dict/list/str/int/float/bool/None) and the mark of every path in it."""

    data: Any
    marks: dict[Path_, Mark]
    text: str
    #: the spreadsheets the content's rows came from (pnp.content.tables.TableFile), in reading order
    tables: tuple = ()
    #: the designer's fonts the content names (pnp.content.fonts.DesignerFont), checked
    fonts: tuple = ()

    @property
    def sha256(self) -> str:
        """The content's SHA-256: its text's alone, or with the bytes of every table it read, so a
        changed spreadsheet is changed content."""
        digest = hashlib.sha256(self.text.encode("utf-8"))
        if not self.tables and not self.fonts:
            return digest.hexdigest()
        for table in self.tables:
            digest.update(f"\0{table.shown}\0{table.sha256}".encode("utf-8"))
        for font in self.fonts:
            digest.update(f"\0{font.role}\0{font.sha256}".encode("utf-8"))
        return digest.hexdigest()

    def mark(self, path: Path_) -> Mark:
        """The mark of `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path not in self.marks and path:
            path = path[:-1]
        return self.marks.get(path, Mark(self.marks.get((), Mark("?")).file, 1, 1))


def _tag_problem(node: Node, file: str) -> Problem:
    """A node whose tag would build something other than plain data."""
    tag = node.tag.replace("tag:yaml.org,2002:", "!!")
    if tag == "!!timestamp" and isinstance(node, ScalarNode) and not node.style:
        return error("yaml-tag", f"{node.value!r} reads as a date, which a content file has no use for",
                     _mark(file, node), "put the value in quotes to keep it as text")
    return error("yaml-tag", f"tag {tag!r} is not allowed; only plain YAML values (text, numbers, lists, maps) are",
                 _mark(file, node), "remove the tag: content is data, never code or objects")


def _syntax_problem(exc: yaml.MarkedYAMLError, file: str) -> Problem:
    """A YAML syntax error as a problem with a message a designer can act on."""
    problem = exc.problem or ""
    mark = exc.problem_mark or exc.context_mark
    where = Mark(file, mark.line + 1, mark.column + 1) if mark else Mark(file, 1, 1)
    ctx = exc.context_mark
    started = ctx.line + 1 if ctx and exc.context and mark and ctx.line != mark.line else None
    if "'\\t'" in problem or "\t" in problem:
        return error("yaml-tab", "a tab character here; YAML indents with spaces only", where,
                     "replace the tab with spaces (this file uses 2 per level)")
    if "another document" in problem:
        message = "the file holds more than one YAML document ('---'); the content is one document"
        return error("yaml-syntax", message, where, "remove the second '---' and what follows, or merge it")
    if "mapping values are not allowed" in problem:
        return error("yaml-syntax", "invalid YAML: a ': ' inside a value reads as a new key", where,
                     "put the text in quotes, or move the key to its own line")
    if "expected <block end>" in problem:
        return error("yaml-syntax", "invalid YAML: this line does not line up with the lines above", where,
                     "check its indentation: each level is 2 spaces")
    hint = ""
    if "flow" in (exc.context or "") or "',' or" in problem:
        opened = f"the bracket opened at line {started}" if started else "the '{' or '[' before it"
        hint = f"is {opened} closed? items inside brackets are separated by ','"
        if "got ':'" in problem:
            hint = "a text with ':' inside must be in quotes; or " + hint
    elif "end of stream" in problem and "quoted" in (exc.context or ""):
        hint = f"a quote opened at line {started or where.line} is not closed"
    elif "end of stream" in problem:
        hint = "the file ends in the middle of a value; is it cut short?"
    context = f" ({exc.context})" if exc.context else ""
    return error("yaml-syntax", f"invalid YAML: {problem or exc.context}{context}", where, hint)


class _Abort(Exception):
    def __init__(self, problem: Problem):
        self.problem = problem


def _mark(file: str, node_or_mark) -> Mark:
    m = getattr(node_or_mark, "start_mark", node_or_mark)
    return Mark(file, m.line + 1, m.column + 1)


class _Builder:
    def __init__(self, file: str, loader: yaml.SafeLoader):
        self.file = file
        self.loader = loader
        self.marks: dict[Path_, Mark] = {}
        self.problems: list[Problem] = []
        self.nodes = 0
        self.aliases = 0
        self._seen_ids: set[int] = set()
        self.decomposed: list[Mark] = []  # strings that were not NFC, normalised

    def build(self, node: Node, path: Path_) -> Any:
        self.nodes += 1
        if len(path) > MAX_DEPTH:
            raise _Abort(error("yaml-too-deep", f"YAML nesting is deeper than {MAX_DEPTH} levels; a content file never needs that", _mark(self.file, node)))
        if self.nodes > MAX_NODES:
            raise _Abort(error("yaml-too-big", f"document expands to more than {MAX_NODES:,} values (alias bomb?); refusing to read further", _mark(self.file, node)))
        if id(node) in self._seen_ids:
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                raise _Abort(error("yaml-aliases", f"more than {MAX_ALIASES} alias expansions (an alias bomb?); a content file should not need them",
                                   self._site(path, node), "write the values out instead of repeating '*name' aliases"))
        self._seen_ids.add(id(node))
        self.marks.setdefault(path, _mark(self.file, node))
        if node.tag not in _SAFE_TAGS:
            self.problems.append(_tag_problem(node, self.file))
            return None
        if isinstance(node, ScalarNode):
            return self._scalar(node)
        if isinstance(node, SequenceNode):
            return [self.build(child, path + (i,)) for i, child in enumerate(node.value)]
        if isinstance(node, MappingNode):
            return self._mapping(node, path)
        raise _Abort(error("yaml-node", f"unexpected YAML node {type(node).__name__}", _mark(self.file, node)))

    def _scalar(self, node: ScalarNode) -> Any:
        try:
            value = self.loader.construct_object(node, deep=True)
        except ValueError:  # an integer of more digits than Python converts (4,300)
            shown = node.value if len(node.value) <= 20 else node.value[:17] + "..."
            self.problems.append(error("bad-number", f"{shown!r} ({len(node.value):,} characters) is not a number "
                                       "a content file can hold", _mark(self.file, node)))
            return None
        if isinstance(value, float) and not math.isfinite(value):
            self.problems.append(error("bad-number", f"{node.value!r} is not a finite number", _mark(self.file, node)))
        if isinstance(value, str) and not unicodedata.is_normalized("NFC", value):
            self.decomposed.append(_mark(self.file, node))
            value = unicodedata.normalize("NFC", value)
        return value

    def _site(self, path: Path_, node: Node) -> Mark:
        """Where an alias is used: the key it is the value of (an alias node only knows its anchor's place)."""
        for depth in range(len(path), 0, -1):
            key_mark = self.marks.get(path[:depth] + ("__key__",))
            if key_mark is not None:
                return key_mark
        return _mark(self.file, node)

    def _mapping(self, node: MappingNode, path: Path_) -> dict:
        result: dict = {}
        first_seen: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.problems.append(error("yaml-merge", "merge keys ('<<') are not supported; write the values out", _mark(self.file, key_node)))
                continue
            if not isinstance(key_node, ScalarNode) or key_node.tag not in _SAFE_TAGS:
                self.problems.append(error("yaml-key", "a key must be plain text", _mark(self.file, key_node)))
                continue
            try:
                key = self.loader.construct_object(key_node, deep=True)
            except ValueError:  # a number too long to convert: the schema names the bad key
                key = key_node.value
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                key = str(key_node.value)
            key = str(key) if not isinstance(key, str) else key
            if key in first_seen:
                self.problems.append(error("duplicate-key", f"duplicate key {key!r}; first defined at line {first_seen[key].line}", _mark(self.file, key_node)))
                continue
            first_seen[key] = _mark(self.file, key_node)
            self.marks[path + (key,)] = _mark(self.file, value_node)
            self.marks[path + (key, "__key__")] = first_seen[key]
            result[key] = self.build(value_node, path + (key,))
        return result


def load_yaml(path: str | Path, display: str | None = None,
              what: str = "content file") -> tuple[Loaded | None, list[Problem]]:
    """Load `path` (`what` the messages call it). Returns (Loaded or None, problems). Never raises for bad input.

    Problems inside the document (a duplicate key: the first value is kept; a tag: the
    value is None) come with the Loaded data, so later stages report theirs as well.
    """
    file = display or str(path)
    top = Mark(file, 1, 1)
    raw, problem = readfile.read_limited(path, file, what)
    if problem is not None:
        return None, [problem]
    if b"\0" in raw:
        return None, [error("file-binary", f"{what} is binary (contains NUL bytes), expected UTF-8 YAML text", top)]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return None, [error("file-encoding", f"{what} is not UTF-8 text (bad byte 0x{raw[exc.start]:02x})", Mark(file, line, 1))]
    if not text.strip():
        return None, [error("file-empty", f"{what} is empty, expected " + ("the game's YAML" if what == "content file" else "YAML"), top)]
    return parse_yaml(text, file)


def parse_yaml(text: str, file: str) -> tuple[Loaded | None, list[Problem]]:
    """Parse YAML text. Returns (Loaded or None, problems). Never raises for bad input.

    A text read before without a problem comes from pnp.content.parsecache, as it was then; of a
    text changed since, only the top-level sections that changed are parsed (`_parse_by_sections`)."""
    kept = parsecache.get(text, file)
    if kept is not None:
        return Loaded(kept[0], kept[1], text), []
    by_sections = _parse_by_sections(text, file)
    loaded, problems = (by_sections, []) if by_sections is not None else _parse(text, file)
    if loaded is not None and not problems:
        parsecache.put(text, file, loaded.data, loaded.marks)
    return loaded, problems


def _parse_by_sections(text: str, file: str) -> Loaded | None:
    """`text` read a top-level section at a time (pnp.content.yamlsplit), each section read before
    without a problem taken from pnp.content.parsecache; None where the text is not cut so, or any
    section has a problem: the whole text is then parsed, and its problems are the ones reported."""
    if not parsecache.enabled():
        return None  # nothing kept: cutting would only add work
    sections = yamlsplit.split(text)
    if sections is None:
        return None
    data: dict[str, Any] = {}
    marks: dict[Path_, Mark] = {(): Mark(file, 1, 1)}  # first, as the whole text's parse has it
    for section in sections:
        kept = parsecache.get(section.text, file, section.first_line)
        if kept is None:
            part, problems = _parse(section.text, file)
            if part is None or problems or not isinstance(part.data, dict) or list(part.data) != [section.key]:
                return None
            kept = part.data, {path: Mark(file, mark.line + section.first_line, mark.col)
                               for path, mark in part.marks.items() if path}
            parsecache.put(section.text, file, *kept, section.first_line)
        data.update(kept[0])
        marks.update(kept[1])
        if len(marks) > MAX_NODES:
            return None  # every value has a mark: the whole text decides whether it is too big
    return Loaded(data, marks, text)


#: libyaml's parser, when PyYAML was built with it: it reads a long content file about ten times
#: as fast as the pure-Python one (the empire's: 0.02 s against 0.2 s), which matters for a
#: designer whose every save is read again (pnp serve)
_FAST_LOADER = getattr(yaml, "CSafeLoader", None)
#: where the two differ, the Python parser reads (tests/test_yaml_fast_parser.py found each):
#: libyaml takes a tab and a "?" inside a bracketed plain text (`{uk: Чи так?}`) that PyYAML
#: refuses; it counts a column fewer after a byte-order mark inside the text, and places an
#: empty value in brackets (`{a: , b: 1}`) a column apart
_SLOW = re.compile(r"[\t\ufeff?]|:\s*[,\]}]")
#: nesting deeper than this goes to the Python parser too: libyaml's composer recurses in C, and a
#: hostile file of 100,000 nested brackets, or of `- - - …` on one line, crashed the process (the
#: Python parser reports it, yaml-too-deep). Brackets are counted; a block level takes at least a
#: column of a line's indentation and markers, so a line starting with that many is deep enough
_FAST_DEPTH = 64
_BRACKET = re.compile(r"[\[\]{}]")
_DEEP_LINE = re.compile(r"^[ \-?:]{%d}" % _FAST_DEPTH, re.MULTILINE)


def _deeper_than(text: str, limit: int) -> bool:
    """Whether brackets nest deeper than `limit` (counting those in quotes too: at worst a needless slow read)."""
    depth = 0
    for found in _BRACKET.finditer(text):
        depth += 1 if found.group() in "[{" else -1
        if depth > limit:
            return True
    return False


def _parse(text: str, file: str) -> tuple[Loaded | None, list[Problem]]:
    """`text` read with libyaml; text it refuses, or reads differently in any way, goes to the
    pure-Python parser, whose problems and marks are the ones pnp reports."""
    if (_FAST_LOADER is not None and not _SLOW.search(text) and not _DEEP_LINE.search(text)
            and not _deeper_than(text, _FAST_DEPTH)):
        try:
            fast = _parse_with(_FAST_LOADER, text, file)
        except Exception:  # noqa: BLE001 - any surprise of the C parser: the Python one decides
            fast = None
        if fast is not None and fast[0] is not None and not fast[1]:
            return fast
    return _parse_with(yaml.SafeLoader, text, file)


def _parse_with(loader_class, text: str, file: str) -> tuple[Loaded | None, list[Problem]]:
    try:
        loader = loader_class(text)  # reads the text at once: may raise ReaderError
    except yaml.reader.ReaderError as exc:
        return None, [_reader_problem(exc, text, file)]
    try:
        root = _compose(loader, file)
        if isinstance(root, Problem):
            return None, [root]
        if root is None:
            return None, [error("file-empty", "content file has no YAML document", Mark(file, 1, 1))]
        builder = _Builder(file, loader)
        data = builder.build(root, ())
    except yaml.reader.ReaderError as exc:
        return None, [_reader_problem(exc, text, file)]
    except yaml.MarkedYAMLError as exc:
        return None, [_syntax_problem(exc, file)]
    except yaml.YAMLError as exc:
        return None, [error("yaml-syntax", f"invalid YAML: {exc}", Mark(file, 1, 1))]
    except _Abort as abort:
        return None, [abort.problem]
    except RecursionError:
        return None, [error("yaml-too-deep", "YAML nesting is too deep", Mark(file, 1, 1))]
    finally:
        loader.dispose()
    builder.marks[()] = Mark(file, 1, 1)
    problems = builder.problems + _decomposed(builder.decomposed)
    return Loaded(data, builder.marks, text), problems


def _compose(loader: yaml.SafeLoader, file: str) -> Node | Problem | None:
    """The document's root node; a problem for an escape PyYAML's scanner cannot turn into
    a character ("\\U00110000": it calls chr() unchecked and raises ValueError)."""
    try:
        return loader.get_single_node()
    except (ValueError, OverflowError) as exc:
        where = loader.get_mark()
        return error("bad-escape", f"an escape in a quoted string names no character ({exc}); "
                     "the highest code point is \\U0010FFFF", Mark(file, where.line + 1, where.column + 1))


def _decomposed(marks: list[Mark]) -> list[Problem]:
    """One warning for every text saved in NFD (macOS editors do it): pnp reads it as NFC.

    Normalising is safe (NFC is the same text) and keeps the marks right, since each
    string is normalised after it was located; without it every decomposed letter ("и" +
    U+0306 for "й") would be a missing glyph, and removing the mark would change the word.
    """
    if not marks:
        return []
    more = f" and {len(marks) - 1} more" if len(marks) > 1 else ""
    return [warning("text-nfd", f"text in decomposed Unicode (NFD) here{more}; "
                    "read as composed (NFC), which prints the same letters",
                    marks[0], "save the file as NFC (composed characters); most editors have this as a save or encoding option")]


def _reader_problem(exc: yaml.reader.ReaderError, text: str, file: str) -> Problem:
    """A character YAML does not allow in a document (control characters, U+FFFE ...)."""
    at = max(0, min(exc.position, len(text)))
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    char = exc.character if isinstance(exc.character, str) else chr(exc.character)
    return error("yaml-character", f"character U+{ord(char):04X} is not allowed in YAML text", Mark(file, line, col),
                 "remove it; an invisible control character often comes from copying text out of another program")
