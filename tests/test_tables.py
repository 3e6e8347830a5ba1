"""Rows from spreadsheets beside the content (pnp.content.tables): `resources: {table: …}` reads
as the YAML rows it replaces, every value marked at its `file:row:column`, and a table that
cannot be read is a problem at its line, never a traceback."""

from __future__ import annotations

import csv
import io
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest

from pnp.content import display_path, load_game
from pnp.content.tables import MOST_UNZIPPED
from pnp.games import pack

ROOT = Path(__file__).resolve().parent.parent
PACKS = ROOT / "tests" / "packs"
RESOURCES_YAML = """resources:
  - {id: wood, icon: wood, name: {uk: дерево}}
  - {id: stone, icon: stone, name: {uk: камінь}}
  - {id: grain, icon: grain, name: {uk: зерно}}
  - {id: gold, icon: gold, name: {uk: золото}}
"""
ROWS = [["id", "icon", "name.uk"], ["wood", "wood", "дерево"], ["stone", "stone", "камінь"],
        ["grain", "grain", "зерно"], ["gold", "gold", "золото"]]


def _content(tmp_path: Path, reference: str) -> Path:
    text = pack("tverdzha").content.read_text(encoding="utf-8")
    assert RESOURCES_YAML in text
    path = tmp_path / "game.yaml"
    path.write_text(text.replace(RESOURCES_YAML, f"resources: {reference}\n"), encoding="utf-8")
    return path


def _csv(path: Path, rows, encoding: str = "utf-8") -> None:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    path.write_bytes(out.getvalue().encode(encoding))


def _xlsx(path: Path, rows, sheet: str = "Resources") -> None:
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    book.active["A1"] = "a first sheet that is not the table"
    table = book.create_sheet(sheet)
    for row in rows:
        table.append(row)
    book.save(path)


def _errors(problems):
    return [(p.code, str(p.mark)) for p in problems if p.level.value == "error"]


def test_rows_from_a_csv_build_the_same_model_with_marks_in_the_table(tmp_path):
    _csv(tmp_path / "resources.csv", ROWS)
    game, problems = load_game(_content(tmp_path, "{table: resources.csv}"))
    assert _errors(problems) == []
    shipped, _ = load_game(pack("tverdzha").content)
    assert game.resources == shipped.resources
    shown = display_path(tmp_path / "resources.csv")
    assert str(game.mark("resources", 1)) == f"{shown}:3:1"
    assert str(game.mark("resources", 3, "name", "uk")) == f"{shown}:5:3"


def test_a_changed_table_is_changed_content(tmp_path):
    _csv(tmp_path / "resources.csv", ROWS)
    content = _content(tmp_path, "{table: resources.csv}")
    before = load_game(content)[0].sha256
    _csv(tmp_path / "resources.csv", ROWS[:-1] + [["gold", "gold", "золото!"]])
    assert load_game(content)[0].sha256 != before


def test_a_workbook_sheet_is_read_by_name_and_its_numbers_stay_numbers(tmp_path):
    _xlsx(tmp_path / "book.xlsx", ROWS)
    game, problems = load_game(_content(tmp_path, "{table: book.xlsx, sheet: Resources}"))
    assert _errors(problems) == []
    assert [r.id for r in game.resources] == ["wood", "stone", "grain", "gold"]
    assert str(game.mark("resources", 0, "icon")).endswith("book.xlsx[Resources]:2:2")


def test_an_ods_workbook_reads_like_the_others(tmp_path):
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P
    doc = OpenDocumentSpreadsheet()
    table = Table(name="Resources")
    for row in ROWS:
        tr = TableRow()
        for value in row:
            cell = TableCell(valuetype="string")
            cell.addElement(P(text=value))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    doc.save(str(tmp_path / "book.ods"))
    game, problems = load_game(_content(tmp_path, "{table: book.ods}"))
    assert _errors(problems) == []
    assert game.resources[2].name.get("uk") == "зерно"


def test_a_value_the_schema_refuses_is_reported_at_its_cell(tmp_path):
    _csv(tmp_path / "resources.csv", ROWS[:2] + [["stone", "", "камінь", ], ["grain", "grain", "зерно"], ["gold", "gold", "золото"]])
    rows = [r[:] for r in ROWS]
    rows[0][2] = "nmae.uk"
    _csv(tmp_path / "typo.csv", rows)
    for name, expected in (("resources.csv", None), ("typo.csv", ":1:3")):
        _, problems = load_game(_content(tmp_path, f"{{table: {name}}}"))
        marks = [str(p.mark) for p in problems if p.level.value == "error"]
        assert marks, name
        if expected is None:  # `icon` left empty: the key is absent, required at the row
            assert any(m.endswith("resources.csv:3:1") for m in marks), marks
        else:  # a misspelt header: the field the schema does not know, at the row's first cell
            assert any(re.search(r"typo\.csv:\d+:\d+$", m) for m in marks), marks


