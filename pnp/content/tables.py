"""Rows from a spreadsheet beside the content: `cards: {table: cards.csv}` (or `.xlsx`, `.ods`,
`.xls`, with `sheet: Cards` to pick a sheet other than the first).

Anywhere in the content, a mapping of only `table:` (and `sheet:`, `note:`) is replaced by the
rows of that table before any schema sees the data, so the schema, the model builder and every
check take the rows as they take rows written in YAML, and each value keeps a mark: the table's
`file:row:column` (a workbook's file reads `cards.xlsx[Cards]`), row 1 being the header.

- The header row names the fields; a dotted header makes a nested map (`name.uk` and `name.ru`
  make `name: {uk: …, ru: …}`). A column with no header must be empty.
- An empty cell is an absent key; an empty row is skipped.
- Text that reads as a whole number (`3`, `-2`, not `007`) is an integer, as a decimal (`2.5`) a
  number, `true`/`false` (any case) a yes/no; anything else stays text. A workbook's own numbers
  stay numbers (a whole one, which a workbook stores as 3.0, is an integer); a formula gives the
  value the workbook last computed; a date is written as ISO text (2026-12-05).
- A table is read from the content's own folder, never from outside it (no absolute path, no
  `..`, no link that leads out), and is bounded (`MOST_*`) so a hostile file costs little.

CSV is read by the standard library (UTF-8, a byte-order mark allowed, `,` `;` or tab between
cells); workbooks by python-calamine, one fast reader for xlsx, xls and ods with cached formula
values (pandas uses it as an engine).
"""

from __future__ import annotations

import csv
import datetime
import hashlib
import io
import os
import re
import zipfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterator

from pnp.content.gamefiles import Refused, locate, read_bounded
from pnp.content.yamlload import Loaded
from pnp.core.errors import Mark, Problem, error

#: the keys of a table reference (`note:` is a remark like anywhere else)
KEYS = frozenset({"table", "sheet", "note"})
WORKBOOKS = (".xlsx", ".xlsm", ".xls", ".ods")
SUFFIXES = (".csv", *WORKBOOKS)
MOST_BYTES = 16 * 1024 * 1024  # a table file on disk
MOST_UNZIPPED = 128 * 1024 * 1024  # the parts of a workbook (a zip), unpacked: no zip bomb
MOST_ROWS = 5000  # rows of cards or tokens, the header besides
MOST_COLUMNS = 200
MOST_CELL = 5000  # characters in one cell

CODES = {
    "table-file": "A `table:` that cannot be read: missing, outside the content's folder, not a table, too big.",
    "table-sheet": "A `sheet:` the workbook does not have.",
    "table-header": "A table's header row: an empty, repeated or clashing column name.",
    "table-cell": "A table's cell that cannot be read: not UTF-8, too long, a value in a column with no name.",
}


@dataclass(frozen=True)
class TableFile:
    """A table the content read: its path, the name problems show, and its bytes' SHA-256."""

    path: Path
    shown: str
    sha256: str


def is_reference(value: Any) -> bool:
    return isinstance(value, dict) and "table" in value and set(value) <= KEYS


def expand(loaded: Loaded, folder: Path) -> tuple[Loaded, list[Problem]]:
    """The content with every table reference replaced by its rows (and their marks), the tables
    read, and the problems met: a reference that cannot be read becomes an empty list."""
    problems: list[Problem] = []
    files: list[TableFile] = []
    for path, ref in list(_references(loaded.data, ())):
        rows, read, found = _read_reference(ref, path, loaded, folder)
        problems += found
        if read is not None:
            files.append(read)
        parent = loaded.data
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = rows
    if not files:
        return loaded, problems
    return replace(loaded, tables=tuple(files)), problems


def _references(data: Any, path: tuple) -> Iterator[tuple[tuple, dict]]:
    if is_reference(data):
        if path:  # the whole document as a table is no game
            yield path, data
        return
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _references(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _references(value, path + (i,))


def _read_reference(ref: dict, path: tuple, loaded: Loaded, folder: Path):
    # at the reference itself, where the schema would say the rows it stands for are missing
    # (that follow-on complaint is then left out: one problem, not two)
    where = loaded.mark(path)
    name, sheet = ref.get("table"), ref.get("sheet")
    if not isinstance(name, str) or not name.strip():
        return [], None, [error("table-file", f"table: expected the name of a file beside the content, found {name!r}", where)]
    if sheet is not None and not isinstance(sheet, str):
        return [], None, [error("table-sheet", f"sheet: expected a sheet's name, found {sheet!r}",
                                loaded.mark(path + ("sheet",)))]
    file, problem = locate(name, folder, where, key="table", code="table-file", suffixes=SUFFIXES)
    if problem:
        return [], None, [problem]
    shown = os.path.normpath(os.path.join(os.path.dirname(where.file), name))
    try:
        raw = read_bounded(file, MOST_BYTES)
        if file.suffix.lower() == ".csv":
            if sheet is not None:
                return [], None, [error("table-sheet", f"sheet: a CSV file has no sheets, found {sheet!r}",
                                        loaded.mark(path + ("sheet",)), "remove `sheet:`")]
            grid, problems = _csv_grid(raw, shown)
            label = shown
        else:
            grid, label, problems = _workbook_grid(raw, file, shown, sheet, loaded.mark(path + ("sheet",)))
    except Refused as exc:
        return [], None, [error("table-file", f"table {name}: {exc}", where, exc.hint)]
    if grid is None:
        return [], None, problems
    rows, more = _rows(grid, label, path, loaded)
    return rows, TableFile(file, shown, hashlib.sha256(raw).hexdigest()), problems + more


def _csv_grid(raw: bytes, shown: str) -> tuple[list[list[Any]] | None, list[Problem]]:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        return None, [error("table-cell", f"expected UTF-8 text, found the byte 0x{raw[exc.start]:02x}",
                            Mark(shown, line, 1), "save the table as CSV UTF-8")]
    first = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first.count) if first else ","
    try:
        grid = [[_typed(cell) for cell in row] for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)]
    except csv.Error as exc:
        raise Refused(f"is not a readable CSV file ({exc})") from None
    return grid, []


