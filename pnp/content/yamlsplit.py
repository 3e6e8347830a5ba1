"""A content file cut at its top-level keys, so that each section can be parsed, and kept, on its own.

A designer's save changes one section of a file of twenty (the empire's is 1,800 lines); parsing
only that one, and taking the others as they were read before (pnp.content.parsecache), is what
keeps a check after an edit short. The cut is made on the text, and only where it cannot change
what the file says:

- every line at column 0 is blank, a comment, or a plain top-level key (`name:` with a letter or
  `_` first, then letters, digits, `_`, `-`), each key once: anything else there (a document marker,
  a directive, a sequence or a continued bracket at column 0, a quoted or repeated key) leaves the
  file whole;
- no anchor or alias (`&name`, `*name`): a section would not see another's anchor, and the limit
  on expansions is the whole document's;
- no line break other than "\\n" (YAML also breaks lines at "\\r", U+0085, U+2028 and U+2029), so
  a section's lines are the file's lines.

Every value inside a section is indented below its key, so a section parsed alone reads as it
does in the whole file; a section whose parse finds any problem sends the caller back to the
whole file (pnp.content.yamlload), whose problems and marks are the ones reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_KEY_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*):(?: |$)")
#: an anchor or alias: "&" or "*" where a token starts (a line's start, after a space or a bracket)
_ANCHOR_OR_ALIAS = re.compile(r"(?:^|[ \[{,])[&*][^ ,\[\]{}\n]", re.MULTILINE)
_OTHER_BREAKS = re.compile("[\r\x85\u2028\u2029]")


@dataclass(frozen=True)
class Section:
    key: str
    first_line: int  # the section's first line in the file, counted from 0
    text: str


def split(text: str) -> list[Section] | None:
    """The file's top-level sections in order (comments and blank lines go with the section
    above them, those before the first key with the first), or None where the file must be
    parsed whole (see the module)."""
    if _OTHER_BREAKS.search(text) or _ANCHOR_OR_ALIAS.search(text):
        return None
    lines = text.split("\n")
    starts: list[tuple[int, str]] = []
    for number, line in enumerate(lines):
        if not line or line[0] == " " or line[0] == "#":
            continue
        key = _KEY_LINE.match(line)
        if key is None:
            return None
        starts.append((number, key.group(1)))
    keys = [key for _, key in starts]
    if len(starts) < 2 or len(set(keys)) < len(keys):
        return None
    sections = []
    for i, (number, key) in enumerate(starts):
        first = 0 if i == 0 else number
        last = starts[i + 1][0] if i + 1 < len(starts) else len(lines)
        body = "\n".join(lines[first:last]) + ("\n" if last < len(lines) else "")
        sections.append(Section(key, first, body))
    return sections