@pytest.mark.parametrize("case, reference, code, line", [
    ("missing", "{table: nowhere.csv}", "table-file", None),
    ("leaves the folder", "{table: ../resources.csv}", "table-file", None),
    ("absolute", "{table: /etc/passwd.csv}", "table-file", None),
    ("no table suffix", "{table: resources.txt}", "table-file", None),
    ("a CSV has no sheets", "{table: resources.csv, sheet: A}", "table-sheet", None),
    ("unknown sheet", "{table: book.xlsx, sheet: Cards}", "table-sheet", None),
    ("not a workbook", "{table: fake.xlsx}", "table-file", None),
    ("zip bomb", "{table: bomb.xlsx}", "table-file", None),
    ("not UTF-8", "{table: latin1.csv}", "table-cell", "latin1.csv:3:1"),
    ("repeated header", "{table: twice.csv}", "table-header", "twice.csv:1:3"),
    ("value without a header", "{table: stray.csv}", "table-cell", "stray.csv:2:4"),
    ("link out of the folder", "{table: out.csv}", "table-file", None),
])
def test_a_table_that_cannot_be_read_is_a_problem_at_its_line(tmp_path, case, reference, code, line):
    home = tmp_path / "game"
    home.mkdir()
    _csv(home / "resources.csv", ROWS)
    _csv(tmp_path / "resources.csv", ROWS)
    _xlsx(home / "book.xlsx", ROWS)
    (home / "fake.xlsx").write_text("id,icon\n", encoding="utf-8")
    with zipfile.ZipFile(home / "bomb.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
        with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as member:
            chunk = b"\0" * (1 << 20)
            for _ in range(MOST_UNZIPPED // len(chunk) + 2):
                member.write(chunk)
    _csv(home / "latin1.csv", [ROWS[0], ["wood", "wood", "bois"], ["stone", "stone", "pierre é"]], encoding="latin-1")
    _csv(home / "twice.csv", [["id", "icon", "id"]] + [r[:2] + [r[0]] for r in ROWS[1:]])
    _csv(home / "stray.csv", [ROWS[0]] + [r + ["?"] for r in ROWS[1:]])
    (home / "out.csv").symlink_to(tmp_path / "resources.csv")
    content = _content(home, reference)
    _, problems = load_game(content)
    found = [(p.code, str(p.mark)) for p in problems if p.code == code and p.level.value == "error"]
    assert found, [str(p) for p in problems]
    if line is None:  # at the `table:` line of the content
        at = content.read_text(encoding="utf-8").splitlines().index(f"resources: {reference}") + 1
        assert any(re.search(rf"game\.yaml:{at}:\d+$", mark) for _, mark in found), found
    else:
        assert any(mark.endswith(line) for _, mark in found), found


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(PACKS)])}
    return subprocess.run([sys.executable, "-m", "pnp.cli", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)


def test_a_kit_built_from_a_csv_or_a_workbook_is_the_kit_built_from_yaml(tmp_path):
    text = (PACKS / "pnp_vulyk" / "vulyk.yaml").read_text(encoding="utf-8")
    flowers = re.search(r"flowers:\n((?:  - .*\n)+)", text)
    rows = [["id", "name.uk", "honey", "count"]] + [
        [m["id"], m["name"], m["honey"], m["count"]]
        for m in re.finditer(r"\{id: (?P<id>\w+), name: \{uk: (?P<name>[^}]+)\}, honey: (?P<honey>\d+), count: (?P<count>\d+)\}",
                             flowers.group(1))]
    assert len(rows) == 4
    kits = {}
    for source in ("yaml", "csv", "xlsx"):
        folder = tmp_path / source
        folder.mkdir()
        content = text
        if source == "csv":
            _csv(folder / "flowers.csv", rows)
            content = text.replace(flowers.group(0), "flowers: {table: flowers.csv}\n")
        elif source == "xlsx":
            _xlsx(folder / "flowers.xlsx", [[int(v) if v.isdigit() else v for v in r] for r in rows], sheet="Flowers")
            content = text.replace(flowers.group(0), "flowers: {table: flowers.xlsx, sheet: Flowers}\n")
        (folder / "vulyk.yaml").write_text(content, encoding="utf-8")
        done = _run("build", "--content", str(folder / "vulyk.yaml"), "--only", "cards", "--out", str(folder / "out"),
                    cwd=folder)
        assert done.returncode == 0, done.stdout + done.stderr
        kits[source] = (folder / "out" / "uk" / "vulyk-uk-cards.pdf").read_bytes()
    assert kits["csv"] == kits["yaml"] == kits["xlsx"]
