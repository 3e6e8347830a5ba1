"""libyaml reads the content (ten times as fast as PyYAML's own parser), and what it reads is what
the pure-Python parser reads: the same values at the same lines and columns. Text libyaml refuses
goes to the Python parser, whose problems pnp reports, so no problem's wording depends on whether
PyYAML was built with libyaml."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from pnp.content import yamlload

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(p for folder in ("content", "templates", "pnp", "tests") for p in (ROOT / folder).rglob("*.yaml"))

pytestmark = pytest.mark.skipif(getattr(yaml, "CSafeLoader", None) is None, reason="PyYAML built without libyaml")

#: text the two parsers could read differently: non-ASCII columns, line breaks of every kind, tabs,
#: anchors and merges, escapes, flow collections, a byte-order mark, decomposed letters, and errors
SNIPPETS = [
    "title: {uk: Твердиня, ru: Крепость}\nlist: [один, два, 'три']\n",
    "a: 1\r\nb: «ж»\r\nc:\r\n  - x\r\n",
    "a: 1\x85b: 2\n",
    "a: 1\u2028b: 2\n",
    "a:\tб\nb: \"\\tв\\u0416\\U0001F600\"\n",
    "base: &b {x: 1, y: й}\nother:\n  <<: *b\n  z: 3\n",
    "\ufeffa: 1\n",
    "name: Йо\u0306\n",
    "text: |\n  рядок один\n  рядок два\n\nnext: >-\n  складений\n  текст\n",
    "a: 1\na: 2\n",
    "a: \"\\U00110000\"\n",
    "a: [1, 2\nb: 3\n",
    "a:\n\t- 1\n",
    "a: \x07\n",
    "? [a, b]\n: 1\n",
    "a: !!python/object:os.system x\n",
    "x: " + "я" * 1100 + "\n",
    "- 1\n- - 2\n  - {k: [3, {m: н}]}\n",
    "a: 0x1F\nb: 1_000\nc: .inf\nd: ~\ne: 2026-12-05\nf: yes\n",
    "q: {uk: Чи так?}\n",
    "q: {ru: x ?y}\n",
    "e: {a: , b: 1}\n",
    "e: {a: }\n",
    "e: [1, ]\n",
    "a: {b: «x»,\ufeff c: 1}\n",
]
#: what the differential test below inserts, deletes or puts instead of a character
MUTATIONS = list("\t:-{}[]\"'\\&*!|>#%@` ,?\n\r\x85\u2028йё0\ufeff\x7f\u00a0=~")


def _outcome(result) -> tuple:
    loaded, problems = result
    return (None if loaded is None else (loaded.data, loaded.marks), [p.format() for p in problems])


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_yaml_file_of_pnp_reads_the_same_with_libyaml(path):
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        pytest.skip("not UTF-8: a case of the reader's, never parsed")
    assert _outcome(yamlload._parse_with(yaml.CSafeLoader, text, "f.yaml")) == \
        _outcome(yamlload._parse_with(yaml.SafeLoader, text, "f.yaml"))


@pytest.mark.parametrize("text", SNIPPETS)
def test_what_pnp_reads_is_what_the_python_parser_reads(text):
    assert _outcome(yamlload._parse(text, "f.yaml")) == _outcome(yamlload._parse_with(yaml.SafeLoader, text, "f.yaml"))


@pytest.mark.parametrize("game", ["tverdzha", "oborona-zamka", "empire"])
def test_damaged_content_reads_as_the_python_parser_reads_it(game):
    """Pieces of each shipped content with one to three characters inserted, deleted or replaced
    (seeded): the value, every mark and every problem are the pure-Python parser's. 24,000 such
    edits found the differences `yamlload._SLOW` sends to it; this keeps 300 a game."""
    lines = (ROOT / "content" / f"{game}.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
    rng = random.Random(f"{game}/1")
    for _ in range(300):
        start = rng.randrange(len(lines) - 30)
        text = "".join(lines[start:start + 30])
        for _ in range(rng.randint(1, 3)):
            at, op = rng.randrange(len(text)), rng.random()
            keep = at if op < 0.4 else at + 1
            text = text[:at] + ("" if 0.4 <= op < 0.7 else rng.choice(MUTATIONS)) + text[keep:]
        assert _outcome(yamlload._parse(text, "f.yaml")) == _outcome(yamlload._parse_with(yaml.SafeLoader, text, "f.yaml")), text


@pytest.mark.parametrize("text", ["a: " + "[" * 100_000 + "]" * 100_000, "a:\n  " + "- " * 100_000 + "x",
                                  "a:\n" + "".join(" " * i + f"k{i}:\n" for i in range(1, 900)) + " " * 900 + "x"],
                         ids=["brackets", "dashes", "indentation"])  # ids: the test's name goes into the environment
def test_hostile_nesting_is_a_problem_not_a_crash(text):
    """libyaml's composer recurses in C: 100,000 levels crashed the process (SIGSEGV). Nesting this
    deep goes to the Python parser, which reports it. Run apart: a crash would end the test run."""
    code = ("import sys; from pnp.content import yamlload; "
            "loaded, problems = yamlload._parse(sys.stdin.read(), 'f.yaml'); print([p.code for p in problems])")
    done = subprocess.run([sys.executable, "-c", code], input=text, capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.strip() == "['yaml-too-deep']"