def _workbook_grid(raw: bytes, file: Path, shown: str, sheet: str | None, sheet_mark: Mark):
    if file.suffix.lower() != ".xls":  # the others are zip files: refuse a bomb before unpacking
        try:
            with zipfile.ZipFile(io.BytesIO(raw)) as z:
                unpacked = sum(i.file_size for i in z.infolist())
        except (zipfile.BadZipFile, OSError):
            raise Refused(f"expected a {file.suffix} workbook, found a file that is not one (a damaged or renamed file?)") from None
        if unpacked > MOST_UNZIPPED:
            raise Refused(f"expected a workbook of at most {MOST_UNZIPPED // (1024 * 1024)} MB unpacked, found "
                           f"{unpacked // (1024 * 1024)} MB")
    from python_calamine import CalamineWorkbook  # the reader, only when a workbook is read
    try:
        book = CalamineWorkbook.from_filelike(io.BytesIO(raw))
        names = list(book.sheet_names)
        name = names[0] if sheet is None and names else sheet
        if name not in names:
            return None, shown, [error("table-sheet", f"sheet: expected one of the workbook's sheets "
                                       f"({', '.join(names)}), found {sheet!r}", sheet_mark)]
        values = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
    except Exception as exc:  # the reader's errors have no common class: any of them is a bad file
        raise Refused(f"expected a {file.suffix} workbook, found one that cannot be read ({type(exc).__name__})") from None
    return [[_cell(v) for v in row] for row in values], f"{shown}[{name}]", []


_INT = re.compile(r"-?(0|[1-9][0-9]*)")
_DECIMAL = re.compile(r"-?[0-9]+\.[0-9]+")


def _typed(text: str) -> Any:
    """A CSV cell as the value it reads as (see the module's rules)."""
    value = text.strip()
    if _INT.fullmatch(value):
        return int(value)
    if _DECIMAL.fullmatch(value):
        return float(value)
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    return value


def _cell(value: Any) -> Any:
    """A workbook's cell as content: whole numbers as integers, dates as ISO text."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (datetime.date, datetime.time, datetime.timedelta)):
        return value.isoformat() if not isinstance(value, datetime.timedelta) else str(value)
    if isinstance(value, str):
        return value.strip()
    return value


def _empty(value: Any) -> bool:
    return value is None or value == ""


def _rows(grid: list[list[Any]], label: str, path: tuple, loaded: Loaded) -> tuple[list[dict], list[Problem]]:
    """The rows as mappings, their marks added to the content's."""
    problems: list[Problem] = []
    while grid and all(_empty(v) for v in grid[-1]):
        grid.pop()
    if not grid:
        return [], [error("table-header", "expected a header row naming the fields, found an empty table", Mark(label, 1, 1))]
    width = max(len(row) for row in grid)
    if width > MOST_COLUMNS or len(grid) - 1 > MOST_ROWS:
        return [], [error("table-file", f"expected at most {MOST_ROWS} rows and {MOST_COLUMNS} columns, found "
                          f"{len(grid) - 1} rows and {width} columns", Mark(label, 1, 1))]
    header = [str(v).strip() if not _empty(v) else "" for v in grid[0]]
    columns: list[tuple[int, tuple[str, ...]]] = []
    seen: dict[tuple[str, ...], int] = {}
    for col, name in enumerate(header, 1):
        if not name:
            continue
        keys = tuple(name.split("."))
        if any(not k for k in keys):
            problems.append(error("table-header", f"column {name!r}: expected a name such as `name` or `name.uk`",
                                  Mark(label, 1, col)))
            continue
        if keys in seen:
            problems.append(error("table-header", f"column {name!r}: expected each name once, found it again "
                                  f"(first in column {seen[keys]})", Mark(label, 1, col)))
            continue
        clash = next((other for other in seen if other[:len(keys)] == keys or keys[:len(other)] == other), None)
        if clash:
            problems.append(error("table-header", f"column {name!r}: clashes with column {'.'.join(clash)!r} "
                                  "(a field is either a value or a map of values)", Mark(label, 1, col)))
            continue
        seen[keys] = col
        columns.append((col, keys))
    rows: list[dict] = []
    for r, row in enumerate(grid[1:], 2):
        if all(_empty(v) for v in row):
            continue
        item: dict = {}
        at = path + (len(rows),)
        loaded.marks[at] = Mark(label, r, 1)
        for c, value in enumerate(row, 1):
            named = c <= len(header) and bool(header[c - 1])
            if not _empty(value) and not named:
                problems.append(error("table-cell", f"expected a value under a named column, found {value!r} in a "
                                      "column with no name", Mark(label, r, c), "name the column in the header row"))
        for col, keys in columns:
            value = row[col - 1] if col - 1 < len(row) else None
            if _empty(value):
                continue
            if isinstance(value, str) and len(value) > MOST_CELL:
                problems.append(error("table-cell", f"expected at most {MOST_CELL} characters in a cell, found "
                                      f"{len(value)}", Mark(label, r, col)))
                continue
            target = item
            for depth, key in enumerate(keys[:-1], 1):
                target = target.setdefault(key, {})
                loaded.marks.setdefault(at + keys[:depth], Mark(label, r, col))
            target[keys[-1]] = value
            loaded.marks[at + keys] = Mark(label, r, col)
        rows.append(item)
    return rows, problems
