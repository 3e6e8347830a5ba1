"""A content file read a top-level section at a time (pnp.content.yamlsplit, yamlload._parse_by_sections):
the same data and marks as the whole file's parse, only the edited section parsed again, and the whole
file parsed wherever a cut could change what it says or a section has a problem."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.content import parsecache, yamlload, yamlsplit

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("tverdzha", "oborona-zamka", "empire")


@pytest.fixture
def cache(monkeypatch, tmp_path):
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    return tmp_path / parsecache.KIND


def _text(game: str) -> str:
    return (ROOT / "content" / f"{game}.yaml").read_text(encoding="utf-8")


def _same(loaded, whole) -> None:
    assert loaded.data == whole.data and list(loaded.data) == list(whole.data)
    assert loaded.marks == whole.marks and list(loaded.marks) == list(whole.marks)


def _counting_parser(monkeypatch) -> list[str]:
    parsed: list[str] = []
    real = yamlload._parse

    def parse(text, file):
        parsed.append(text)
        return real(text, file)
    monkeypatch.setattr(yamlload, "_parse", parse)
    return parsed


@pytest.mark.parametrize("game", GAMES)
def test_a_shipped_file_reads_by_sections_as_it_reads_whole(cache, game):
    text = _text(game)
    sections = yamlsplit.split(text)
    assert sections is not None and len(sections) > 10 and "".join(s.text for s in sections) == text
    whole, problems = yamlload._parse(text, f"{game}.yaml")
    assert problems == []
    _same(yamlload._parse_by_sections(text, f"{game}.yaml"), whole)  # each section parsed
    _same(yamlload._parse_by_sections(text, f"{game}.yaml"), whole)  # each section from the cache


@pytest.mark.parametrize("game", GAMES)
def test_after_an_edit_only_the_edited_section_is_parsed(cache, monkeypatch, game):
    text = _text(game)
    yamlload.parse_yaml(text, "c.yaml")
    sections = yamlsplit.split(text)
    # a line added below the key of an early block section: every section below it moves down a line
    edited_section = next(s for s in sections[1:] if s.text.startswith(f"{s.key}:\n"))
    edited = text.replace(edited_section.text, edited_section.text.replace("\n", "\n  note: added\n", 1), 1)
    parsed = _counting_parser(monkeypatch)
    loaded, problems = yamlload.parse_yaml(edited, "c.yaml")
    assert problems == [] and len(parsed) == 1 and parsed[0].startswith(edited_section.key + ":")
    monkeypatch.undo()
    whole, _ = yamlload._parse(edited, "c.yaml")
    _same(loaded, whole)
    last = sections[-1]
    assert loaded.marks[(last.key, "__key__")].line == last.first_line + 2  # a line further down than it was


@pytest.mark.parametrize("text", [
    "a: 1\n",                                   # one section: nothing to gain
    "a: 1\n---\nb: 2\n",                        # a document marker
    "%YAML 1.1\n---\na: 1\nb: 2\n",             # a directive
    "a: &x 1\nb: *x\n",                         # an anchor and its alias
    "a: [1, &x 2]\nb: 3\n",
    "a: 1\r\nb: 2\r\n",                         # another line break
    "a: 1\u2028b: 2\n",
    "a:\n- 1\nb: 2\n",                          # a sequence at column 0
    "'a': 1\nb: 2\n",                           # a quoted key
    "a: 1\nb: 2\na: 3\n",                       # a repeated key
    "a: [1,\n2]\nb: 3\n",                       # a bracket continued at column 0
    "a: 1\n\tb: 2\n",                           # a tab at column 0
    "? a\n: 1\nb: 2\n",                         # a complex key
])
def test_a_text_a_cut_could_change_is_not_cut(text):
    assert yamlsplit.split(text) is None


def test_comments_and_blank_lines_go_with_the_section_above():
    sections = yamlsplit.split("# a game\n\na: 1\n# about b\n\nb:\n  c: 2\n")
    assert [(s.key, s.first_line, s.text) for s in sections] == [
        ("a", 0, "# a game\n\na: 1\n# about b\n\n"), ("b", 5, "b:\n  c: 2\n")]


@pytest.mark.parametrize("text", [
    "a: 1\nb: {c: 1, c: 2}\n",                  # a problem inside a section
    "a: 'open\nb: close'\n",                    # a quote that closes only in the next section: {a: "open b: close"}
    "a: 1\nb: \"\\U00110000\"\n",               # an escape that names no character
    "a: caf\u0065\u0301\nb: 2\n",               # decomposed text: the whole file's one warning
    "a: !!python/name:os.system\nb: 1\n",       # a tag
])
def test_a_section_with_a_problem_sends_the_whole_file_to_the_parser(cache, text):
    by_sections, problems = yamlload.parse_yaml(text, "p.yaml")
    whole, whole_problems = yamlload._parse(text, "p.yaml")
    assert problems == whole_problems
    assert (by_sections is None) == (whole is None)
    if whole is not None:
        _same(by_sections, whole)


def test_damaged_hand_edits_read_as_the_whole_file_reads(cache):
    """Lines deleted, repeated, moved left or right, or with a character typed into them: a read by
    sections, with every section of the shipped file kept, says exactly what the whole file's parse says."""
    text = _text("tverdzha")
    yamlload.parse_yaml(text, "t.yaml")
    lines = text.split("\n")
    rng = random.Random(28)
    for _ in range(60):
        changed = list(lines)
        i = rng.randrange(len(changed))
        kind = rng.choice(("delete", "repeat", "left", "right", "type"))
        if kind == "delete":
            del changed[i]
        elif kind == "repeat":
            changed.insert(i, changed[i])
        elif kind == "left":
            changed[i] = changed[i][2:] if changed[i].startswith("  ") else changed[i]
        elif kind == "right":
            changed[i] = "  " + changed[i]
        else:
            at = rng.randrange(len(changed[i]) + 1)
            changed[i] = changed[i][:at] + rng.choice(":-[]{}'\"#&*|>, x") + changed[i][at:]
        damaged = "\n".join(changed)
        loaded, problems = yamlload.parse_yaml(damaged, "t.yaml")
        whole, whole_problems = yamlload._parse(damaged, "t.yaml")
        assert problems == whole_problems, (kind, i)
        assert (loaded is None) == (whole is None), (kind, i)
        if whole is not None:
            _same(loaded, whole)


def test_no_cache_parses_the_whole_file(monkeypatch):
    monkeypatch.setenv("PNP_NO_CACHE", "1")
    parsed = _counting_parser(monkeypatch)
    loaded, problems = yamlload.parse_yaml("a: 1\nb: 2\n", "n.yaml")
    assert problems == [] and loaded.data == {"a": 1, "b": 2} and parsed == ["a: 1\nb: 2\n"]
